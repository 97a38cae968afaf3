import { TOP_LIST_SIZE, type DashboardStats } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { logActivity, type ActivityActor } from '../activity-logs/service';
import { toNumber } from '../products/service';
import type { DateRange } from './period';

type Totals = {
  total_stock: unknown;
  total_initial: unknown;
  total_incoming: unknown;
  total_outgoing: unknown;
  period_incoming: unknown;
  period_outgoing: unknown;
};

type NamedRow = {
  name: string;
  code: string;
  stock?: unknown;
  total?: unknown;
};

/** Movement dates inside the range; no range means all time. */
function within(range: DateRange | null) {
  return range === null ? sql`true` : sql`date between ${range.start}::date and ${range.end}::date`;
}

/** The dashboard numbers: four aggregate queries whatever the number of products. */
export async function dashboardStats(db: DbOrTx, range: DateRange | null): Promise<DashboardStats> {
  const period = within(range);
  const [totals, topStock, mostOutgoing, outOfStock] = await Promise.all([
    db.execute<Totals>(sql`
      select
        (select coalesce(sum(current_stock), 0) from products) as total_stock,
        (select coalesce(sum(initial_stock), 0) from products) as total_initial,
        (select coalesce(sum(quantity), 0) from incoming_goods) as total_incoming,
        (select coalesce(sum(quantity), 0) from outgoing_goods) as total_outgoing,
        (select coalesce(sum(quantity), 0) from incoming_goods where ${period}) as period_incoming,
        (select coalesce(sum(quantity), 0) from outgoing_goods where ${period}) as period_outgoing`),
    db.execute<NamedRow>(sql`
      select name, code, current_stock as stock from products
      order by current_stock desc, name, id limit ${TOP_LIST_SIZE}`),
    db.execute<NamedRow>(sql`
      select p.name, p.code, o.total
        from (select product_id, sum(quantity) as total from outgoing_goods
               where ${period} group by product_id) o
        join products p on p.id = o.product_id
       order by o.total desc, p.name, p.id limit ${TOP_LIST_SIZE}`),
    // Every out-of-stock product with its all-time outgoing total; the top list is cut from it.
    db.execute<NamedRow & { id: number }>(sql`
      select p.id, p.name, p.code, p.current_stock as stock, coalesce(o.total, 0) as total
        from products p
        left join (select product_id, sum(quantity) as total from outgoing_goods
                    group by product_id) o on o.product_id = p.id
       where p.current_stock <= 0
       order by p.name, p.id`),
  ]);

  const row = totals.rows[0];
  const totalStock = toNumber(row?.total_stock);
  const totalInitialStock = toNumber(row?.total_initial);
  const totalIncomingGoods = toNumber(row?.total_incoming);
  const totalOutgoingGoods = toNumber(row?.total_outgoing);
  const calculatedStock = totalInitialStock + totalIncomingGoods - totalOutgoingGoods;
  const difference = totalStock - calculatedStock;

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
    calculatedStock,
    stockConsistency: { isConsistent: difference === 0, difference },
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
 * Sets every product's current_stock to initial + incoming - outgoing, in one transaction with
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
      await tx.execute(sql`lock table products, incoming_goods, outgoing_goods in exclusive mode`);
      const calculated = sql`
        select p.id, p.name, p.code, p.current_stock,
               p.initial_stock + coalesce(i.total, 0) - coalesce(o.total, 0) as stock
          from products p
          left join (select product_id, sum(quantity) as total from incoming_goods
                      group by product_id) i on i.product_id = p.id
          left join (select product_id, sum(quantity) as total from outgoing_goods
                      group by product_id) o on o.product_id = p.id`;

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

      const listed = [...changed]
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .slice(0, CHANGES_LOGGED)
        .map((row) => `${row.code} ${toNumber(row.before)} → ${toNumber(row.after)}`);
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
