-- The current source of sale_fees (last written by migration 0037_settlement_checks): the
-- marketplace fee of each sale (Pembukuan, issue 45). A migration that changes it restates it
-- whole; src/db/functions.test.ts checks the copies are equal.
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
