-- Sessions that end: a token carries its user's token_version and, since this version,
-- an id (jti). A new password or role bumps the version (a trigger, so every way of changing them
-- counts: the user command, SQL, a future screen), which ends every earlier token of that user;
-- 'Keluar dari semua perangkat' bumps it too; a logout records its token's id until it would have
-- expired. Every server process caches accounts and learns of a change through NOTIFY
-- gudang_sessions (payload: the user's id), sent by the triggers below. Hand-written.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "revoked_tokens_user_id_idx" ON "revoked_tokens" USING btree ("user_id", "expires_at");
--> statement-breakpoint
CREATE FUNCTION "users_token_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.password_hash IS DISTINCT FROM OLD.password_hash OR NEW.role IS DISTINCT FROM OLD.role THEN
		NEW.token_version := greatest(NEW.token_version, OLD.token_version + 1);
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_token_version" BEFORE UPDATE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "users_token_version_trigger"();
--> statement-breakpoint
CREATE FUNCTION "sessions_notify_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'users' THEN
		PERFORM pg_notify('gudang_sessions', OLD.id::text);
	ELSE
		PERFORM pg_notify('gudang_sessions', NEW.user_id::text);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_sessions_notify" AFTER UPDATE OR DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "sessions_notify_trigger"();
--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_sessions_notify" AFTER INSERT ON "revoked_tokens"
	FOR EACH ROW EXECUTE FUNCTION "sessions_notify_trigger"();
