-- Scan Kirim: the sale of one package as a function, so that its statement is planned once per
-- connection (PL/pgSQL keeps the plans of its statements) instead of at every ship: planning the
-- statement took longer than running it (docs/benchmarks.md, "Scan Kirim"). Hand-written:
-- drizzle-kit cannot express functions.
--
-- p_wanted: [{product_id, quantity, price}] in product id order; price null = the product's own
-- selling price. The products' rows are locked in id order (an aggregate over an ordered FOR UPDATE,
-- read before any row changes, so two packers never wait on each other in a cycle), every one is
-- decremented only while current_stock >= quantity, and only when all of them were: the Barang
-- Keluar records (cost and default price copied from the product), the order shipped and the one
-- PACK_ORDER entry. One row per product sold; fewer rows than products: one was short of stock
-- (its id is missing), and the caller rolls its transaction back.
CREATE FUNCTION ship_package(
	p_wanted jsonb, p_order_id integer, p_resi text, p_day date, p_at timestamptz,
	p_actor_id integer, p_actor_name text, p_actor_email text, p_details text)
RETURNS TABLE (
	sold_id integer, id integer, date text, product_id integer, product_code text,
	product_name text, category text, brand text, resi_number text, quantity integer,
	barcode text, current_stock integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	wanted_count integer := jsonb_array_length(p_wanted);
BEGIN
	RETURN QUERY
	WITH w AS (
		SELECT * FROM jsonb_to_recordset(p_wanted) AS w(product_id integer, quantity integer, price numeric)
	), locked AS (
		SELECT array_agg(ordered.id) AS ids FROM (
			SELECT p.id FROM products p WHERE p.id IN (SELECT w.product_id FROM w)
			 ORDER BY p.id FOR UPDATE) ordered
	), sold AS (
		UPDATE products p SET current_stock = p.current_stock - w.quantity
		  FROM w
		 WHERE p.id = any((SELECT locked.ids FROM locked)::integer[]) AND w.product_id = p.id
		   AND p.current_stock >= w.quantity
		RETURNING p.id, p.code, p.name, p.category, p.brand, p.barcode_id, p.current_stock,
		          p.purchase_price, coalesce(w.price, p.selling_price) AS selling_price, w.quantity
	), records AS (
		INSERT INTO outgoing_goods (product_id, date, resi_number, quantity, barcode, created_by,
		                            purchase_price, selling_price, discount, marketplace_order_id)
		SELECT s.id, p_day, p_resi, s.quantity, s.barcode_id, p_actor_id, s.purchase_price,
		       s.selling_price, 0, p_order_id
		  FROM sold s WHERE (SELECT count(*) FROM sold) = wanted_count
		RETURNING outgoing_goods.id, outgoing_goods.date, outgoing_goods.product_id,
		          outgoing_goods.resi_number, outgoing_goods.quantity, outgoing_goods.barcode
	), shipped AS (
		UPDATE marketplace_orders o
		   SET status = 'dikirim', shipped_at = p_at, shipped_by = p_actor_id,
		       shipped_by_name = p_actor_name, updated_at = now()
		 WHERE o.id = p_order_id AND (SELECT count(*) FROM sold) = wanted_count
		RETURNING o.id
	), logged AS (
		INSERT INTO activity_logs (action, user_id, user_name, user_email, details)
		SELECT 'PACK_ORDER', p_actor_id, p_actor_name, p_actor_email, p_details
		 WHERE (SELECT count(*) FROM sold) = wanted_count
		RETURNING activity_logs.id
	)
	SELECT s.id, r.id, to_char(r.date, 'YYYY-MM-DD'), r.product_id, s.code, s.name, s.category,
	       s.brand, r.resi_number, r.quantity, r.barcode, s.current_stock
	  FROM sold s LEFT JOIN records r ON r.product_id = s.id
	 ORDER BY s.id;
END
$$;
