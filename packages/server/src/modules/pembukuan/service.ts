// Pembukuan (bookkeeping): one row per outgoing transaction with its prices and margin, the
// stats of a date range, and the price edit of one transaction. Money is numeric(14,2) and every
// sum, product and average is computed by PostgreSQL in numeric, never in binary floating point;
// it leaves as a JSON number only at the end, already exact to the cent.
import {
  MESSAGES,
  PRODUCT_PROFITS_MAX,
  type List,
  type PembukuanChannelFees,
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
import { listPage, newestFirst, newestFirstReaders } from '../../lib/paging';
import { MSG_RECORD_NOT_FOUND, Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { selectWithProduct } from '../../lib/stock-kernel';
import { keptValueSql } from './fees';
import {
  keptUnitsLateral,
  refundBack,
  refundLateral,
  refundLossOf,
  refundOrdersCte,
} from './refunds';

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
  return selectWithProduct(db, o, rowColumns);
}

const NEWEST_FIRST = newestFirst(o);

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
 * matches sorted, and only the page's rows read by `readRows` (the condition names them).
 */
function pembukuanPage<Row>(
  db: DbOrTx,
  query: PembukuanQuery,
  readRows: (where: SQL) => Promise<Row[]>,
): Promise<List<Row>> {
  const range = inRange(query);
  // listPage hands the search condition alone (undefined: no search); the range joins it here.
  const within = (where: SQL | undefined) => (where === undefined ? range : and(range, where));
  const { searched, estimate, pageIds } = newestFirstReaders(db, o, range);
  return listPage(query, pembukuanSearch, {
    searched,
    rowsOf: (ids) => readRows(inArray(o.id, ids)),
    estimate,
    count: async (where) => {
      const condition = within(where);
      if (condition === undefined) return countAll(db);
      const [row] = await db.select({ total: count() }).from(o).where(condition);
      return row?.total ?? 0;
    },
    rows: (where, limit, offset, sortMatches) =>
      readRows(pageIds(where, limit, offset, sortMatches)),
  });
}

/** A page of Pembukuan without the marketplace fees (the benchmark's baseline). */
export function listPembukuan(db: DbOrTx, query: PembukuanQuery): Promise<List<PembukuanRow>> {
  return pembukuanPage(db, query, (where) =>
    selectRows(db)
      .where(where)
      .orderBy(...NEWEST_FIRST),
  );
}

/**
 * A page of Pembukuan (GET /api/pembukuan): its rows with their marketplace fees read in the
 * same statement as the rows (rowsWithFeesSql), so that the page costs no more round trips than
 * without them. `today`: the shop's date, the end of the estimate's 30 days.
 */
export function listPembukuanWithFees(
  db: DbOrTx,
  query: PembukuanQuery,
  today: string,
): Promise<List<PembukuanRowWithFees>> {
  return pembukuanPage(db, query, (where) => readRowsWithFees(db, where, today));
}

/**
 * The same page without the marketplace fees (no settled share, no estimate): the benchmark's
 * baseline for the fees' cost, everything else of the page (issue 46's refunds) read as the
 * route reads it.
 */
export function listPembukuanWithoutFees(
  db: DbOrTx,
  query: PembukuanQuery,
  today: string,
): Promise<List<PembukuanRowWithFees>> {
  return pembukuanPage(db, query, (where) => readRowsWithFees(db, where, today, false));
}

/** The row of one transaction, or null. */
export async function findPembukuanRow(db: DbOrTx, id: number): Promise<PembukuanRow | null> {
  const [row] = await selectRows(db).where(eq(o.id, id));
  return row ?? null;
}

/**
 * The statement of the stats of the range (one statement: one snapshot). `sales`: the range's
 * transactions, read from the date index, with the units kept (quantity - returned: a return's
 * units count neither as sold nor as margin) and the margin. The totals are one aggregate over
 * them, productProfits the margin summed per product, the largest PRODUCT_PROFITS_MAX joined with
 * their products. (Grouping every total by product first cost more: one numeric aggregate state
 * per product and sum.) Every amount is numeric; the average is rounded to the cent by
 * PostgreSQL. `sales` is read once (MATERIALIZED) for all the parts: since issue 46 each sale
 * looks up its refunds, which read twice (as two subqueries) cost the stats without fees twice
 * those with them (bench/pembukuan-fees.ts).
 */
/** The fee figures statsSql answers with fees (totals: the totals CTE's row). */
const feeColumns = sql`,
  (select coalesce(json_agg(f order by f.manual, f.channel, f.store, f.store_id), '[]'::json)
     from fee_groups f)::text as fee_groups,
  (select fees from fee_totals)::numeric(20, 2)::text as total_fees,
  (case when selling_value = 0 then 0
        else round((select fees from fee_totals) * 100 / selling_value, 2) end)::text
    as fee_percent,
  (profit - (select fees from fee_totals) - refund_loss)::numeric(20, 2)::text
    as profit_after_fees`;
const feeColumnsNone = sql``;

export function statsSql(range: PembukuanStatsQuery, today: string | null): SQL {
  const where = inRange(range);
  return sql`
    with returned as (
      select outgoing_goods_id, sum(quantity) as returned from return_lines
       group by outgoing_goods_id
    ),
    ${refundOrdersCte},
    sales as materialized (
      select ${o.id} as id, ${o.productId} as product_id, ${o.marketplaceOrderId} as order_id,
             rd.kept as quantity,
             ${o.purchasePrice} as purchase_price, ${o.sellingPrice} as selling_price,
             ${o.discount} as discount,
             ${marginOf(sql`rd.kept`)} as margin,
             rd.refunded, ${refundLossOf(sql`rd.refunded`)} as loss,
             ${refundBack} as refund_back,
             ${keptValueSql(sql`${o}`, sql`rd.kept`)} as value,
             ${o.settledFee} as settled_fee
        from ${o}
        left join returned r on r.outgoing_goods_id = ${o.id}
        ${refundLateral(true)}
        ${keptUnitsLateral(sql`coalesce(r.returned, 0)`)}
       where ${where ?? sql`true`}
    ),
    totals as (
      select count(*) as n,
             count(*) filter (where margin > 0) as profitable,
             coalesce(sum(margin), 0) as profit,
             coalesce(sum(quantity), 0) as quantity,
             coalesce(sum(purchase_price * quantity), 0) as purchase_value,
             coalesce(sum(selling_price * quantity), 0) as selling_value,
             coalesce(sum(discount * quantity), 0) as discount_value,
             count(*) filter (where refunded > 0) as refunded_n,
             coalesce(sum(refunded), 0) as refunded_quantity,
             coalesce(sum(loss), 0) as refund_loss
        from sales
    ),
    top as (
      select p.name, p.code, g.profit
        from (select product_id, sum(margin) as profit from sales group by product_id) as g
        join ${products} p on p.id = g.product_id
       order by g.profit desc, p.name, p.code
       limit ${PRODUCT_PROFITS_MAX}
    )${today === null ? sql`` : sql`, ${feeGroupsCtes(isLongRange(range), today)}`}
    select n as total_transactions,
           profitable as profitable_transactions,
           profit::text as total_profit,
           (case when n = 0 then 0 else round(profit / n, 2) end)::text as average_profit,
           quantity as total_quantity,
           purchase_value::text as total_purchase_value,
           selling_value::text as total_selling_value,
           discount_value::text as total_discount_value,
           refunded_n as refunded_transactions,
           refunded_quantity as total_refunded_quantity,
           refund_loss::text as total_refund_loss,
           (select coalesce(json_agg(json_build_object(
                     'name', name, 'code', code, 'total_profit', profit::text)
                     order by profit desc, name, code), '[]'::json)::text
              from top) as product_profits
           ${today === null ? feeColumnsNone : feeColumns}
      from totals`;
}

type StatsSqlRow = Record<
  | 'total_transactions'
  | 'profitable_transactions'
  | 'total_profit'
  | 'average_profit'
  | 'total_quantity'
  | 'total_purchase_value'
  | 'total_selling_value'
  | 'total_discount_value'
  | 'refunded_transactions'
  | 'total_refunded_quantity'
  | 'total_refund_loss'
  | 'product_profits',
  unknown
> &
  Partial<Record<'fee_groups' | 'total_fees' | 'fee_percent' | 'profit_after_fees', unknown>>;

function statsOf(row: StatsSqlRow | undefined): PembukuanStats {
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
    refundedTransactions: toNumber(row.refunded_transactions),
    totalRefundedQuantity: toNumber(row.total_refunded_quantity),
    totalRefundLoss: money(row.total_refund_loss),
    productProfits: profits.map((item): ProductProfit => ({
      name: item.name,
      code: item.code,
      total_profit: money(item.total_profit),
    })),
  };
}

/**
 * The stats of the range without the marketplace fees (the benchmark's baseline), read as
 * pembukuanStatsWithFees reads its statement (JIT off, a long range's memory), so that the two
 * differ by the fees alone.
 */
export async function pembukuanStats(
  db: DbOrTx,
  range: PembukuanStatsQuery,
): Promise<PembukuanStats> {
  await statsSettings(db, range);
  const { rows } = await db.execute<StatsSqlRow>(statsSql(range, null));
  return statsOf(rows[0]);
}

/** A row with its marketplace fee (issue 45): contract fields always sent by the server. */
export type PembukuanRowWithFees = PembukuanRow &
  Required<
    Pick<
      PembukuanRow,
      | 'marketplace_fee'
      | 'profit_after_fees'
      | 'settled'
      | 'fee_estimated'
      | 'sale_status'
      | 'refunded_quantity'
      | 'refund_loss'
    >
  >;

/**
 * The rows of the transactions `where` names (a condition on outgoing_goods), newest first, with
 * their marketplace fees, in one statement: the rows joined with their products as selectRows
 * reads them, each with its fee as fees.ts defines it, read the way the stats read it
 * (feeGroupsCtes): a sale of a settled order its stored share (outgoing_goods.settled_fee), a
 * sale of an order not settled its estimate from its store's last 30 days of settlement_days
 * (only the stores of the page's unsettled sales, at most 30 rows each), a hand sale null. Money
 * as numeric text; the fee in sen.
 */
export function rowsWithFeesSql(where: SQL, today: string, fees = true): SQL {
  return sql`
    with page as materialized (
      select ${o.id} as id, ${o.date} as day, to_char(${o.date}, 'YYYY-MM-DD') as date,
             ${products.code} as code, ${products.name} as name,
             ${products.category} as category, ${products.brand} as brand,
             ${o.quantity} as quantity, ${o.resiNumber} as resi_number,
             ${o.purchasePrice}::text as purchase_price, ${o.sellingPrice}::text as selling_price,
             ${o.discount}::text as discount, rt.returned as returned_quantity,
             rd.refunded as refunded_quantity,
             ${marginOf(sql`rd.kept`)}::text as margin,
             ${refundLossOf(sql`rd.refunded`)}::text as refund_loss,
             ${refundBack} as refund_back,
             ${o.marketplaceOrderId} as order_id, ${o.settledFee} as settled_fee,
             ${keptValueSql(sql`${o}`, sql`rd.kept`)} as value
        from ${o} join ${products} on ${products.id} = ${o.productId}
        cross join lateral (select ${returnedSql} as returned) rt
        ${refundLateral(false)}
        ${keptUnitsLateral(sql`rt.returned`)}
       where ${where}
    )
    ${fees ? feesOfPageSql(today) : withoutFeesOfPageSql}`;
}

/** The columns of a row of `page` (rowsWithFeesSql) that both endings below read as they are. */
const PAGE_COLUMNS = sql.raw(`p.id, p.date, p.code, p.name, p.category, p.brand, p.quantity,
           p.resi_number, p.purchase_price, p.selling_price, p.discount, p.returned_quantity,
           p.margin, p.refunded_quantity, p.refund_loss`);
/** The rows newest first. */
const PAGE_ORDER = sql.raw('order by p.day desc nulls last, p.id desc nulls last');

/** The fee of each row of `page` (rowsWithFeesSql), and the rows newest first. */
const feesOfPageSql = (today: string) => sql`,
    unsettled as materialized (
      select p.id, mo.store_id
        from page p join marketplace_orders mo on mo.id = p.order_id
       where p.settled_fee is null
    ),
    rate as materialized (
      select d.store_id, -sum(d.fees) as fee, sum(d.price) as price
        from settlement_days d
       where d.store_id = any(array(select distinct u.store_id from unsettled u))
         and d.day > ${today}::date - 30 and d.day <= ${today}::date
       group by d.store_id
    )
    select ${PAGE_COLUMNS},
           (p.settled_fee is not null) as settled,
           ((case when p.order_id is null then null::numeric
                  when p.settled_fee is not null then p.settled_fee
                  when r.price > 0 then round(p.value * r.fee / r.price)
                  else 0::numeric end) - p.refund_back)::text as fee
      from page p
      left join unsettled u on u.id = p.id
      left join rate r on r.store_id = u.store_id
     ${PAGE_ORDER}`;

/**
 * The rows of `page` with no fee (the benchmark's baseline: the same page, refunds and all,
 * without the marketplace fees).
 */
const withoutFeesOfPageSql = sql`
    select ${PAGE_COLUMNS}, false as settled,
           (case when p.order_id is null then null::numeric else 0 - p.refund_back end)::text as fee
      from page p
     ${PAGE_ORDER}`;

type RowWithFeeSql = Record<
  | 'id'
  | 'quantity'
  | 'returned_quantity'
  | 'refunded_quantity'
  | 'refund_loss'
  | 'purchase_price'
  | 'selling_price'
  | 'discount',
  unknown
> &
  Record<'date' | 'code' | 'name' | 'category' | 'brand' | 'resi_number', string> & {
    margin: unknown;
    settled: unknown;
    fee: unknown;
  };

async function readRowsWithFees(
  db: DbOrTx,
  where: SQL,
  today: string,
  fees = true,
): Promise<PembukuanRowWithFees[]> {
  const { rows } = await db.execute<RowWithFeeSql>(rowsWithFeesSql(where, today, fees));
  return rows.map((row) => {
    const margin = money(row.margin);
    const refunded = toNumber(row.refunded_quantity);
    const loss = money(row.refund_loss);
    // Sen: whole numbers, exact in a JS number; the margin and the loss have at most two decimals.
    const sen = row.fee === null ? null : Number(row.fee);
    const settled = row.settled === true;
    return {
      id: toNumber(row.id),
      date: row.date,
      code: row.code,
      name: row.name,
      category: row.category,
      brand: row.brand,
      quantity: toNumber(row.quantity),
      resi_number: row.resi_number,
      purchase_price: money(row.purchase_price),
      selling_price: money(row.selling_price),
      discount: money(row.discount),
      returned_quantity: toNumber(row.returned_quantity),
      margin,
      sale_status: refunded > 0 ? 'dana_dikembalikan' : 'terjual',
      refunded_quantity: refunded,
      refund_loss: loss,
      marketplace_fee: sen === null ? null : sen / 100,
      profit_after_fees: (Math.round(margin * 100) - (sen ?? 0) - Math.round(loss * 100)) / 100,
      settled,
      fee_estimated: sen !== null && !settled,
    };
  });
}

/** The row of one transaction with its marketplace fee, or null. */
export async function findPembukuanRowWithFees(
  db: DbOrTx,
  id: number,
  today: string,
): Promise<PembukuanRowWithFees | null> {
  const [row] = await readRowsWithFees(db, eq(o.id, id), today);
  return row ?? null;
}

/** A range longer than this many days (or open) is given room to hash its sales in memory. */
export const LONG_RANGE_DAYS = 62;

function isLongRange(range: PembukuanStatsQuery): boolean {
  if (range.startDate === undefined || range.endDate === undefined) return true;
  const days = (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 + 1;
  return days > LONG_RANGE_DAYS;
}

/**
 * The CTEs of the range's marketplace fees over statsSql's `sales`, ending in `fee_groups` (one
 * row per channel and store of the sales' orders; 'manual': hand sales, no store) and
 * `fee_totals`. Each sale of a settled order brings its share of the order's fees, stored in
 * outgoing_goods.settled_fee (migration 0046: sale_fees' arithmetic, kept by triggers when a
 * settlement or a sale changes), so that any range adds exactly the shares of its own sales; a
 * sale of an order not settled its estimate (its kept units' value), rounded to the sen, from its
 * store's last 30 days in settlement_days. The sales are joined with their orders by id (their
 * channel and store), never with the settlements: a long range (`long`) by hashing every order,
 * a short one (a few thousand sales) by looking up only its own orders in their primary key
 * (hashing them all cost a short range more than its sales).
 */
function feeGroupsCtes(long: boolean, today: string): SQL {
  return sql`
    fee_rates as materialized (
      select d.store_id, -sum(d.fees) as fee, sum(d.price) as price
        from settlement_days d
       where d.day > ${today}::date - 30 and d.day <= ${today}::date
       group by d.store_id
    ),
    fee_sums as (
      select o.channel, o.store_id, sum(x.selling_price * x.quantity) as sales,
             sum(x.margin - x.loss) as margin,
             sum(coalesce(x.settled_fee, round(x.value * r.fee / r.price), 0)
                 - x.refund_back) / 100 as fees
        from sales x
        join marketplace_orders o on o.id = x.order_id
        ${long ? sql`` : sql`and o.id = any(array(select s.order_id from sales s where s.order_id is not null))`}
        left join fee_rates r
          on x.settled_fee is null and r.store_id = o.store_id and r.price > 0
       group by o.channel, o.store_id
      union all
      select 'manual', null, sum(x.selling_price * x.quantity), sum(x.margin - x.loss), 0
        from sales x where x.order_id is null
      having count(*) > 0
    ),
    fee_groups as (
      select g.channel = 'manual' as manual, g.channel, g.store_id, st.name as store,
             g.sales::text as sales, g.fees::numeric(20, 2)::text as fees,
             (case when g.sales = 0 then 0 else round(g.fees * 100 / g.sales, 2) end)::text
               as fee_percent,
             (g.margin - g.fees)::numeric(20, 2)::text as profit_after_fees
        from fee_sums g
        left join marketplace_stores st on st.id = g.store_id
    ),
    fee_totals as (select coalesce(sum(fees), 0) as fees from fee_sums)`;
}

/** JIT off and, for a long range, room to hash in memory: to the end of the transaction. */
async function statsSettings(tx: DbOrTx, range: PembukuanStatsQuery): Promise<void> {
  await tx.execute(sql`select set_config('jit', 'off', true)`);
  // A long range's hash joins and aggregates of some 100,000 orders, in memory.
  if (isLongRange(range)) await tx.execute(sql`select set_config('work_mem', '64MB', true)`);
}

/**
 * The stats of the range with the marketplace fees (GET /api/pembukuan/stats): statsSql with
 * feeGroupsCtes, one statement. Read in a transaction (the route's), JIT compilation is turned
 * off to its end (set_config, local): the statement's cost estimate over a year invites it, and
 * compiling took seconds against the milliseconds it could save (bench/pembukuan-fees.ts).
 */
export async function pembukuanStatsWithFees(
  tx: DbOrTx,
  range: PembukuanStatsQuery,
  today: string,
): Promise<PembukuanStats> {
  await statsSettings(tx, range);
  const { rows } = await tx.execute<StatsSqlRow>(statsSql(range, today));
  const stats = statsOf(rows[0]);
  const groups = JSON.parse(String(rows[0]?.fee_groups ?? '[]')) as {
    channel: string;
    store_id: number | null;
    store: string | null;
    sales: string;
    fees: string;
    fee_percent: string;
    profit_after_fees: string;
  }[];
  const row = rows[0];
  return {
    ...stats,
    totalFees: money(row?.total_fees),
    feePercent: money(row?.fee_percent),
    profitAfterFees: money(row?.profit_after_fees),
    feesByChannel: groups.map((group): PembukuanChannelFees => ({
      channel: group.channel,
      store_id: group.store_id === null ? null : toNumber(group.store_id),
      store: group.store,
      sales: money(group.sales),
      fees: money(group.fees),
      fee_percent: money(group.fee_percent),
      profit_after_fees: money(group.profit_after_fees),
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
    // A giveaway (the discount the whole price) is a sale; more would pay the buyer: a typo. (A
    // selling price of 0 is one not entered yet: the margin is 0 whatever the discount, SPEC.)
    if (input.selling_price > 0 && (input.discount ?? 0) > input.selling_price)
      throw new Refusal(400, MESSAGES.discountOverSelling);
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
        // A purchase price set by hand stays through later replays of the moving average.
        ...(moneyText(before.purchase_price) === purchase ? {} : { costFixed: true }),
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
