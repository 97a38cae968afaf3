-- The current source of sessions_notify_trigger (last written by migration 0010_sessions).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE FUNCTION "sessions_notify_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('gudang_sessions', OLD.id::text);
	ELSE
		PERFORM pg_notify('gudang_sessions', NEW.user_id::text);
	END IF;
	RETURN NULL;
END $$;
