-- The current source of marketplace_orders_store_trigger (last written by migration 0033_stock_reservations):
-- an order without a store gets its channel's default store. A migration that changes it restates it whole.
CREATE OR REPLACE FUNCTION marketplace_orders_store_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF NEW.store_id IS NULL THEN
		NEW.store_id := marketplace_default_store(NEW.channel);
	END IF;
	RETURN NEW;
END
$$;
