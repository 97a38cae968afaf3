-- The current source of return_lines_totals_trigger (last written by migration 0016_returns_opname).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
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
