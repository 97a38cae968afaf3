-- Sales written together (docs/adr/0019-sales-written-together.md): the server gathers the
-- Barang Keluar sales that arrive while an earlier one is being written and writes them in one
-- transaction - one round trip and one commit (one WAL flush) for all of them, instead of one
-- each. Each sale is the call of sell_outgoing (0014) it would have been alone, in the order
-- given; a sale refused for its stock, product or barcode returns no row, as alone. An error (a
-- resi of another package) rolls the whole batch back, and the server then writes each sale on
-- its own, so a sale never fails for another's error.
-- Deadlocks: every product of the batch is locked first, in product id order (as ship_package of
-- 0018 and the stock count's post lock theirs), before any total is written. A batch then waits
-- for a product only while it holds no totals row, and the totals' shared rows (daily_totals and
-- row_counts slots, by backend) are taken in the same order by every writer.
-- p_sales: [{ "ord", "code", "barcode", "date", "resi", "quantity", "user_id", "user_name",
-- "user_email" }]; each returned row carries its sale's ord.
CREATE FUNCTION "sell_outgoing_batch"(p_sales jsonb)
RETURNS TABLE (ord integer, id integer, date text, product_id integer, product_code text,
               product_name text, category text, brand text, resi_number text, quantity integer,
               barcode text, current_stock integer)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	s record;
	-- The codes as an array, searched through products_code_lower_key: a join with
	-- jsonb_to_recordset (taken for 100 rows) hashed the whole products table (as ship_package
	-- did, 0019): measured, 1.0-1.3 ms of PostgreSQL a sale against 0.4.
	codes text[] := ARRAY(SELECT lower(e ->> 'code') FROM jsonb_array_elements(p_sales) AS e);
BEGIN
	PERFORM 1 FROM products x WHERE lower(x.code) = ANY (codes) ORDER BY x.id FOR UPDATE;
	FOR s IN SELECT * FROM jsonb_to_recordset(p_sales) AS e(ord integer, code text, barcode text,
	             date date, resi text, quantity integer, user_id integer, user_name text, user_email text)
	LOOP
		RETURN QUERY SELECT s.ord, r.* FROM sell_outgoing(s.code, s.barcode, s.date, s.resi,
		             s.quantity, s.user_id, s.user_name, s.user_email) AS r;
	END LOOP;
END $$;
