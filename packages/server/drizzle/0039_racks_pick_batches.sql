-- Rak and Daftar Ambil (issue 47).
--
-- A product's Rak: where it lives on the shelves ('A-03-2'), stored in capitals. COLLATE "C":
-- racks compare by their characters on every database (a locale would sort 'A-10' and 'A1'
-- ignoring the dash), and the btree below then serves both the sort and the prefix filter
-- (rack LIKE 'A-%') without text_pattern_ops.
ALTER TABLE "products" ADD COLUMN "rack" text COLLATE "C";
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_rack_check" CHECK ("rack" ~ '^[A-Z0-9./-]{1,20}$');
--> statement-breakpoint
-- Data Produk by rack (and its prefix filter), the count sheet and the pick list. No effect on a
-- stock change's HOT update: the rack is not changed by it.
CREATE INDEX "products_rack_idx" ON "products" USING btree ("rack", "id");
--> statement-breakpoint
-- An uploaded rack file (Kode Barang, Rak), read once, until it is committed (once) or expires
-- (48 hours; at most 20 per user, like marketplace_imports).
CREATE TABLE "rack_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rack_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"file_name" text NOT NULL,
	-- The rows as read: row number, code, rack (in capitals; null: empty), problem.
	"rows" jsonb NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "rack_imports_created_at_idx" ON "rack_imports" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "rack_imports_created_by_idx" ON "rack_imports" USING btree ("created_by", "id");
--> statement-breakpoint
-- The order file's courier ('Opsi Pengiriman', 'Shipping Provider Name', 'shippingProvider',
-- 'Kurir') and whether the marketplace fulfils the order itself (Shopee 'Shipped by Advance
-- Fulfilment' / 'Pesanan yang Dikelola Shopee' = yes): such an order is not packed by the shop.
-- NULL: no file has said (a file without the column leaves what an earlier one gave).
ALTER TABLE "marketplace_orders" ADD COLUMN "courier" text;
--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "marketplace_fulfilled" boolean;
--> statement-breakpoint
-- A batch: its filters as built, what it left out, who made and who cancelled it. status holds
-- open or cancelled; 'picked' (every unit ticked: picked_units = units) and 'packed' (no order
-- left to pack: unfinished = 0) follow from the counters, kept in the same transactions as the
-- changes they count (a pick; the trigger below, when an order is shipped or cancelled).
CREATE TABLE "pick_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pick_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" text DEFAULT 'open' NOT NULL,
	"channel" text,
	"store_id" integer REFERENCES "marketplace_stores"("id") ON DELETE SET NULL,
	"courier" text,
	"start_date" date,
	"end_date" date,
	"order_limit" integer NOT NULL,
	"skipped_fulfilled" integer DEFAULT 0 NOT NULL,
	"skipped_no_resi" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"picked_units" integer DEFAULT 0 NOT NULL,
	"unfinished" integer DEFAULT 0 NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"cancelled_by_name" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "pick_batches_status_check" CHECK ("status" in ('open', 'cancelled')),
	CONSTRAINT "pick_batches_order_limit_check" CHECK ("order_limit" > 0),
	CONSTRAINT "pick_batches_picked_units_check" CHECK ("picked_units" >= 0 AND "picked_units" <= "units"),
	CONSTRAINT "pick_batches_unfinished_check" CHECK ("unfinished" >= 0)
);
--> statement-breakpoint
-- A batch's orders, in label order (position). active: the order is taken; cancelling the batch
-- frees it. The partial unique index is the rule 'an order is in at most one open batch': two
-- batches built at the same time cannot both take an order, whatever the code does.
CREATE TABLE "pick_batch_orders" (
	"batch_id" integer NOT NULL REFERENCES "pick_batches"("id") ON DELETE CASCADE,
	"order_id" integer NOT NULL REFERENCES "marketplace_orders"("id") ON DELETE CASCADE,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pick_batch_orders_pkey" PRIMARY KEY ("batch_id", "order_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pick_batch_orders_active_key" ON "pick_batch_orders" USING btree ("order_id") WHERE "active";
--> statement-breakpoint
-- What each order needs of each product (its lines through the SKU mappings, bundles expanded,
-- less what Gudang already shipped of it), as the batch was built. It belongs to the batch's order
-- (one foreign key check per row, and gone with it); its products are the batch's lines' (whose
-- foreign key keeps a product on a pick list from being deleted).
CREATE TABLE "pick_batch_items" (
	"batch_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "pick_batch_items_pkey" PRIMARY KEY ("batch_id", "order_id", "product_id"),
	CONSTRAINT "pick_batch_items_order_fkey" FOREIGN KEY ("batch_id", "order_id")
		REFERENCES "pick_batch_orders"("batch_id", "order_id") ON DELETE CASCADE,
	CONSTRAINT "pick_batch_items_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
-- The pick list: a line per product, its units, those ticked by scanning, and the units its stock
-- could not cover when the batch was built.
CREATE TABLE "pick_batch_lines" (
	"batch_id" integer NOT NULL REFERENCES "pick_batches"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"quantity" integer NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	"short" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pick_batch_lines_pkey" PRIMARY KEY ("batch_id", "product_id"),
	CONSTRAINT "pick_batch_lines_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "pick_batch_lines_picked_check" CHECK ("picked" >= 0 AND "picked" <= "quantity"),
	CONSTRAINT "pick_batch_lines_short_check" CHECK ("short" >= 0 AND "short" <= "quantity")
);
--> statement-breakpoint
CREATE INDEX "pick_batch_lines_product_idx" ON "pick_batch_lines" USING btree ("product_id");
--> statement-breakpoint
-- A batch's count of orders left to pack, kept as its orders are shipped, cancelled at the
-- marketplace (or come back), or deleted: an increment under the batch's row lock, so two packers
-- finishing its last two orders at once leave it at 0 (a recount from each one's snapshot would
-- not).
CREATE OR REPLACE FUNCTION pick_batch_progress_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	was_done boolean;
	is_done boolean;
BEGIN
	-- An order is done when Gudang shipped it or the marketplace cancelled it; a deleted one is.
	was_done := OLD.shipped_at IS NOT NULL OR OLD.status = 'batal';
	IF TG_OP = 'DELETE' THEN
		is_done := true;
	ELSE
		is_done := NEW.shipped_at IS NOT NULL OR NEW.status = 'batal';
	END IF;
	IF was_done IS DISTINCT FROM is_done THEN
		UPDATE pick_batches b
		   SET unfinished = b.unfinished + CASE WHEN is_done THEN -1 ELSE 1 END
		  FROM pick_batch_orders bo
		 WHERE bo.order_id = OLD.id AND bo.active AND b.id = bo.batch_id;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "pick_batch_progress" AFTER UPDATE OF "shipped_at", "status" ON "marketplace_orders"
	FOR EACH ROW
	WHEN (OLD.shipped_at IS DISTINCT FROM NEW.shipped_at OR OLD.status IS DISTINCT FROM NEW.status)
	EXECUTE FUNCTION pick_batch_progress_trigger();
--> statement-breakpoint
CREATE TRIGGER "pick_batch_progress_delete" BEFORE DELETE ON "marketplace_orders"
	FOR EACH ROW EXECUTE FUNCTION pick_batch_progress_trigger();
--> statement-breakpoint
-- Stok Opname's scope 'rack': the products whose rack starts with a prefix.
ALTER TABLE "stock_opname_sessions" DROP CONSTRAINT "stock_opname_sessions_scope_check";
--> statement-breakpoint
ALTER TABLE "stock_opname_sessions" ADD CONSTRAINT "stock_opname_sessions_scope_check" CHECK ("scope_type" in ('all', 'category', 'brand', 'products', 'rack'));
