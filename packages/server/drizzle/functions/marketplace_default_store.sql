-- The current source of marketplace_default_store (last written by migration 0033_stock_reservations):
-- the channel's default store, made on first use. A migration that changes it restates it whole.
CREATE OR REPLACE FUNCTION marketplace_default_store(p_channel text)
RETURNS integer
LANGUAGE plpgsql
AS $$
DECLARE
	label text := CASE p_channel WHEN 'shopee' THEN 'Shopee' WHEN 'tiktok' THEN 'TikTok Shop'
	                             WHEN 'lazada' THEN 'Lazada' WHEN 'tokopedia' THEN 'Tokopedia'
	                             ELSE 'BigSeller' END;
	found_id integer;
BEGIN
	SELECT s.id INTO found_id FROM marketplace_stores s WHERE s.channel = p_channel AND s.is_default;
	IF found_id IS NOT NULL THEN
		RETURN found_id;
	END IF;
	-- A store of the label's name may exist already (made by the manager): then '(utama)'.
	INSERT INTO marketplace_stores (channel, name, is_default)
	SELECT p_channel, n.name, true
	  FROM (VALUES (1, label), (2, label || ' (utama)')) AS n(rank, name)
	 WHERE NOT EXISTS (SELECT 1 FROM marketplace_stores s
	                    WHERE s.channel = p_channel AND lower(s.name) = lower(n.name))
	 ORDER BY n.rank LIMIT 1
	ON CONFLICT DO NOTHING;
	SELECT s.id INTO found_id FROM marketplace_stores s WHERE s.channel = p_channel AND s.is_default;
	IF found_id IS NULL THEN
		RAISE EXCEPTION 'marketplace_default_store: no default store for %', p_channel;
	END IF;
	RETURN found_id;
END
$$;
