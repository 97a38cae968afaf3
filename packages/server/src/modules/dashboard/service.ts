import { TOP_LIST_SIZE, type DashboardStats } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import type { DateRange } from './period';
import { logCount } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

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

export interface ConsistencyResult {
  /**
   * Current stock minus initial + incoming - outgoing + returned (good) + adjusted, summed from
   * the movement rows.
   */
  difference: number;
  /** The kept totals equal the sums of the movement rows. */
  totalsMatch: boolean;
  checkedAt: Date;
}

/** How often the consistency check re-reads every movement row. */
export const CONSISTENCY_CHECK_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The stock-consistency check over the movement rows themselves (that is its point: it does not
 * trust the kept totals), in one statement, so one snapshot. It reads every movement, so it runs
 * on a schedule and on demand (after a recalculation), not on every dashboard view.
 */
export class ConsistencyCheck {
  private last: ConsistencyResult | null = null;
  private running: Promise<ConsistencyResult> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: DbOrTx) {}

  /** Starts the schedule; the timer does not keep the process alive. */
  start(intervalMs = CONSISTENCY_CHECK_INTERVAL_MS): void {
    this.timer = setInterval(() => {
      this.run().catch(() => undefined);
    }, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** The last result; the first call waits for the first check. */
  latest(): Promise<ConsistencyResult> {
    return this.last === null ? this.run() : Promise.resolve(this.last);
  }

  /** Checks now (one check at a time; a caller during a check gets that check's result). */
  run(): Promise<ConsistencyResult> {
    this.running ??= this.compute().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Checks again after any check under way (which may have read the data before a change). */
  async refresh(): Promise<ConsistencyResult> {
    await this.running?.catch(() => undefined);
    return this.run();
  }

  private async compute(): Promise<ConsistencyResult> {
    const checkedAt = new Date();
    const { rows } = await this.db.execute<Record<string, unknown>>(sql`
      select
        (select coalesce(sum(current_stock), 0) from products) as stock,
        (select coalesce(sum(initial_stock), 0) from products) as initial,
        (select coalesce(sum(quantity), 0) from incoming_goods) as incoming,
        (select coalesce(sum(quantity), 0) from outgoing_goods) as outgoing,
        (select coalesce(sum(quantity), 0) from return_lines where condition = 'good') as returned,
        (select coalesce(sum(quantity), 0) from stock_adjustments) as adjusted,
        (select coalesce(sum(incoming_quantity), 0) from product_totals) as kept_incoming,
        (select coalesce(sum(outgoing_quantity), 0) from product_totals) as kept_outgoing,
        (select coalesce(sum(returned_quantity), 0) from product_totals) as kept_returned,
        (select coalesce(sum(adjusted_quantity), 0) from product_totals) as kept_adjusted,
        (select coalesce(sum(outgoing_quantity), 0) from product_monthly_totals) as monthly_outgoing,
        (select coalesce(sum(incoming_quantity), 0) from product_monthly_totals) as monthly_incoming,
        (select coalesce(sum(returned_quantity), 0) from product_monthly_totals) as monthly_returned,
        (select coalesce(sum(adjusted_quantity), 0) from product_monthly_totals) as monthly_adjusted`);
    const row = rows[0] ?? {};
    const n = (key: string) => toNumber(row[key]);
    this.last = {
      difference:
        n('stock') - (n('initial') + n('incoming') - n('outgoing') + n('returned') + n('adjusted')),
      totalsMatch: (['incoming', 'outgoing', 'returned', 'adjusted'] as const).every(
        (term) => n(`kept_${term}`) === n(term) && n(`monthly_${term}`) === n(term),
      ),
      checkedAt,
    };
    return this.last;
  }
}

export type RecalculateResult =
  | { updated: number }
  /** Products whose calculated stock is below zero, as 'name (code)'; nothing was changed. */
  | { negative: string[] };

class NegativeStock extends Error {
  constructor(readonly products: string[]) {
    super('negative calculated stock');
  }
}

/** How many product names a refusal lists. */
const NEGATIVE_NAMES_SHOWN = 10;
/** How many changed products the activity-log entry names. */
const CHANGES_LOGGED = 20;

/**
 * Sets every product's current_stock to initial + incoming - outgoing + returned in good
 * condition + adjustments, in one transaction with
 * its RECALCULATE_STOCK log entry.
 *
 * A product whose movements add up to less than zero is not clamped to 0: that would hide bad
 * movement data behind a number that still does not add up. The whole recalculation is refused
 * instead (nothing changes) and the products are named, so the records can be corrected first.
 */
export async function recalculateStock(db: Db, actor: ActivityActor): Promise<RecalculateResult> {
  try {
    const updated = await db.transaction(async (tx) => {
      // Movements and product edits wait until this commits, so the sums cannot go stale
      // between reading them and writing the stock. Plain reads carry on.
      await tx.execute(sql`lock table products, incoming_goods, outgoing_goods, return_lines,
                                      stock_adjustments in exclusive mode`);
      const calculated = sql`
        select p.id, p.name, p.code, p.current_stock,
               p.initial_stock + coalesce(i.total, 0) - coalesce(o.total, 0)
                 + coalesce(r.total, 0) + coalesce(a.total, 0) as stock
          from products p
          left join (select product_id, sum(quantity) as total from incoming_goods
                      group by product_id) i on i.product_id = p.id
          left join (select product_id, sum(quantity) as total from outgoing_goods
                      group by product_id) o on o.product_id = p.id
          left join (select product_id, sum(quantity) as total from return_lines
                      where condition = 'good' group by product_id) r on r.product_id = p.id
          left join (select product_id, sum(quantity) as total from stock_adjustments
                      group by product_id) a on a.product_id = p.id`;

      const { rows: negative } = await tx.execute<{ name: string; code: string }>(sql`
        select name, code from (${calculated}) c where c.stock < 0 order by name, id`);
      if (negative.length > 0) {
        const names = negative.map((product) => `${product.name} (${product.code})`);
        const shown = names.slice(0, NEGATIVE_NAMES_SHOWN);
        if (names.length > shown.length) shown.push(`dan ${names.length - shown.length} lainnya`);
        throw new NegativeStock(shown);
      }

      const { rows: changed } = await tx.execute<{
        code: string;
        before: number;
        after: unknown;
      }>(sql`
        update products p
           set current_stock = c.stock, updated_at = now()
          from (${calculated}) c
         where p.id = c.id and p.current_stock <> c.stock
        returning p.code, c.current_stock as before, p.current_stock as after`);

      // The kept totals are rebuilt from the same rows: a recalculation repairs them too.
      await tx.execute(sql`select rebuild_movement_totals()`);

      const listed = [...changed]
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .slice(0, CHANGES_LOGGED)
        .map(
          (row) =>
            `${row.code} ${logCount(toNumber(row.before))} → ${logCount(toNumber(row.after))}`,
        );
      if (changed.length > listed.length)
        listed.push(`dan ${changed.length - listed.length} lainnya`);
      await logActivity(tx, {
        action: 'RECALCULATE_STOCK',
        user: actor,
        details:
          changed.length === 0
            ? 'Menghitung ulang stok: semua stok sudah sesuai'
            : `Menghitung ulang stok: ${changed.length} produk diperbarui (${listed.join(', ')})`,
      });
      return changed.length;
    });
    return { updated };
  } catch (error) {
    if (error instanceof NegativeStock) return { negative: error.products };
    throw error;
  }
}
