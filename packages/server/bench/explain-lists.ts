// Prints EXPLAIN (ANALYZE, BUFFERS) of every statement the list and dashboard services run, on
// the database the server would use (DATABASE_URL, else DATA_DIR's PGlite): after
// `npm run bench:load`, this shows how each page is read at a shop's size.
//
//   DATABASE_URL=postgres://... npx tsx packages/server/bench/explain-lists.ts [--full]
//
// Without --full only each statement's execution time and its plan's top lines are printed.
import { listDamaged } from '../src/modules/damaged-goods/service';
import { ConsistencyCheck, dashboardStats } from '../src/modules/dashboard/service';
import { listProducts, productLedger } from '../src/modules/products/service';
import { listIncoming } from '../src/modules/stock-movements/incoming-service';
import { listOutgoing } from '../src/modules/stock-movements/outgoing-service';
import { openExplainer, runScript } from './explain';

async function main(): Promise<void> {
  const { database, db, client, explain } = await openExplainer();
  const busiest = await client.query(
    `select product_id from product_totals order by incoming_rows + outgoing_rows desc limit 1`,
  );
  const busiestId = Number(busiest.rows[0]?.product_id ?? 1);
  const cases: [string, () => Promise<unknown>][] = [
    ['products, page 1', () => listProducts(db, { page: 1, limit: 10 })],
    ["products, search 'Mitra'", () => listProducts(db, { page: 1, limit: 10, search: 'Mitra' })],
  ];
  for (const [name, list] of [
    ['incoming', listIncoming],
    ['outgoing', listOutgoing],
    ['damaged', listDamaged],
  ] as const) {
    for (const page of [1, 500]) {
      cases.push([`${name}, page ${page}`, () => list(db, { page, limit: 10 })]);
      cases.push([
        `${name}, search '60596', page ${page}`,
        () => list(db, { page, limit: 10, search: '60596' }),
      ]);
    }
  }
  const check = new ConsistencyCheck(database.db);
  await check.run();
  for (const [period, range] of [
    ['all', null],
    ['month', { start: '2026-11-01', end: '2026-11-30' }],
    ['today', { start: '2026-11-23', end: '2026-11-23' }],
  ] as const) {
    cases.push([
      `dashboard, ${period}`,
      async () => dashboardStats(db, range, await check.latest()),
    ]);
  }
  cases.push([
    `stock card of product ${busiestId}`,
    () => productLedger(db, busiestId, '2026-10-24', '2026-11-23'),
  ]);

  for (const [name, run] of cases) await explain(run, () => name);
  await database.close();
}

runScript(main);
