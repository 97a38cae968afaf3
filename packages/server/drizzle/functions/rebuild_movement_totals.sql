-- The current source of rebuild_movement_totals (last written by migration 0025_totals_updated_in_place).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
