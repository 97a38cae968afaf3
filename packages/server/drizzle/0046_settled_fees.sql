-- Issue 45's speed target: Pembukuan's stats read each sale's share of its order's settled
-- marketplace fees from outgoing_goods.settled_fee (sen; null: a hand sale, or an order with no
-- settlement yet) instead of joining the orders with their settlements, counting each order's
-- records and sharing the fees at every read. The share is sale_fees' own (the same arithmetic,
-- to the sen), kept by statement triggers on marketplace_settlements (an income file's commit
-- adds its orders in one statement) and on outgoing_goods (Scan Kirim's records, a price edit,
-- a deletion), then filled for the settlements already imported.
ALTER TABLE "outgoing_goods" ADD COLUMN "settled_fee" numeric;
--> statement-breakpoint
-- Source: drizzle/functions/store_settled_fees.sql.
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
	  FROM (SELECT s.id, CASE WHEN s.settled THEN s.fee END AS fee
	          FROM sale_fees(ARRAY(SELECT x.id FROM outgoing_goods x
	                                WHERE x.marketplace_order_id = ANY (p_orders)),
	                         current_date) s) f
	 WHERE g.id = f.id AND g.settled_fee IS DISTINCT FROM f.fee;
END;
$$;
--> statement-breakpoint
-- Source: drizzle/functions/settled_fees_trigger.sql.
CREATE OR REPLACE FUNCTION settled_fees_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	v_orders integer[];
BEGIN
	-- Keeps outgoing_goods.settled_fee (store_settled_fees) once per statement: on
	-- marketplace_settlements, for the orders of the settlements added, changed or taken away;
	-- on outgoing_goods, for the orders of the records added or taken away, and of those whose
	-- order, quantity or prices changed (before and after), when the order has a settlement (an
	-- order without one keeps null). A record taken off its order loses its share.
	IF TG_TABLE_NAME = 'marketplace_settlements' THEN
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(o.id) INTO v_orders
			  FROM new_rows n JOIN marketplace_orders o
			    ON o.channel = n.channel AND o.order_number = n.order_number;
		ELSIF TG_OP = 'UPDATE' THEN
			SELECT array_agg(DISTINCT o.id) INTO v_orders
			  FROM (SELECT channel, order_number FROM new_rows
			        UNION SELECT channel, order_number FROM old_rows) n
			  JOIN marketplace_orders o
			    ON o.channel = n.channel AND o.order_number = n.order_number;
		ELSE
			SELECT array_agg(o.id) INTO v_orders
			  FROM old_rows n JOIN marketplace_orders o
			    ON o.channel = n.channel AND o.order_number = n.order_number;
		END IF;
	ELSE
		IF TG_OP = 'INSERT' THEN
			SELECT array_agg(DISTINCT n.marketplace_order_id) INTO v_orders
			  FROM new_rows n WHERE n.marketplace_order_id IS NOT NULL;
		ELSIF TG_OP = 'UPDATE' THEN
			-- (Only when there is one: an UPDATE of no row fires this again.)
			IF EXISTS (SELECT 1 FROM new_rows n
			            WHERE n.marketplace_order_id IS NULL AND n.settled_fee IS NOT NULL) THEN
				UPDATE outgoing_goods g SET settled_fee = NULL
				  FROM new_rows n
				 WHERE g.id = n.id AND n.marketplace_order_id IS NULL AND n.settled_fee IS NOT NULL;
			END IF;
			SELECT array_agg(DISTINCT c.order_id) INTO v_orders
			  FROM old_rows b JOIN new_rows n ON n.id = b.id
			 CROSS JOIN LATERAL (VALUES (b.marketplace_order_id), (n.marketplace_order_id)) c (order_id)
			 WHERE c.order_id IS NOT NULL
			   AND (b.marketplace_order_id IS DISTINCT FROM n.marketplace_order_id
			        OR b.quantity IS DISTINCT FROM n.quantity
			        OR b.selling_price IS DISTINCT FROM n.selling_price
			        OR b.discount IS DISTINCT FROM n.discount);
		ELSE
			SELECT array_agg(DISTINCT b.marketplace_order_id) INTO v_orders
			  FROM old_rows b WHERE b.marketplace_order_id IS NOT NULL;
		END IF;
		-- Only the orders with a settlement have shares to keep.
		IF v_orders IS NOT NULL THEN
			SELECT array_agg(o.id) INTO v_orders
			  FROM marketplace_orders o
			 WHERE o.id = ANY (v_orders)
			   AND EXISTS (SELECT 1 FROM marketplace_settlements s
			                WHERE s.channel = o.channel AND s.order_number = o.order_number);
		END IF;
	END IF;
	IF v_orders IS NOT NULL THEN
		PERFORM store_settled_fees(v_orders);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "settled_fees_settlements_insert" AFTER INSERT ON "marketplace_settlements"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
CREATE TRIGGER "settled_fees_settlements_update" AFTER UPDATE ON "marketplace_settlements"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
CREATE TRIGGER "settled_fees_settlements_delete" AFTER DELETE ON "marketplace_settlements"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
CREATE TRIGGER "settled_fees_outgoing_insert" AFTER INSERT ON "outgoing_goods"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
CREATE TRIGGER "settled_fees_outgoing_update" AFTER UPDATE ON "outgoing_goods"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
CREATE TRIGGER "settled_fees_outgoing_delete" AFTER DELETE ON "outgoing_goods"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION settled_fees_trigger();
--> statement-breakpoint
SELECT store_settled_fees(ARRAY(
	SELECT o.id FROM marketplace_orders o
	  JOIN marketplace_settlements s ON s.channel = o.channel AND s.order_number = o.order_number));
