// The dashboard's numbers for a period, from the totals the triggers keep.
import { TOP_LIST_SIZE, type DashboardStats } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { toNumber } from '../../lib/numbers';
import type { ConsistencyResult } from './consistency-check';
import type { DateRange } from './period';

type Totals = {
  total_stock: unknown;
  total_initial: unknown;
  total_incoming: unknown;
  total_outgoing: unknown;
  total_returned: unknown;
  total_adjusted: unknown;
  period_incoming: unknown;
  period_outgoing: unknown;
};

type NamedRow = {
  name: string;
  code: string;
  stock?: unknown;
  total?: unknown;
};

/** The first day of the month of a yyyy-mm-dd day. */
const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** True when the range is whole calendar months (the dashboard's month and year). */
function wholeMonths(range: DateRange): boolean {
  const [year, month] = range.end.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
  return range.start === monthOf(range.start) && range.end === lastDay;
}

/**
 * Where the period's per-product outgoing and incoming quantities come from, as a subquery of
 * (product_id, incoming, outgoing): the per-product totals for all time, the monthly totals for
 * whole months, and the movement rows themselves (a few days' worth, from the (date) INCLUDE
 * (product_id, quantity) indexes) otherwise. Never a scan of all movements.
 */
function periodQuantities(range: DateRange | null) {
  if (range === null) {
    return sql`select product_id, incoming_quantity as incoming, outgoing_quantity as outgoing
                 from product_totals`;
  }
  if (wholeMonths(range)) {
    return sql`select product_id, incoming_quantity as incoming, outgoing_quantity as outgoing
                 from product_monthly_totals
                where month between ${monthOf(range.start)}::date and ${monthOf(range.end)}::date`;
  }
  return sql`select product_id, quantity as incoming, 0 as outgoing from incoming_goods
              where date between ${range.start}::date and ${range.end}::date
             union all
             select product_id, 0, quantity from outgoing_goods
              where date between ${range.start}::date and ${range.end}::date`;
}

/**
 * The dashboard numbers, from the totals the triggers keep (docs/adr/0007-scale.md): every query
 * reads at most a few thousand rows whatever the number of movements. The stock consistency
 * compares the current stock with the kept totals now, and with the movement rows themselves as
 * of the last `check` (computed apart, on a schedule).
 */
export async function dashboardStats(
  db: DbOrTx,
  range: DateRange | null,
  checked: ConsistencyResult,
): Promise<DashboardStats> {
  const period = periodQuantities(range);
  // One query after another: inside the route's transaction they share one connection, and pg
  // refuses (deprecated; removed in pg 9) a query sent while the connection is still busy.
  const totals = await db.execute<Totals>(sql`
      with kept as (select coalesce(sum(incoming_quantity), 0) as incoming,
                           coalesce(sum(outgoing_quantity), 0) as outgoing,
                           coalesce(sum(returned_quantity), 0) as returned,
                           coalesce(sum(adjusted_quantity), 0) as adjusted from product_totals),
           period as (select coalesce(sum(incoming), 0) as incoming,
                             coalesce(sum(outgoing), 0) as outgoing from (${period}) q)
      select
        (select coalesce(sum(current_stock), 0) from products) as total_stock,
        (select coalesce(sum(initial_stock), 0) from products) as total_initial,
        kept.incoming as total_incoming, kept.outgoing as total_outgoing,
        kept.returned as total_returned, kept.adjusted as total_adjusted,
        period.incoming as period_incoming, period.outgoing as period_outgoing
      from kept, period`);
  const topStock = await db.execute<NamedRow>(sql`
      select name, code, current_stock as stock from products
      order by current_stock desc nulls last, name, id limit ${TOP_LIST_SIZE}`);
  const mostOutgoing = await db.execute<NamedRow>(sql`
      select p.name, p.code, o.total
        from (select product_id, sum(outgoing) as total from (${period}) q
               group by product_id having sum(outgoing) > 0) o
        join products p on p.id = o.product_id
       order by o.total desc, p.name, p.id limit ${TOP_LIST_SIZE}`);
  // Every out-of-stock product with its all-time outgoing total; the top list is cut from it.
  const outOfStock = await db.execute<NamedRow & { id: number }>(sql`
      select p.id, p.name, p.code, p.current_stock as stock,
             coalesce(t.outgoing_quantity, 0) as total
        from products p
        left join product_totals t on t.product_id = p.id
       where p.current_stock <= 0
       order by p.name, p.id`);

  const row = totals.rows[0];
  const totalStock = toNumber(row?.total_stock);
  const totalInitialStock = toNumber(row?.total_initial);
  const totalIncomingGoods = toNumber(row?.total_incoming);
  const totalOutgoingGoods = toNumber(row?.total_outgoing);
  const totalReturned = toNumber(row?.total_returned);
  const totalAdjusted = toNumber(row?.total_adjusted);
  // The stock formula (docs/adr/0016-returns-and-adjustments.md).
  const calculatedStock =
    totalInitialStock + totalIncomingGoods - totalOutgoingGoods + totalReturned + totalAdjusted;
  // Totals that disagreed with the movement rows at the last check decide the answer.
  const difference = checked.totalsMatch ? totalStock - calculatedStock : checked.difference;

  const outOfStockProducts = outOfStock.rows.map((product) => ({
    name: product.name,
    code: product.code,
    stock: toNumber(product.stock),
    total_outgoing: toNumber(product.total),
  }));
  const topOutOfStockProducts = [...outOfStockProducts]
    // Stable sort: ties keep the name order of the query.
    .sort((a, b) => b.total_outgoing - a.total_outgoing)
    .slice(0, TOP_LIST_SIZE);

  return {
    totalStock,
    totalInitialStock,
    incomingGoods: toNumber(row?.period_incoming),
    outgoingGoods: toNumber(row?.period_outgoing),
    totalIncomingGoods,
    totalOutgoingGoods,
    totalReturned,
    totalAdjusted,
    calculatedStock,
    stockConsistency: {
      isConsistent: difference === 0 && checked.totalsMatch,
      difference,
      checkedAt: checked.checkedAt.toISOString(),
    },
    topStockProducts: topStock.rows.map((product) => ({
      name: product.name,
      code: product.code,
      stock: toNumber(product.stock),
    })),
    mostOutgoingProducts: mostOutgoing.rows.map((product) => ({
      name: product.name,
      code: product.code,
      total_out: toNumber(product.total),
    })),
    outOfStockProducts: outOfStockProducts.map(({ name, code, stock }) => ({ name, code, stock })),
    topOutOfStockProducts,
  };
}
