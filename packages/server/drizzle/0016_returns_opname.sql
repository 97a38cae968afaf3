-- Retur and Stok Opname (docs/adr/0016-returns-and-adjustments.md). Two new stock
-- movements: a return line in good condition (+) and a stock adjustment (signed). The stock is
--   initial + incoming - outgoing + returned in good condition + adjustments,
-- and the kept totals (0004, 0015), their rebuild and TRUNCATE handling carry the two new terms.
-- A damaged return line moves no stock (ADR 0004): it writes a Barang Rusak record instead.
-- Hand-written: drizzle-kit cannot express triggers or functions.

CREATE TABLE "returns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"resi_number" text NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	-- The marketplace order of the resi, when there is one; and its status before this return
	-- made it 'retur' (null: this return did not change it), restored when the return is deleted.
	"marketplace_order_id" integer REFERENCES "marketplace_orders"("id") ON DELETE SET NULL,
	"previous_order_status" text,
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The list: newest first, alone or in a date range (a page read in index order).
CREATE INDEX "returns_date_idx" ON "returns" USING btree ("date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- Search over resi and reason as one text (docs/adr/0007-scale.md).
CREATE INDEX "returns_search_trgm_idx" ON "returns" USING gin (("resi_number" || chr(1) || "reason") gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "return_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"return_id" integer NOT NULL REFERENCES "returns"("id") ON DELETE CASCADE,
	-- An outgoing record with returns cannot be deleted (the foreign key refuses).
	"outgoing_goods_id" integer NOT NULL REFERENCES "outgoing_goods"("id"),
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	-- The return's date, kept on the line: the totals and the stock card read it per product.
	"date" date NOT NULL,
	"quantity" integer NOT NULL,
	"condition" text NOT NULL,
	-- The Barang Rusak record a damaged line wrote (deleted with the return).
	"damaged_goods_id" integer REFERENCES "damaged_goods"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_lines_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "return_lines_condition_check" CHECK ("condition" in ('good', 'damaged'))
);
--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");
--> statement-breakpoint
-- What was returned of an outgoing record before (the lookup, the over-return check, Pembukuan).
CREATE INDEX "return_lines_outgoing_idx" ON "return_lines" USING btree ("outgoing_goods_id") INCLUDE ("quantity");
--> statement-breakpoint
-- The stock card and the report's edges: a product's lines by date.
CREATE INDEX "return_lines_product_idx" ON "return_lines" USING btree ("product_id", "date");
--> statement-breakpoint
CREATE INDEX "return_lines_date_idx" ON "return_lines" USING btree ("date") INCLUDE ("product_id", "quantity", "condition");
--> statement-breakpoint
CREATE TABLE "stock_opname_sessions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_opname_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"scope_type" text NOT NULL,
	"scope_value" text,
	"scope_product_codes" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"started_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_by_name" text,
	"posted_at" timestamp with time zone,
	"cancelled_by_name" text,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "stock_opname_sessions_scope_check" CHECK ("scope_type" in ('all', 'category', 'brand', 'products')),
	CONSTRAINT "stock_opname_sessions_status_check" CHECK ("status" in ('open', 'posted', 'cancelled'))
);
--> statement-breakpoint
-- The list: newest first, alone or by status.
CREATE INDEX "stock_opname_sessions_started_idx" ON "stock_opname_sessions" USING btree ("started_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "stock_opname_sessions_status_idx" ON "stock_opname_sessions" USING btree ("status", "started_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
-- The list's search over the session's name.
CREATE INDEX "stock_opname_sessions_name_trgm_idx" ON "stock_opname_sessions" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- One line per product of the scope, fixed when the session starts. counted null: not counted.
-- expected: the product's stock when its count last changed.
CREATE TABLE "stock_opname_lines" (
	"session_id" integer NOT NULL REFERENCES "stock_opname_sessions"("id") ON DELETE CASCADE,
	"product_id" integer NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"counted" integer,
	"expected" integer,
	"counted_at" timestamp with time zone,
	CONSTRAINT "stock_opname_lines_pkey" PRIMARY KEY ("session_id", "product_id"),
	CONSTRAINT "stock_opname_lines_counted_check" CHECK ("counted" >= 0)
);
--> statement-breakpoint
CREATE INDEX "stock_opname_lines_product_idx" ON "stock_opname_lines" USING btree ("product_id");
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_adjustments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"product_id" integer NOT NULL REFERENCES "products"("id"),
	"date" date NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"stock_opname_id" integer REFERENCES "stock_opname_sessions"("id"),
	"created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_quantity_check" CHECK ("quantity" <> 0)
);
--> statement-breakpoint
CREATE INDEX "stock_adjustments_date_idx" ON "stock_adjustments" USING btree ("date" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("product_id", "date");
--> statement-breakpoint
CREATE INDEX "stock_adjustments_date_quantity_idx" ON "stock_adjustments" USING btree ("date") INCLUDE ("product_id", "quantity");
--> statement-breakpoint
CREATE INDEX "stock_adjustments_session_idx" ON "stock_adjustments" USING btree ("stock_opname_id") WHERE "stock_opname_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "stock_adjustments_reason_trgm_idx" ON "stock_adjustments" USING gin ("reason" gin_trgm_ops);
--> statement-breakpoint
-- The two new terms in the kept totals: all time per product, and per product and month (the
-- stock report and the stock card's balance before their first day).
ALTER TABLE "product_totals" ADD COLUMN "returned_quantity" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_totals" ADD COLUMN "adjusted_quantity" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_monthly_totals" ADD COLUMN "returned_quantity" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_monthly_totals" ADD COLUMN "adjusted_quantity" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "correction_totals_add"(kind text, product integer, day date, quantity integer)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	ret integer := CASE WHEN kind = 'returned' THEN quantity ELSE 0 END;
	adj integer := CASE WHEN kind = 'returned' THEN 0 ELSE quantity END;
BEGIN
	INSERT INTO product_totals AS t (product_id, returned_quantity, adjusted_quantity)
	VALUES (product, ret, adj)
	ON CONFLICT (product_id) DO UPDATE SET
		returned_quantity = t.returned_quantity + excluded.returned_quantity,
		adjusted_quantity = t.adjusted_quantity + excluded.adjusted_quantity;
	INSERT INTO product_monthly_totals AS m (month, product_id, returned_quantity, adjusted_quantity)
	VALUES (date_trunc('month', day)::date, product, ret, adj)
	ON CONFLICT (month, product_id) DO UPDATE SET
		returned_quantity = m.returned_quantity + excluded.returned_quantity,
		adjusted_quantity = m.adjusted_quantity + excluded.adjusted_quantity;
END $$;
--> statement-breakpoint
-- Only a line in good condition is a stock movement; a damaged line counts nothing.
CREATE FUNCTION "return_lines_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.condition = 'good' THEN
		PERFORM correction_totals_add('returned', OLD.product_id, OLD.date, -OLD.quantity);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.condition = 'good' THEN
		PERFORM correction_totals_add('returned', NEW.product_id, NEW.date, NEW.quantity);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stock_adjustments_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM correction_totals_add('adjusted', OLD.product_id, OLD.date, -OLD.quantity);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM correction_totals_add('adjusted', NEW.product_id, NEW.date, NEW.quantity);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "return_lines_totals" AFTER INSERT OR DELETE OR UPDATE OF "product_id", "date", "quantity", "condition"
	ON "return_lines" FOR EACH ROW EXECUTE FUNCTION return_lines_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER "stock_adjustments_totals" AFTER INSERT OR DELETE OR UPDATE OF "product_id", "date", "quantity"
	ON "stock_adjustments" FOR EACH ROW EXECUTE FUNCTION stock_adjustments_totals_trigger();
--> statement-breakpoint
CREATE TRIGGER "return_lines_totals_truncate" AFTER TRUNCATE ON "return_lines"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
CREATE TRIGGER "stock_adjustments_totals_truncate" AFTER TRUNCATE ON "stock_adjustments"
	FOR EACH STATEMENT EXECUTE FUNCTION movement_totals_truncate();
--> statement-breakpoint
-- rebuild_movement_totals of 0015, plus returned (good lines) and adjusted quantities in the
-- per-product and monthly totals. The daily tables stay incoming and outgoing only: they feed the
-- daily chart and the restock average, which count sales and receipts.
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
	 GROUP BY day, product_id;
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
	 GROUP BY month, product_id;
	INSERT INTO daily_totals (day, slot, incoming_quantity, outgoing_quantity)
	SELECT day, 0, sum(incoming_quantity), sum(outgoing_quantity)
	  FROM product_daily_totals GROUP BY day;
	INSERT INTO row_counts (table_name, rows) SELECT 'damaged_goods', count(*) FROM damaged_goods
	ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
	DELETE FROM row_counts WHERE table_name LIKE 'activity_logs/%';
	INSERT INTO row_counts (table_name, rows) SELECT 'activity_logs/0', count(*) FROM activity_logs;
$$;
--> statement-breakpoint
SELECT rebuild_movement_totals();
