-- The current source of marketplace_order_lines_open_trigger (last written by migration 0049_open_order_lines):
-- new lines of an order that is not open are closed, one statement per insert. A migration that changes it restates it whole.
CREATE OR REPLACE FUNCTION marketplace_order_lines_open_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	UPDATE marketplace_order_lines l SET open = false
	  FROM new_lines n
	  JOIN marketplace_orders o ON o.id = n.order_id
	 WHERE l.id = n.id
	   AND l.open
	   AND NOT (o.shipped_at IS NULL AND o.status IN ('perlu_dikirim', 'belum_bayar'));
	RETURN NULL;
END
$$;
