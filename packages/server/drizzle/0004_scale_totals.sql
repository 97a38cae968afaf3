-- Scale: totals kept by triggers in the same transaction as every movement change, so that the
-- dashboard and the list counts read a few thousand rows instead of a million
-- (docs/adr/0007-scale.md). Hand-written: drizzle-kit cannot express triggers.

-- Per product, all time: rows and quantities of incoming and outgoing goods. A writer of a
-- movement has already locked the product row (the stock change), so these rows add no contention.
CREATE TABLE "product_totals" (
	"product_id" integer PRIMARY KEY NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"incoming_rows" bigint DEFAULT 0 NOT NULL,
	"incoming_quantity" bigint DEFAULT 0 NOT NULL,
	"outgoing_rows" bigint DEFAULT 0 NOT NULL,
	"outgoing_quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Per product and calendar month (the first day of the month): the dashboard's month and year,
-- and the stock card's balance before its first day.
CREATE TABLE "product_monthly_totals" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"incoming_quantity" bigint DEFAULT 0 NOT NULL,
	"outgoing_quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_monthly_totals_pkey" PRIMARY KEY ("month", "product_id")
);
--> statement-breakpoint
CREATE INDEX "product_monthly_totals_product_idx" ON "product_monthly_totals" USING btree ("product_id", "month")
	INCLUDE ("incoming_quantity", "outgoing_quantity");
--> statement-breakpoint
-- Row counts of tables whose rows have no product lock to ride on (damaged goods).
CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "movement_totals_add"(kind text, product integer, day date, quantity integer, n integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	is_in boolean := kind = 'incoming';
BEGIN
	INSERT INTO product_totals AS t (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity)
	VALUES (product,
	        CASE WHEN is_in THEN n ELSE 0 END, CASE WHEN is_in THEN quantity ELSE 0 END,
	        CASE WHEN is_in THEN 0 ELSE n END, CASE WHEN is_in THEN 0 ELSE quantity END)
	ON CONFLICT (product_id) DO UPDATE SET
		incoming_rows = t.incoming_rows + excluded.incoming_rows,
		incoming_quantity = t.incoming_quantity + excluded.incoming_quantity,
		outgoing_rows = t.outgoing_rows + excluded.outgoing_rows,
		outgoing_quantity = t.outgoing_quantity + excluded.outgoing_quantity;
	INSERT INTO product_monthly_totals AS m (month, product_id, incoming_quantity, outgoing_quantity)
	VALUES (date_trunc('month', day)::date, product,
	        CASE WHEN is_in THEN quantity ELSE 0 END, CASE WHEN is_in THEN 0 ELSE quantity END)
	ON CONFLICT (month, product_id) DO UPDATE SET
		incoming_quantity = m.incoming_quantity + excluded.incoming_quantity,
		outgoing_quantity = m.outgoing_quantity + excluded.outgoing_quantity;
END $$;
--> statement-breakpoint
CREATE FUNCTION "movement_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	kind text := CASE WHEN TG_TABLE_NAME = 'incoming_goods' THEN 'incoming' ELSE 'outgoing' END;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.date = NEW.date
	   AND OLD.quantity = NEW.quantity THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM movement_totals_add(kind, OLD.product_id, OLD.date, -OLD.quantity, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM movement_totals_add(kind, NEW.product_id, NEW.date, NEW.quantity, 1);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_counts_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO row_counts AS c (table_name, rows)
	VALUES (TG_TABLE_NAME, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
	ON CONFLICT (table_name) DO UPDATE SET rows = c.rows + excluded.rows;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Rebuilds every total from the movement rows: after a bulk load (triggers off) and by the
-- stock recalculation, which repairs the totals along with the stock.
CREATE FUNCTION "rebuild_movement_totals"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM product_totals;
	DELETE FROM product_monthly_totals;
	INSERT INTO product_totals (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity)
	SELECT product_id, sum(in_rows), sum(in_qty), sum(out_rows), sum(out_qty)
	  FROM (SELECT product_id, count(*) AS in_rows, sum(quantity) AS in_qty, 0 AS out_rows, 0 AS out_qty
	          FROM incoming_goods GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, count(*), sum(quantity) FROM outgoing_goods GROUP BY product_id) s
	 GROUP BY product_id;
	INSERT INTO product_monthly_totals (month, product_id, incoming_quantity, outgoing_quantity)
	SELECT month, product_id, sum(in_qty), sum(out_qty)
	  FROM (SELECT date_trunc('month', date)::date AS month, product_id, sum(quantity) AS in_qty, 0 AS out_qty
	          FROM incoming_goods GROUP BY 1, 2
	        UNION ALL
	        SELECT date_trunc('month', date)::date, product_id, 0, sum(quantity)
	          FROM outgoing_goods GROUP BY 1, 2) s
	 GROUP BY month, product_id;
	INSERT INTO row_counts (table_name, rows) SELECT 'damaged_goods', count(*) FROM damaged_goods
	ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
$$;
--> statement-breakpoint
-- TRUNCATE fires no row triggers: it empties the totals of the table instead.
CREATE FUNCTION "movement_totals_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM rebuild_movement_totals();
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "incoming_goods_totals" AFTER INSERT OR DELETE OR UPDATE OF "product_id", "date", "quantity"
	ON "incoming_goods" FOR EACH ROW EXECUTE FUNCTION movement_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER "outgoing_goods_totals" AFTER INSERT OR DELETE OR UPDATE OF "product_id", "date", "quantity"
	ON "outgoing_goods" FOR EACH ROW EXECUTE FUNCTION movement_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER "damaged_goods_row_count" AFTER INSERT OR DELETE
	ON "damaged_goods" FOR EACH ROW EXECUTE FUNCTION row_counts_trigger();
--> statement-breakpoint
CREATE TRIGGER "incoming_goods_totals_truncate" AFTER TRUNCATE ON "incoming_goods"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
CREATE TRIGGER "outgoing_goods_totals_truncate" AFTER TRUNCATE ON "outgoing_goods"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
CREATE TRIGGER "damaged_goods_row_count_truncate" AFTER TRUNCATE ON "damaged_goods"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
SELECT rebuild_movement_totals();
--> statement-breakpoint
-- Lists: 'Cari...' matches every text column shown (resi, platform, barcode, product code, name,
-- brand, category; damaged goods' own copies and reason). The columns of one table are searched
-- as one text joined by chr(1), which no search can contain, so a match never spans two columns:
-- one trigram index and one bitmap scan instead of an OR over five or six of them.
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ((
	"name" || chr(1) || "code" || chr(1) || "barcode_id" || chr(1) || "category" || chr(1) || "brand"
) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "damaged_goods_search_trgm_idx" ON "damaged_goods" USING gin ((
	"name" || chr(1) || "code" || chr(1) || "barcode_id" || chr(1) || "category" || chr(1) || "brand"
	|| chr(1) || "damage_reason"
) gin_trgm_ops);
--> statement-breakpoint
-- Data Produk's default order.
CREATE INDEX "products_name_idx" ON "products" USING btree ("name", "id");
--> statement-breakpoint
-- A stock change is the hottest write (every sale). With no index on current_stock and room left
-- on each page it is a HOT update, which writes no index entry at all; with one, every sale also
-- wrote an entry into each of the products' eleven indexes (six of them trigram indexes). The
-- dashboard sorts or filters current_stock over 5,000 rows instead, a millisecond.
DROP INDEX IF EXISTS "products_current_stock_idx";
--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 80);
--> statement-breakpoint
-- The dashboard's today and week sums read only the period's rows, from the index alone.
CREATE INDEX "incoming_goods_date_quantity_idx" ON "incoming_goods" USING btree ("date") INCLUDE ("product_id", "quantity");
--> statement-breakpoint
CREATE INDEX "outgoing_goods_date_quantity_idx" ON "outgoing_goods" USING btree ("date") INCLUDE ("product_id", "quantity");
