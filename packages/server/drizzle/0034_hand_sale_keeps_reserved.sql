-- A hand sale keeps the units imported orders hold (issue 44, docs/adr/0023-stok-tersedia.md):
-- a Barang Keluar typed or scanned by hand that would leave Tersedia (stock - Dipesan) below 0 is
-- written only when the user confirmed it. The check is the sale's own guarded UPDATE in
-- sell_outgoing, so a batch of sales (sell_outgoing_batch, ADR 0019) keeps each sale's answer as
-- if it were alone, in the order the sales arrived: a check made by the server before the sale
-- joined its batch changed that order on PostgreSQL. Packed sales (an order's) never pass the flag.
-- p_keep_reserved true: refuse (no row) when current_stock - quantity < Dipesan of the product.
DROP FUNCTION "sell_outgoing"(text, text, date, text, integer, integer, text, text, integer, numeric);
--> statement-breakpoint
CREATE FUNCTION "sell_outgoing"(
	p_code text, p_barcode text, p_date date, p_resi text, p_quantity integer,
	p_user_id integer, p_user_name text, p_user_email text,
	p_order_id integer DEFAULT NULL, p_selling_price numeric DEFAULT NULL,
	p_keep_reserved boolean DEFAULT false)
RETURNS TABLE (id integer, date text, product_id integer, product_code text, product_name text,
               category text, brand text, resi_number text, quantity integer, barcode text,
               current_stock integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	p products%ROWTYPE;
	r outgoing_goods%ROWTYPE;
BEGIN
	UPDATE products AS x SET current_stock = x.current_stock - p_quantity
	 WHERE lower(x.code) = lower(p_code) AND lower(x.barcode_id) = lower(p_barcode)
	   AND x.current_stock >= p_quantity
	   -- A hand sale not confirmed over Dipesan (issue 44): the units imported orders hold stay.
	   AND (NOT p_keep_reserved
	        OR x.current_stock - p_quantity
	           >= (SELECT coalesce(sum(h.quantity), 0) FROM reserved_lines(ARRAY[x.id]) h))
	RETURNING x.* INTO p;
	IF NOT FOUND THEN
		-- Nothing written: the caller reads why (unknown product, other barcode, too little stock,
		-- units held by imported orders).
		RETURN;
	END IF;
	INSERT INTO outgoing_goods AS o (product_id, date, resi_number, quantity, barcode, created_by,
	                                 purchase_price, selling_price, discount, marketplace_order_id)
	VALUES (p.id, p_date, p_resi, p_quantity, p_barcode, p_user_id,
	        p.purchase_price, coalesce(p_selling_price, p.selling_price), 0, p_order_id)
	RETURNING o.* INTO r;
	IF p_order_id IS NULL THEN
		INSERT INTO activity_logs (action, user_id, user_name, user_email, details)
		VALUES ('OUTGOING_GOODS', p_user_id, p_user_name, p_user_email,
		        'Barang keluar: ' || p.name || ' (' || p.code || ') -'
		        || replace(to_char(p_quantity, 'FM999,999,999,990'), ',', '.') || ', resi ' || p_resi);
	END IF;
	RETURN QUERY SELECT r.id, to_char(r.date, 'YYYY-MM-DD'), r.product_id, p.code, p.name,
	                    p.category, p.brand, r.resi_number, r.quantity, p.barcode_id, p.current_stock;
END $$;
--> statement-breakpoint
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
