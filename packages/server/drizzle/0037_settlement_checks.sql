-- Penghasilan Marketplace (issue 45), the reading side: 'Perlu dicek' settings, the match of a
-- settlement to its order made when read, a store's settlements keeping it, the settlements
-- summed per store and day, and Pembukuan's fee of each sale (sale_fees).
--
-- 'Perlu dicek': an order shipped more than settlement_check_days days ago with no settlement,
-- and a settlement released below the expected by more than settlement_tolerance_percent % of
-- its price, are listed.
ALTER TABLE "shop_settings" ADD COLUMN "settlement_check_days" integer DEFAULT 14 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "settlement_tolerance_percent" integer DEFAULT 2 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_settlement_check_days_check" CHECK ("settlement_check_days" BETWEEN 1 AND 365);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_settlement_tolerance_percent_check" CHECK ("settlement_tolerance_percent" BETWEEN 0 AND 100);
--> statement-breakpoint
-- A settlement's order is found when read, by (channel, order_number) on both tables' unique
-- keys: a settlement imported before its order matches it as soon as the order is imported (and
-- again after the order is deleted and imported anew). The id stored at the commit went stale.
DROP INDEX "marketplace_settlements_matched_order_idx";
--> statement-breakpoint
ALTER TABLE "marketplace_settlements" DROP COLUMN "matched_order_id";
--> statement-breakpoint
-- A store with settlements is not deleted (modules/reservations/stores.ts answers 409 first).
ALTER TABLE "marketplace_settlements" DROP CONSTRAINT "marketplace_settlements_store_id_fkey";
--> statement-breakpoint
ALTER TABLE "marketplace_settlements" ADD CONSTRAINT "marketplace_settlements_store_id_fkey" FOREIGN KEY ("store_id") REFERENCES "marketplace_stores"("id");
--> statement-breakpoint
-- The settlements summed per store and release day (store 0: a settlement without a store), kept
-- by the triggers below: a store's fee % of the last 30 days (Pembukuan's estimate for the orders
-- not settled yet, on every page read) and the 30 days before each settlement ('Dana kurang dari
-- perkiraan', per store and per channel) are read from at most 30 rows a store, not from the
-- settlements of those days. fees: the ten categories summed (negative: taken from the seller).
CREATE TABLE "settlement_days" (
	"store_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"orders" integer NOT NULL,
	"price" bigint NOT NULL,
	"fees" bigint NOT NULL,
	CONSTRAINT "settlement_days_pkey" PRIMARY KEY ("store_id", "day", "channel")
);
--> statement-breakpoint
CREATE INDEX "settlement_days_channel_idx" ON "settlement_days" USING btree ("channel", "day");
--> statement-breakpoint
INSERT INTO "settlement_days" ("store_id", "day", "channel", "orders", "price", "fees")
SELECT coalesce("store_id", 0), "released_at", "channel", count(*), sum("price_after"),
       sum("komisi" + "layanan" + "proses" + "pembayaran" + "ongkir" + "afiliasi" + "pajak"
           + "pengembalian" + "penyesuaian" + "lain")
  FROM "marketplace_settlements" WHERE "released_at" IS NOT NULL
 GROUP BY 1, 2, 3;
--> statement-breakpoint
-- Source: drizzle/functions/settlement_days_trigger.sql.
CREATE OR REPLACE FUNCTION settlement_days_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	-- The rows taken away first (DELETE, UPDATE), then those added (INSERT, UPDATE), each as
	-- one upsert of their sums per (store, day, channel), in key order (two commits at once
	-- lock the same days in the same order).
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO settlement_days AS d (store_id, day, channel, orders, price, fees)
		SELECT coalesce(o.store_id, 0), o.released_at, o.channel, -count(*), -sum(o.price_after),
		       -sum(o.komisi + o.layanan + o.proses + o.pembayaran + o.ongkir + o.afiliasi
		            + o.pajak + o.pengembalian + o.penyesuaian + o.lain)
		  FROM old_rows o WHERE o.released_at IS NOT NULL
		 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (store_id, day, channel) DO UPDATE
		   SET orders = d.orders + excluded.orders, price = d.price + excluded.price,
		       fees = d.fees + excluded.fees;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO settlement_days AS d (store_id, day, channel, orders, price, fees)
		SELECT coalesce(n.store_id, 0), n.released_at, n.channel, count(*), sum(n.price_after),
		       sum(n.komisi + n.layanan + n.proses + n.pembayaran + n.ongkir + n.afiliasi
		           + n.pajak + n.pengembalian + n.penyesuaian + n.lain)
		  FROM new_rows n WHERE n.released_at IS NOT NULL
		 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (store_id, day, channel) DO UPDATE
		   SET orders = d.orders + excluded.orders, price = d.price + excluded.price,
		       fees = d.fees + excluded.fees;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settlement_days_insert" AFTER INSERT ON "marketplace_settlements"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_days_trigger();
--> statement-breakpoint
CREATE TRIGGER "settlement_days_update" AFTER UPDATE ON "marketplace_settlements"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION settlement_days_trigger();
--> statement-breakpoint
CREATE TRIGGER "settlement_days_delete" AFTER DELETE ON "marketplace_settlements"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_days_trigger();
--> statement-breakpoint
-- Pembukuan's fee of each sale (source: drizzle/functions/sale_fees.sql).
CREATE OR REPLACE FUNCTION sale_fees(p_ids integer[], p_today date)
RETURNS TABLE (id integer, order_id integer, settled boolean, fee numeric)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	-- For each Barang Keluar record of p_ids: its order, its fee in sen (positive: taken from
	-- the seller) and whether its order is settled. A record written by Scan Kirim for a marketplace order
	-- (marketplace_order_id) takes its share of the fees the order's settlement took (the order
	-- and its settlement joined by (channel, order_number), both tables' unique keys): the fees
	-- shared among ALL the order's records by value, (selling_price - discount) x quantity (by
	-- quantity when they are all worth 0), each the whole sen below its exact share, the sen left
	-- over to the largest (ties: the lowest id), so that the shares add up exactly. An order not
	-- settled yet: the estimate, value x the fees / sales of its store's settlements released in
	-- the 30 days up to p_today, rounded to the sen (0 without any). A hand sale: null.
	-- plpgsql: the statement's plan is kept per connection (a page asks it on every read).
	RETURN QUERY
	WITH sale AS MATERIALIZED (
		SELECT g.id, g.marketplace_order_id AS order_id,
		       greatest(g.selling_price - g.discount, 0) * g.quantity * 100 AS value
		  FROM outgoing_goods g
		 WHERE g.id = ANY (p_ids)
	),
	touched AS MATERIALIZED (
		SELECT o.id AS order_id, o.store_id,
		       -(s.komisi + s.layanan + s.proses + s.pembayaran + s.ongkir + s.afiliasi + s.pajak
		         + s.pengembalian + s.penyesuaian + s.lain) AS fee
		  FROM (SELECT DISTINCT x.order_id FROM sale x WHERE x.order_id IS NOT NULL) t
		  JOIN marketplace_orders o ON o.id = t.order_id
		  LEFT JOIN marketplace_settlements s
		    ON s.channel = o.channel AND s.order_number = o.order_number
	),
	line AS (
		-- Every record of each settled order (outgoing_goods_marketplace_order_idx).
		SELECT g.id, t.order_id, t.fee, g.quantity,
		       greatest(g.selling_price - g.discount, 0) * g.quantity * 100 AS value
		  FROM touched t
		  JOIN outgoing_goods g ON g.marketplace_order_id = t.order_id
		 WHERE t.fee IS NOT NULL
	),
	weighed AS (
		SELECT l.id, l.order_id, l.fee,
		       CASE WHEN sum(l.value) OVER (PARTITION BY l.order_id) > 0 THEN l.value
		            ELSE l.quantity END AS weight
		  FROM line l
	),
	based AS (
		SELECT w.id, w.order_id, w.fee,
		       div(w.fee::numeric * w.weight, sum(w.weight) OVER (PARTITION BY w.order_id)) AS base,
		       row_number() OVER (PARTITION BY w.order_id ORDER BY w.weight DESC, w.id) AS rank
		  FROM weighed w
	),
	share AS (
		SELECT b.id,
		       b.base + CASE WHEN b.rank = 1
		                     THEN b.fee - sum(b.base) OVER (PARTITION BY b.order_id) ELSE 0 END AS fee
		  FROM based b
	),
	rate AS (
		-- The stores of the orders not settled: their last 30 days, at most 30 rows a store of
		-- settlement_days.
		SELECT d.store_id, -sum(d.fees) AS fee, sum(d.price) AS price
		  FROM settlement_days d
		 WHERE d.store_id = ANY (ARRAY(SELECT DISTINCT t.store_id FROM touched t
		                               WHERE t.fee IS NULL))
		   AND d.day > p_today - 30 AND d.day <= p_today
		 GROUP BY d.store_id
	)
	SELECT x.id, x.order_id, (t.fee IS NOT NULL),
	       CASE WHEN x.order_id IS NULL THEN NULL::numeric
	            WHEN t.fee IS NOT NULL THEN sh.fee
	            WHEN r.price > 0 THEN round(x.value * r.fee / r.price)
	            ELSE 0::numeric END
	  FROM sale x
	  LEFT JOIN touched t ON t.order_id = x.order_id
	  LEFT JOIN share sh ON sh.id = x.id
	  LEFT JOIN rate r ON r.store_id = t.store_id;
END;
$$;
