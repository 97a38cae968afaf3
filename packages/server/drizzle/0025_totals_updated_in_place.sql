-- The kept totals updated in place. Every sale, receipt, return and adjustment adds to its
-- product's row of the month and of the day (movement_totals_add, 0015/0016). Those updates were
-- never HOT (heap-only: no index entry written) because an index included the columns they change
-- - product_monthly_totals_product_idx INCLUDE (incoming_quantity, outgoing_quantity), which no
-- query reads without the heap since 0016 added the returned and adjusted quantities, and
-- product_daily_totals_day_idx INCLUDE (product_id, outgoing_quantity), whose day range the
-- primary key (day, product_id) serves as well - so each update wrote a new entry into both
-- indexes of its table. And a full page has no room for an update in place: 30% is kept free.
-- Measured on the full bench dataset (docs/benchmarks.md, 2026-11-28): 0 of 389,414 monthly and
-- 2 of 383,997 daily updates were HOT before.
DROP INDEX IF EXISTS "product_monthly_totals_product_idx";
--> statement-breakpoint
CREATE INDEX "product_monthly_totals_product_idx" ON "product_monthly_totals" USING btree ("product_id", "month");
--> statement-breakpoint
DROP INDEX IF EXISTS "product_daily_totals_day_idx";
--> statement-breakpoint
ALTER TABLE "product_monthly_totals" SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE "product_daily_totals" SET (fillfactor = 70);
--> statement-breakpoint
-- Without the daily index the restock list's 30 days are read through the primary key and the
-- table: cheap while the rows lie in day order, as a shop's days write them (measured: 38,000 rows
-- of 30 days, 10 ms in day order as through the covering index, 27 ms scattered). A rebuild
-- (rebuild_movement_totals of 0016, the recalculation) now writes them in that order too, and the
-- two tables are rewritten once in it here (which also leaves their pages 30% free).
CREATE OR REPLACE FUNCTION "rebuild_movement_totals"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM product_totals;
	DELETE FROM product_monthly_totals;
	DELETE FROM product_daily_totals;
	DELETE FROM daily_totals;
	INSERT INTO product_totals (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity,
	                            returned_quantity, adjusted_quantity)
	SELECT product_id, sum(in_rows), sum(in_qty), sum(out_rows), sum(out_qty), sum(ret_qty), sum(adj_qty)
	  FROM (SELECT product_id, count(*) AS in_rows, sum(quantity) AS in_qty, 0 AS out_rows, 0 AS out_qty,
	               0 AS ret_qty, 0 AS adj_qty
	          FROM incoming_goods GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, count(*), sum(quantity), 0, 0 FROM outgoing_goods GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, 0, 0, sum(quantity), 0 FROM return_lines
	         WHERE condition = 'good' GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, 0, 0, 0, sum(quantity) FROM stock_adjustments GROUP BY product_id) s
	 GROUP BY product_id;
	INSERT INTO product_daily_totals (day, product_id, incoming_quantity, outgoing_quantity)
	SELECT day, product_id, sum(in_qty), sum(out_qty)
	  FROM (SELECT date AS day, product_id, sum(quantity) AS in_qty, 0 AS out_qty
	          FROM incoming_goods GROUP BY 1, 2
	        UNION ALL
	        SELECT date, product_id, 0, sum(quantity)
	          FROM outgoing_goods GROUP BY 1, 2) s
	 GROUP BY day, product_id
	 ORDER BY day, product_id;
	INSERT INTO product_monthly_totals (month, product_id, incoming_quantity, outgoing_quantity,
	                                    returned_quantity, adjusted_quantity)
	SELECT month, product_id, sum(in_qty), sum(out_qty), sum(ret_qty), sum(adj_qty)
	  FROM (SELECT date_trunc('month', day)::date AS month, product_id, sum(incoming_quantity) AS in_qty,
	               sum(outgoing_quantity) AS out_qty, 0 AS ret_qty, 0 AS adj_qty
	          FROM product_daily_totals GROUP BY 1, 2
	        UNION ALL
	        SELECT date_trunc('month', date)::date, product_id, 0, 0, sum(quantity), 0
	          FROM return_lines WHERE condition = 'good' GROUP BY 1, 2
	        UNION ALL
	        SELECT date_trunc('month', date)::date, product_id, 0, 0, 0, sum(quantity)
	          FROM stock_adjustments GROUP BY 1, 2) s
	 GROUP BY month, product_id
	 ORDER BY month, product_id;
	INSERT INTO daily_totals (day, slot, incoming_quantity, outgoing_quantity)
	SELECT day, 0, sum(incoming_quantity), sum(outgoing_quantity)
	  FROM product_daily_totals GROUP BY day;
	INSERT INTO row_counts (table_name, rows) SELECT 'damaged_goods', count(*) FROM damaged_goods
	ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
	DELETE FROM row_counts WHERE table_name LIKE 'activity_logs/%';
	INSERT INTO row_counts (table_name, rows) SELECT 'activity_logs/0', count(*) FROM activity_logs;
$$;
--> statement-breakpoint
CLUSTER "product_daily_totals" USING "product_daily_totals_pkey";
--> statement-breakpoint
CLUSTER "product_monthly_totals" USING "product_monthly_totals_pkey";
