-- Pesanan Marketplace: the buyers' orders imported from the marketplaces' order files
-- (not List Order, the shop's purchases from suppliers), their lines, the SKU mappings and the
-- previews of uploaded files. No buyer names, phone numbers or addresses are stored. Hand-written
-- like 0002-0009: drizzle-kit cannot express the expression indexes below.
CREATE TABLE "marketplace_orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"order_number" text NOT NULL,
	"resi_number" text,
	"status" text NOT NULL,
	"status_text" text NOT NULL,
	"date" date NOT NULL,
	"total" numeric(14, 2) DEFAULT 0 NOT NULL,
	-- Set by packing (the next issue): an order shipped from Gudang cannot be deleted.
	"shipped_at" timestamp with time zone,
	"shipped_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_orders_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller')),
	CONSTRAINT "marketplace_orders_status_check" CHECK ("status" in ('belum_bayar', 'perlu_dikirim', 'dikirim', 'selesai', 'batal', 'retur', 'lainnya'))
);
--> statement-breakpoint
-- One order per channel and order number: a re-import finds it here and updates status and resi.
CREATE UNIQUE INDEX "marketplace_orders_channel_number_key" ON "marketplace_orders" USING btree ("channel", "order_number");
--> statement-breakpoint
-- The list: newest first, alone or filtered by channel or by status (a page read in index order).
CREATE INDEX "marketplace_orders_date_idx" ON "marketplace_orders" USING btree ("date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "marketplace_orders_channel_date_idx" ON "marketplace_orders" USING btree ("channel", "date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "marketplace_orders_status_date_idx" ON "marketplace_orders" USING btree ("status", "date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- Packing looks an order up by its resi, in any letter case.
CREATE INDEX "marketplace_orders_resi_lower_idx" ON "marketplace_orders" USING btree (lower("resi_number"));
--> statement-breakpoint
-- 'Cari...' over order number and resi as one text joined by chr(1) (see 0007).
CREATE INDEX "marketplace_orders_search_trgm_idx" ON "marketplace_orders" USING gin ((
	"order_number" || chr(1) || coalesce("resi_number", '')
) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "marketplace_order_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_order_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL REFERENCES "marketplace_orders"("id") ON DELETE CASCADE,
	"sku" text NOT NULL,
	-- '' when the file gives none (the API says null): part of the line's unique key.
	"variation" text DEFAULT '' NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2),
	CONSTRAINT "marketplace_order_lines_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "marketplace_order_lines_unit_price_check" CHECK ("unit_price" >= 0)
);
--> statement-breakpoint
-- A line is its order's SKU and variation: the same line in a later file is 'existing'.
CREATE UNIQUE INDEX "marketplace_order_lines_key" ON "marketplace_order_lines" USING btree ("order_id", "sku", "variation");
--> statement-breakpoint
-- The search by the SKU as written, and by the SKUs of the products a search finds.
CREATE INDEX "marketplace_order_lines_sku_trgm_idx" ON "marketplace_order_lines" USING gin ("sku" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "marketplace_order_lines_sku_lower_idx" ON "marketplace_order_lines" USING btree (lower("sku"), "order_id");
--> statement-breakpoint
CREATE TABLE "sku_mappings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sku_mappings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	-- NULL: every channel; variation NULL: every variation of the SKU.
	"channel" text,
	"sku" text NOT NULL,
	"variation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sku_mappings_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller'))
);
--> statement-breakpoint
-- One mapping per channel (or all), SKU and variation (or all), regardless of letter case; the
-- resolution and the PUT's upsert read this key.
CREATE UNIQUE INDEX "sku_mappings_key" ON "sku_mappings" USING btree (lower("sku"), coalesce("channel", ''), lower(coalesce("variation", '')));
--> statement-breakpoint
CREATE INDEX "sku_mappings_search_trgm_idx" ON "sku_mappings" USING gin ((
	"sku" || chr(1) || coalesce("variation", '')
) gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "sku_mapping_items" (
	"mapping_id" integer NOT NULL REFERENCES "sku_mappings"("id") ON DELETE CASCADE,
	-- A mapped product cannot be deleted (as a product with history cannot).
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"quantity" integer NOT NULL,
	CONSTRAINT "sku_mapping_items_pkey" PRIMARY KEY ("mapping_id", "product_id"),
	CONSTRAINT "sku_mapping_items_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "sku_mapping_items_product_idx" ON "sku_mapping_items" USING btree ("product_id");
--> statement-breakpoint
-- An uploaded file, parsed once, until it is committed (once) or expires. Kept in the database so
-- that a restart or another server process still finds it.
CREATE TABLE "marketplace_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"file_name" text NOT NULL,
	-- The lines as read from the file, before their states (computed on every read).
	"lines" jsonb NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	CONSTRAINT "marketplace_imports_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller'))
);
--> statement-breakpoint
CREATE INDEX "marketplace_imports_created_at_idx" ON "marketplace_imports" USING btree ("created_at");
