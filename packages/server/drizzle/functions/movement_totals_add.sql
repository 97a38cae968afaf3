-- The current source of movement_totals_add (last written by migration 0015_restock_cost).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
