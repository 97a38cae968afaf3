-- The current source of sell_outgoing (last written by migration 0034_hand_sale_keeps_reserved).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
