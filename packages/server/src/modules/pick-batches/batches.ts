// Daftar Ambil (issue 47): a batch of imported marketplace orders to pack, picked from one list.
// Building one is a few set-based statements in one transaction: take the oldest orders to pack
// that match the filters (each row locked, SKIP LOCKED, and written into pick_batch_orders, whose
// partial unique index lets an order be in one open batch only, so batches built at the same time
// take different orders), expand their lines through the SKU mappings into products (as Scan
// Kirim does: a bundle becomes its items), sum them per product, and order the orders as the list
// runs (label order). 'picked' and 'packed' follow from counters kept with the changes they count
// (drizzle/0039_racks_pick_batches.sql).
import {
  MARKETPLACE_CHANNEL_LABELS,
  PICK_BATCH_DEFAULT_ORDERS,
  PICK_BATCH_MESSAGES,
  PICK_BATCH_STATUS_LABELS,
  RESERVATION_MESSAGES,
  pickBatchNumber,
  type List,
  type MarketplaceChannel,
  type MarketplaceStatus,
  type PickBatch,
  type PickBatchAvailable,
  type PickBatchAvailableQuery,
  type PickBatchInput,
  type PickBatchLine,
  type PickBatchListQuery,
  type PickBatchOrder,
  type PickBatchSkipped,
  type PickBatchStatus,
  type PickBatchSummary,
  type PickInput,
  type PickResult,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isoOrNull, toIso } from '../../lib/dates';
import { logCount } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { pageOf, paginationOf } from '../../lib/paging';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { jsonColumn } from '../../lib/json-column';
import { reservedLines } from '../reservations/service';

/** The filters of a batch, checked: the store must exist (and be of the channel given). */
interface Filters {
  channel: MarketplaceChannel | null;
  storeId: number | null;
  courier: string | null;
  startDate: string | null;
  endDate: string | null;
}

async function checkedFilters(db: DbOrTx, input: PickBatchAvailableQuery): Promise<Filters> {
  const startDate = input.startDate ?? null;
  const endDate = input.endDate ?? null;
  if (startDate !== null && endDate !== null && startDate > endDate)
    throw new Refusal(400, PICK_BATCH_MESSAGES.dateRange);
  const channel = input.channel ?? null;
  const storeId = input.store_id ?? null;
  if (storeId !== null) {
    const { rows } = await db.execute<{ channel: MarketplaceChannel }>(
      sql`select channel from marketplace_stores where id = ${storeId}`,
    );
    const store = rows[0];
    if (store === undefined) throw new Refusal(400, RESERVATION_MESSAGES.storeNotFound);
    if (channel !== null && store.channel !== channel)
      throw new Refusal(
        400,
        PICK_BATCH_MESSAGES.storeOtherChannel(MARKETPLACE_CHANNEL_LABELS[channel]),
      );
  }
  const courier = input.courier?.trim() ?? '';
  return { channel, storeId, courier: courier === '' ? null : courier, startDate, endDate };
}

/**
 * The orders to pack that match the filters and no open batch holds (orders o): imported,
 * 'Perlu Dikirim', not shipped from Gudang (marketplace_orders_open_idx).
 */
function poolCondition(filters: Filters): SQL {
  const parts: SQL[] = [
    sql`o.shipped_at is null`,
    sql`o.status = 'perlu_dikirim'`,
    sql`not exists (select 1 from pick_batch_orders t where t.order_id = o.id and t.active)`,
  ];
  if (filters.channel !== null) parts.push(sql`o.channel = ${filters.channel}`);
  if (filters.storeId !== null) parts.push(sql`o.store_id = ${filters.storeId}`);
  if (filters.courier !== null) parts.push(sql`lower(o.courier) = lower(${filters.courier})`);
  if (filters.startDate !== null) parts.push(sql`o.date >= ${filters.startDate}::date`);
  if (filters.endDate !== null) parts.push(sql`o.date <= ${filters.endDate}::date`);
  return sql.join(parts, sql` and `);
}

/** Left out of a batch: fulfilled by the marketplace, or (else) without a resi. */
const FULFILLED = sql`o.marketplace_fulfilled is true`;
const NO_RESI = sql`(o.marketplace_fulfilled is not true
                     and (o.resi_number is null or btrim(o.resi_number) = ''))`;
const TAKEABLE = sql`(o.marketplace_fulfilled is not true
                      and o.resi_number is not null and btrim(o.resi_number) <> '')`;

/** GET /api/pick-batches/available: what a batch would take now, and the couriers to choose. */
export async function availableOrders(
  db: Db,
  query: PickBatchAvailableQuery,
): Promise<Result<PickBatchAvailable>> {
  return inTransaction(db, async (tx) => {
    const filters = await checkedFilters(tx, query);
    const pool = poolCondition(filters);
    const { rows } = await tx.execute<{ takeable: unknown; fulfilled: unknown; no_resi: unknown }>(
      sql`select count(*) filter (where ${TAKEABLE}) as takeable,
                 count(*) filter (where ${FULFILLED}) as fulfilled,
                 count(*) filter (where ${NO_RESI}) as no_resi
            from marketplace_orders o where ${pool}`,
    );
    // The couriers of every takeable order of the other filters (a courier filter aside).
    const { rows: couriers } = await tx.execute<{ courier: string; orders: unknown }>(sql`
      select min(o.courier) as courier, count(*) as orders
        from marketplace_orders o
       where ${poolCondition({ ...filters, courier: null })} and ${TAKEABLE}
         and o.courier is not null and btrim(o.courier) <> ''
       group by lower(o.courier)
       order by count(*) desc, min(o.courier)`);
    const row = rows[0];
    return {
      orders: toNumber(row?.takeable),
      skipped: {
        marketplace_fulfilled: toNumber(row?.fulfilled),
        no_resi: toNumber(row?.no_resi),
      },
      couriers: couriers.map((c) => ({ courier: c.courier, orders: toNumber(c.orders) })),
    };
  });
}

/** The batch could take no order: answered 409 with what it left out. */
export class NoOrdersToTake extends Error {
  constructor(readonly skipped: PickBatchSkipped) {
    super(PICK_BATCH_MESSAGES.noOrders);
  }
}

/**
 * The products each chosen order needs (CTE `needs` over CTE `chosen`): its lines resolved as
 * Scan Kirim resolves them (this channel's mapping before an all-channel one, the line's
 * variation before every variation, else the product whose code, or else barcode, is the SKU; a
 * bundle gives its items), summed per order and product, less what Gudang already shipped of it
 * under the order. The same rule as reserved_lines (drizzle/functions/reserved_lines.sql), for
 * the chosen orders only.
 */
const NEEDS_OF_CHOSEN = sql`
  lines as (
    -- Each order's lines by its index (a join would hash the whole table).
    select c.id as order_id, c.date, c.channel, lower(btrim(l.sku)) as sku,
           lower(btrim(l.variation)) as variation, l.quantity
      from chosen c
      cross join lateral (
            select l.sku, l.variation, l.quantity from marketplace_order_lines l
             where l.order_id = c.id
            offset 0) as l
  ), resolved as materialized (
    select k.channel, k.sku, k.variation, r.product_id, r.quantity
      from (select distinct channel, sku, variation from lines) as k
      cross join lateral (
            -- OFFSET 0: planned once per SKU (pulled up, it ran in both branches below).
            select (select m.id from sku_mappings m
                     where lower(m.sku) = k.sku
                       and (m.channel is null or m.channel = k.channel)
                       and (m.variation is null
                            or (k.variation <> '' and lower(btrim(m.variation)) = k.variation))
                       and exists (select 1 from sku_mapping_items x where x.mapping_id = m.id)
                     order by m.channel is null, m.variation is null, m.id
                     limit 1) as mapping_id
            offset 0) as best
      cross join lateral (
            select i.product_id, i.quantity from sku_mapping_items i
             where i.mapping_id = best.mapping_id
            union all
            select coalesce((select q.id from products q where lower(q.code) = k.sku),
                            (select q.id from products q where lower(q.barcode_id) = k.sku)), 1
             where best.mapping_id is null) as r
     where r.product_id is not null
  ), units as (
    select ol.order_id, ol.date, r.product_id, sum(ol.quantity * r.quantity) as quantity
      from lines ol
      join resolved r on r.channel = ol.channel and r.sku = ol.sku and r.variation = ol.variation
     group by ol.order_id, ol.date, r.product_id
  ), needs as materialized (
    select u.order_id, u.date, u.product_id, (u.quantity - s.shipped)::integer as quantity
      from units u
      cross join lateral (
            select coalesce(sum(g.quantity), 0) as shipped from outgoing_goods g
             where g.marketplace_order_id = u.order_id and g.product_id = u.product_id) as s
     where u.quantity > s.shipped
  )`;

/**
 * The units of each line the stock cannot give the batch, by Stok Tersedia's rule (issue 44,
 * ADR 0023): every open order holds its units (reserved_lines, the one definition of Dipesan;
 * other batches' orders and orders in no batch alike) and, per product, the oldest orders take
 * the stock first, as the short orders list (GET /api/dashboard/short-orders) counts them. A
 * line lacks what its orders lack there.
 */
async function markShort(tx: Tx, batchId: number): Promise<void> {
  const { rows } = await tx.execute<{ product_id: unknown }>(
    sql`select product_id from pick_batch_lines where batch_id = ${batchId}`,
  );
  const ids = rows.map((row) => toNumber(row.product_id));
  if (ids.length === 0) return;
  await tx.execute(sql`
    with held as (
      select r.order_id, r.product_id, r.quantity,
             sum(r.quantity) over (partition by r.product_id order by o.date, r.order_id
                                   rows between unbounded preceding and current row) as upto
        from ${reservedLines(ids)} r
        join marketplace_orders o on o.id = r.order_id
    ), lacking as (
      select h.product_id,
             sum(least(h.quantity, h.upto - greatest(p.current_stock, 0)))::integer as short
        from held h
        join products p on p.id = h.product_id
        join pick_batch_orders bo on bo.batch_id = ${batchId} and bo.order_id = h.order_id
       where h.upto > greatest(p.current_stock, 0)
       group by h.product_id
    )
    update pick_batch_lines l set short = least(l.quantity, x.short)
      from lacking x
     where l.batch_id = ${batchId} and l.product_id = x.product_id`);
}

/** The filters as the log says them. */
function filterText(filters: Filters, store: string | null): string {
  const parts: string[] = [];
  if (filters.channel !== null) parts.push(MARKETPLACE_CHANNEL_LABELS[filters.channel]);
  if (store !== null) parts.push(`toko ${store}`);
  if (filters.courier !== null) parts.push(`kurir ${filters.courier}`);
  if (filters.startDate !== null || filters.endDate !== null)
    parts.push(`tanggal ${filters.startDate ?? '...'} s.d. ${filters.endDate ?? '...'}`);
  return parts.length === 0 ? 'semua pesanan' : parts.join(', ');
}

/**
 * POST /api/pick-batches: the batch, its orders, lines and the CREATE_PICK_BATCH entry, in one
 * transaction. No order to take: NoOrdersToTake (nothing written).
 */
export async function createBatch(
  db: Db,
  input: PickBatchInput,
  actor: ActivityActor,
): Promise<Result<PickBatch>> {
  return inTransaction(db, async (tx) => {
    const filters = await checkedFilters(tx, input);
    const limit = input.limit ?? PICK_BATCH_DEFAULT_ORDERS;
    const { rows: made } = await tx.execute<{ id: number }>(sql`
      insert into pick_batches (channel, store_id, courier, start_date, end_date, order_limit,
                                created_by, created_by_name)
      values (${filters.channel}, ${filters.storeId}::integer, ${filters.courier},
              ${filters.startDate}::date, ${filters.endDate}::date, ${limit}, ${actor.id},
              ${actor.name})
      returning id`);
    const batchId = toNumber(made[0]?.id);
    const pool = poolCondition(filters);

    // One statement: the oldest takeable orders, each locked (one another batch is taking is
    // skipped), what they need, the list's order (shelf order: by rack, then code) and the label
    // order (by the place of an order's first product on the list, then oldest first); then the
    // orders taken (one another batch took meanwhile is not: the partial unique index), their
    // needs, the lines (units per product, and those its stock cannot cover now) and the batch's
    // counters. Foreign keys are checked at the statement's end, when every row is in.
    const { rows: counted } = await tx.execute<{
      taken: unknown;
      units: unknown;
      products: unknown;
      fulfilled: unknown;
      no_resi: unknown;
    }>(sql`
      with chosen as (
        select o.id, o.channel, o.date from marketplace_orders o
         where ${pool} and ${TAKEABLE}
         order by o.date, o.id
         limit ${limit}
           for update of o skip locked
      ), ${NEEDS_OF_CHOSEN}, ranked as materialized (
        -- Each need with its product's place on the list.
        select x.order_id, x.date,
               dense_rank() over (order by p.rack nulls last, p.code collate "C", p.id) as n
          from needs x join products p on p.id = x.product_id
      ), placed as (
        -- No join of two CTEs (the planner cannot know their sizes): an order's first place,
        -- and the orders that need nothing (all shipped, or unmapped) after the others.
        select f.order_id, row_number() over (order by f.n nulls last, f.date, f.order_id) as position
          from (select r.order_id, min(r.n) as n, min(r.date) as date from ranked r
                 group by r.order_id
                union all
                select c.id, null, c.date from chosen c
                 where c.id not in (select x.order_id from needs x)) as f
      ), taken as (
        insert into pick_batch_orders (batch_id, order_id, position)
        select ${batchId}, order_id, position from placed
        on conflict (order_id) where active do nothing
        returning order_id
      ), taken_needs as materialized (
        select x.order_id, x.product_id, x.quantity from needs x
         where x.order_id in (select t.order_id from taken t)
      ), items as (
        insert into pick_batch_items (batch_id, order_id, product_id, quantity)
        select ${batchId}, order_id, product_id, quantity from taken_needs
      ), picked_lines as (
        -- short: markShort below, once the orders are taken.
        insert into pick_batch_lines (batch_id, product_id, quantity, short)
        select ${batchId}, x.product_id, sum(x.quantity)::integer, 0
          from taken_needs x
         group by x.product_id
        returning quantity
      ), left_out as (
        select count(*) filter (where ${FULFILLED}) as fulfilled,
               count(*) filter (where ${NO_RESI}) as no_resi
          from marketplace_orders o where ${pool}
      ), counters as (
        update pick_batches
           set units = (select coalesce(sum(quantity), 0) from picked_lines),
               unfinished = (select count(*) from taken),
               skipped_fulfilled = (select fulfilled from left_out),
               skipped_no_resi = (select no_resi from left_out)
         where id = ${batchId}
        returning units, unfinished
      )
      select c.unfinished as taken, c.units, (select count(*) from picked_lines) as products,
             p.fulfilled, p.no_resi
        from counters c cross join left_out p`);
    const skipped: PickBatchSkipped = {
      marketplace_fulfilled: toNumber(counted[0]?.fulfilled),
      no_resi: toNumber(counted[0]?.no_resi),
    };
    const taken = toNumber(counted[0]?.taken);
    if (taken === 0) throw new NoOrdersToTake(skipped);
    await markShort(tx, batchId);
    const units = toNumber(counted[0]?.units);
    const batch = await requireBatch(tx, batchId);
    await logActivity(tx, {
      action: 'CREATE_PICK_BATCH',
      user: actor,
      details:
        `Membuat daftar ambil ${batch.number} (${filterText(filters, batch.store)}): ` +
        `${logCount(taken)} pesanan, ${logCount(units)} unit, ` +
        `${logCount(toNumber(counted[0]?.products))} produk` +
        (batch.short_lines > 0 ? `, ${logCount(batch.short_lines)} produk kurang stok` : '') +
        `; dilewati: ${logCount(skipped.marketplace_fulfilled)} dikirim marketplace, ` +
        `${logCount(skipped.no_resi)} tanpa resi`,
    });
    return batch;
  });
}

type SummaryRow = {
  id: number;
  status: 'open' | 'cancelled';
  channel: MarketplaceChannel | null;
  store_id: number | null;
  store: string | null;
  courier: string | null;
  start_date: string | null;
  end_date: string | null;
  skipped_fulfilled: unknown;
  skipped_no_resi: unknown;
  units: unknown;
  picked_units: unknown;
  unfinished: unknown;
  created_by_name: string;
  created_at: unknown;
  cancelled_by_name: string | null;
  cancelled_at: unknown;
  order_count: unknown;
  shipped_count: unknown;
  short_lines: unknown;
};

/** The status the list shows: cancelled; packed (no order left); picked (every unit); open. */
const STATUS_OF = (b: SQL) => sql`case
    when ${b}.status = 'cancelled' then 'cancelled'
    when ${b}.unfinished = 0 then 'packed'
    when ${b}.units > 0 and ${b}.picked_units >= ${b}.units then 'picked'
    else 'open' end`;

const SUMMARY_COLUMNS = sql`b.id, b.status, b.channel, b.store_id, s.name as store, b.courier,
  to_char(b.start_date, 'YYYY-MM-DD') as start_date, to_char(b.end_date, 'YYYY-MM-DD') as end_date,
  b.skipped_fulfilled, b.skipped_no_resi, b.units, b.picked_units, b.unfinished,
  b.created_by_name, b.created_at, b.cancelled_by_name, b.cancelled_at,
  (select count(*) from pick_batch_orders bo where bo.batch_id = b.id) as order_count,
  (select count(*) from pick_batch_orders bo join marketplace_orders o on o.id = bo.order_id
    where bo.batch_id = b.id and o.shipped_at is not null) as shipped_count,
  (select count(*) from pick_batch_lines l where l.batch_id = b.id and l.short > 0) as short_lines`;

function statusOf(row: SummaryRow): PickBatchStatus {
  if (row.status === 'cancelled') return 'cancelled';
  if (toNumber(row.unfinished) === 0) return 'packed';
  const units = toNumber(row.units);
  return units > 0 && toNumber(row.picked_units) >= units ? 'picked' : 'open';
}

function summaryOf(row: SummaryRow): PickBatchSummary {
  const id = toNumber(row.id);
  return {
    id,
    number: pickBatchNumber(id),
    status: statusOf(row),
    channel: row.channel,
    store_id: row.store_id === null ? null : toNumber(row.store_id),
    store: row.store,
    courier: row.courier,
    startDate: row.start_date,
    endDate: row.end_date,
    order_count: toNumber(row.order_count),
    shipped_count: toNumber(row.shipped_count),
    units: toNumber(row.units),
    picked_units: toNumber(row.picked_units),
    short_lines: toNumber(row.short_lines),
    skipped: {
      marketplace_fulfilled: toNumber(row.skipped_fulfilled),
      no_resi: toNumber(row.skipped_no_resi),
    },
    created_by: row.created_by_name,
    created_at: toIso(row.created_at),
    cancelled_by: row.cancelled_by_name,
    cancelled_at: isoOrNull(row.cancelled_at),
  };
}

type LineRow = {
  product_id: number;
  code: string;
  name: string;
  barcode_id: string;
  rack: string | null;
  quantity: unknown;
  picked: unknown;
  short: unknown;
  current_stock: unknown;
  short_orders: PickBatchLine['short_orders'] | string | null;
};

/** Lines in shelf order: by rack (byte order, none last), then by code. */
const LINE_ORDER = sql`p.rack nulls last, p.code collate "C", p.id`;

const LINE_COLUMNS = sql`l.product_id, p.code, p.name, p.barcode_id, p.rack, l.quantity,
  l.picked, l.short, p.current_stock`;

/**
 * The lines of a batch (or of one product of it), each short one with the orders that need its
 * product: the batch's items read once (their primary key's range), not once per line.
 */
const LINES_OF = (batchId: number, productId?: number) => sql`
  with shorts as (
    select i.product_id,
           json_agg(json_build_object('order_id', o.id, 'order_number', o.order_number,
                                      'resi_number', o.resi_number, 'quantity', i.quantity)
                    order by bo.position, o.id) as short_orders
      from pick_batch_items i
      join pick_batch_lines sl on sl.batch_id = i.batch_id and sl.product_id = i.product_id
      join pick_batch_orders bo on bo.batch_id = i.batch_id and bo.order_id = i.order_id
      join marketplace_orders o on o.id = i.order_id
     where i.batch_id = ${batchId} and sl.short > 0
       ${productId === undefined ? sql`` : sql`and i.product_id = ${productId}`}
     group by i.product_id
  )
  select ${LINE_COLUMNS}, sh.short_orders
    from pick_batch_lines l
    join products p on p.id = l.product_id
    left join shorts sh on sh.product_id = l.product_id
   where l.batch_id = ${batchId}
     ${productId === undefined ? sql`` : sql`and l.product_id = ${productId}`}
   order by ${LINE_ORDER}`;

function lineOf(row: LineRow): PickBatchLine {
  const orders = row.short_orders === null ? [] : jsonColumn(row.short_orders);
  return {
    product_id: toNumber(row.product_id),
    product_code: row.code,
    product_name: row.name,
    barcode_id: row.barcode_id,
    rack: row.rack,
    quantity: toNumber(row.quantity),
    picked: toNumber(row.picked),
    short: toNumber(row.short),
    current_stock: toNumber(row.current_stock),
    short_orders: orders.map((order) => ({
      order_id: toNumber(order.order_id),
      order_number: order.order_number,
      resi_number: order.resi_number,
      quantity: toNumber(order.quantity),
    })),
  };
}

type OrderRow = {
  id: number;
  position: unknown;
  channel: MarketplaceChannel;
  store_id: unknown;
  store: string;
  order_number: string;
  resi_number: string | null;
  courier: string | null;
  date: string;
  status: MarketplaceStatus;
  quantity: unknown;
  shipped: boolean;
};

/** The batch with its orders (label order) and lines (shelf order); null: none. */
export async function batchDetail(db: DbOrTx, id: number): Promise<PickBatch | null> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select ${SUMMARY_COLUMNS}
      from pick_batches b left join marketplace_stores s on s.id = b.store_id
     where b.id = ${id}`);
  const row = rows[0];
  if (row === undefined) return null;
  // The units per order from one range of the items' primary key (batch_id first).
  const { rows: orders } = await db.execute<OrderRow>(sql`
    with units as (
      select i.order_id, sum(i.quantity) as quantity
        from pick_batch_items i where i.batch_id = ${id} group by i.order_id
    )
    select o.id, bo.position, o.channel, o.store_id, coalesce(s.name, '') as store,
           o.order_number, o.resi_number, o.courier, to_char(o.date, 'YYYY-MM-DD') as date,
           o.status, (o.shipped_at is not null) as shipped, coalesce(u.quantity, 0) as quantity
      from pick_batch_orders bo
      join marketplace_orders o on o.id = bo.order_id
      left join marketplace_stores s on s.id = o.store_id
      left join units u on u.order_id = bo.order_id
     where bo.batch_id = ${id}
     order by bo.position, o.id`);
  const { rows: lines } = await db.execute<LineRow>(LINES_OF(id));
  return {
    ...summaryOf(row),
    orders: orders.map((order): PickBatchOrder => ({
      id: toNumber(order.id),
      position: toNumber(order.position),
      channel: order.channel,
      store_id: toNumber(order.store_id),
      store: order.store,
      order_number: order.order_number,
      resi_number: order.resi_number,
      courier: order.courier,
      date: order.date,
      status: order.status,
      quantity: toNumber(order.quantity),
      shipped: order.shipped === true,
    })),
    lines: lines.map(lineOf),
  };
}

async function requireBatch(db: DbOrTx, id: number): Promise<PickBatch> {
  const batch = await batchDetail(db, id);
  if (batch === null) throw new Refusal(404, PICK_BATCH_MESSAGES.notFound);
  return batch;
}

export async function getBatch(db: DbOrTx, id: number): Promise<Result<PickBatch>> {
  const batch = await batchDetail(db, id);
  return batch === null
    ? { ok: false, status: 404, message: PICK_BATCH_MESSAGES.notFound }
    : { ok: true, value: batch };
}

/** GET /api/pick-batches: newest first, alone or by status, a page and the count in one read. */
export async function listBatches(
  db: DbOrTx,
  query: PickBatchListQuery,
): Promise<List<PickBatchSummary>> {
  const { page, limit, offset } = pageOf(query);
  const where =
    query.status === undefined ? sql`true` : sql`${STATUS_OF(sql`b`)} = ${query.status}`;
  const pagination = (total: number) => paginationOf({ page, limit }, total);
  const { rows: counted } = await db.execute<{ n: unknown }>(
    sql`select count(*) as n from pick_batches b where ${where}`,
  );
  const total = toNumber(counted[0]?.n);
  if (!Number.isSafeInteger(offset) || offset >= total)
    return { data: [], pagination: pagination(total) };
  // The page's batches first (by the primary key), then their counts.
  const { rows } = await db.execute<SummaryRow>(sql`
    select ${SUMMARY_COLUMNS}
      from (select * from pick_batches b where ${where} order by b.id desc
             limit ${limit} offset ${offset}) as b
      left join marketplace_stores s on s.id = b.store_id
     order by b.id desc`);
  return { data: rows.map(summaryOf), pagination: pagination(total) };
}

/** The batch row locked, with the status it shows; 404 when there is none. */
async function lockedStatus(tx: Tx, id: number): Promise<PickBatchStatus> {
  const { rows } = await tx.execute<SummaryRow>(sql`
    select b.status, b.units, b.picked_units, b.unfinished
      from pick_batches b where b.id = ${id} for update`);
  const row = rows[0];
  if (row === undefined) throw new Refusal(404, PICK_BATCH_MESSAGES.notFound);
  return statusOf(row);
}

/** POST /api/pick-batches/:id/cancel: its orders freed, the CANCEL_PICK_BATCH entry. */
export async function cancelBatch(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<Result<PickBatch>> {
  return inTransaction(db, async (tx) => {
    const status = await lockedStatus(tx, id);
    if (status === 'cancelled' || status === 'packed')
      throw new Refusal(409, PICK_BATCH_MESSAGES.readOnly(PICK_BATCH_STATUS_LABELS[status]));
    await tx.execute(sql`
      update pick_batches
         set status = 'cancelled', cancelled_by = ${actor.id}, cancelled_by_name = ${actor.name},
             cancelled_at = now()
       where id = ${id}`);
    const { rows: freed } = await tx.execute(sql`
      update pick_batch_orders set active = false
       where batch_id = ${id} and active returning order_id`);
    const batch = await requireBatch(tx, id);
    await logActivity(tx, {
      action: 'CANCEL_PICK_BATCH',
      user: actor,
      details:
        `Membatalkan daftar ambil ${batch.number}: ${logCount(freed.length)} pesanan dilepas ` +
        `(${logCount(batch.shipped_count)} sudah dikirim), ` +
        `${logCount(batch.picked_units)} dari ${logCount(batch.units)} unit sudah diambil`,
    });
    return batch;
  });
}

/**
 * POST /api/pick-batches/:id/picks: `quantity` units of the scanned product ticked on its line,
 * within what the line needs (more is refused, naming the product). No log entry: a pick moves
 * no stock and changes no order.
 */
export async function recordPick(
  db: Db,
  id: number,
  input: PickInput,
): Promise<Result<PickResult['data']>> {
  return inTransaction(db, async (tx) => {
    const barcode = input.barcode?.trim();
    const code = input.product_code?.trim();
    if ((barcode === undefined) === (code === undefined))
      throw new Refusal(400, PICK_BATCH_MESSAGES.oneProduct);
    const status = await lockedStatus(tx, id);
    if (status === 'cancelled' || status === 'packed')
      throw new Refusal(409, PICK_BATCH_MESSAGES.readOnly(PICK_BATCH_STATUS_LABELS[status]));
    const { rows: products } = await tx.execute<{ id: number; name: string }>(
      barcode === undefined
        ? sql`select id, name from products where lower(code) = lower(${code ?? ''})`
        : sql`select id, name from products where lower(barcode_id) = lower(${barcode})`,
    );
    const product = products[0];
    if (product === undefined) throw new Refusal(404, PICK_BATCH_MESSAGES.barcodeNotFound);
    const quantity = input.quantity ?? 1;
    const { rows: lines } = await tx.execute<{ quantity: unknown; picked: unknown }>(sql`
      select quantity, picked from pick_batch_lines
       where batch_id = ${id} and product_id = ${product.id} for update`);
    const line = lines[0];
    if (line === undefined) throw new Refusal(409, PICK_BATCH_MESSAGES.notInBatch(product.name));
    if (toNumber(line.picked) + quantity > toNumber(line.quantity))
      throw new Refusal(409, PICK_BATCH_MESSAGES.tooMany(product.name, toNumber(line.quantity)));
    await tx.execute(sql`
      update pick_batch_lines set picked = picked + ${quantity}
       where batch_id = ${id} and product_id = ${product.id}`);
    const { rows: batches } = await tx.execute<SummaryRow>(sql`
      update pick_batches set picked_units = picked_units + ${quantity}
       where id = ${id}
      returning status, units, picked_units, unfinished`);
    const { rows: changed } = await tx.execute<LineRow>(LINES_OF(id, product.id));
    const batch = batches[0];
    const row = changed[0];
    if (batch === undefined || row === undefined) throw new Error('the pick updated no row');
    return {
      line: lineOf(row),
      units: toNumber(batch.units),
      picked_units: toNumber(batch.picked_units),
      status: statusOf(batch),
    };
  });
}
