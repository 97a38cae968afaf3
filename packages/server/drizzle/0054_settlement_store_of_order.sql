-- A settlement of TikTok Shop's family matched with an order of the family's other channel is
-- written under that order's channel (settlements/imports.ts since 2026-12-02) and, from now on,
-- of that order's store. Before, it kept its file's store, a store of the other marketplace
-- (QA walk L: a Tokopedia file's settlement of an order imported under TikTok Shop listed under
-- 'TikTok Shop · Tokopedia', left out of the TikTok store's filter and of its 30-day fee rate).
-- Such a row (its store of another channel than its own) takes its order's store; the triggers
-- move its sums in settlement_days.
UPDATE marketplace_settlements s
   SET store_id = o.store_id
  FROM marketplace_orders o, marketplace_stores st
 WHERE o.channel = s.channel AND o.order_number = s.order_number
   AND st.id = s.store_id AND st.channel <> s.channel
   AND o.store_id IS NOT NULL;
