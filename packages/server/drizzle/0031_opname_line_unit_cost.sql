-- A posted stock take keeps its value (issue 42 m4). The value of a line's difference is
-- difference x cost per unit; the cost was read from the product at every view, so a receipt after
-- the post (which moves the moving-average cost, ADR 0015) changed a closed session's value, on
-- screen and in its printed result. Posting now freezes each line's cost per unit; an open
-- session still shows the product's cost now. Hand-written, as 0016.
ALTER TABLE "stock_opname_lines" ADD COLUMN "unit_cost" numeric(14, 2);
--> statement-breakpoint
ALTER TABLE "stock_opname_lines" ADD CONSTRAINT "stock_opname_lines_unit_cost_check" CHECK ("unit_cost" >= 0);
--> statement-breakpoint
-- Sessions posted before this migration: their cost at the migration is the nearest to posting
-- still known; from now on it stays.
UPDATE "stock_opname_lines" l SET "unit_cost" = p."purchase_price"
  FROM "products" p, "stock_opname_sessions" s
 WHERE p."id" = l."product_id" AND s."id" = l."session_id" AND s."status" = 'posted';
