-- Resi numbers, product codes and barcode ids are unique regardless of letter case
-- ('jp9613431142' is 'JP9613431142'): the unique keys move from the raw text to lower(text).
-- The services compare lower() too, so their duplicate answers agree with these indexes.
ALTER TABLE "products" DROP CONSTRAINT "products_barcode_id_key";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_code_key";--> statement-breakpoint
ALTER TABLE "incoming_goods" DROP CONSTRAINT "incoming_goods_resi_number_key";--> statement-breakpoint
ALTER TABLE "outgoing_goods" DROP CONSTRAINT "outgoing_goods_resi_number_key";--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_id_lower_key" ON "products" USING btree (lower("barcode_id"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_lower_key" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_goods_resi_number_lower_key" ON "incoming_goods" USING btree (lower("resi_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_goods_resi_number_lower_key" ON "outgoing_goods" USING btree (lower("resi_number"));
