// 'Perlu dicek' of Penghasilan Marketplace (GET /api/settlements/checks, issue 45): the orders
// and settlements the manager should look at, each with the reason in one Indonesian sentence.
// One statement: the four kinds as the arms of a UNION ALL (only the kinds asked for), filtered,
// sorted and paged in SQL, counted by a window over the same rows.
//
// - unsettled: a marketplace order of a channel that publishes income files, shipped (Scan Kirim's
//   shipped_at, in the shop's calendar; else, for an order the marketplace says is 'Dikirim' or
//   'Selesai', its order date) more than settlement_check_days days ago, with no settlement.
//   Cancelled and returned orders are left out: no money is due for them.
// - no_order: a settlement with no imported marketplace order of its channel and number.
// - no_sale: a settlement whose order has no Barang Keluar record (not packed in Gudang).
// - underpaid: a settlement released below price + the expected fees + its own refund to the
//   buyer (pengembalian: the file says why that much less came in; a refund without the parcel
//   back is the return board's) by more than settlement_tolerance_percent % of its price. The
//   expected fee % is the store's over its settlements released in the 30 days before (the day
//   before back to 30 days before), else the channel's over the same days, refunds to the buyer
//   left out (settlement_days, migration 0052); with neither, the settlement is not judged (not
//   listed).
//   Only settlements with a release date and a price above 0.
//
// The settlement's order is joined by (channel, order number), both tables' unique keys.
import {
  MARKETPLACE_CHANNEL_LABELS,
  SETTLEMENT_CHANNELS,
  SETTLEMENT_CHECK_KINDS,
  type SettlementChannel,
  type SettlementCheckKind,
  type SettlementCheckList,
  type SettlementCheckQuery,
  type SettlementCheckRow,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logCount, logDate, logMoney } from '../../lib/log-text';
import { searchPattern } from '../../lib/search';
import { pageOf, paginationOf } from '../../lib/paging';
import { rupiah } from './imports';
import type { SettlementSettings } from './settings';

export interface CheckContext {
  /** The shop's today, yyyy-mm-dd. */
  today: string;
  timeZone: string;
  settings: SettlementSettings;
}

const channelList = sql.join(
  SETTLEMENT_CHANNELS.map((channel) => sql`${channel}`),
  sql`, `,
);

/** The filters of one arm: `channel`, `store`, `date` and `number` are its columns. */
function filtersOf(
  query: SettlementCheckQuery,
  columns: { channel: SQL; store: SQL; date: SQL; number: SQL },
): SQL {
  const parts: SQL[] = [sql`true`];
  if (query.channel !== undefined) parts.push(sql`${columns.channel} = ${query.channel}`);
  if (query.store_id !== undefined) parts.push(sql`${columns.store} = ${query.store_id}`);
  if (query.startDate !== undefined) parts.push(sql`${columns.date} >= ${query.startDate}::date`);
  if (query.endDate !== undefined) parts.push(sql`${columns.date} <= ${query.endDate}::date`);
  const pattern = searchPattern(query.search);
  if (pattern !== null) parts.push(sql`${columns.number} ilike ${pattern}`);
  return sql.join(parts, sql` and `);
}

const settlementFilters = (query: SettlementCheckQuery) =>
  filtersOf(query, {
    channel: sql`s.channel`,
    store: sql`s.store_id`,
    date: sql`s.released_at`,
    number: sql`s.order_number`,
  });

/** The columns every arm answers, in this order. */
const NO_EXTRA = sql`null::numeric as expected, null::numeric as order_total,
  null::numeric as rate, null::text as rate_source`;

function unsettledArm(query: SettlementCheckQuery, context: CheckContext): SQL {
  return sql`
    select 'unsettled'::text as kind, o.channel, o.store_id, o.order_number, o.id as order_id,
           null::integer as settlement_id, d.shipped as date, null::bigint as price,
           null::bigint as released, null::numeric as expected, o.total as order_total,
           null::numeric as rate, null::text as rate_source
      from marketplace_orders o
      cross join lateral (
        select coalesce((o.shipped_at at time zone ${context.timeZone})::date, o.date) as shipped
      ) d
     where o.channel in (${channelList})
       and (o.shipped_at is not null or o.status in ('dikirim', 'selesai'))
       and o.status not in ('batal', 'retur')
       and d.shipped < ${context.today}::date - ${context.settings.settlement_check_days}::integer
       and not exists (select 1 from marketplace_settlements x
                        where x.channel = o.channel and x.order_number = o.order_number)
       and ${filtersOf(query, {
         channel: sql`o.channel`,
         store: sql`o.store_id`,
         date: sql`d.shipped`,
         number: sql`o.order_number`,
       })}`;
}

function noOrderArm(query: SettlementCheckQuery): SQL {
  return sql`
    select 'no_order'::text as kind, s.channel, s.store_id, s.order_number,
           null::integer as order_id, s.id as settlement_id, s.released_at as date,
           s.price_after as price, s.released, ${NO_EXTRA}
      from marketplace_settlements s
     where ${settlementFilters(query)}
       and not exists (select 1 from marketplace_orders o
                        where o.channel = s.channel and o.order_number = s.order_number)`;
}

function noSaleArm(query: SettlementCheckQuery): SQL {
  return sql`
    select 'no_sale'::text as kind, s.channel, s.store_id, s.order_number, o.id as order_id,
           s.id as settlement_id, s.released_at as date, s.price_after as price, s.released,
           ${NO_EXTRA}
      from marketplace_settlements s
      join marketplace_orders o on o.channel = s.channel and o.order_number = s.order_number
     where ${settlementFilters(query)}
       and not exists (select 1 from outgoing_goods g where g.marketplace_order_id = o.id)`;
}

/**
 * The fee % of the 30 days before each day, per store and per channel: the settlements summed
 * per store and day (settlement_days, kept by triggers), summed per day for the channel, then a
 * window over the days (30 days preceding to 1 day preceding). Only the stores, channels and days
 * the candidates need.
 */
function underpaidArm(query: SettlementCheckQuery, context: CheckContext): SQL {
  const window = (key: 'store_id' | 'channel', name: string) => sql`
    ${sql.raw(name)}_days as (
      select d.${sql.raw(key)} as key, d.day, sum(d.price) as price, sum(d.fees) as fees
        from settlement_days d
       where d.${sql.raw(key)} in (select ${sql.raw(key)} from candidates)
         and d.day >= (select min(released_at) from candidates) - 30
         and d.day <= (select max(released_at) from candidates)
       group by d.${sql.raw(key)}, d.day),
    ${sql.raw(name)}_rates as (
      select key, day, sum(price) over days as price, sum(fees) over days as fees
        from ${sql.raw(name)}_days
      window days as (partition by key order by day
                      range between interval '30 days' preceding and interval '1 day' preceding))`;
  return sql`
    select 'underpaid'::text as kind, c.channel, c.store_id, c.order_number,
           (select o.id from marketplace_orders o
             where o.channel = c.channel and o.order_number = c.order_number) as order_id,
           c.id as settlement_id, c.released_at as date, c.price_after as price, c.released,
           e.expected, null::numeric as order_total, r.rate, r.source as rate_source
      from (
        with candidates as materialized (
          select s.id, s.channel, s.store_id, s.order_number, s.released_at, s.price_after,
                 s.released, s.pengembalian
            from marketplace_settlements s
           where ${settlementFilters(query)} and s.released_at is not null and s.price_after > 0
        ),
        ${window('store_id', 'store')},
        ${window('channel', 'channel')}
        select c.*, sr.price as store_price, sr.fees as store_fees, cr.price as channel_price,
               cr.fees as channel_fees
          from candidates c
          left join store_rates sr on sr.key = c.store_id and sr.day = c.released_at
          left join channel_rates cr on cr.key = c.channel and cr.day = c.released_at
      ) c
      cross join lateral (
        select case when c.store_price > 0 then c.store_fees::numeric / c.store_price
                    when c.channel_price > 0 then c.channel_fees::numeric / c.channel_price
               end as rate,
               case when c.store_price > 0 then 'store'
                    when c.channel_price > 0 then 'channel' end as source
      ) r
      cross join lateral (select c.price_after * (1 + r.rate) + c.pengembalian as expected) e
     where r.rate is not null
       and c.released < e.expected
                        - c.price_after * ${context.settings.settlement_tolerance_percent}::numeric / 100`;
}

type CheckSqlRow = {
  kind: SettlementCheckKind;
  channel: SettlementChannel;
  store_id: number | string | null;
  store: string | null;
  order_number: string;
  order_id: number | string | null;
  settlement_id: number | string | null;
  date: string | null;
  price: number | string | null;
  released: number | string | null;
  expected: number | string | null;
  order_total: number | string | null;
  rate: number | string | null;
  rate_source: 'store' | 'channel' | null;
  total: number | string;
};

const percentText = new Intl.NumberFormat('id-ID', {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Whole days from `from` to `to` (yyyy-mm-dd). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The one sentence of why the row is listed. Money in sen from the database. */
function reasonOf(row: CheckSqlRow, context: CheckContext): string {
  const released = rupiah(row.released);
  const price = rupiah(row.price);
  const on = row.date === null ? '' : ` pada ${logDate(row.date)}`;
  switch (row.kind) {
    case 'unsettled': {
      const date = row.date ?? context.today;
      const total = Number(row.order_total ?? 0);
      return (
        `Dikirim ${logDate(date)}, ${logCount(daysBetween(date, context.today))} hari lalu ` +
        `(batas ${logCount(context.settings.settlement_check_days)} hari), ` +
        `tetapi penghasilannya belum diimpor` +
        (total > 0 ? `; total pesanan ${logMoney(total)}` : '')
      );
    }
    case 'no_order':
      return (
        `Dana ${logMoney(released)} cair${on}, tetapi pesanan ${row.order_number} ` +
        `belum diimpor ke Gudang`
      );
    case 'no_sale':
      return (
        `Dana ${logMoney(released)} cair${on}, tetapi pesanan ini belum punya ` +
        `Barang Keluar di Gudang (belum di-Scan Kirim)`
      );
    case 'underpaid': {
      // Sen, whole numbers: the expected is rounded to the sen by the database.
      const expected = Number(row.expected);
      const short = expected - Number(row.released);
      const percent = Math.round(-Number(row.rate) * 10_000) / 100;
      const tolerance = context.settings.settlement_tolerance_percent;
      const source =
        row.rate_source === 'store' ? 'toko ini' : MARKETPLACE_CHANNEL_LABELS[row.channel];
      return (
        `Dana cair ${logMoney(released)}, kurang ${logMoney(rupiah(short))} dari perkiraan ` +
        `${logMoney(rupiah(expected))} (harga ${logMoney(price)} dikurangi biaya ` +
        `${percentText.format(percent)}%, rata-rata ${source} 30 hari sebelumnya); ` +
        `toleransi ${logCount(tolerance)}% = ` +
        logMoney(rupiah(Math.round((Number(row.price) * tolerance) / 100)))
      );
    }
  }
}

const toId = (value: number | string | null) => (value === null ? null : Number(value));

/** A page of 'Perlu dicek', newest date first (then by kind, order number), and its count. */
export async function listSettlementChecks(
  db: DbOrTx,
  query: SettlementCheckQuery,
  context: CheckContext,
): Promise<SettlementCheckList> {
  const { page, limit, offset } = pageOf(query);
  const kinds: readonly SettlementCheckKind[] =
    query.kind === undefined ? SETTLEMENT_CHECK_KINDS : [query.kind];
  const arms: Record<SettlementCheckKind, () => SQL> = {
    unsettled: () => unsettledArm(query, context),
    no_order: () => noOrderArm(query),
    no_sale: () => noSaleArm(query),
    underpaid: () => underpaidArm(query, context),
  };
  const union = sql.join(
    kinds.map((kind) => sql`(${arms[kind]()})`),
    sql` union all `,
  );
  const rank = sql.raw(
    `array_position(array[${SETTLEMENT_CHECK_KINDS.map((k) => `'${k}'`).join(', ')}], c.kind)`,
  );
  const read = (pageLimit: number, pageOffset: number) =>
    db.execute<CheckSqlRow>(sql`
      select c.kind, c.channel, c.store_id, st.name as store, c.order_number, c.order_id,
             c.settlement_id, to_char(c.date, 'YYYY-MM-DD') as date, c.price, c.released,
             round(c.expected) as expected, c.order_total::text as order_total, c.rate,
             c.rate_source, count(*) over () as total
        from (${union}) as c
        left join marketplace_stores st on st.id = c.store_id
       order by c.date desc nulls last, ${rank}, c.order_number
       limit ${pageLimit} offset ${pageOffset}`);
  if (!Number.isSafeInteger(offset))
    return { data: [], pagination: { page, limit, total: 0, totalPages: 0 } };
  let { rows } = await read(limit, offset);
  let total = Number(rows[0]?.total ?? 0);
  // A page beyond the rows comes back empty: the count of all of them, from the first row.
  if (rows.length === 0 && offset > 0) {
    total = Number((await read(1, 0)).rows[0]?.total ?? 0);
    rows = [];
  }
  return {
    data: rows.map((row): SettlementCheckRow => ({
      kind: row.kind,
      channel: row.channel,
      store_id: toId(row.store_id),
      store: row.store,
      order_number: row.order_number,
      order_id: toId(row.order_id),
      settlement_id: toId(row.settlement_id),
      date: row.date,
      price: row.price === null ? null : rupiah(row.price),
      released: row.released === null ? null : rupiah(row.released),
      expected: row.expected === null ? null : rupiah(row.expected),
      reason: reasonOf(row, context),
    })),
    pagination: paginationOf({ page, limit }, total),
  };
}
