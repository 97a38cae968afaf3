-- The current source of row_counts_trigger (last written by migration 0004_scale_totals).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE FUNCTION "row_counts_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO row_counts AS c (table_name, rows)
	VALUES (TG_TABLE_NAME, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
	ON CONFLICT (table_name) DO UPDATE SET rows = c.rows + excluded.rows;
	RETURN NULL;
END $$;
