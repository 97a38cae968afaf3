-- Restock and cost. Hand-written: drizzle-kit cannot express triggers or functions.

-- 'Stok Minimum' of each product: at or under it the product needs restocking. 10 is the top of
-- SPEC's amber band. A constant default is a catalogue-only change: no table rewrite.
ALTER TABLE "products" ADD COLUMN "min_stock" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_min_stock_check" CHECK ("products"."min_stock" >= 0);
--> statement-breakpoint
-- The shop's settings: one row. 'Target Persediaan': how many days of sales an order should cover.
CREATE TABLE "shop_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"target_stock_days" integer DEFAULT 14 NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("id"),
	CONSTRAINT "shop_settings_target_stock_days_check" CHECK ("target_stock_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (true) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Per product and day: the restock list's average daily outgoing over the last 30 days reads at
-- most 30 days of these rows instead of the movement rows (docs/adr/0007-scale.md). Kept by the
-- same triggers, in the same transaction, as product_totals and product_monthly_totals.
CREATE TABLE "product_daily_totals" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"incoming_quantity" bigint DEFAULT 0 NOT NULL,
	"outgoing_quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_totals_pkey" PRIMARY KEY ("day", "product_id")
);
--> statement-breakpoint
CREATE INDEX "product_daily_totals_day_idx" ON "product_daily_totals" USING btree ("day")
	INCLUDE ("product_id", "outgoing_quantity");
--> statement-breakpoint
-- Per day for the whole shop: the dashboard's daily chart (a year is 366 days x 8 rows). Eight
-- slots chosen by the writing connection, read as their sum, as row_counts does for the activity
-- log (migration 0009): one row per day would make every sale of the day wait for its lock.
CREATE TABLE "daily_totals" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"incoming_quantity" bigint DEFAULT 0 NOT NULL,
	"outgoing_quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_totals_pkey" PRIMARY KEY ("day", "slot")
);
--> statement-breakpoint
-- movement_totals_add of 0004, plus the two daily tables. Same signature, so the trigger of 0004
-- is unchanged.
CREATE OR REPLACE FUNCTION "movement_totals_add"(kind text, product integer, day date, quantity integer, n integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	is_in boolean := kind = 'incoming';
	in_qty integer := CASE WHEN kind = 'incoming' THEN quantity ELSE 0 END;
	out_qty integer := CASE WHEN kind = 'incoming' THEN 0 ELSE quantity END;
BEGIN
	INSERT INTO product_totals AS t (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity)
	VALUES (product,
	        CASE WHEN is_in THEN n ELSE 0 END, in_qty,
	        CASE WHEN is_in THEN 0 ELSE n END, out_qty)
	ON CONFLICT (product_id) DO UPDATE SET
		incoming_rows = t.incoming_rows + excluded.incoming_rows,
		incoming_quantity = t.incoming_quantity + excluded.incoming_quantity,
		outgoing_rows = t.outgoing_rows + excluded.outgoing_rows,
		outgoing_quantity = t.outgoing_quantity + excluded.outgoing_quantity;
	INSERT INTO product_monthly_totals AS m (month, product_id, incoming_quantity, outgoing_quantity)
	VALUES (date_trunc('month', day)::date, product, in_qty, out_qty)
	ON CONFLICT (month, product_id) DO UPDATE SET
		incoming_quantity = m.incoming_quantity + excluded.incoming_quantity,
		outgoing_quantity = m.outgoing_quantity + excluded.outgoing_quantity;
	INSERT INTO product_daily_totals AS d (day, product_id, incoming_quantity, outgoing_quantity)
	VALUES (day, product, in_qty, out_qty)
	ON CONFLICT ON CONSTRAINT product_daily_totals_pkey DO UPDATE SET
		incoming_quantity = d.incoming_quantity + excluded.incoming_quantity,
		outgoing_quantity = d.outgoing_quantity + excluded.outgoing_quantity;
	INSERT INTO daily_totals AS s (day, slot, incoming_quantity, outgoing_quantity)
	VALUES (day, pg_backend_pid() % 8, in_qty, out_qty)
	ON CONFLICT ON CONSTRAINT daily_totals_pkey DO UPDATE SET
		incoming_quantity = s.incoming_quantity + excluded.incoming_quantity,
		outgoing_quantity = s.outgoing_quantity + excluded.outgoing_quantity;
END $$;
--> statement-breakpoint
-- rebuild_movement_totals of 0009 (the latest definition), plus the two daily tables (the
-- recalculation and a TRUNCATE rebuild them with the others); the monthly totals are now summed
-- from the daily ones, which is the same sum.
CREATE OR REPLACE FUNCTION "rebuild_movement_totals"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM product_totals;
	DELETE FROM product_monthly_totals;
	DELETE FROM product_daily_totals;
	DELETE FROM daily_totals;
	INSERT INTO product_totals (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity)
	SELECT product_id, sum(in_rows), sum(in_qty), sum(out_rows), sum(out_qty)
	  FROM (SELECT product_id, count(*) AS in_rows, sum(quantity) AS in_qty, 0 AS out_rows, 0 AS out_qty
	          FROM incoming_goods GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, count(*), sum(quantity) FROM outgoing_goods GROUP BY product_id) s
	 GROUP BY product_id;
	INSERT INTO product_daily_totals (day, product_id, incoming_quantity, outgoing_quantity)
	SELECT day, product_id, sum(in_qty), sum(out_qty)
	  FROM (SELECT date AS day, product_id, sum(quantity) AS in_qty, 0 AS out_qty
	          FROM incoming_goods GROUP BY 1, 2
	        UNION ALL
	        SELECT date, product_id, 0, sum(quantity)
	          FROM outgoing_goods GROUP BY 1, 2) s
	 GROUP BY day, product_id;
	INSERT INTO product_monthly_totals (month, product_id, incoming_quantity, outgoing_quantity)
	SELECT date_trunc('month', day)::date, product_id, sum(incoming_quantity), sum(outgoing_quantity)
	  FROM product_daily_totals GROUP BY 1, 2;
	INSERT INTO daily_totals (day, slot, incoming_quantity, outgoing_quantity)
	SELECT day, 0, sum(incoming_quantity), sum(outgoing_quantity)
	  FROM product_daily_totals GROUP BY day;
	INSERT INTO row_counts (table_name, rows) SELECT 'damaged_goods', count(*) FROM damaged_goods
	ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
	DELETE FROM row_counts WHERE table_name LIKE 'activity_logs/%';
	INSERT INTO row_counts (table_name, rows) SELECT 'activity_logs/0', count(*) FROM activity_logs;
$$;
--> statement-breakpoint
SELECT rebuild_movement_totals();
--> statement-breakpoint
-- Cost by moving average. The product's purchase price (0008) is now its moving-average cost;
-- starting_cost is the cost of its initial stock, set by hand (product form), from which an edit
-- or delete of a receipt replays the history. Each receipt keeps its own unit price. Existing
-- receipts and products take the product's current price, so a replay gives today's cost.
ALTER TABLE "products" ADD COLUMN "starting_cost" numeric(14, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_starting_cost_check" CHECK ("products"."starting_cost" >= 0);
--> statement-breakpoint
UPDATE "products" SET "starting_cost" = "purchase_price" WHERE "purchase_price" <> 0;
--> statement-breakpoint
ALTER TABLE "incoming_goods" ADD COLUMN "purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "incoming_goods" ADD CONSTRAINT "incoming_goods_purchase_price_check" CHECK ("incoming_goods"."purchase_price" >= 0);
--> statement-breakpoint
UPDATE "incoming_goods" AS i SET "purchase_price" = p."purchase_price"
  FROM "products" AS p WHERE p."id" = i."product_id" AND p."purchase_price" <> 0;
