-- The current source of movement_totals_truncate (last written by migration 0004_scale_totals).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE FUNCTION "movement_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM rebuild_movement_totals();
	RETURN NULL;
END $$;
