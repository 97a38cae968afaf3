-- sale_fees gives each sale its exact share of its order's fees rounded to a whole sen: the sen
-- the shares' whole parts leave go one each to the largest fractions, where they all went to the
-- largest sale (QA walk M 3: 15.405,303 was shown 15.405,31 and 5.344,697 5.344,69; the order's
-- total stays exact). The stored shares (outgoing_goods.settled_fee) are shared again.
-- Sources: drizzle/functions/sale_fees.sql, drizzle/functions/store_settled_fees.sql (its comment).
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION store_settled_fees(p_orders integer[])
RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
	-- outgoing_goods.settled_fee of every Barang Keluar record of the orders p_orders: its share
	-- of its order's settled fees in sen, exactly as sale_fees shares them (all the order's
	-- records by value, each rounded to a whole sen); null when its order has no settlement.
	-- Only the records whose share changes are written (the outgoing_goods trigger that calls
	-- this sees no change in the columns it watches, and stops there).
	UPDATE outgoing_goods g
	   SET settled_fee = f.fee
	  FROM sale_fees(ARRAY(SELECT x.id FROM outgoing_goods x
	                        WHERE x.marketplace_order_id = ANY (p_orders))) f
	 WHERE g.id = f.id AND g.settled_fee IS DISTINCT FROM f.fee;
END;
$$;
--> statement-breakpoint
SELECT store_settled_fees(ARRAY(SELECT DISTINCT g.marketplace_order_id FROM outgoing_goods g
                                WHERE g.settled_fee IS NOT NULL));
