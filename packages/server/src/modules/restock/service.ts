// Restock: which products need ordering and how many, the daily movement chart and the
// shop's 'Target Persediaan' ('Buat Order' writes List Order entries: orders/service.ts). Every
// number comes from the kept totals (product_daily_totals, daily_totals:
// drizzle/0015_restock_cost.sql), never from a scan of the movement rows (docs/adr/0007-scale.md).
import {
  RESTOCK,
  type DailyResponse,
  type RestockList,
  type RestockQuery,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { products, shopSettings } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { logCount } from '../../lib/log-text';
import { productSearch } from '../../lib/search';
import { pageOf, paginationOf } from '../../lib/paging';
import { searchPattern } from '../../lib/search';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { reservedLines } from '../reservations/service';

/** The shop's 'Target Persediaan' in days. */
export async function targetStockDays(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ days: shopSettings.targetStockDays }).from(shopSettings);
  return row?.days ?? RESTOCK.defaultTargetDays;
}

/** Sets 'Target Persediaan' and logs UPDATE_SETTINGS, in one transaction. */
export async function setTargetStockDays(
  db: Db,
  days: number,
  actor: ActivityActor,
): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await targetStockDays(tx);
    if (before === days) return days;
    await tx
      .insert(shopSettings)
      .values({ id: true, targetStockDays: days })
      .onConflictDoUpdate({ target: shopSettings.id, set: { targetStockDays: days } });
    await logActivity(tx, {
      action: 'UPDATE_SETTINGS',
      user: actor,
      details: `Target Persediaan ${logCount(before)} → ${logCount(days)} hari`,
    });
    return days;
  });
}

/**
 * 'Perlu Restock' on `today`: products whose Tersedia (stock - Dipesan, issue 44: the units open
 * imported orders hold are as good as sold) is at or under their minimum, or with less than
 * RESTOCK.coverDays days of cover, fewest days first (those that sold nothing last, then by
 * code). The average is the outgoing quantity of the RESTOCK.averageDays days ending today over
 * that many days; the comparisons are made on the exact fractions (stock x 30 < 7 x sold), only
 * the answer is rounded.
 *
 * 'Sudah Dipesan' (on_order, issue 42 m13): the List Order lines of the product dated in those
 * days (or later) that no Barang Masuk of the product has received under their resi yet (a
 * product is received once per resi: ADR 0015's addendum); the suggestion subtracts them, so a
 * 'Buat Order' is not suggested again while its goods are on the way. Read for the page's rows
 * only, by the orders' (product, date) index and the receipts' (resi, product) key.
 */
export async function restockList(
  db: DbOrTx,
  query: RestockQuery,
  today: string,
): Promise<RestockList> {
  const { page, limit, offset } = pageOf(query);
  const pattern = searchPattern(query.search);
  const days = RESTOCK.averageDays;
  const from = addDays(today, -(days - 1));
  const { rows } = await db.execute<{
    total: unknown;
    product_code: string | null;
    product_name: string | null;
    current_stock: number | null;
    reserved: unknown;
    min_stock: number | null;
    purchase_price: unknown;
    sold: unknown;
    on_order: unknown;
    suggested_quantity: unknown;
  }>(sql`
    with sold as (
      select product_id, sum(outgoing_quantity) as sold
        from product_daily_totals
       where day between ${from}::date and ${today}::date
       group by product_id),
    held as (
      select r.product_id, sum(r.quantity) as reserved
        from ${reservedLines(null)} r group by r.product_id),
    stocked as (
      select products.*, coalesce(h.reserved, 0) as reserved,
             products.current_stock - coalesce(h.reserved, 0) as available
        from ${products}
        left join held h on h.product_id = products.id),
    needy as materialized (
      select products.id, products.code, products.name, products.current_stock,
             products.reserved, products.available,
             products.min_stock, products.purchase_price, coalesce(s.sold, 0) as sold
        from stocked products
        left join sold s on s.product_id = products.id
       where (products.available <= products.min_stock
              or products.available::numeric * ${days}
                 < ${RESTOCK.coverDays}::numeric * coalesce(s.sold, 0))
         ${pattern === null ? sql`` : sql`and ${productSearch(pattern)}`}),
    page as (
      select n.*,
             row_number() over (order by case when n.sold > 0
                                              then n.available::numeric / n.sold end
                                           asc nulls last, n.code, n.id) as position
        from needy n
       order by case when n.sold > 0 then n.available::numeric / n.sold end asc nulls last,
                n.code, n.id
       limit ${limit} offset ${offset}),
    ordered as (
      select page.*, coalesce(o.quantity, 0) as on_order
        from page
        left join lateral (
          select sum(o.quantity) as quantity
            from orders o
           where o.product_id = page.id and o.date >= ${from}::date
             and not exists (select 1 from incoming_goods i
                              where lower(i.resi_number) = lower(o.resi_number)
                                and i.product_id = o.product_id)) o on true),
    suggested as (
      select ordered.*,
             greatest(ordered.min_stock - ordered.available - ordered.on_order,
                      ceil(ordered.sold::numeric * (select target_stock_days from shop_settings)
                           / ${days}) - ordered.available - ordered.on_order,
                      0) as suggested_quantity
        from ordered)
    select (select count(*) from needy) as total,
           suggested.code as product_code, suggested.name as product_name,
           suggested.current_stock, suggested.reserved, suggested.min_stock, suggested.purchase_price, suggested.sold,
           suggested.on_order, suggested.suggested_quantity
      from (select 1) one
      left join suggested on true
     order by suggested.position`);
  const total = Number(rows[0]?.total ?? 0);
  const data = rows
    .filter((row) => row.product_code !== null)
    .map((row) => {
      const sold = Number(row.sold);
      const reserved = Number(row.reserved);
      // Tersedia (issue 44): the units imported orders hold are as good as sold.
      const stock = Number(row.current_stock) - reserved;
      return {
        product_code: row.product_code ?? '',
        product_name: row.product_name ?? '',
        current_stock: Number(row.current_stock),
        reserved_stock: reserved,
        min_stock: Number(row.min_stock),
        avg_daily_out: Math.round((sold / days) * 100) / 100,
        // An oversold product (Tersedia below 0) covers no day: 0, never a negative day count.
        days_of_cover: sold > 0 ? Math.max(0, Math.round(((stock * days) / sold) * 10) / 10) : null,
        on_order: Number(row.on_order),
        suggested_quantity: Number(row.suggested_quantity),
        purchase_price: Number(row.purchase_price),
      };
    });
  return { data, pagination: paginationOf({ page, limit }, total) };
}

/** 'Nilai Stok': current stock x moving-average cost over every product (5,000 rows). */
export async function stockValue(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      value: sql<string>`coalesce(sum(${products.currentStock} * ${products.purchasePrice}), 0)`,
    })
    .from(products);
  return Number(row?.value ?? 0);
}

/** Incoming and outgoing quantities of every day from `start` to `end`, days with nothing as 0. */
export async function dailyTotals(db: DbOrTx, start: string, end: string): Promise<DailyResponse> {
  const { rows } = await db.execute<{ date: string; incoming: unknown; outgoing: unknown }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
           coalesce(sum(t.incoming_quantity), 0) as incoming,
           coalesce(sum(t.outgoing_quantity), 0) as outgoing
      from generate_series(${start}::date, ${end}::date, interval '1 day') as d(day)
      left join daily_totals t on t.day = d.day::date
     group by d.day
     order by d.day`);
  return rows.map((row) => ({
    date: row.date,
    incoming: Number(row.incoming),
    outgoing: Number(row.outgoing),
  }));
}
