-- Offline capture (issue 48, docs/adr/0025-writes-sent-again.md): the answer of a write sent with
-- a client_id (a stock count, a Scan Kirim ship, a Retur), kept per user and id so that the same
-- id sent again answers the same and writes nothing. The row is claimed first and filled with the
-- answer in the write's own transaction; a refusal rolls it back. Kept 30 days.
CREATE TABLE "client_requests" (
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_id" uuid NOT NULL,
	"route" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" smallint,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_requests_pkey" PRIMARY KEY ("user_id", "client_id")
);
--> statement-breakpoint
-- The answers past their 30 days, removed as new ones are kept.
CREATE INDEX "client_requests_created_at_idx" ON "client_requests" USING btree ("created_at");
