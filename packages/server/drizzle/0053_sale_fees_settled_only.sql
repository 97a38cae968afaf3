-- sale_fees shares a settled order's fees only: its estimate of a sale not settled (of every
-- unit, the store's rate read from settlement_days) was read by nobody (Pembukuan estimates
-- from the units kept, pembukuan/service.ts, ADR 0016 addendum 2026-12-02), yet it ran at every
-- write that keeps outgoing_goods.settled_fee (store_settled_fees). Its p_today goes with it.
-- Sources: drizzle/functions/sale_fees.sql, drizzle/functions/store_settled_fees.sql.
DROP FUNCTION sale_fees(integer[], date);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sale_fees(p_ids integer[])
RETURNS TABLE (id integer, fee numeric)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	-- For each Barang Keluar record of p_ids: its share in sen (positive: taken from the seller)
	-- of the fees its marketplace order's settlement took, or null (a hand sale, or an order not
	-- settled yet: Pembukuan estimates those itself, pembukuan/service.ts). A record written by
	-- Scan Kirim for a marketplace order (marketplace_order_id) and its order's settlement are
	-- joined by (channel, order_number), both tables' unique keys: the fees shared among ALL the
	-- order's records by value, (selling_price - discount) x quantity (by quantity when they are
	-- all worth 0), each the whole sen below its exact share, the sen left over to the largest
	-- (ties: the lowest id), so that the shares add up exactly.
	-- plpgsql: the statement's plan is kept per connection.
	RETURN QUERY
	WITH sale AS MATERIALIZED (
		SELECT g.id, g.marketplace_order_id AS order_id
		  FROM outgoing_goods g
		 WHERE g.id = ANY (p_ids)
	),
	settled AS MATERIALIZED (
		SELECT o.id AS order_id,
		       -(s.komisi + s.layanan + s.proses + s.pembayaran + s.ongkir + s.afiliasi + s.pajak
		         + s.pengembalian + s.penyesuaian + s.lain) AS fee
		  FROM (SELECT DISTINCT x.order_id FROM sale x WHERE x.order_id IS NOT NULL) t
		  JOIN marketplace_orders o ON o.id = t.order_id
		  JOIN marketplace_settlements s
		    ON s.channel = o.channel AND s.order_number = o.order_number
	),
	line AS (
		-- Every record of each settled order (outgoing_goods_marketplace_order_idx).
		SELECT g.id, t.order_id, t.fee, g.quantity,
		       greatest(g.selling_price - g.discount, 0) * g.quantity * 100 AS value
		  FROM settled t
		  JOIN outgoing_goods g ON g.marketplace_order_id = t.order_id
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
	)
	SELECT x.id, sh.fee
	  FROM sale x
	  LEFT JOIN share sh ON sh.id = x.id;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_settled_fees(p_orders integer[])
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
	-- outgoing_goods.settled_fee of every Barang Keluar record of the orders p_orders: its share
	-- of its order's settled fees in sen, exactly as sale_fees shares them (all the order's
	-- records by value, the remainder to the largest); null when its order has no settlement.
	-- Only the records whose share changes are written (the outgoing_goods trigger that calls
	-- this sees no change in the columns it watches, and stops there).
	UPDATE outgoing_goods g
	   SET settled_fee = f.fee
	  FROM sale_fees(ARRAY(SELECT x.id FROM outgoing_goods x
	                        WHERE x.marketplace_order_id = ANY (p_orders))) f
	 WHERE g.id = f.id AND g.settled_fee IS DISTINCT FROM f.fee;
END;
$$;
