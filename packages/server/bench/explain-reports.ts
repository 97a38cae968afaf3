// Prints EXPLAIN (ANALYZE, BUFFERS) of every statement of the reports and the activity log (issue
// 10) on the database the server would use (DATABASE_URL, else DATA_DIR's PGlite), after
// `npm run bench:load`: 5,000 products and a million movements.
//
//   DATABASE_URL=postgres://... npx tsx packages/server/bench/explain-reports.ts [--full]
//
// Nothing is written (the report functions are called without the GENERATE_REPORT log).
import { addDays } from '../src/lib/dates';
import { listActivityLogs } from '../src/modules/activity-logs/service';
import { incomingReport, outgoingReport, stockReport } from '../src/modules/reports/service';
import { openExplainer, runScript } from './explain';

async function main(): Promise<void> {
  const { database, db, client, explain } = await openExplainer();
  const { rows: last } = await client.query(
    `select to_char(max(date), 'YYYY-MM-DD') as day from outgoing_goods`,
  );
  const today = String(last[0]?.day);
  const cases: [string, () => Promise<{ length: number } | { data: unknown[] }>][] = [];
  for (const [label, days] of [
    ['15 days', 7],
    ['2 months', 30],
    ['1 year', 182],
    ['3 years', 548],
  ] as const) {
    const start = addDays(today, -days);
    const end = addDays(today, days);
    cases.push([`stock ${label}`, () => stockReport(db, start, end, false)]);
    cases.push([`stock ${label}, includeEmpty`, () => stockReport(db, start, end, true)]);
  }
  const start = addDays(today, -7);
  const end = addDays(today, 7);
  cases.push(['incoming 15 days', () => incomingReport(db, start, end)]);
  cases.push(['outgoing 15 days', () => outgoingReport(db, start, end)]);
  cases.push(['outgoing 1 year', () => outgoingReport(db, addDays(today, -365), today)]);
  for (const [label, query] of [
    ['log page 1', { page: 1, limit: 10 }],
    ['log page 500', { page: 500, limit: 20 }],
    ['log limit 1000', { page: 1, limit: 1000 }],
    ['log action LOGIN page 3', { page: 3, limit: 10, action: 'LOGIN' as const }],
    [
      'log action GENERATE_REPORT page 1',
      { page: 1, limit: 10, action: 'GENERATE_REPORT' as const },
    ],
    ["log search 'barang' (common)", { page: 1, limit: 10, search: 'barang' }],
    ["log search 'barang' page 300", { page: 300, limit: 10, search: 'barang' }],
    [
      "log search 'selimut microfiber' (rare)",
      { page: 1, limit: 10, search: 'selimut microfiber' },
    ],
    [
      "log search 'admin@gudang' + OUTGOING_GOODS",
      { page: 2, limit: 10, search: 'admin@gudang', action: 'OUTGOING_GOODS' as const },
    ],
  ] as const) {
    cases.push([label, () => listActivityLogs(db, query)]);
  }

  for (const [name, run] of cases) {
    const began = performance.now();
    await explain(run, (result) => {
      const took = Math.round(performance.now() - began);
      const size = 'data' in result ? result.data.length : result.length;
      return `${name}: ${size} rows, ${took} ms in the app`;
    });
  }
  await database.close();
}

runScript(main);
