-- The current source of store_settled_fees (last written by migration 0056_sale_fees_nearest_sen). A
-- migration that changes it restates it whole; src/db/functions.test.ts checks the copies are equal.
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
