-- Scan Kirim: ship_package (0018) read the products by a hash join over the whole table: the
-- planner takes the wanted list (jsonb_to_recordset) for 100 rows, so both the lock of the
-- products and their update scanned every product (12,840 rows: 1.7 ms and 1.1 ms of a ship,
-- EXPLAIN ANALYZE through auto_explain, docs/benchmarks.md). The same function, with the wanted
-- ids as an array the products' primary key is searched with. Behaviour unchanged.
CREATE OR REPLACE FUNCTION ship_package(
	p_wanted jsonb, p_order_id integer, p_seen text, p_resi text, p_day date, p_at timestamptz,
	p_actor_id integer, p_actor_name text, p_actor_email text, p_details text)
RETURNS TABLE (
	wanted_id integer, order_ok boolean, enough boolean, sold_id integer, id integer, date text,
	product_id integer, product_code text, product_name text, category text, brand text,
	resi_number text, quantity integer, barcode text, current_stock integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	wanted_count integer := jsonb_array_length(p_wanted);
	-- The wanted products' ids: their rows are read by primary key (see the header).
	wanted_ids integer[] := ARRAY(SELECT (e ->> 'product_id')::integer
	                               FROM jsonb_array_elements(p_wanted) AS e);
BEGIN
	RETURN QUERY
	WITH w AS (
		SELECT * FROM jsonb_to_recordset(p_wanted) AS w(product_id integer, quantity integer, price numeric)
	), ord AS (
		SELECT o.id FROM marketplace_orders o
		 WHERE o.id = p_order_id AND o.shipped_at IS NULL
		   AND (p_seen IS NULL OR o.xmin::text = p_seen)
		   FOR UPDATE
	), lk AS (
		SELECT p.id, p.current_stock AS stock, p.current_stock >= w.quantity AS enough
		  FROM products p JOIN w ON w.product_id = p.id
		 WHERE p.id = ANY (wanted_ids) AND EXISTS (SELECT 1 FROM ord)
		 ORDER BY p.id FOR UPDATE OF p
	), verdict AS (
		SELECT count(*) = wanted_count AND coalesce(bool_and(lk.enough), false) AS all_sold FROM lk
	), sold AS (
		UPDATE products p SET current_stock = p.current_stock - w.quantity
		  FROM w
		 WHERE (SELECT verdict.all_sold FROM verdict) AND p.id = ANY (wanted_ids) AND w.product_id = p.id
		   AND p.id IN (SELECT lk.id FROM lk) AND p.current_stock >= w.quantity
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
	SELECT w.product_id, EXISTS (SELECT 1 FROM ord), lk.enough, s.id, r.id,
	       to_char(r.date, 'YYYY-MM-DD'), r.product_id, s.code, s.name, s.category, s.brand,
	       r.resi_number, r.quantity, r.barcode, coalesce(s.current_stock, lk.stock)
	  FROM w LEFT JOIN lk ON lk.id = w.product_id
	         LEFT JOIN sold s ON s.id = w.product_id
	         LEFT JOIN records r ON r.product_id = s.id
	 ORDER BY w.product_id;
END
$$;
