-- The current source of sale_fees (last written by migration 0056_sale_fees_nearest_sen): the
-- share of a settled order's marketplace fees of each of its sales (Pembukuan, issue 45). A
-- migration that changes it restates it whole; src/db/functions.test.ts checks the copies are
-- equal.
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
	-- all worth 0), each the whole sen toward zero of its exact share, then the sen left over one
	-- each to the shares with the largest fractions (ties: the largest weight, then the lowest
	-- id): every share its exact share rounded to a whole sen, and the shares add up exactly.
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
	totaled AS (
		SELECT w.id, w.order_id, w.fee, w.weight,
		       sum(w.weight) OVER (PARTITION BY w.order_id) AS total
		  FROM weighed w
	),
	based AS (
		-- base: toward zero; fraction: what it left, of the same sign as the fee.
		SELECT t.id, t.order_id, t.fee,
		       div(t.fee::numeric * t.weight, t.total) AS base,
		       row_number() OVER (PARTITION BY t.order_id
		                          ORDER BY abs(mod(t.fee::numeric * t.weight, t.total)) DESC,
		                                   t.weight DESC, t.id) AS rank
		  FROM totaled t
	),
	share AS (
		-- left: the whole sen the bases leave, fewer than the order's records.
		SELECT b.id, b.base, b.rank,
		       b.fee - sum(b.base) OVER (PARTITION BY b.order_id) AS left_over
		  FROM based b
	),
	rounded AS (
		SELECT sh.id,
		       sh.base + CASE WHEN sh.rank <= abs(sh.left_over) THEN sign(sh.left_over) ELSE 0 END
		         AS fee
		  FROM share sh
	)
	SELECT x.id, r.fee
	  FROM sale x
	  LEFT JOIN rounded r ON r.id = x.id;
END;
$$;
