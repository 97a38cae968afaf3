-- The deploy panel (issue 49). A deploy token lets one team deploy and roll back its own remote
-- (or the shell) without a manager's session; only its sha256 is kept, and a revoked token keeps
-- its row (revoked_at) so that the history naming it still reads and its use answers 401.
CREATE TABLE "remote_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"remote" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "remote_tokens_remote_check" CHECK ("remote" IN ('inventory', 'orders', 'finance', 'admin', 'shell'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "remote_tokens_token_hash_idx" ON "remote_tokens" USING btree ("token_hash");
--> statement-breakpoint
-- Failures the shell reports (a remote that did not load, a render crash, a lazy chunk), as one
-- counted row per remote, version and kind: no user, no row per report, the message cut short.
CREATE TABLE "client_errors" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"page" text NOT NULL,
	"last_message" text NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_errors_pkey" PRIMARY KEY ("remote", "version", "kind")
);
