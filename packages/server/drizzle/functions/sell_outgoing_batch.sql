-- The current source of sell_outgoing_batch (last written by migration 0034_hand_sale_keeps_reserved).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE OR REPLACE FUNCTION "sell_outgoing_batch"(p_sales jsonb)
RETURNS TABLE (ord integer, id integer, date text, product_id integer, product_code text,
               product_name text, category text, brand text, resi_number text, quantity integer,
               barcode text, current_stock integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	s record;
	-- The codes as an array, searched through products_code_lower_key: a join with
	-- jsonb_to_recordset (taken for 100 rows) hashed the whole products table (as ship_package
	-- did, 0019): measured, 1.0-1.3 ms of PostgreSQL a sale against 0.4.
	codes text[] := ARRAY(SELECT lower(e ->> 'code') FROM jsonb_array_elements(p_sales) AS e);
BEGIN
	PERFORM 1 FROM products x WHERE lower(x.code) = ANY (codes) ORDER BY x.id FOR UPDATE;
	FOR s IN SELECT * FROM jsonb_to_recordset(p_sales) AS e(ord integer, code text, barcode text,
	             date date, resi text, quantity integer, user_id integer, user_name text, user_email text,
	             keep_reserved boolean)
	LOOP
		RETURN QUERY SELECT s.ord, r.* FROM sell_outgoing(s.code, s.barcode, s.date, s.resi,
		             s.quantity, s.user_id, s.user_name, s.user_email, NULL, NULL,
		             coalesce(s.keep_reserved, false)) AS r;
	END LOOP;
END $$;
