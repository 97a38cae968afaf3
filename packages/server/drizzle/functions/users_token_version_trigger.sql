-- The current source of users_token_version_trigger (last written by migration
-- 0029_users_active_and_setup). A migration that changes it restates it whole;
-- src/db/functions.test.ts checks that the newest migration's copy and the migrated database
-- equal this file.
CREATE OR REPLACE FUNCTION "users_token_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.role IS DISTINCT FROM OLD.role
		OR NEW.active IS DISTINCT FROM OLD.active THEN
		NEW.token_version := greatest(NEW.token_version, OLD.token_version + 1);
	END IF;
	RETURN NEW;
END $$;
