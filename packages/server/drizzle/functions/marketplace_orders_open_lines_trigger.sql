-- The current source of marketplace_orders_open_lines_trigger (last written by migration 0047_open_order_lines):
-- an order that leaves or re-enters the open states carries its lines' open flag along. A migration that changes it restates it whole.
CREATE OR REPLACE FUNCTION marketplace_orders_open_lines_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE marketplace_order_lines SET open = (NEW.shipped_at IS NULL
	                                          AND NEW.status IN ('perlu_dikirim', 'belum_bayar'))
	 WHERE order_id = NEW.id
	   AND open IS DISTINCT FROM (NEW.shipped_at IS NULL
	                              AND NEW.status IN ('perlu_dikirim', 'belum_bayar'));
	RETURN NULL;
END
$$;
