// Pembukuan (bookkeeping): one row per outgoing transaction with its prices and margin, the
// stats of a date range, and the price edit of one transaction. Money is numeric(14,2) and every
// sum, product and average is computed by PostgreSQL in numeric, never in binary floating point;
// it leaves as a JSON number only at the end, already exact to the cent.
import {
  PRODUCT_PROFITS_MAX,
  type List,
  type PembukuanQuery,
  type PembukuanRow,
  type PembukuanStats,
  type PembukuanStatsQuery,
  type PembukuanUpdate,
  type ProductProfit,
} from '@gudang/api-client/contract';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { outgoingGoods, products, productTotals } from '../../db/schema';
import { logMoney } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import {
  descNullsLast,
  estimatedRows,
  listPage,
  newestPageIds,
  searchedPage,
} from '../../lib/paging';
import { MSG_RECORD_NOT_FOUND, Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

const o = outgoingGoods;

/**
 * The units of a transaction returned (Retur; good or damaged: either way the buyer did
 * not keep them), read from return_lines_outgoing_idx (index-only).
 */
const returnedSql: SQL = sql`(select coalesce(sum(rl.quantity), 0) from return_lines rl
  where rl.outgoing_goods_id = ${o.id})`;

/**
 * THE margin rule, the only place it is written: (selling - discount - purchase) x the units kept
 * (quantity - returned) when both the purchase and the selling price are above 0, else 0 (prices
 * not entered yet). numeric arithmetic: exact, scale 2.
 */
export const marginOf = (kept: SQL): SQL => sql`(case when ${o.purchasePrice} > 0
  and ${o.sellingPrice} > 0
  then (${o.sellingPrice} - ${o.discount} - ${o.purchasePrice}) * ${kept}
  else 0 end)`;
export const marginSql: SQL = marginOf(sql`(${o.quantity} - ${returnedSql})`);

/** A numeric (text from node-postgres, maybe a number from PGlite) as a JSON number. */
const money = (value: unknown): number => toNumber(value);

/** Both ends of the range included; an absent end does not bound. */
function inRange(range: PembukuanStatsQuery): SQL | undefined {
  return and(
    range.startDate === undefined ? undefined : sql`${o.date} >= ${range.startDate}::date`,
    range.endDate === undefined ? undefined : sql`${o.date} <= ${range.endDate}::date`,
  );
}

/**
 * 'Cari produk...': the resi (its trigram index) or the product's name or code. The matching
 * products are found first, once (an InitPlan over a few thousand products), and their
 * transactions by the (product_id, date) index, the range in its condition: every arm of the OR
 * on outgoing_goods is an index.
 */
function pembukuanSearch(pattern: string): SQL | undefined {
  const matching = sql`array(select ${products.id} from ${products}
    where ${or(ilike(products.name, pattern), ilike(products.code, pattern))})`;
  return or(ilike(o.resiNumber, pattern), sql`${o.productId} = any(${matching})`);
}

const rowColumns = {
  id: o.id,
  date: o.date,
  code: products.code,
  name: products.name,
  category: products.category,
  brand: products.brand,
  quantity: o.quantity,
  resi_number: o.resiNumber,
  purchase_price: o.purchasePrice,
  selling_price: o.sellingPrice,
  discount: o.discount,
  returned_quantity: sql<number>`${returnedSql}`.mapWith(toNumber),
  margin: sql<number>`${marginSql}`.mapWith(money),
};

function selectRows(db: DbOrTx) {
  return db.select(rowColumns).from(o).innerJoin(products, eq(products.id, o.productId)).$dynamic();
}

const NEWEST_FIRST = [descNullsLast(o.date), descNullsLast(o.id)];

/** Every outgoing transaction, from the per-product row counters the triggers keep. */
async function countAll(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${productTotals.outgoingRows}), 0)` })
    .from(productTotals);
  return Number(row?.total ?? 0);
}

/**
 * One page of the range's transactions, newest first, searched: read as Barang Keluar's list is
 * (docs/adr/0007-scale.md): the page's ids from the (date, id) index, or for a rare search the
 * matches sorted, and only the page's rows joined with their products.
 */
export function listPembukuan(db: DbOrTx, query: PembukuanQuery): Promise<List<PembukuanRow>> {
  const range = inRange(query);
  // listPage hands the search condition alone (undefined: no search); the range joins it here.
  const within = (where: SQL | undefined) => (where === undefined ? range : and(range, where));
  return listPage(query, pembukuanSearch, {
    searched: (where, limit, offset) => searchedPage(db, o, within(where) ?? where, limit, offset),
    rowsOf: (ids) =>
      selectRows(db)
        .where(inArray(o.id, ids))
        .orderBy(...NEWEST_FIRST),
    estimate: () => estimatedRows(db, o),
    count: async (where) => {
      const condition = within(where);
      if (condition === undefined) return countAll(db);
      const [row] = await db.select({ total: count() }).from(o).where(condition);
      return row?.total ?? 0;
    },
    rows: (where, limit, offset, sortMatches) =>
      selectRows(db)
        .where(newestPageIds(db, o, within(where), limit, offset, sortMatches))
        .orderBy(...NEWEST_FIRST),
  });
}

/** The row of one transaction, or null. */
export async function findPembukuanRow(db: DbOrTx, id: number): Promise<PembukuanRow | null> {
  const [row] = await selectRows(db).where(eq(o.id, id));
  return row ?? null;
}

/**
 * The stats of the range, in one statement (one snapshot), both parts read from the date index:
 * the totals as one aggregate over the range's rows, and productProfits as the margin summed per
 * product, the largest PRODUCT_PROFITS_MAX joined with their products. (Grouping every total by
 * product first cost more: one numeric aggregate state per product and sum.) Every amount is
 * numeric; the average is rounded to the cent by PostgreSQL.
 */
export async function pembukuanStats(
  db: DbOrTx,
  range: PembukuanStatsQuery,
): Promise<PembukuanStats> {
  const where = inRange(range) ?? sql`true`;
  const { rows } = await db.execute<{
    total_transactions: unknown;
    profitable_transactions: unknown;
    total_profit: unknown;
    average_profit: unknown;
    total_quantity: unknown;
    total_purchase_value: unknown;
    total_selling_value: unknown;
    total_discount_value: unknown;
    product_profits: unknown;
  }>(sql`
    with returned as (
      -- The units returned per transaction (Retur): they count neither as sold nor as margin.
      select outgoing_goods_id, sum(quantity) as returned from return_lines
       group by outgoing_goods_id
    ),
    totals as (
      select count(*) as n,
             count(*) filter (where margin > 0) as profitable,
             coalesce(sum(margin), 0) as profit,
             coalesce(sum(quantity), 0) as quantity,
             coalesce(sum(purchase_price * quantity), 0) as purchase_value,
             coalesce(sum(selling_price * quantity), 0) as selling_value,
             coalesce(sum(discount * quantity), 0) as discount_value
        from (select ${o.quantity} - coalesce(r.returned, 0) as quantity,
                     ${o.purchasePrice} as purchase_price,
                     ${o.sellingPrice} as selling_price, ${o.discount} as discount,
                     ${marginOf(sql`(${o.quantity} - coalesce(r.returned, 0))`)} as margin
                from ${o}
                left join returned r on r.outgoing_goods_id = ${o.id}
               where ${where}) as transactions
    ),
    top as (
      select p.name, p.code, g.profit
        from (select ${o.productId} as product_id,
                     sum(${marginOf(sql`(${o.quantity} - coalesce(r.returned, 0))`)}) as profit
                from ${o}
                left join returned r on r.outgoing_goods_id = ${o.id}
               where ${where}
               group by ${o.productId}) as g
        join ${products} p on p.id = g.product_id
       order by g.profit desc, p.name, p.code
       limit ${PRODUCT_PROFITS_MAX}
    )
    select n as total_transactions,
           profitable as profitable_transactions,
           profit::text as total_profit,
           (case when n = 0 then 0 else round(profit / n, 2) end)::text as average_profit,
           quantity as total_quantity,
           purchase_value::text as total_purchase_value,
           selling_value::text as total_selling_value,
           discount_value::text as total_discount_value,
           (select coalesce(json_agg(json_build_object(
                     'name', name, 'code', code, 'total_profit', profit::text)
                     order by profit desc, name, code), '[]'::json)::text
              from top) as product_profits
      from totals`);
  const row = rows[0];
  if (row === undefined) throw new Error('pembukuan stats returned no row');
  const profits = JSON.parse(String(row.product_profits)) as {
    name: string;
    code: string;
    total_profit: string;
  }[];
  return {
    totalTransactions: toNumber(row.total_transactions),
    profitableTransactions: toNumber(row.profitable_transactions),
    totalProfit: money(row.total_profit),
    averageProfit: money(row.average_profit),
    totalQuantity: toNumber(row.total_quantity),
    totalPurchaseValue: money(row.total_purchase_value),
    totalSellingValue: money(row.total_selling_value),
    totalDiscountValue: money(row.total_discount_value),
    productProfits: profits.map((item): ProductProfit => ({
      name: item.name,
      code: item.code,
      total_profit: money(item.total_profit),
    })),
  };
}

/** A JS money number (at most two decimals, validated) as the exact numeric text. */
const moneyText = (value: number) => value.toFixed(2);

/**
 * Sets the prices of one transaction (only that one: the product's default prices and every
 * other transaction stay) and logs UPDATE_PEMBUKUAN in the same transaction. An absent discount
 * is 0. Prices equal to the stored ones write nothing and log nothing.
 */
export function updatePembukuan(
  db: Db,
  input: PembukuanUpdate,
  actor: ActivityActor,
): Promise<Result<PembukuanRow>> {
  const id = input.outgoing_goods_id;
  const purchase = moneyText(input.purchase_price);
  const selling = moneyText(input.selling_price);
  const discount = moneyText(input.discount ?? 0);
  return inTransaction(db, async (tx) => {
    const [before] = await selectRows(tx).where(eq(o.id, id)).for('update', { of: o });
    if (before === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
    // Saved without a change: nothing to write, and nothing to log.
    const unchanged =
      moneyText(before.purchase_price) === purchase &&
      moneyText(before.selling_price) === selling &&
      moneyText(before.discount) === discount;
    if (unchanged) return before;
    await tx
      .update(o)
      .set({
        purchasePrice: sql`${purchase}::numeric`,
        sellingPrice: sql`${selling}::numeric`,
        discount: sql`${discount}::numeric`,
        updatedAt: new Date(),
      })
      .where(eq(o.id, id));
    const after = await findPembukuanRow(tx, id);
    if (after === null) throw new Error(`outgoing_goods ${id} vanished inside its transaction`);
    await logActivity(tx, {
      action: 'UPDATE_PEMBUKUAN',
      user: actor,
      details:
        `Harga transaksi #${id} ${before.name} (${before.code}), resi ${before.resi_number} ` +
        `diperbarui: harga beli ${logMoney(before.purchase_price)} → ${logMoney(after.purchase_price)}, ` +
        `harga jual ${logMoney(before.selling_price)} → ${logMoney(after.selling_price)}, ` +
        `potongan ${logMoney(before.discount)} → ${logMoney(after.discount)}, ` +
        `margin ${after.margin === null ? '-' : logMoney(after.margin)}`,
    });
    return after;
  });
}
