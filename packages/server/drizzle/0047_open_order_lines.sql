-- Dipesan of a page of Data Produk read the lines of its SKUs' whole order history (issue 44:
-- x1.89 the page without it, target 1.5x; docs/benchmarks.md "Stok Tersedia"): ~37 lines per SKU
-- on the bench's 100,000 shipped orders, each line's order looked up to learn it was shipped.
-- A line now carries `open`: true at least while its order is open. The import writes it from the
-- order's status as it inserts the line (free: it joins the order there; other inserts take the
-- default, true), and a trigger carries it along when the order leaves or re-enters the open
-- states (Scan Kirim, a re-import, a cancel). The SKU lookup reads a partial index of open lines
-- only. The flag narrows the search and nothing else: reserved_lines still checks the order, so
-- a line left open by mistake costs a look-up, never a wrong number. (A trigger on the lines'
-- insert was measured instead: +40-100% on the insert of an import's lines.)
ALTER TABLE "marketplace_order_lines" ADD COLUMN "open" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
UPDATE "marketplace_order_lines" l SET "open" = false
  FROM "marketplace_orders" o
 WHERE o."id" = l."order_id"
   AND NOT (o."shipped_at" IS NULL AND o."status" IN ('perlu_dikirim', 'belum_bayar'));
--> statement-breakpoint
-- An order that leaves or (a re-import) re-enters the open states carries its lines along.
CREATE OR REPLACE FUNCTION marketplace_orders_open_lines_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE marketplace_order_lines SET open = (NEW.shipped_at IS NULL
	                                          AND NEW.status IN ('perlu_dikirim', 'belum_bayar'))
	 WHERE order_id = NEW.id
	   AND open IS DISTINCT FROM (NEW.shipped_at IS NULL
	                              AND NEW.status IN ('perlu_dikirim', 'belum_bayar'));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_open_lines" AFTER UPDATE OF "status", "shipped_at"
	ON "marketplace_orders" FOR EACH ROW
	WHEN ((OLD.shipped_at IS NULL AND OLD.status IN ('perlu_dikirim', 'belum_bayar'))
	      IS DISTINCT FROM (NEW.shipped_at IS NULL AND NEW.status IN ('perlu_dikirim', 'belum_bayar')))
	EXECUTE FUNCTION marketplace_orders_open_lines_trigger();
--> statement-breakpoint
DROP INDEX IF EXISTS "marketplace_order_lines_reserved_idx";
--> statement-breakpoint
-- The open lines of some products' SKUs, read from the index alone.
CREATE INDEX "marketplace_order_lines_open_idx" ON "marketplace_order_lines" USING btree (lower("sku"), "order_id")
	INCLUDE ("sku", "variation", "quantity") WHERE "open";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reserved_lines(p_product_ids integer[])
RETURNS TABLE (order_id integer, product_id integer, quantity integer)
LANGUAGE sql STABLE
AS $$
	-- Two ways to the open lines. Every product (null): the open orders alone (their partial
	-- index), then their lines. Some products (a page, a stock card, a hand sale): the lines of
	-- their SKUs still flagged open (the partial index marketplace_order_lines_open_idx), each
	-- line's order looked up by id and kept only while it is open: the flag only narrows the
	-- search (it is true at least while the order is open), the order decides.
	WITH open_lines AS (
		SELECT o.id AS order_id, o.channel, lower(l.sku) AS sku,
		       lower(btrim(l.variation)) AS variation, l.quantity
		  FROM marketplace_orders o
		  JOIN marketplace_order_lines l ON l.order_id = o.id
		 WHERE p_product_ids IS NULL
		   AND o.shipped_at IS NULL
		   AND o.status IN ('perlu_dikirim', 'belum_bayar')
		   AND (o.status = 'perlu_dikirim'
		        OR coalesce((SELECT s.reserve_unpaid FROM shop_settings s), false))
		UNION ALL
		SELECT o.order_id, o.channel, lower(l.sku), lower(btrim(l.variation)), l.quantity
		  FROM marketplace_order_lines l
		  CROSS JOIN LATERAL (
		        SELECT x.id AS order_id, x.channel FROM marketplace_orders x
		         WHERE x.id = l.order_id
		           AND x.shipped_at IS NULL
		           AND x.status IN ('perlu_dikirim', 'belum_bayar')
		           AND (x.status = 'perlu_dikirim'
		                OR coalesce((SELECT s.reserve_unpaid FROM shop_settings s), false))
		        OFFSET 0) AS o
		 WHERE p_product_ids IS NOT NULL
		   AND l.open
		   AND lower(l.sku) = ANY (ARRAY(
		          SELECT lower(m.sku) FROM sku_mapping_items i
		            JOIN sku_mappings m ON m.id = i.mapping_id
		           WHERE i.product_id = ANY (p_product_ids)
		          UNION SELECT lower(p.code) FROM products p WHERE p.id = ANY (p_product_ids)
		          UNION SELECT lower(p.barcode_id) FROM products p WHERE p.id = ANY (p_product_ids)))
	), resolved AS MATERIALIZED (
		-- Each SKU and variation once, as resolver() resolves a line: this channel's mapping
		-- before an all-channel one, the line's variation before every variation, else the
		-- product whose code (or else barcode) is the SKU.
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
		                 LIMIT 1) AS mapping_id) AS best
		  CROSS JOIN LATERAL (
		        SELECT i.product_id, i.quantity FROM sku_mapping_items i
		         WHERE i.mapping_id = best.mapping_id
		        UNION ALL
		        SELECT coalesce((SELECT q.id FROM products q WHERE lower(q.code) = k.sku),
		                        (SELECT q.id FROM products q WHERE lower(q.barcode_id) = k.sku)), 1
		         WHERE best.mapping_id IS NULL) AS r
		 WHERE r.product_id IS NOT NULL
	), units AS (
		-- The products asked for, once the lines are resolved: a filter inside the lateral steps
		-- above was re-evaluated per SKU (PGlite re-sorted the whole id list on every loop).
		SELECT ol.order_id, r.product_id, sum(ol.quantity * r.quantity) AS quantity
		  FROM open_lines ol
		  JOIN resolved r ON r.channel = ol.channel AND r.sku = ol.sku AND r.variation = ol.variation
		 WHERE p_product_ids IS NULL OR r.product_id = ANY (p_product_ids)
		 GROUP BY ol.order_id, r.product_id
	)
	SELECT u.order_id, u.product_id, (u.quantity - s.shipped)::integer
	  FROM units u
	  CROSS JOIN LATERAL (
	        SELECT coalesce(sum(g.quantity), 0) AS shipped FROM outgoing_goods g
	         WHERE g.marketplace_order_id = u.order_id AND g.product_id = u.product_id) AS s
	 WHERE u.quantity > s.shipped
$$;
