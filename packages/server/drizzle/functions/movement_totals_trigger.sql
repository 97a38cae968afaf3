-- The current source of movement_totals_trigger (last written by migration 0004_scale_totals).
-- A migration that changes it restates it whole; src/db/functions.test.ts checks that the
-- newest migration's copy and the migrated database equal this file.
CREATE FUNCTION "movement_totals_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	kind text := CASE WHEN TG_TABLE_NAME = 'incoming_goods' THEN 'incoming' ELSE 'outgoing' END;
BEGIN
	IF TG_OP = 'UPDATE' AND OLD.product_id = NEW.product_id AND OLD.date = NEW.date
	   AND OLD.quantity = NEW.quantity THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM movement_totals_add(kind, OLD.product_id, OLD.date, -OLD.quantity, -1);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		PERFORM movement_totals_add(kind, NEW.product_id, NEW.date, NEW.quantity, 1);
	END IF;
	RETURN NULL;
END $$;
