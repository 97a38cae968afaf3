-- The current source of pick_batch_progress_trigger (last written by migration 0039_racks_pick_batches):
-- a pick batch's count of orders left to pack, kept as its orders are shipped, cancelled or deleted.
-- A migration that changes it restates it whole.
CREATE OR REPLACE FUNCTION pick_batch_progress_trigger()
RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
	was_done boolean;
	is_done boolean;
BEGIN
	-- An order is done when Gudang shipped it or the marketplace cancelled it; a deleted one is.
	was_done := OLD.shipped_at IS NOT NULL OR OLD.status = 'batal';
	IF TG_OP = 'DELETE' THEN
		is_done := true;
	ELSE
		is_done := NEW.shipped_at IS NOT NULL OR NEW.status = 'batal';
	END IF;
	IF was_done IS DISTINCT FROM is_done THEN
		UPDATE pick_batches b
		   SET unfinished = b.unfinished + CASE WHEN is_done THEN -1 ELSE 1 END
		  FROM pick_batch_orders bo
		 WHERE bo.order_id = OLD.id AND bo.active AND b.id = bo.batch_id;
	END IF;
	IF TG_OP = 'DELETE' THEN
		RETURN OLD;
	END IF;
	RETURN NULL;
END
$$;
