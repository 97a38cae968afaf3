-- A sale as one function call (docs/adr/0007-scale.md, "A sale is one call"). The statements
-- are those createOutgoing ran as one statement of data-modifying CTEs: the guarded, row-locking
-- stock decrement (no oversell), the record (its trigger keeps the totals) and the log entry.
-- As a PL/pgSQL function their plans are prepared once per connection and kept, instead of the
-- whole statement being planned again on every sale (planning was a third of its database time).
-- Hand-written: drizzle-kit cannot express functions.
CREATE FUNCTION "sell_outgoing"(
	p_code text, p_barcode text, p_date date, p_resi text, p_quantity integer,
	p_user_id integer, p_user_name text, p_user_email text)
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
	RETURNING x.* INTO p;
	IF NOT FOUND THEN
		-- Nothing written: the caller reads why (unknown product, other barcode, too little stock).
		RETURN;
	END IF;
	-- Prices start at 0; Pembukuan fills them in per transaction.
	INSERT INTO outgoing_goods AS o (product_id, date, resi_number, quantity, barcode, created_by)
	VALUES (p.id, p_date, p_resi, p_quantity, p_barcode, p_user_id)
	RETURNING o.* INTO r;
	INSERT INTO activity_logs (action, user_id, user_name, user_email, details)
	VALUES ('OUTGOING_GOODS', p_user_id, p_user_name, p_user_email,
	        'Barang keluar: ' || p.name || ' (' || p.code || ') -' || p_quantity || ', resi ' || p_resi);
	RETURN QUERY SELECT r.id, to_char(r.date, 'YYYY-MM-DD'), r.product_id, p.code, p.name,
	                    p.category, p.brand, r.resi_number, r.quantity, p.barcode_id, p.current_stock;
END $$;
