-- The activity log's row count, kept as damaged goods' is (row_counts), so that its unfiltered
-- page counts no rows (docs/adr/0007-scale.md). Every write of every area writes a log entry, so
-- one counter row would make all writers of the shop queue for its lock: the count is kept in
-- eight slots, chosen by the writing connection, and read as their sum. Hand-written.
CREATE FUNCTION "activity_logs_count_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO row_counts AS c (table_name, rows)
	VALUES ('activity_logs/' || (pg_backend_pid() % 8), CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
	ON CONFLICT (table_name) DO UPDATE SET rows = c.rows + excluded.rows;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "rebuild_movement_totals"() RETURNS void LANGUAGE sql AS $$
	DELETE FROM product_totals;
	DELETE FROM product_monthly_totals;
	INSERT INTO product_totals (product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity)
	SELECT product_id, sum(in_rows), sum(in_qty), sum(out_rows), sum(out_qty)
	  FROM (SELECT product_id, count(*) AS in_rows, sum(quantity) AS in_qty, 0 AS out_rows, 0 AS out_qty
	          FROM incoming_goods GROUP BY product_id
	        UNION ALL
	        SELECT product_id, 0, 0, count(*), sum(quantity) FROM outgoing_goods GROUP BY product_id) s
	 GROUP BY product_id;
	INSERT INTO product_monthly_totals (month, product_id, incoming_quantity, outgoing_quantity)
	SELECT month, product_id, sum(in_qty), sum(out_qty)
	  FROM (SELECT date_trunc('month', date)::date AS month, product_id, sum(quantity) AS in_qty, 0 AS out_qty
	          FROM incoming_goods GROUP BY 1, 2
	        UNION ALL
	        SELECT date_trunc('month', date)::date, product_id, 0, sum(quantity)
	          FROM outgoing_goods GROUP BY 1, 2) s
	 GROUP BY month, product_id;
	INSERT INTO row_counts (table_name, rows) SELECT 'damaged_goods', count(*) FROM damaged_goods
	ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
	DELETE FROM row_counts WHERE table_name LIKE 'activity_logs/%';
	INSERT INTO row_counts (table_name, rows) SELECT 'activity_logs/0', count(*) FROM activity_logs;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_logs_row_count" AFTER INSERT OR DELETE
	ON "activity_logs" FOR EACH ROW EXECUTE FUNCTION activity_logs_count_trigger();
--> statement-breakpoint
CREATE TRIGGER "activity_logs_row_count_truncate" AFTER TRUNCATE ON "activity_logs"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
DELETE FROM row_counts WHERE table_name LIKE 'activity_logs/%';
--> statement-breakpoint
INSERT INTO row_counts (table_name, rows) SELECT 'activity_logs/0', count(*) FROM activity_logs;
