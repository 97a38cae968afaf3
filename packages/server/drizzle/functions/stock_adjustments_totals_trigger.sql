-- The current source of stock_adjustments_totals_trigger (last written by migration 0016_returns_opname).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
