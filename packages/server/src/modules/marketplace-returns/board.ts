// The board 'Dari Marketplace' (GET /api/marketplace-returns) and its totals per channel and
// store (GET /api/marketplace-returns/summary): every imported request joined, when read, to its
// imported order (by channel and order number), to Gudang's Barang Keluar records of that order
// (the cost at the sale), to its income file's fees (issue 45) and to Gudang's Retur records,
// and placed in one of three lists (MARKETPLACE_RETURN_LISTS in the contract says how). Filtered,
// sorted and paged in SQL; money in rupiah.
import {
  type MarketplaceChannel,
  type MarketplaceReturnList,
  type MarketplaceReturnQuery,
  type MarketplaceReturnRow,
  type MarketplaceReturnSummary,
  type MarketplaceReturnSummaryQuery,
  type ReturnBoardList,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from '../../lib/search';
import { pageOf, paginationOf } from '../../lib/paging';
import { orderFamily } from '../../lib/order-family';
import { shownName } from './imports';

type Num = number | string;

/**
 * The search over a request: order and return numbers, return tracking, SKU, product name as
 * shown (and its order's resi, boardOf).
 */
const SEARCHED = sql`(r.order_number || chr(1) || coalesce(r.return_number, '') || chr(1)
  || coalesce(r.return_tracking, '') || chr(1) || coalesce(r.sku, '') || chr(1)
  || coalesce(n.product_name, ''))`;

/** The request's product name, else its SKU's product's, else its order line's (shownName). */
const SHOWN_NAME = shownName(
  sql`r.product_name`,
  sql`r.sku`,
  sql`coalesce(o.channel, r.channel)`,
  sql`o.id`,
);

/**
 * What an income file took of an order besides the refund itself: every fee category and its
 * adjustments (a reimbursement lowers it), as Pembukuan's fee and a store's fee rate count them.
 */
const FEES_PAID = sql`(st.komisi + st.layanan + st.proses + st.pembayaran + st.ongkir
  + st.afiliasi + st.pajak + st.penyesuaian + st.lain)`;

interface BoardFilter {
  channel?: MarketplaceChannel;
  store_id?: number;
  startDate?: string;
  endDate?: string;
  search?: string;
}

/**
 * Every request of the filter with its order, sale, fees, Retur records, list and loss, as the
 * CTE `board` (one row per request). `today`: the shop's day; `days`: return_check_days.
 */
function boardOf(filter: BoardFilter, today: string, days: number): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.startDate !== undefined) parts.push(sql`r.requested_on >= ${filter.startDate}::date`);
  if (filter.endDate !== undefined) parts.push(sql`r.requested_on <= ${filter.endDate}::date`);
  const pattern = searchPattern(filter.search);
  // The order's resi too (marketplace_orders_search_trgm_idx): the parcel's label in hand.
  if (pattern !== null)
    parts.push(sql`(${SEARCHED} ilike ${pattern} or r.order_number in (
      select mo.order_number from marketplace_orders mo
       where (mo.order_number || chr(1) || coalesce(mo.resi_number, '')) ilike ${pattern}))`);
  const outer: SQL[] = [sql`true`];
  if (filter.channel !== undefined) outer.push(sql`j.channel = ${filter.channel}`);
  if (filter.store_id !== undefined) outer.push(sql`j.store_id = ${filter.store_id}`);
  return sql`
    joined as (
      select r.id, coalesce(o.channel, r.channel) as channel,
             coalesce(o.store_id, r.store_id) as store_id, r.order_number, o.id as order_id,
             o.resi_number as order_resi, o.shipped_at, r.return_number, r.type, r.reason, r.sku,
             n.product_name, r.quantity as file_quantity, r.refund_amount,
             r.compensation_amount, r.requested_on, r.refunded_on, r.return_tracking, r.status,
             r.status_text, r.claim_deadline
        from marketplace_returns r
        left join lateral (
          select mo.id, mo.channel, mo.store_id, mo.resi_number, mo.shipped_at
            from marketplace_orders mo
           where mo.order_number = r.order_number
             and mo.channel = any(${orderFamily(sql`r.channel`)})
           order by (mo.channel = r.channel) desc
           limit 1) o on true
        cross join lateral (select ${SHOWN_NAME} as product_name) n
       where ${sql.join(parts, sql` and `)}
    ),
    board as (
      select j.*, coalesce(j.order_resi, sale.sale_resi) as resi,
             sale.shipped_units, sale.cost_total, units.order_units, units.sku_units,
             sale.sku_cost, st.fees_paid, rv.retur_id, rv.received_at, rv.good, rv.damaged,
             coalesce(j.file_quantity, units.order_units, sale.shipped_units, 0) as units,
             coalesce(j.refunded_on, j.requested_on) as since,
             (j.type = 'return_refund' or coalesce(sale.shipped_units, 0) > 0
              or j.shipped_at is not null) as expected_back
        from joined j
        -- The order's Barang Keluar records (packed for it, or entered by hand under its resi):
        -- their units and cost at the sale, and the cost of the products the request's SKU is.
        left join lateral (
          select sum(g.quantity) as shipped_units,
                 sum(g.quantity * g.purchase_price) as cost_total,
                 min(g.resi_number) as sale_resi,
                 sum(g.quantity * g.purchase_price) filter (where g.product_id in (
                   select i.product_id from sku_mappings m
                     join sku_mapping_items i on i.mapping_id = m.id
                    where lower(m.sku) = lower(j.sku)
                      and (m.channel is null or m.channel = j.channel)
                   union
                   select p.id from products p
                    where lower(p.code) = lower(j.sku) or lower(p.barcode_id) = lower(j.sku)))
                   as sku_cost
            from outgoing_goods g
           where j.order_id is not null
             and (g.marketplace_order_id = j.order_id
                  or (j.order_resi is not null and lower(g.resi_number) = lower(j.order_resi)))
        ) sale on true
        left join lateral (
          select sum(l.quantity) as order_units,
                 sum(l.quantity) filter (where lower(l.sku) = lower(j.sku)) as sku_units
            from marketplace_order_lines l
           where l.order_id = j.order_id
        ) units on true
        left join lateral (
          select ${FEES_PAID} as fees_paid
            from marketplace_settlements st
           where st.order_number = j.order_number
             and st.channel = any(${orderFamily(sql`j.channel`)})
           order by (st.channel = j.channel) desc
           limit 1
        ) st on true
        -- Gudang's Retur records of the order (by the order, its resi, or the return tracking).
        left join lateral (
          select max(rt.id) as retur_id, to_char(max(rt.date), 'YYYY-MM-DD') as received_at,
                 coalesce(sum(rl.quantity) filter (where rl.condition = 'good'), 0) as good,
                 coalesce(sum(rl.quantity) filter (where rl.condition = 'damaged'), 0) as damaged
            from returns rt
            left join return_lines rl on rl.return_id = rt.id
           where rt.marketplace_order_id = j.order_id
              or (j.order_resi is not null and lower(rt.resi_number) = lower(j.order_resi))
              or (j.return_tracking is not null
                  and lower(rt.resi_number) = lower(j.return_tracking))
        ) rv on true
       where ${sql.join(outer, sql` and `)}
    ),
    listed as (
      select b.*,
             case
               when b.status = 'ditolak' then null
               when b.retur_id is not null then 'received'
               when b.type = 'refund_only' then 'not_received'
               when b.expected_back
                    and (b.type <> 'return_refund' or b.status = 'dana_dikembalikan'
                         or b.refunded_on is not null)
                    and b.since < ${today}::date - ${days}::integer then 'not_received'
               when b.expected_back then 'awaiting'
             end as list,
             case
               when b.cost_total is null then null
               when b.sku_cost is not null and b.sku_units > 0
                 then round(b.units * b.sku_cost / b.sku_units, 2)
               when b.order_units > 0 then round(b.units * b.cost_total / b.order_units, 2)
               when b.shipped_units > 0 then round(b.units * b.cost_total / b.shipped_units, 2)
             end as cost,
             case
               when b.fees_paid is null then null
               else round(greatest(-b.fees_paid, 0) / 100.0
                          * least(1, case when coalesce(b.order_units, 0) > 0
                                          then b.units::numeric / b.order_units else 1 end), 2)
             end as fees_lost
        from board b
    ),
    lost as (
      select l.*,
             case when l.list = 'not_received'
                  then greatest(coalesce(l.cost, 0) + coalesce(l.fees_lost, 0)
                                - l.compensation_amount, 0) end as loss
        from listed l
    )`;
}

type BoardRow = {
  id: Num;
  channel: MarketplaceChannel;
  store_id: Num | null;
  store: string | null;
  order_number: string;
  order_id: Num | null;
  resi: string | null;
  return_number: string | null;
  type: MarketplaceReturnRow['type'];
  reason: string | null;
  sku: string | null;
  product_name: string | null;
  units: Num;
  refund_amount: Num;
  compensation_amount: Num;
  requested_at: string | null;
  refunded_at: string | null;
  return_tracking: string | null;
  status: MarketplaceReturnRow['status'];
  status_text: string;
  list: ReturnBoardList | null;
  days: Num | null;
  retur_id: Num | null;
  received_at: string | null;
  good: Num;
  damaged: Num;
  order_requested_units: Num;
  cost: Num | null;
  fees_lost: Num | null;
  loss: Num | null;
  claim_deadline: string | null;
  total: Num;
};

const numberOrNull = (value: Num | null) => (value === null ? null : Number(value));

/**
 * The units every request of the row `l`'s order names, rejected ones left out (a request
 * without a quantity: the order's units), to set beside what Retur took back: a parcel with more
 * or fewer units than the marketplace refunded is the manager's to look at. Read for the page's
 * rows only (after the sort and limit), each an index probe (marketplace_returns_order_idx).
 */
const orderRequestedUnits = sql`(
  select coalesce(sum(coalesce(r2.quantity, l.order_units, l.shipped_units, 0)), 0)
    from marketplace_returns r2
   where r2.order_number = l.order_number and r2.status <> 'ditolak'
     and l.channel = any(${orderFamily(sql`r2.channel`)}))`;

/** One list of the board, newest request first (its day, then id), paged in SQL. */
export async function listMarketplaceReturns(
  db: DbOrTx,
  query: MarketplaceReturnQuery,
  today: string,
  days: number,
): Promise<MarketplaceReturnList> {
  const { page, limit, offset } = pageOf(query);
  const list = query.list ?? 'not_received';
  if (!Number.isSafeInteger(offset))
    return { data: [], pagination: paginationOf({ page, limit }, 0) };
  const read = (window: SQL) =>
    db.execute<BoardRow>(sql`
    with ${boardOf(query, today, days)}
    select l.id, l.channel, l.store_id, s.name as store, l.order_number, l.order_id, l.resi,
           l.return_number, l.type, l.reason, l.sku, l.product_name, l.units, l.refund_amount,
           l.compensation_amount, to_char(l.requested_on, 'YYYY-MM-DD') as requested_at,
           to_char(l.refunded_on, 'YYYY-MM-DD') as refunded_at, l.return_tracking, l.status,
           l.status_text, l.list, (${today}::date - l.since) as days, l.retur_id, l.received_at,
           l.good, l.damaged, l.cost, l.fees_lost, l.loss,
           to_char(l.claim_deadline, 'YYYY-MM-DD') as claim_deadline,
           ${orderRequestedUnits} as order_requested_units,
           count(*) over () as total
      from lost l
      left join marketplace_stores s on s.id = l.store_id
     where l.list = ${list}
     order by l.requested_on desc, l.id desc
     ${window}`);
  let { rows } = await read(sql`limit ${limit} offset ${offset}`);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    // A page beyond the list: its count from the first row of the list.
    const first = await read(sql`limit 1`);
    total = Number(first.rows[0]?.total ?? 0);
    rows = [];
  }
  return {
    data: rows.map((row): MarketplaceReturnRow => ({
      id: Number(row.id),
      channel: row.channel,
      store_id: numberOrNull(row.store_id),
      store: row.store,
      order_number: row.order_number,
      order_id: numberOrNull(row.order_id),
      resi: row.resi,
      return_number: row.return_number,
      type: row.type,
      reason: row.reason,
      sku: row.sku,
      product_name: row.product_name,
      quantity: Number(row.units),
      refund_amount: Number(row.refund_amount),
      compensation_amount: Number(row.compensation_amount),
      requested_at: row.requested_at,
      refunded_at: row.refunded_at,
      return_tracking: row.return_tracking,
      status: row.status,
      status_text: row.status_text,
      list: row.list,
      days: numberOrNull(row.days),
      retur_id: numberOrNull(row.retur_id),
      received_at: row.received_at,
      received_good: Number(row.good),
      received_damaged: Number(row.damaged),
      order_requested_units: Number(row.order_requested_units),
      cost: numberOrNull(row.cost),
      fees_lost: numberOrNull(row.fees_lost),
      loss: numberOrNull(row.loss),
      claim_deadline: row.claim_deadline,
    })),
    pagination: paginationOf({ page, limit }, total),
  };
}

type SummaryRow = {
  channel: MarketplaceChannel;
  store_id: Num | null;
  store: string | null;
  returns: Num;
  units: Num;
  refunds: Num;
  loss: Num;
  not_received: Num;
  awaiting: Num;
  received: Num;
};

/** Per channel and store, the requests in a list: units, refunds, loss and each list's count. */
export async function marketplaceReturnSummary(
  db: DbOrTx,
  query: MarketplaceReturnSummaryQuery,
  today: string,
  days: number,
): Promise<MarketplaceReturnSummary> {
  const { rows } = await db.execute<SummaryRow>(sql`
    with ${boardOf(query, today, days)}
    select l.channel, l.store_id, s.name as store, count(*) as returns,
           sum(l.units) as units, sum(l.refund_amount) as refunds,
           coalesce(sum(l.loss), 0) as loss,
           count(*) filter (where l.list = 'not_received') as not_received,
           count(*) filter (where l.list = 'awaiting') as awaiting,
           count(*) filter (where l.list = 'received') as received
      from lost l
      left join marketplace_stores s on s.id = l.store_id
     where l.list is not null
     group by l.channel, l.store_id, s.name
     order by l.channel, s.name nulls last, l.store_id`);
  return {
    data: rows.map((row) => ({
      channel: row.channel,
      store_id: numberOrNull(row.store_id),
      store: row.store,
      returns: Number(row.returns),
      units: Number(row.units),
      refunds: Number(row.refunds),
      loss: Number(row.loss),
      not_received: Number(row.not_received),
      awaiting: Number(row.awaiting),
      received: Number(row.received),
    })),
  };
}
