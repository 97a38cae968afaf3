-- Stok Tersedia (issue 44): the shop's stores per marketplace, the order's store, the shop's
-- reservation settings and the one definition of 'Dipesan' (reserved_lines). Hand-written:
-- drizzle-kit cannot express partial or expression indexes or SQL functions.

-- The stores a shop runs on each marketplace. One default store per channel (made on first use,
-- and here for the channels that already have orders). buffer: the units kept back from the
-- store's stock file; NULL takes the channel's default (shop_settings.buffer_<channel>).
CREATE TABLE "marketplace_stores" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_stores_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"name" text NOT NULL,
	"buffer" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_stores_channel_check" CHECK ("channel" in ('shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller')),
	CONSTRAINT "marketplace_stores_buffer_check" CHECK ("buffer" BETWEEN 0 AND 1000000000)
);
--> statement-breakpoint
-- One name per channel regardless of letter case; one default store per channel.
CREATE UNIQUE INDEX "marketplace_stores_name_key" ON "marketplace_stores" USING btree ("channel", lower("name"));
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_stores_default_key" ON "marketplace_stores" USING btree ("channel") WHERE "is_default";
--> statement-breakpoint
INSERT INTO "marketplace_stores" ("channel", "name", "is_default")
SELECT DISTINCT o."channel",
       CASE o."channel" WHEN 'shopee' THEN 'Shopee' WHEN 'tiktok' THEN 'TikTok Shop'
                        WHEN 'lazada' THEN 'Lazada' WHEN 'tokopedia' THEN 'Tokopedia'
                        ELSE 'BigSeller' END,
       true
  FROM "marketplace_orders" o;
--> statement-breakpoint
-- The order's store: a store with orders cannot be deleted (the foreign key refuses).
ALTER TABLE "marketplace_orders" ADD COLUMN "store_id" integer REFERENCES "marketplace_stores"("id");
--> statement-breakpoint
UPDATE "marketplace_orders" o SET "store_id" = s."id"
  FROM "marketplace_stores" s WHERE s."channel" = o."channel" AND s."is_default";
--> statement-breakpoint
ALTER TABLE "marketplace_orders" ALTER COLUMN "store_id" SET NOT NULL;
--> statement-breakpoint
-- The channel's default store, made on first use (a new order without a store, the store list).
CREATE OR REPLACE FUNCTION marketplace_default_store(p_channel text)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
	label text := CASE p_channel WHEN 'shopee' THEN 'Shopee' WHEN 'tiktok' THEN 'TikTok Shop'
	                             WHEN 'lazada' THEN 'Lazada' WHEN 'tokopedia' THEN 'Tokopedia'
	                             ELSE 'BigSeller' END;
	found_id integer;
BEGIN
	SELECT s.id INTO found_id FROM marketplace_stores s WHERE s.channel = p_channel AND s.is_default;
	IF found_id IS NOT NULL THEN
		RETURN found_id;
	END IF;
	-- A store of the label's name may exist already (made by the manager): then '(utama)'.
	INSERT INTO marketplace_stores (channel, name, is_default)
	SELECT p_channel, n.name, true
	  FROM (VALUES (1, label), (2, label || ' (utama)')) AS n(rank, name)
	 WHERE NOT EXISTS (SELECT 1 FROM marketplace_stores s
	                    WHERE s.channel = p_channel AND lower(s.name) = lower(n.name))
	 ORDER BY n.rank LIMIT 1
	ON CONFLICT DO NOTHING;
	SELECT s.id INTO found_id FROM marketplace_stores s WHERE s.channel = p_channel AND s.is_default;
	IF found_id IS NULL THEN
		RAISE EXCEPTION 'marketplace_default_store: no default store for %', p_channel;
	END IF;
	RETURN found_id;
END
$$;
--> statement-breakpoint
-- An order written without a store (an import of the default store, or any older writer)
-- belongs to its channel's default store.
CREATE OR REPLACE FUNCTION marketplace_orders_store_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF NEW.store_id IS NULL THEN
		NEW.store_id := marketplace_default_store(NEW.channel);
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_store" BEFORE INSERT ON "marketplace_orders"
	FOR EACH ROW EXECUTE FUNCTION marketplace_orders_store_trigger();
--> statement-breakpoint
CREATE INDEX "marketplace_orders_store_idx" ON "marketplace_orders" USING btree ("store_id");
--> statement-breakpoint
-- The open orders that hold stock (reserved_lines): read alone when every product is asked for,
-- or looked up by id from the lines of some products' SKUs; covering, so no table read.
CREATE INDEX "marketplace_orders_open_idx" ON "marketplace_orders" USING btree ("id")
	INCLUDE ("channel", "status", "date")
	WHERE "shipped_at" IS NULL AND "status" IN ('perlu_dikirim', 'belum_bayar');
--> statement-breakpoint
-- The lines of some products' SKUs (reserved_lines with product ids: a page of Data Produk), read
-- from the index alone: the lines of the shipped history are never read from the table.
CREATE INDEX "marketplace_order_lines_reserved_idx" ON "marketplace_order_lines" USING btree (lower("sku"), "order_id")
	INCLUDE ("sku", "variation", "quantity");
--> statement-breakpoint
-- The store an uploaded order file is for (NULL: the channel's default store).
ALTER TABLE "marketplace_imports" ADD COLUMN "store_id" integer REFERENCES "marketplace_stores"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- 'Pesanan belum dibayar ikut dipesan' (off by default) and each channel's default buffer.
ALTER TABLE "shop_settings" ADD COLUMN "reserve_unpaid" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "buffer_shopee" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "buffer_tiktok" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "buffer_lazada" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "buffer_tokopedia" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "buffer_bigseller" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_buffers_check" CHECK (
	"buffer_shopee" BETWEEN 0 AND 1000000000 AND "buffer_tiktok" BETWEEN 0 AND 1000000000 AND
	"buffer_lazada" BETWEEN 0 AND 1000000000 AND "buffer_tokopedia" BETWEEN 0 AND 1000000000 AND
	"buffer_bigseller" BETWEEN 0 AND 1000000000);
--> statement-breakpoint
-- Dipesan, derived (never stored): the units of open imported orders (perlu_dikirim, and
-- belum_bayar when shop_settings.reserve_unpaid), per order and product, through the SKU
-- mappings as they are now (bundles expanded), less what Scan Kirim already shipped of the
-- order. p_product_ids: only these products (found through their SKUs:
-- marketplace_order_lines_sku_lower_idx); NULL: every product (marketplace_orders_open_idx).
-- A SQL function of one SELECT: inlined into the calling statement.
CREATE OR REPLACE FUNCTION reserved_lines(p_product_ids integer[])
RETURNS TABLE (order_id integer, product_id integer, quantity integer)
LANGUAGE sql STABLE
AS $$
	WITH open_lines AS (
		SELECT o.id AS order_id, o.channel, lower(l.sku) AS sku,
		       lower(btrim(l.variation)) AS variation, l.quantity
		  FROM marketplace_orders o
		  JOIN marketplace_order_lines l ON l.order_id = o.id
		 WHERE o.shipped_at IS NULL
		   AND o.status IN ('perlu_dikirim', 'belum_bayar')
		   AND (o.status = 'perlu_dikirim'
		        OR coalesce((SELECT s.reserve_unpaid FROM shop_settings s), false))
		   AND (p_product_ids IS NULL OR lower(l.sku) = ANY (ARRAY(
		          SELECT lower(m.sku) FROM sku_mapping_items i
		            JOIN sku_mappings m ON m.id = i.mapping_id
		           WHERE i.product_id = ANY (p_product_ids)
		          UNION SELECT lower(p.code) FROM products p WHERE p.id = ANY (p_product_ids)
		          UNION SELECT lower(p.barcode_id) FROM products p WHERE p.id = ANY (p_product_ids))))
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
		   AND (p_product_ids IS NULL OR r.product_id = ANY (p_product_ids))
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
	 WHERE u.quantity > s.shipped
$$;
