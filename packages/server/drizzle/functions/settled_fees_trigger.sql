-- The current source of settled_fees_trigger (last written by migration 0046_settled_fees). A migration that
-- changes it restates it whole; src/db/functions.test.ts checks the copies are equal.
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
