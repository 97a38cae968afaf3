-- Product default prices and bookkeeping. Hand-written: drizzle-kit cannot express
-- functions.

-- A product's default purchase and selling price (Harga Beli, Harga Jual), 0 = not set. A new
-- outgoing transaction copies them; it keeps its own copy, so later product edits never touch it.
-- A constant default is a catalogue-only change: no table rewrite.
ALTER TABLE "products" ADD COLUMN "purchase_price" numeric(14, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "selling_price" numeric(14, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_purchase_price_check" CHECK ("products"."purchase_price" >= 0);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_selling_price_check" CHECK ("products"."selling_price" >= 0);
--> statement-breakpoint
-- sell_outgoing of 0006, unchanged except that the record takes the product's default prices
-- (discount 0). Same signature and result, so the server's call is unchanged.
CREATE OR REPLACE FUNCTION "sell_outgoing"(
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
	-- The product's default prices, read under the row lock of the decrement above; Pembukuan
	-- may change them per transaction afterwards.
	INSERT INTO outgoing_goods AS o (product_id, date, resi_number, quantity, barcode, created_by,
	                                 purchase_price, selling_price, discount)
	VALUES (p.id, p_date, p_resi, p_quantity, p_barcode, p_user_id,
	        p.purchase_price, p.selling_price, 0)
	RETURNING o.* INTO r;
	INSERT INTO activity_logs (action, user_id, user_name, user_email, details)
	VALUES ('OUTGOING_GOODS', p_user_id, p_user_name, p_user_email,
	        'Barang keluar: ' || p.name || ' (' || p.code || ') -' || p_quantity || ', resi ' || p_resi);
	RETURN QUERY SELECT r.id, to_char(r.date, 'YYYY-MM-DD'), r.product_id, p.code, p.name,
	                    p.category, p.brand, r.resi_number, r.quantity, p.barcode_id, p.current_stock;
END $$;
