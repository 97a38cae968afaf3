-- Pengguna (issue 42): a manager deactivates a leaver instead of deleting them (their records
-- keep their name), and reactivates them. A deactivated account cannot sign in and its sessions
-- end at once: the token version moves on when `active` changes, as it does for a new password
-- or role (0010_sessions.sql), and the session query reads only active accounts.
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "users_token_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.role IS DISTINCT FROM OLD.role
		OR NEW.active IS DISTINCT FROM OLD.active THEN
		NEW.token_version := greatest(NEW.token_version, OLD.token_version + 1);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
-- The first manager of a shop started without accounts: the start logs a one-time link whose
-- token's SHA-256 is kept here (one row at most), valid while no account exists; it is used up
-- by the setup. State of the running server, not the shop's data: in "runtime", which backups
-- leave out (0017_shared_login_limits.sql).
CREATE SCHEMA IF NOT EXISTS "runtime";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."setup_token" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
