-- The per-address limit of the login route (plugins/rate-limit.ts, @fastify/rate-limit's store):
-- requests of one client address in the current window, seen by every server process (WORKERS,
-- several app servers on one database). Times are milliseconds since 1970 of the server's clock.
-- In the schema "runtime" (0017): state of the running servers, left out of backups.
CREATE SCHEMA IF NOT EXISTS "runtime";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."address_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"window_start" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "address_limits_window_start_idx" ON "runtime"."address_limits" ("window_start");
