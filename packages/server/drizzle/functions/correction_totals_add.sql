-- The current source of correction_totals_add (last written by migration 0016_returns_opname).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
