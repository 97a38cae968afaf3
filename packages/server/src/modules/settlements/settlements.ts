// The settled orders (GET /api/settlements) and their summary per channel and store
// (GET /api/settlements/summary): filtered, sorted and paged in SQL, money in rupiah.
import {
  DEFAULT_PAGE_SIZE,
  SETTLEMENT_FEE_CATEGORIES,
  type SettlementChannel,
  type SettlementFeeCategory,
  type SettlementList,
  type SettlementQuery,
  type SettlementSummary,
  type SettlementSummaryQuery,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchPattern } from '../../lib/search';
import { feeColumnsOf, feesOf, rupiah } from './imports';

type Money = string | number;

type ListRow = {
  id: number;
  order_number: string;
  channel: SettlementChannel;
  store_id: number | null;
  store: string | null;
  released_at: string | null;
  price_before: Money;
  price_after: Money;
  released: Money;
  difference: Money;
  fee_columns: unknown;
  matched_order_id: number | null;
} & Record<SettlementFeeCategory, Money>;

function whereOf(query: SettlementSummaryQuery & { search?: string }): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.channel !== undefined) parts.push(sql`t.channel = ${query.channel}`);
  if (query.store_id !== undefined) parts.push(sql`t.store_id = ${query.store_id}`);
  if (query.startDate !== undefined) parts.push(sql`t.released_at >= ${query.startDate}`);
  if (query.endDate !== undefined) parts.push(sql`t.released_at <= ${query.endDate}`);
  const pattern = searchPattern(query.search);
  if (pattern !== null) parts.push(sql`t.order_number ilike ${pattern}`);
  return sql.join(parts, sql` and `);
}

const FEE_LIST = sql.raw(SETTLEMENT_FEE_CATEGORIES.map((c) => `t."${c}"`).join(', '));
const FEE_SUMS = sql.raw(
  SETTLEMENT_FEE_CATEGORIES.map((c) => `sum(t."${c}") as "${c}"`).join(', '),
);
const FEE_TOTAL = sql.raw(SETTLEMENT_FEE_CATEGORIES.map((c) => `t."${c}"`).join(' + '));

/** A page of settled orders, newest release first (released_at, then id: the list's indexes). */
export async function listSettlements(db: DbOrTx, query: SettlementQuery): Promise<SettlementList> {
  const page = query.page ?? 1;
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const offset = (page - 1) * limit;
  const where = whereOf(query);
  const { rows: counted } = await db.execute<{ total: Money }>(
    sql`select count(*) as total from marketplace_settlements t where ${where}`,
  );
  const total = Number(counted[0]?.total ?? 0);
  const pagination = { page, limit, total, totalPages: Math.ceil(total / limit) };
  if (offset >= total || !Number.isSafeInteger(offset)) return { data: [], pagination };
  const { rows } = await db.execute<ListRow>(sql`
    select t.id, t.order_number, t.channel, t.store_id, s.name as store,
           to_char(t.released_at, 'YYYY-MM-DD') as released_at, t.price_before, t.price_after,
           ${FEE_LIST}, t.fee_columns, t.released, t.difference, t.matched_order_id
      from marketplace_settlements t
      left join marketplace_stores s on s.id = t.store_id
     where ${where}
     order by t.released_at desc nulls last, t.id desc
     limit ${limit} offset ${offset}`);
  return {
    data: rows.map((row) => ({
      id: Number(row.id),
      order_number: row.order_number,
      channel: row.channel,
      store_id: row.store_id === null ? null : Number(row.store_id),
      store: row.store,
      released_at: row.released_at,
      price: rupiah(row.price_after),
      price_before: rupiah(row.price_before),
      fees: feesOf(row),
      fee_columns: feeColumnsOf(row.fee_columns),
      released: rupiah(row.released),
      difference: rupiah(row.difference),
      matched_order_id: row.matched_order_id === null ? null : Number(row.matched_order_id),
    })),
    pagination,
  };
}

type SummaryRow = {
  channel: SettlementChannel;
  store_id: number | null;
  store: string | null;
  orders: Money;
  price: Money;
  fees_total: Money;
  released: Money;
} & Record<SettlementFeeCategory, Money>;

/** Per channel and store: orders, sales, each fee category, released and fee %. */
export async function settlementSummary(
  db: DbOrTx,
  query: SettlementSummaryQuery,
): Promise<SettlementSummary> {
  const { rows } = await db.execute<SummaryRow>(sql`
    select t.channel, t.store_id, min(s.name) as store, count(*) as orders,
           sum(t.price_after) as price, ${FEE_SUMS}, sum(${FEE_TOTAL}) as fees_total,
           sum(t.released) as released
      from marketplace_settlements t
      left join marketplace_stores s on s.id = t.store_id
     where ${whereOf(query)}
     group by t.channel, t.store_id
     order by t.channel, min(s.name), t.store_id`);
  return {
    data: rows.map((row) => {
      const price = rupiah(row.price);
      const feesTotal = rupiah(row.fees_total);
      return {
        channel: row.channel,
        store_id: row.store_id === null ? null : Number(row.store_id),
        store: row.store,
        orders: Number(row.orders),
        price,
        fees: feesOf(row),
        fees_total: feesTotal,
        released: rupiah(row.released),
        // In sen (exact integers) before rounding to two decimals.
        fee_percent:
          Number(row.price) === 0
            ? 0
            : Math.round((-Number(row.fees_total) / Number(row.price)) * 10_000) / 100,
      };
    }),
  };
}
