-- Penghasilan Marketplace (issue 45): what each marketplace order really earned, read from the
-- marketplaces' income and settlement files. Money is kept in integer sen (bigint), exactly as
-- the parser reads it; signed: money taken from the seller is negative.
--
-- An uploaded income file, parsed once, until it is committed (once) or expires (48 hours; at
-- most 20 per user, like marketplace_imports).
CREATE TABLE "settlement_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"store_id" integer NOT NULL REFERENCES "marketplace_stores"("id") ON DELETE CASCADE,
	"file_name" text NOT NULL,
	-- The orders as parsed (parse-settlements.ts), and the rows that could not be read.
	"orders" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"order_count" integer NOT NULL,
	"problem_count" integer NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "settlement_imports_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia'))
);
--> statement-breakpoint
CREATE INDEX "settlement_imports_created_at_idx" ON "settlement_imports" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "settlement_imports_created_by_idx" ON "settlement_imports" USING btree ("created_by", "id");
--> statement-breakpoint
-- One row per settled order: a file read again, or a weekly file overlapping the last, adds
-- nothing twice (the unique key). A store deleted leaves its settlements without a store.
CREATE TABLE "marketplace_settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"order_number" text NOT NULL,
	"store_id" integer REFERENCES "marketplace_stores"("id") ON DELETE SET NULL,
	"released_at" date,
	"price_before" bigint NOT NULL,
	"price_after" bigint NOT NULL,
	"komisi" bigint DEFAULT 0 NOT NULL,
	"layanan" bigint DEFAULT 0 NOT NULL,
	"proses" bigint DEFAULT 0 NOT NULL,
	"pembayaran" bigint DEFAULT 0 NOT NULL,
	"ongkir" bigint DEFAULT 0 NOT NULL,
	"afiliasi" bigint DEFAULT 0 NOT NULL,
	"pajak" bigint DEFAULT 0 NOT NULL,
	"pengembalian" bigint DEFAULT 0 NOT NULL,
	"penyesuaian" bigint DEFAULT 0 NOT NULL,
	"lain" bigint DEFAULT 0 NOT NULL,
	-- The file's own column names (Lazada: fee names) summed into each category.
	"fee_columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"released" bigint NOT NULL,
	-- released - (price_after + the fees): 0 when the file adds up; shown, never forced.
	"difference" bigint DEFAULT 0 NOT NULL,
	"matched_order_id" integer REFERENCES "marketplace_orders"("id") ON DELETE SET NULL,
	"import_id" integer REFERENCES "settlement_imports"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_settlements_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_settlements_key" ON "marketplace_settlements" USING btree ("channel", "order_number");
--> statement-breakpoint
-- The list: newest release first, alone or within a channel or a store.
CREATE INDEX "marketplace_settlements_released_idx" ON "marketplace_settlements" USING btree ("released_at" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "marketplace_settlements_channel_released_idx" ON "marketplace_settlements" USING btree ("channel", "released_at" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "marketplace_settlements_store_released_idx" ON "marketplace_settlements" USING btree ("store_id", "released_at" DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "marketplace_settlements_order_number_trgm_idx" ON "marketplace_settlements" USING gin ("order_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "marketplace_settlements_matched_order_idx" ON "marketplace_settlements" USING btree ("matched_order_id");
--> statement-breakpoint
CREATE INDEX "marketplace_settlements_import_idx" ON "marketplace_settlements" USING btree ("import_id");
