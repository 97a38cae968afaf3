-- List Order Barang: the detail list (newest first within a date range, searched) and
-- the summary per product (sums over the range). Hand-written like 0002-0006: drizzle-kit cannot
-- express INCLUDE or an index on an expression with coalesce.

-- One (date, id) index serves both tables of the page. The detail list reads a page's ids from it
-- in order (an index-only scan, also the range's count); the summary sums quantity and
-- price * quantity per product over the range from the index alone, never visiting the table.
DROP INDEX "orders_date_idx";
--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date" DESC NULLS LAST, "id" DESC NULLS LAST)
	INCLUDE ("product_id", "quantity", "price");
--> statement-breakpoint
-- 'Cari...' matches the order's own shown texts, resi and bank, as one text joined by chr(1)
-- (which no search can contain, so a match never spans two columns; bank may be empty): one
-- trigram index. The product's code and name are matched through products_search_trgm_idx.
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin ((
	"resi_number" || chr(1) || coalesce("bank", '')
) gin_trgm_ops);
--> statement-breakpoint
-- Replaced by the joined index above (a resi search is one of its matches).
DROP INDEX "orders_resi_trgm_idx";
