-- Dipesan's query planned once per connection (issue 44; docs/benchmarks.md "Stok Tersedia"):
-- as a SQL function reserved_lines was inlined into each caller's statement and planned on every
-- call, about as long as running it for a page of Data Produk. Now PL/pgSQL: each of its two
-- statements (every product; some products) keeps its plan per connection. Same definition and
-- answers (compared row for row on the full bench database, both ways), restated whole.
CREATE OR REPLACE FUNCTION reserved_lines(p_product_ids integer[])
RETURNS TABLE (order_id integer, product_id integer, quantity integer)
LANGUAGE plpgsql STABLE
AS $$
#variable_conflict use_column
BEGIN
	IF p_product_ids IS NULL THEN
	-- Every product (the picker, the short orders): the open orders alone (their partial index),
	-- then their lines; each SKU and variation resolved once.
	RETURN QUERY
	WITH open_lines AS (
		SELECT o.id AS order_id, o.channel, lower(l.sku) AS sku,
		       lower(btrim(l.variation)) AS variation, l.quantity
		  FROM marketplace_orders o
		  JOIN marketplace_order_lines l ON l.order_id = o.id
		 WHERE o.shipped_at IS NULL
		   AND o.status IN ('perlu_dikirim', 'belum_bayar')
		   AND (o.status = 'perlu_dikirim'
		        OR coalesce((SELECT s.reserve_unpaid FROM shop_settings s), false))
	), resolved AS MATERIALIZED (
		SELECT k.channel, k.sku, k.variation, r.product_id, r.quantity
		  FROM (SELECT DISTINCT ol.channel, ol.sku, ol.variation FROM open_lines ol) AS k
		  CROSS JOIN LATERAL (
		        SELECT (SELECT m.id FROM sku_mappings m
		                 WHERE lower(m.sku) = k.sku
		                   AND (m.channel IS NULL OR m.channel = k.channel)
		                   AND (m.variation IS NULL
		                        OR (k.variation <> '' AND lower(btrim(m.variation)) = k.variation))
		                   AND EXISTS (SELECT 1 FROM sku_mapping_items x WHERE x.mapping_id = m.id)
		                 ORDER BY m.channel IS NULL, m.variation IS NULL, m.id
		                 LIMIT 1) AS mapping_id
		         OFFSET 0) AS best
		  CROSS JOIN LATERAL (
		        SELECT i.product_id, i.quantity FROM sku_mapping_items i
		         WHERE i.mapping_id = best.mapping_id
		        UNION ALL
		        SELECT coalesce((SELECT q.id FROM products q WHERE lower(q.code) = k.sku),
		                        (SELECT q.id FROM products q WHERE lower(q.barcode_id) = k.sku)), 1
		         WHERE best.mapping_id IS NULL) AS r
		 WHERE r.product_id IS NOT NULL
	), units AS (
		SELECT ol.order_id, r.product_id, sum(ol.quantity * r.quantity) AS quantity
		  FROM open_lines ol
		  JOIN resolved r ON r.channel = ol.channel AND r.sku = ol.sku AND r.variation = ol.variation
		 GROUP BY ol.order_id, r.product_id
	)
	SELECT u.order_id, u.product_id, (u.quantity - s.shipped)::integer
	  FROM units u
	  CROSS JOIN LATERAL (
	        SELECT coalesce(sum(g.quantity), 0) AS shipped FROM outgoing_goods g
	         WHERE g.marketplace_order_id = u.order_id AND g.product_id = u.product_id) AS s
	 WHERE u.quantity > s.shipped;
	ELSE
	RETURN QUERY
	WITH open_lines AS (
		SELECT o.order_id, o.channel, lower(l.sku) AS sku, lower(btrim(l.variation)) AS variation,
		       l.quantity
		  FROM marketplace_order_lines l
		  CROSS JOIN LATERAL (
		        SELECT x.id AS order_id, x.channel FROM marketplace_orders x
		         WHERE x.id = l.order_id
		           AND x.shipped_at IS NULL
		           AND x.status IN ('perlu_dikirim', 'belum_bayar')
		           AND (x.status = 'perlu_dikirim'
		                OR coalesce((SELECT s.reserve_unpaid FROM shop_settings s), false))
		        OFFSET 0) AS o
		 WHERE l.open
		   AND lower(l.sku) = ANY (ARRAY(
		          SELECT (SELECT lower(m.sku) FROM sku_mappings m WHERE m.id = i.mapping_id)
		            FROM sku_mapping_items i
		           WHERE i.product_id = ANY (p_product_ids)
		          UNION SELECT lower(p.code) FROM products p WHERE p.id = ANY (p_product_ids)
		          UNION SELECT lower(p.barcode_id) FROM products p WHERE p.id = ANY (p_product_ids)))
	), resolved AS MATERIALIZED (
		SELECT k.channel, k.sku, k.variation, r.product_id, r.quantity
		  FROM (SELECT DISTINCT ol.channel, ol.sku, ol.variation FROM open_lines ol) AS k
		  CROSS JOIN LATERAL (
		        SELECT (SELECT m.id FROM sku_mappings m
		                 WHERE lower(m.sku) = k.sku
		                   AND (m.channel IS NULL OR m.channel = k.channel)
		                   AND (m.variation IS NULL
		                        OR (k.variation <> '' AND lower(btrim(m.variation)) = k.variation))
		                   AND EXISTS (SELECT 1 FROM sku_mapping_items x WHERE x.mapping_id = m.id)
		                 ORDER BY m.channel IS NULL, m.variation IS NULL, m.id
		                 LIMIT 1) AS mapping_id
		         OFFSET 0) AS best
		  CROSS JOIN LATERAL (
		        SELECT i.product_id, i.quantity FROM sku_mapping_items i
		         WHERE i.mapping_id = best.mapping_id
		        UNION ALL
		        SELECT coalesce((SELECT q.id FROM products q WHERE lower(q.code) = k.sku),
		                        (SELECT q.id FROM products q WHERE lower(q.barcode_id) = k.sku)), 1
		         WHERE best.mapping_id IS NULL) AS r
		 WHERE r.product_id IS NOT NULL
	), units AS (
		SELECT ol.order_id, r.product_id, sum(ol.quantity * r.quantity) AS quantity
		  FROM open_lines ol
		  JOIN resolved r ON r.channel = ol.channel AND r.sku = ol.sku AND r.variation = ol.variation
		 WHERE r.product_id = ANY (p_product_ids)
		 GROUP BY ol.order_id, r.product_id
	)
	SELECT u.order_id, u.product_id, (u.quantity - s.shipped)::integer
	  FROM units u
	  CROSS JOIN LATERAL (
	        SELECT coalesce(sum(g.quantity), 0) AS shipped FROM outgoing_goods g
	         WHERE g.marketplace_order_id = u.order_id AND g.product_id = u.product_id) AS s
	 WHERE u.quantity > s.shipped;
	END IF;
END
$$;
