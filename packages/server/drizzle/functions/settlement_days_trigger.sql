-- The current source of settlement_days_trigger (last written by migration
-- 0052_fee_rate_without_refunds): keeps settlement_days, the settlements summed per store and
-- release day, once per statement (an import's commit inserts a file's orders in one); fees:
-- every category but pengembalian (a refund to the buyer is not part of the fee rate). A migration that
-- changes it restates it whole; src/db/functions.test.ts checks the copies are equal.
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
