// The settled orders (GET /api/settlements) and their summary per channel and store or per
// channel and week (GET /api/settlements/summary): filtered, sorted and paged in SQL, money in
// rupiah. A settlement's order is joined by (channel, order number), both tables' unique keys,
// when read (never stored): a settlement imported before its order matches it once imported.
import {
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
import { pageOf, paginationOf } from '../../lib/paging';
import { feeColumnsOf, feesOf, rupiah } from './imports';

type Money = string | number;
type SettlementStatus = NonNullable<SettlementQuery['status']>;

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

/** The imported marketplace order of settlement `t`, if any (one probe of its unique key). */
const matchedOrderOf = (t: SQL): SQL => sql`(select mo.id from marketplace_orders mo
  where mo.channel = ${t}.channel and mo.order_number = ${t}.order_number)`;

const STATUS_WHERE: Record<SettlementStatus, SQL> = {
  matched: sql`${matchedOrderOf(sql`t`)} is not null`,
  unmatched: sql`${matchedOrderOf(sql`t`)} is null`,
  difference: sql`t.difference <> 0`,
};

function whereOf(
  query: SettlementSummaryQuery & { search?: string; status?: SettlementStatus },
): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.status !== undefined) parts.push(STATUS_WHERE[query.status]);
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
/** A summary row's figures over its settlements `t`, sums in sen. */
const SUMS = sql`count(*) as orders, sum(t.price_after) as price, ${FEE_SUMS},
  sum(${FEE_TOTAL}) as fees_total, sum(t.released) as released,
  (case when sum(t.price_after) = 0 then 0
        else round(-sum(${FEE_TOTAL}) * 100.0 / sum(t.price_after), 2) end)::text as fee_percent`;

/** A page of settled orders, newest release first (released_at, then id: the list's indexes). */
export async function listSettlements(db: DbOrTx, query: SettlementQuery): Promise<SettlementList> {
  const { page, limit, offset } = pageOf(query);
  const where = whereOf(query);
  const { rows: counted } = await db.execute<{ total: Money }>(
    sql`select count(*) as total from marketplace_settlements t where ${where}`,
  );
  const total = Number(counted[0]?.total ?? 0);
  const pagination = paginationOf({ page, limit }, total);
  if (offset >= total || !Number.isSafeInteger(offset)) return { data: [], pagination };
  const { rows } = await db.execute<ListRow>(sql`
    select t.id, t.order_number, t.channel, t.store_id, s.name as store,
           to_char(t.released_at, 'YYYY-MM-DD') as released_at, t.price_before, t.price_after,
           ${FEE_LIST}, t.fee_columns, t.released, t.difference,
           ${matchedOrderOf(sql`t`)} as matched_order_id
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
  week: string | null;
  store_id: number | null;
  store: string | null;
  orders: Money;
  price: Money;
  fees_total: Money;
  released: Money;
  fee_percent: Money;
} & Record<SettlementFeeCategory, Money>;

/**
 * Per channel and store (group 'store', the default) or per channel and week (group 'week': the
 * Monday of the release date, a date already in the shop's calendar; settlements without a
 * release date have no week and are left out): orders, sales, each fee category, released and
 * fee % (-fees / sales x 100, rounded to two decimals in numeric from the sen sums). A week's row
 * names its store when all its settlements are of one store.
 */
export async function settlementSummary(
  db: DbOrTx,
  query: SettlementSummaryQuery,
): Promise<SettlementSummary> {
  const byWeek = query.group === 'week';
  const grouped = byWeek
    ? sql`
    select t.channel, to_char(date_trunc('week', t.released_at::timestamp), 'YYYY-MM-DD') as week,
           case when count(distinct t.store_id) = 1 and count(t.store_id) = count(*)
                then min(t.store_id) end as store_id,
           case when count(distinct t.store_id) = 1 and count(t.store_id) = count(*)
                then min(s.name) end as store,
           ${SUMS}
      from marketplace_settlements t
      left join marketplace_stores s on s.id = t.store_id
     where ${whereOf(query)} and t.released_at is not null
     group by t.channel, date_trunc('week', t.released_at::timestamp)
     order by date_trunc('week', t.released_at::timestamp), t.channel`
    : sql`
    select t.channel, null as week, t.store_id, min(s.name) as store, ${SUMS}
      from marketplace_settlements t
      left join marketplace_stores s on s.id = t.store_id
     where ${whereOf(query)}
     group by t.channel, t.store_id
     order by t.channel, min(s.name), t.store_id`;
  const { rows } = await db.execute<SummaryRow>(grouped);
  return {
    data: rows.map((row) => ({
      channel: row.channel,
      ...(byWeek && row.week !== null ? { week: row.week } : {}),
      store_id: row.store_id === null ? null : Number(row.store_id),
      store: row.store,
      orders: Number(row.orders),
      price: rupiah(row.price),
      fees: feesOf(row),
      fees_total: rupiah(row.fees_total),
      released: rupiah(row.released),
      fee_percent: Number(row.fee_percent),
    })),
  };
}
