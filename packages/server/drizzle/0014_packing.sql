-- Scan Kirim. Hand-written: drizzle-kit cannot express exclusion constraints or
-- functions.

-- One package, one resi: the Barang Keluar records of one packed marketplace order share its
-- resi; any other record (a hand-entered one is a package of its own) may not use it. A record's
-- package is its marketplace order, or the record itself: coalesce(marketplace_order_id, -id).
-- The exclusion constraint refuses (23P01) a second package with an equal resi (any letter case)
-- and, like the unique index it replaces, no race gets past it.
-- btree_gist is a trusted extension (PostgreSQL 13+): a database owner may create it.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD COLUMN "marketplace_order_id" integer REFERENCES "marketplace_orders"("id");
--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD CONSTRAINT "outgoing_goods_resi_one_package"
	EXCLUDE USING gist (lower("resi_number") WITH =, (coalesce("marketplace_order_id", -"id")) WITH <>);
--> statement-breakpoint
DROP INDEX "outgoing_goods_resi_number_lower_key";
--> statement-breakpoint
-- check-resi and the packing look-ups compare lower(resi_number).
CREATE INDEX "outgoing_goods_resi_number_lower_idx" ON "outgoing_goods" USING btree (lower("resi_number"));
--> statement-breakpoint
CREATE INDEX "outgoing_goods_marketplace_order_idx" ON "outgoing_goods" USING btree ("marketplace_order_id")
	WHERE "marketplace_order_id" IS NOT NULL;
--> statement-breakpoint
-- Who packed it, kept as written then (the user may be renamed or deleted later).
ALTER TABLE "marketplace_orders" ADD COLUMN "shipped_by_name" text;
--> statement-breakpoint
-- Today's packages on the Scan Kirim page, newest first.
CREATE INDEX "marketplace_orders_shipped_at_idx" ON "marketplace_orders" USING btree ("shipped_at" DESC)
	WHERE "shipped_at" IS NOT NULL;
--> statement-breakpoint
-- sell_outgoing of 0008 with two optional parameters for packing: the marketplace order the
-- record belongs to (its package) and the selling price (the order line's, after discount) in
-- place of the product's default. The 8-argument call of a hand-entered sale is unchanged. A
-- packed record writes no OUTGOING_GOODS entry of its own: the package's PACK_ORDER entry, in the
-- same transaction, names each of its products (one write, one entry).
-- The log text keeps 0013's id-ID quantity ('-1.000').
DROP FUNCTION "sell_outgoing"(text, text, date, text, integer, integer, text, text);
--> statement-breakpoint
CREATE FUNCTION "sell_outgoing"(
	p_code text, p_barcode text, p_date date, p_resi text, p_quantity integer,
	p_user_id integer, p_user_name text, p_user_email text,
	p_order_id integer DEFAULT NULL, p_selling_price numeric DEFAULT NULL)
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
