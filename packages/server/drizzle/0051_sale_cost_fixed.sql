-- A sale's purchase price follows the moving-average cost of its date (docs/adr/0015, addendum
-- 2026-12-01 'a sale's cost follows its date'): a write that replays a product's history (an
-- edit or delete of a receipt, a movement dated before a later one) gives each sale the cost of
-- its place in it. A fixed price stays: one set by hand in Pembukuan, and every sale recorded
-- before this migration (its price was the cost of its time, and may have been set by hand
-- before hand-set prices were marked). Added with the default true, which marks every existing
-- row without rewriting the table, then new rows default to false.
ALTER TABLE "outgoing_goods" ADD COLUMN "cost_fixed" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "outgoing_goods" ALTER COLUMN "cost_fixed" SET DEFAULT false;
