-- The current source of ship_package (last written by migration 0040_ship_package_exact_prices).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE OR REPLACE FUNCTION ship_package(
	p_wanted jsonb, p_order_id integer, p_seen text, p_resi text, p_day date, p_at timestamptz,
	p_actor_id integer, p_actor_name text, p_actor_email text, p_details text)
RETURNS TABLE (
	wanted_id integer, order_ok boolean, enough boolean, sold_id integer, id integer, date text,
	product_id integer, product_code text, product_name text, category text, brand text,
	resi_number text, quantity integer, barcode text, current_stock integer)
LANGUAGE plpgsql
-- Every statement finds its rows by primary keys: the first call's plan is kept (0020).
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
DECLARE
	wanted_count integer := jsonb_array_length(p_wanted);
	-- The wanted products' ids: their rows are read by primary key (0019).
	wanted_ids integer[] := ARRAY(SELECT (e ->> 'product_id')::integer
	                               FROM jsonb_array_elements(p_wanted) AS e);
	-- Each product's records: its parts, a quantity at a price each (0040).
	record_count integer := (SELECT count(*) FROM jsonb_array_elements(p_wanted) AS e,
	                                               jsonb_array_elements(e -> 'parts'));
	covered integer;
	written integer;
BEGIN
	-- A product's parts are its quantity, no more and no less.
	IF EXISTS (SELECT 1 FROM jsonb_to_recordset(p_wanted) AS w(quantity integer, parts jsonb)
	            WHERE w.quantity IS DISTINCT FROM
	                  (SELECT sum((x ->> 'quantity')::integer) FROM jsonb_array_elements(w.parts) x)
	               OR EXISTS (SELECT 1 FROM jsonb_array_elements(w.parts) x
	                           WHERE (x ->> 'quantity')::integer <= 0)) THEN
		RAISE EXCEPTION 'ship_package: parts that are not the quantity';
	END IF;

	-- The order, while it is unshipped and as it was read.
	PERFORM 1 FROM marketplace_orders o
	  WHERE o.id = p_order_id AND o.shipped_at IS NULL AND (p_seen IS NULL OR o.xmin::text = p_seen)
	    FOR UPDATE;
	IF NOT FOUND THEN
		RETURN QUERY SELECT w.product_id, false, NULL::boolean, NULL::integer, NULL::integer,
		                    NULL::text, NULL::integer, NULL::text, NULL::text, NULL::text, NULL::text,
		                    NULL::text, NULL::integer, NULL::text, NULL::integer
		  FROM jsonb_to_recordset(p_wanted) AS w(product_id integer)
		 ORDER BY w.product_id;
		RETURN;
	END IF;

	-- The products, locked in id order (two packers never wait on each other in a cycle); the
	-- stock read here is the newest, and no one else changes it until the end of the call.
	SELECT count(*) FILTER (WHERE l.current_stock >= w.quantity) INTO covered
	  FROM (SELECT p.id, p.current_stock FROM products p
	         WHERE p.id = ANY (wanted_ids) ORDER BY p.id FOR UPDATE) AS l
	  JOIN jsonb_to_recordset(p_wanted) AS w(product_id integer, quantity integer)
	    ON w.product_id = l.id;
	IF covered < wanted_count THEN
		-- Nothing written: each product with whether its stock covers it (null: it is gone).
		RETURN QUERY SELECT w.product_id, true, p.current_stock >= w.quantity, NULL::integer,
		                    NULL::integer, NULL::text, NULL::integer, NULL::text, NULL::text,
		                    NULL::text, NULL::text, NULL::text, NULL::integer, NULL::text,
		                    p.current_stock
		  FROM jsonb_to_recordset(p_wanted) AS w(product_id integer, quantity integer)
		  LEFT JOIN products p ON p.id = w.product_id AND p.id = ANY (wanted_ids)
		 ORDER BY w.product_id;
		RETURN;
	END IF;

	UPDATE products p SET current_stock = p.current_stock - w.quantity
	  FROM jsonb_to_recordset(p_wanted) AS w(product_id integer, quantity integer)
	 WHERE p.id = ANY (wanted_ids) AND w.product_id = p.id AND p.current_stock >= w.quantity;
	GET DIAGNOSTICS written = ROW_COUNT;
	IF written <> wanted_count THEN
		RAISE EXCEPTION 'ship_package: % of % products lowered', written, wanted_count;
	END IF;

	-- The records, one per part of a product (the parts add up to the order's price to the sen),
	-- answered with the products as they are now.
	RETURN QUERY
	WITH r AS (
		INSERT INTO outgoing_goods AS o (product_id, date, resi_number, quantity, barcode, created_by,
		                                 purchase_price, selling_price, discount, marketplace_order_id)
		SELECT p.id, p_day, p_resi, (x.part ->> 'quantity')::integer, p.barcode_id, p_actor_id,
		       p.purchase_price, coalesce((x.part ->> 'price')::numeric, p.selling_price), 0,
		       p_order_id
		  FROM products p
		  JOIN jsonb_to_recordset(p_wanted) AS w(product_id integer, parts jsonb)
		    ON w.product_id = p.id
		 CROSS JOIN LATERAL jsonb_array_elements(w.parts) WITH ORDINALITY AS x(part, n)
		 WHERE p.id = ANY (wanted_ids)
		 ORDER BY p.id, x.n
		RETURNING o.id, o.date, o.product_id, o.resi_number, o.quantity, o.barcode
	)
	SELECT r.product_id, true, true, p.id, r.id, to_char(r.date, 'YYYY-MM-DD'), r.product_id,
	       p.code, p.name, p.category, p.brand, r.resi_number, r.quantity, r.barcode,
	       p.current_stock
	  FROM r JOIN products p ON p.id = r.product_id AND p.id = ANY (wanted_ids)
	 ORDER BY r.product_id, r.id;
	GET DIAGNOSTICS written = ROW_COUNT;
	IF written <> record_count THEN
		RAISE EXCEPTION 'ship_package: % of % records written', written, wanted_count;
	END IF;

	UPDATE marketplace_orders o
	   SET status = 'dikirim', shipped_at = p_at, shipped_by = p_actor_id,
	       shipped_by_name = p_actor_name, updated_at = now()
	 WHERE o.id = p_order_id;
	INSERT INTO activity_logs (action, user_id, user_name, user_email, details)
	VALUES ('PACK_ORDER', p_actor_id, p_actor_name, p_actor_email, p_details);
END
$$;
