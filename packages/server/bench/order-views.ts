// What the views of migration 0050 cost readers (docs/adr/0026): marketplace_orders and
// marketplace_order_lines leave out the rows of an import still being written. Each read below
// runs on the view and on its table, alternating, several rounds; prints the medians. A PGlite
// database (file) with generated orders: --orders=100000, two lines each, a third still open,
// half of them written by (finished) batched imports; no import pending.
//
//   npx tsx packages/server/bench/order-views.ts [--orders=100000] [--rounds=7]
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDatabase } from '../src/db/client';
import { benchArgs as args, percentile } from './client';

const ORDERS = Number(args.get('orders') ?? 100_000);
const ROUNDS = Number(args.get('rounds') ?? 7);

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hc-bench-views-'));
  const database = await createDatabase({ databaseUrl: null, pgliteDir: path.join(dir, 'pglite') });
  try {
    await database.migrate();
    const { db } = database;
    await db.execute(sql`
      insert into products (barcode_id, code, name, category, brand, current_stock)
      select 'BC-V' || i, 'V-' || i, 'Produk ' || i, 'Bench', 'Bench', 1000
        from generate_series(1, 200) i`);
    await db.execute(sql`
      insert into marketplace_orders_all (channel, order_number, resi_number, status, status_text,
                                          date, total, shipped_at, import_id)
      select 'shopee', 'V' || lpad(i::text, 9, '0'), 'SPXV' || i,
             case when i % 3 = 0 then 'perlu_dikirim' else 'selesai' end, 'x',
             date '2026-01-01' + (i % 300), 20000,
             case when i % 3 = 0 then null else now() end,
             -- Half written by batched imports (finished): the filter's second branch runs.
             case when i % 2 = 0 then 1 + i / 24500 end
        from generate_series(1, ${ORDERS}) i`);
    await db.execute(sql`
      insert into marketplace_order_lines_all (order_id, sku, variation, product_name, quantity,
                                               unit_price, open, import_id)
      select o.id, 'V-' || (1 + (o.id * 7 + k) % 200), '', 'Produk', 1, 10000,
             o.status = 'perlu_dikirim', o.import_id
        from marketplace_orders_all o cross join generate_series(0, 1) k`);
    await db.execute(sql`analyze`);
    // reserved_lines with the tables' names: the same function without the views.
    const { rows } = await db.execute<{ def: string }>(
      sql`select pg_get_functiondef('reserved_lines(integer[])'::regprocedure) as def`,
    );
    const definition = (rows[0]?.def ?? '')
      .replace('public.reserved_lines(', 'public.reserved_lines_tables(')
      .replaceAll('marketplace_orders ', 'marketplace_orders_all ')
      .replaceAll('marketplace_order_lines ', 'marketplace_order_lines_all ');
    await db.execute(sql.raw(definition));

    const reads: [string, (table: string, lines: string, fn: string) => string][] = [
      ['count of every order', (t) => `select count(*) from ${t}`],
      [
        'orders list page (newest 25, status)',
        (t) => `select id, order_number, status, date from ${t}
                 where status = 'perlu_dikirim' order by date desc nulls last, id desc nulls last
                 limit 25`,
      ],
      ['counts per status', (t) => `select status, count(*) from ${t} group by status`],
      [
        'a page of orders with their lines',
        (t, l) => `select o.id, (select count(*) from ${l} x where x.order_id = o.id)
                     from ${t} o order by date desc nulls last, id desc nulls last limit 25`,
      ],
      ['reserved_lines(every product)', (_t, _l, f) => `select count(*) from ${f}(null)`],
      [
        'reserved_lines(25 products)',
        (_t, _l, f) => `select count(*) from ${f}(array(select id from products limit 25))`,
      ],
    ];
    const sides = [
      ['view', 'marketplace_orders', 'marketplace_order_lines', 'reserved_lines'],
      ['table', 'marketplace_orders_all', 'marketplace_order_lines_all', 'reserved_lines_tables'],
    ] as const;
    console.log(
      `${ORDERS} orders, ${ORDERS * 2} lines; PGlite; load ${os.loadavg()[0]?.toFixed(1)}`,
    );
    for (const [label, query] of reads) {
      const times: Record<string, number[]> = { view: [], table: [] };
      for (let r = 0; r < ROUNDS + 1; r++) {
        const order = r % 2 === 0 ? sides : [...sides].reverse();
        for (const [side, t, l, f] of order) {
          const start = performance.now();
          await db.execute(sql.raw(query(t, l, f)));
          // The first round warms the caches and is not counted.
          if (r > 0) times[side]?.push(performance.now() - start);
        }
      }
      const median = (xs: number[]) =>
        percentile(
          [...xs].sort((a, b) => a - b),
          50,
        );
      const view = median(times.view ?? []);
      const table = median(times.table ?? []);
      console.log(
        `${label.padEnd(40)} view ${view.toFixed(1).padStart(8)} ms  table ${table.toFixed(1).padStart(8)} ms  x${(view / table).toFixed(2)}`,
      );
    }
    console.log(`load after ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
