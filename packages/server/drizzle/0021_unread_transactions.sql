-- Transactions that wrote nothing a kind of kept answer reads (lib/kept-results.ts, writeUnread:
-- the log entry of a stock report's first page), by the name of that kind. A server process that
-- finds such a transaction of another process (WORKERS) ended since it kept an answer looks it up
-- here and keeps the answer. Rows older than ten minutes are deleted by a later writer. In the
-- schema "runtime" (0017): state of the running servers, left out of backups.
CREATE SCHEMA IF NOT EXISTS "runtime";
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "runtime"."unread_transactions" (
	"scope" text NOT NULL,
	"xid" xid8 NOT NULL,
	"at" timestamptz DEFAULT now() NOT NULL,
	CONSTRAINT "unread_transactions_pkey" PRIMARY KEY ("scope", "xid")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unread_transactions_at_idx" ON "runtime"."unread_transactions" ("at");
