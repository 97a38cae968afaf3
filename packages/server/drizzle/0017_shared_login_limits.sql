-- The sign-in throttle of every server process, in the database (docs/adr/0007-scale.md, WORKERS):
-- failures per account and address and the lock they set (modules/auth/login-attempts.ts), and
-- failures per account from any address, the spacing of its checks and the addresses it signed in
-- from (modules/auth/account-guard.ts). Times are milliseconds since 1970 of the server's clock.
-- The schema "runtime" holds state of the running servers, not the shop's data: backups copy the
-- public schema only, and IF NOT EXISTS lets a restore apply this again over a kept schema.
CREATE SCHEMA IF NOT EXISTS "runtime";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."login_pairs" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failures" bigint[] DEFAULT '{}' NOT NULL,
	"locked_until" bigint DEFAULT 0 NOT NULL,
	-- Nothing of the row counts after this: it may be deleted.
	"expires_at" bigint NOT NULL,
	CONSTRAINT "login_pairs_pkey" PRIMARY KEY ("email", "address")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_pairs_expires_at_idx" ON "runtime"."login_pairs" ("expires_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."login_accounts" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" bigint[] DEFAULT '{}' NOT NULL,
	"next_slot" bigint DEFAULT 0 NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_accounts_expires_at_idx" ON "runtime"."login_accounts" ("expires_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."login_trusted" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"until" bigint NOT NULL,
	CONSTRAINT "login_trusted_pkey" PRIMARY KEY ("email", "address")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_trusted_until_idx" ON "runtime"."login_trusted" ("until");
