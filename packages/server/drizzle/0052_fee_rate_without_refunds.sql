-- The fee rate of a store (settlement_days.fees: the estimate of a sale whose order is not
-- settled yet in Pembukuan, the expected fees of 'Perlu dicek') leaves out the refunds to the
-- buyer (pengembalian): a refund belongs to the one order refunded, not to every sale's fee. One
-- refunded order in a small store's month raised every estimate of the store (a Shopee store's
-- 45,68 % in a QA walk, against its 10-12 % of fees). docs/adr/0016, addendum 2026-12-02. The
-- settled orders' own fees are unchanged (their refunds stay in their breakdown).
-- Source: drizzle/functions/settlement_days_trigger.sql.
CREATE OR REPLACE FUNCTION settlement_days_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	-- The rows taken away first (DELETE, UPDATE), then those added (INSERT, UPDATE), each as
	-- one upsert of their sums per (store, day, channel), in key order (two commits at once
	-- lock the same days in the same order).
	IF TG_OP IN ('DELETE', 'UPDATE') THEN
		INSERT INTO settlement_days AS d (store_id, day, channel, orders, price, fees)
		SELECT coalesce(o.store_id, 0), o.released_at, o.channel, -count(*), -sum(o.price_after),
		       -sum(o.komisi + o.layanan + o.proses + o.pembayaran + o.ongkir + o.afiliasi
		            + o.pajak + o.penyesuaian + o.lain)
		  FROM old_rows o WHERE o.released_at IS NOT NULL
		 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (store_id, day, channel) DO UPDATE
		   SET orders = d.orders + excluded.orders, price = d.price + excluded.price,
		       fees = d.fees + excluded.fees;
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		INSERT INTO settlement_days AS d (store_id, day, channel, orders, price, fees)
		SELECT coalesce(n.store_id, 0), n.released_at, n.channel, count(*), sum(n.price_after),
		       sum(n.komisi + n.layanan + n.proses + n.pembayaran + n.ongkir + n.afiliasi
		           + n.pajak + n.penyesuaian + n.lain)
		  FROM new_rows n WHERE n.released_at IS NOT NULL
		 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (store_id, day, channel) DO UPDATE
		   SET orders = d.orders + excluded.orders, price = d.price + excluded.price,
		       fees = d.fees + excluded.fees;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The sums again, from the settlements as they are, as migration 0037 first wrote them.
DELETE FROM "settlement_days";
--> statement-breakpoint
INSERT INTO "settlement_days" ("store_id", "day", "channel", "orders", "price", "fees")
SELECT coalesce("store_id", 0), "released_at", "channel", count(*), sum("price_after"),
       sum("komisi" + "layanan" + "proses" + "pembayaran" + "ongkir" + "afiliasi" + "pajak"
           + "penyesuaian" + "lain")
  FROM "marketplace_settlements" WHERE "released_at" IS NOT NULL
 GROUP BY 1, 2, 3;
