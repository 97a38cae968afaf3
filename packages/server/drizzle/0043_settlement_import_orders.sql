-- Issue 45's memory target: a settlement preview's orders are kept as rows, written in batches,
-- not as one jsonb value of the whole file (35 MB for 150,000 orders, read back whole by every
-- count, page and commit). Counts and the first page are read from the rows, the commit is an
-- INSERT ... SELECT from them; they go with their preview (expiry, the uploader's 20 previews).
CREATE TABLE "settlement_import_orders" (
	"import_id" integer NOT NULL REFERENCES "settlement_imports"("id") ON DELETE CASCADE,
	-- The order's place in the file, from 1: the commit adds the orders in the file's order.
	"line" integer NOT NULL,
	"order_number" text NOT NULL,
	"released_at" date,
	"price_before" bigint NOT NULL,
	"price_after" bigint NOT NULL,
	"komisi" bigint DEFAULT 0 NOT NULL,
	"layanan" bigint DEFAULT 0 NOT NULL,
	"proses" bigint DEFAULT 0 NOT NULL,
	"pembayaran" bigint DEFAULT 0 NOT NULL,
	"ongkir" bigint DEFAULT 0 NOT NULL,
	"afiliasi" bigint DEFAULT 0 NOT NULL,
	"pajak" bigint DEFAULT 0 NOT NULL,
	"pengembalian" bigint DEFAULT 0 NOT NULL,
	"penyesuaian" bigint DEFAULT 0 NOT NULL,
	"lain" bigint DEFAULT 0 NOT NULL,
	"fee_columns" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"released" bigint NOT NULL,
	"difference" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "settlement_import_orders_pkey" PRIMARY KEY ("import_id", "line")
);
--> statement-breakpoint
-- The previews kept before this migration, moved to rows.
INSERT INTO "settlement_import_orders"
	("import_id", "line", "order_number", "released_at", "price_before", "price_after", "komisi", "layanan",
	 "proses", "pembayaran", "ongkir", "afiliasi", "pajak", "pengembalian", "penyesuaian", "lain",
	 "fee_columns", "released", "difference")
SELECT i."id", x.line, x."orderNumber", x."releasedAt", x."priceBefore", x."priceAfter",
	coalesce((x.fees ->> 'komisi')::bigint, 0), coalesce((x.fees ->> 'layanan')::bigint, 0),
	coalesce((x.fees ->> 'proses')::bigint, 0), coalesce((x.fees ->> 'pembayaran')::bigint, 0),
	coalesce((x.fees ->> 'ongkir')::bigint, 0), coalesce((x.fees ->> 'afiliasi')::bigint, 0),
	coalesce((x.fees ->> 'pajak')::bigint, 0), coalesce((x.fees ->> 'pengembalian')::bigint, 0),
	coalesce((x.fees ->> 'penyesuaian')::bigint, 0), coalesce((x.fees ->> 'lain')::bigint, 0),
	coalesce(x."feeColumns", '{}'::jsonb), x."released", coalesce(x."difference", 0)
  FROM "settlement_imports" i
  CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(i."orders") AS ("orderNumber" text,
	"releasedAt" date, "priceBefore" bigint, "priceAfter" bigint, fees jsonb, "feeColumns" jsonb,
	released bigint, difference bigint)) WITH ORDINALITY AS x("orderNumber", "releasedAt",
	"priceBefore", "priceAfter", fees, "feeColumns", released, difference, line);
--> statement-breakpoint
ALTER TABLE "settlement_imports" DROP COLUMN "orders";
