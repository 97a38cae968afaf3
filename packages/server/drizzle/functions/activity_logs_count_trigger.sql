-- The current source of activity_logs_count_trigger (last written by migration 0009_activity_log_count).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE FUNCTION "activity_logs_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO row_counts AS c (table_name, rows)
	VALUES ('activity_logs/' || (pg_backend_pid() % 8), CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
	ON CONFLICT (table_name) DO UPDATE SET rows = c.rows + excluded.rows;
	RETURN NULL;
END $$;
