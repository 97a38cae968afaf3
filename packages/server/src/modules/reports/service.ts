import type {
  IncomingReportRow,
  OutgoingReportRow,
  ReportQuery,
  ReportResponse,
  StockReportRow,
} from '@gudang/api-client/contract';
import { REPORT_TITLES } from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { addDays } from '../../lib/dates';
import { logCount, logDate } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

/** The first day of the calendar month of `iso`. */
const monthStart = (iso: string) => `${iso.slice(0, 7)}-01`;

/**
 * The stock report from `start` to `end` (both included), one set-based statement over the kept
 * totals (drizzle/0004_scale_totals.sql, 0016); movement rows (incoming, outgoing, returns in
 * good condition, adjustments) are read only at the two edges:
 *   before start = all-time totals - months from start's month on + rows from start's month up
 *                  to start
 *   in range     = months from start's month up to (end + 1)'s month
 *                  - rows from start's month up to start + rows from (end + 1)'s month to end
 * So the months read are those from the start's month to the latest, not the shop's whole
 * history: this month's report reads one month of totals (5,000 rows of a 5,000-product shop,
 * not 36 months of them). Each edge read is one (date) INCLUDE (product_id, quantity) index range.
 */
export async function stockReport(
  db: DbOrTx,
  start: string,
  end: string,
  includeEmpty: boolean,
): Promise<StockReportRow[]> {
  const after = addDays(end, 1);
  const startMonth = monthStart(start);
  const afterMonth = monthStart(after);
  // The four movements (docs/adr/0016-returns-and-adjustments.md): their rows, their sign in the
  // stock, and the range column they add to. A damaged return line is no movement.
  const movements = [
    { rows: sql`incoming_goods`, sign: 1, column: 0 },
    { rows: sql`outgoing_goods`, sign: -1, column: 1 },
    {
      rows: sql`(select product_id, date, quantity from return_lines where condition = 'good')`,
      sign: 1,
      column: 2,
    },
    { rows: sql`stock_adjustments`, sign: 1, column: 3 },
  ] as const;
  const rangeColumns = (column: number, value: SQL) =>
    sql.join(
      [0, 1, 2, 3].map((index) => (index === column ? value : sql`0`)),
      sql`, `,
    );
  // Rows of [startMonth, start) count before the start and not in the range; rows of
  // [afterMonth, after) count in the range.
  const edges = sql.join(
    movements.map(
      ({ rows: table, sign, column }) => sql`
      select product_id, ${sign === 1 ? sql`sum(quantity)` : sql`-sum(quantity)`} as before_net,
             ${rangeColumns(column, sql`-sum(quantity)`)}
        from ${table} m
       where date >= ${startMonth}::date and date < ${start}::date
       group by product_id
      union all
      select product_id, 0, ${rangeColumns(column, sql`sum(quantity)`)}
        from ${table} m
       where date >= ${afterMonth}::date and date < ${after}::date
       group by product_id`,
    ),
    sql` union all `,
  );
  const inRange = (column: string) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where month < ${afterMonth}::date), 0)`;
  const { rows } = await db.execute<{
    code: string;
    name: string;
    category: string;
    brand: string;
    stock_at_start: unknown;
    total_incoming: unknown;
    total_outgoing: unknown;
    total_returned: unknown;
    total_adjusted: unknown;
  }>(sql`
    with parts (product_id, before_net, range_in, range_out, range_ret, range_adj) as (
      select product_id,
             incoming_quantity - outgoing_quantity + returned_quantity + adjusted_quantity,
             0, 0, 0, 0
        from product_totals
      union all
      select product_id,
             -sum(incoming_quantity - outgoing_quantity + returned_quantity + adjusted_quantity),
             ${inRange('incoming_quantity')}, ${inRange('outgoing_quantity')},
             ${inRange('returned_quantity')}, ${inRange('adjusted_quantity')}
        from product_monthly_totals
       where month >= ${startMonth}::date
       group by product_id
      union all ${edges}
    ),
    totals as (
      select product_id, sum(before_net) as before_net, sum(range_in) as range_in,
             sum(range_out) as range_out, sum(range_ret) as range_ret,
             sum(range_adj) as range_adj
        from parts
       group by product_id
    )
    select p.code, p.name, p.category, p.brand,
           p.initial_stock + coalesce(t.before_net, 0) as stock_at_start,
           coalesce(t.range_in, 0) as total_incoming,
           coalesce(t.range_out, 0) as total_outgoing,
           coalesce(t.range_ret, 0) as total_returned,
           coalesce(t.range_adj, 0) as total_adjusted
      from products p
      ${includeEmpty ? sql`left join` : sql`join`} totals t on t.product_id = p.id
     ${
       includeEmpty
         ? sql``
         : sql`where t.range_in > 0 or t.range_out > 0 or t.range_ret > 0 or t.range_adj <> 0`
     }
     order by p.name, p.id`);
  return rows.map((row) => {
    const stockAtStart = toNumber(row.stock_at_start);
    const totalIncoming = toNumber(row.total_incoming);
    const totalOutgoing = toNumber(row.total_outgoing);
    const totalReturned = toNumber(row.total_returned);
    const totalAdjusted = toNumber(row.total_adjusted);
    return {
      code: row.code,
      name: row.name,
      category: row.category,
      brand: row.brand,
      stock_at_start: stockAtStart,
      total_incoming: totalIncoming,
      total_outgoing: totalOutgoing,
      total_returned: totalReturned,
      total_adjusted: totalAdjusted,
      calculated_stock:
        stockAtStart + totalIncoming - totalOutgoing + totalReturned + totalAdjusted,
    };
  });
}

/**
 * Incoming or outgoing goods from `start` to `end` (both included), by date, then as they were
 * recorded; only incoming goods name a platform.
 */
async function movementReport<Row extends { quantity: number }>(
  db: Db,
  table: 'incoming_goods' | 'outgoing_goods',
  start: string,
  end: string,
): Promise<Row[]> {
  const platform = table === 'incoming_goods' ? sql`m.platform, ` : sql``;
  // Dates go out as text: node-postgres would turn a date into a local-time Date.
  const { rows } = await db.execute<Row>(sql`
    select to_char(m.date, 'YYYY-MM-DD') as date, p.code as product_code,
           p.name as product_name, p.category, p.brand, m.quantity, ${platform}m.resi_number
      from ${sql.identifier(table)} m
      join products p on p.id = m.product_id
     where m.date between ${start}::date and ${end}::date
     order by m.date, m.id`);
  return rows.map((row) => ({ ...row, quantity: toNumber(row.quantity) }));
}

export const incomingReport = (db: Db, start: string, end: string) =>
  movementReport<IncomingReportRow>(db, 'incoming_goods', start, end);

export const outgoingReport = (db: Db, start: string, end: string) =>
  movementReport<OutgoingReportRow>(db, 'outgoing_goods', start, end);

export type ReportRequest = Required<Pick<ReportQuery, 'type' | 'startDate' | 'endDate'>> & {
  includeEmpty: boolean;
};

/**
 * The requested incoming or outgoing report (the other two arrays empty), logged as
 * GENERATE_REPORT. The stock report is kept per period by the route (reports/routes.ts).
 */
export async function generateReport(
  db: Db,
  request: ReportRequest & { type: 'incoming' | 'outgoing' },
  actor: ActivityActor,
): Promise<ReportResponse> {
  const { type, startDate, endDate } = request;
  const report: ReportResponse = { stockReport: [], incomingReport: [], outgoingReport: [] };
  if (type === 'incoming') report.incomingReport = await incomingReport(db, startDate, endDate);
  else report.outgoingReport = await outgoingReport(db, startDate, endDate);
  const rows = report.incomingReport.length + report.outgoingReport.length;
  await logReport(db, request, rows, actor);
  return report;
}

/** GENERATE_REPORT: the report's type, period and number of rows. */
export async function logReport(
  db: DbOrTx,
  request: ReportRequest,
  rows: number,
  actor: ActivityActor,
): Promise<void> {
  const { type, startDate, endDate, includeEmpty } = request;
  const empty = type === 'stock' && includeEmpty ? ', termasuk produk tanpa transaksi' : '';
  await logActivity(db, {
    action: 'GENERATE_REPORT',
    user: actor,
    details: `${REPORT_TITLES[type]} periode ${logDate(startDate)} s/d ${logDate(endDate)}${empty}: ${logCount(rows)} baris`,
  });
}
