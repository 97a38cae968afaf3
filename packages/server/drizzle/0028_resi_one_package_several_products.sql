-- One supplier package holds several products (ADR 0014, its addendum). A restock
-- order gives all its products one resi, and each product is received under it: a resi names a
-- package, and a package may hold several records, one per product. Hand-written, as 0014.

-- Barang Masuk: the resi and the product together are unique, regardless of letter case. The
-- same resi for another product is the same package; for the same product it is a double entry
-- (23505, answered 409 'Nomor resi sudah digunakan sebelumnya!'). Led by lower(resi_number), the
-- index still serves check-resi. Every existing row already satisfies it (the resi was unique).
DROP INDEX "incoming_goods_resi_number_lower_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_goods_resi_product_key" ON "incoming_goods" USING btree (lower("resi_number"), "product_id");
--> statement-breakpoint
-- Barang Keluar: a record's package is its marketplace order, or (0 for none) the hand-entered
-- package of its resi: every hand-entered record with one resi is one package. A marketplace
-- order's resi still belongs to that order alone, against hand-entered records and other orders
-- (23P01). Looser than 0014/0024's coalesce(marketplace_order_id, -id): no existing row conflicts.
ALTER TABLE "outgoing_goods" DROP CONSTRAINT "outgoing_goods_resi_one_package";
--> statement-breakpoint
ALTER TABLE "outgoing_goods" ADD CONSTRAINT "outgoing_goods_resi_one_package"
	EXCLUDE USING gist (
		hashtextextended(lower("resi_number"), 0) WITH =,
		(coalesce("marketplace_order_id", 0)) WITH <>,
		lower("resi_number") WITH =);
--> statement-breakpoint
-- Within a hand-entered package, one record per product: the same product twice under one resi
-- is a double entry (23505). A packed order's records are one per product by ship_package.
CREATE UNIQUE INDEX "outgoing_goods_resi_product_key" ON "outgoing_goods" USING btree (lower("resi_number"), "product_id")
	WHERE "marketplace_order_id" IS NULL;
