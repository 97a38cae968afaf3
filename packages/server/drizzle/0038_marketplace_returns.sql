-- Pengembalian dari Marketplace (issue 46): the marketplaces' return, failed-delivery and
-- cancellation files. Money in rupiah, numeric(14,2), like the movements.
--
-- An uploaded return file, parsed once, until it is committed (once) or expires (48 hours; at
-- most 20 per user, like marketplace_imports and settlement_imports).
CREATE TABLE "return_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"store_id" integer NOT NULL REFERENCES "marketplace_stores"("id") ON DELETE CASCADE,
	"file_name" text NOT NULL,
	-- The requests as parsed (marketplace-returns/parse-returns.ts), and the rows that could not be read.
	"rows" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"problem_count" integer NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "return_imports_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada'))
);
--> statement-breakpoint
CREATE INDEX "return_imports_created_at_idx" ON "return_imports" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "return_imports_created_by_idx" ON "return_imports" USING btree ("created_by", "id");
--> statement-breakpoint
-- One row per request and product line: a file read again adds nothing twice (the unique key:
-- the file's kind, its return number or else its order number, and the line's SKU and
-- variation, '' when the file names none); a later file of the same request updates it. Its
-- order is joined by (channel, order number) when read, never stored, so a request imported
-- before its order matches it once the order is imported.
CREATE TABLE "marketplace_returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"format" text NOT NULL,
	"reference" text NOT NULL,
	"line_key" text DEFAULT '' NOT NULL,
	"store_id" integer REFERENCES "marketplace_stores"("id") ON DELETE SET NULL,
	"order_number" text NOT NULL,
	"return_number" text,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"status_text" text NOT NULL,
	"reason" text,
	"sku" text,
	"product_name" text,
	-- null: the whole order (a failed-delivery or cancellation row without a quantity).
	"quantity" integer,
	"refund_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	"compensation_amount" numeric(14, 2) DEFAULT 0 NOT NULL,
	-- The day it was asked, failed or cancelled (else refunded, else the day imported): the
	-- board's dates.
	"requested_on" date NOT NULL,
	"refunded_on" date,
	"return_tracking" text,
	"claim_deadline" date,
	"import_id" integer REFERENCES "return_imports"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_returns_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada')),
	CONSTRAINT "marketplace_returns_type_check" CHECK ("type" in ('refund_only', 'return_refund', 'failed_delivery', 'cancellation')),
	CONSTRAINT "marketplace_returns_status_check" CHECK ("status" in ('diajukan', 'dana_dikembalikan', 'selesai', 'ditolak')),
	CONSTRAINT "marketplace_returns_quantity_check" CHECK ("quantity" >= 0),
	CONSTRAINT "marketplace_returns_money_check" CHECK ("refund_amount" >= 0 and "compensation_amount" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_returns_key" ON "marketplace_returns" USING btree ("channel", "format", "reference", "line_key");
--> statement-breakpoint
-- The board: newest first, alone or within a channel or a store.
CREATE INDEX "marketplace_returns_requested_idx" ON "marketplace_returns" USING btree ("requested_on" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "marketplace_returns_channel_requested_idx" ON "marketplace_returns" USING btree ("channel", "requested_on" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "marketplace_returns_store_requested_idx" ON "marketplace_returns" USING btree ("store_id", "requested_on" DESC, "id" DESC);
--> statement-breakpoint
-- Its order, and Retur's look-up of a scanned return tracking number.
CREATE INDEX "marketplace_returns_order_idx" ON "marketplace_returns" USING btree ("order_number", "channel");
--> statement-breakpoint
CREATE INDEX "marketplace_returns_tracking_lower_idx" ON "marketplace_returns" USING btree (lower("return_tracking")) WHERE "return_tracking" is not null;
--> statement-breakpoint
CREATE INDEX "marketplace_returns_search_trgm_idx" ON "marketplace_returns" USING gin ((order_number || chr(1) || coalesce(return_number, '') || chr(1) || coalesce(return_tracking, '') || chr(1) || coalesce(sku, '') || chr(1) || coalesce(product_name, '')) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "marketplace_returns_import_idx" ON "marketplace_returns" USING btree ("import_id");
--> statement-breakpoint
-- The board finds an order's Retur records by the order, or by its resi.
CREATE INDEX "returns_marketplace_order_idx" ON "returns" USING btree ("marketplace_order_id") WHERE "marketplace_order_id" is not null;
--> statement-breakpoint
CREATE INDEX "returns_resi_lower_idx" ON "returns" USING btree (lower("resi_number"));
--> statement-breakpoint
-- 'Dari Marketplace': days a refunded parcel may take to come back before it counts as lost.
ALTER TABLE "shop_settings" ADD COLUMN "return_check_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_return_check_days_check" CHECK ("return_check_days" between 1 and 365);
