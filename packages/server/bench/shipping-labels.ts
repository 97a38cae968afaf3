// Label dengan isi paket (issue 47, "Speed"): a label PDF of 500 Shopee labels read and written
// through POST /api/shipping-labels, in both modes, against 500 imported orders (1-3 lines each,
// products with a rak); pages per second, and how much the server's memory (this process: the
// app and its label worker thread run in it) grew meanwhile. Beside it, the longest wait of a
// GET /api/health asked every 50 ms while the file is worked on: the PDF work is off the request
// thread, so that wait stays short.
//
//   npx tsx packages/server/bench/shipping-labels.ts [--pages=500] [--rounds=3]
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx packages/server/bench/shipping-labels.ts
//
// On a throw-away database (PGlite in memory, or a new database on DATABASE_URL's server, dropped
// afterwards). The first file also starts the worker (pdf.js and pdf-lib loaded): its time is
// shown apart. Run with `node --expose-gc` (npm run bench:labels does) for a clean baseline.
import { sql } from 'drizzle-orm';
import { SHIPPING_LABEL_UNMATCHED_HEADER } from '@gudang/api-client/contract';
import { multipart } from '../src/modules/marketplace/test-helpers';
import { manyLabels } from '../src/modules/shipping-labels/fixtures/label-pdfs';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
} from '../src/testing/test-app';
import { benchArgs as args } from './client';

const PAGES = Number(args.get('pages') ?? 500);
const ROUNDS = Number(args.get('rounds') ?? 3);
const PRODUCTS = 200;
const MB = 1024 * 1024;

const log = (message: string) => console.error(`[bench:labels] ${message}`);
const resiOf = (index: number) => `SPXID${String(900_000_000_000 + index)}`;
const gc = (globalThis as { gc?: () => void }).gc;

async function main(): Promise<void> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database);
  try {
    const user = await createTestUser(database, 'manager');
    const token = await login(app, user.email, user.password);
    // Set-based: products with racks, the orders with their resis, 1-3 lines each.
    await database.db.execute(sql`
      insert into products (barcode_id, code, name, category, brand, initial_stock, current_stock,
                            rack)
      select 'BL' || i, 'BL-' || lpad(i::text, 4, '0'), 'Produk Label ' || i, 'Kaos', 'Lokal', 100,
             100, chr(65 + i % 6) || '-' || lpad((i % 20)::text, 2, '0') || '-' || (i % 4 + 1)
        from generate_series(1, ${PRODUCTS}) i`);
    await database.db.execute(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                      date, total)
      select 'shopee', '2608' || lpad(i::text, 10, '0'),
             'SPXID' || (900000000000 + i)::text, 'perlu_dikirim', 'Perlu Dikirim', '2026-11-20', 0
        from generate_series(0, ${PAGES - 1}) i`);
    await database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity)
      select o.id, 'BL-' || lpad((1 + (o.id * 7 + n * 13) % ${PRODUCTS})::text, 4, '0'),
             case when n = 1 then 'Hitam, M' else '' end, 'Produk', 1 + n
        from marketplace_orders o
        cross join generate_series(0, 2) n
       where n <= o.id % 3`);
    log(
      `seeded ${PAGES} orders over ${PRODUCTS} products (${database.url === null ? 'PGlite' : 'PostgreSQL'})`,
    );

    const file = Buffer.from(await manyLabels(PAGES, resiOf));
    log(`label file: ${PAGES} pages, ${(file.length / MB).toFixed(1)} MB`);

    const send = async (mode: string) => {
      const body = multipart([
        { name: 'mode', value: mode },
        { name: 'file', value: file, fileName: 'label.pdf' },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/shipping-labels',
        headers: { ...authHeader(token), 'content-type': body.contentType },
        payload: body.payload,
      });
    };

    const rows: string[] = [];
    for (const mode of ['on_label', 'slip']) {
      for (let round = 0; round < ROUNDS; round += 1) {
        gc?.();
        const before = process.memoryUsage.rss();
        let peak = before;
        const sampler = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage.rss());
        }, 20);
        // Another user meanwhile: GET /api/health every 50 ms, its longest wait.
        let probing = true;
        let longest = 0;
        const probe = (async () => {
          while (probing) {
            const asked = performance.now();
            await app.inject({ method: 'GET', url: '/api/health' });
            longest = Math.max(longest, performance.now() - asked);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        })();
        const started = performance.now();
        const response = await send(mode);
        const seconds = (performance.now() - started) / 1000;
        probing = false;
        clearInterval(sampler);
        await probe;
        peak = Math.max(peak, process.memoryUsage.rss());
        if (response.statusCode !== 200) throw new Error(`${mode}: ${response.body}`);
        const unmatched = response.headers[SHIPPING_LABEL_UNMATCHED_HEADER.toLowerCase()];
        rows.push(
          `| ${mode} | ${round === 0 && mode === 'on_label' ? '1 (worker start)' : round + 1} | ${PAGES} | ${seconds.toFixed(2)} | ` +
            `${Math.round(PAGES / seconds)} | ${(response.rawPayload.length / MB).toFixed(1)} | ${unmatched} | ` +
            `${Math.round(before / MB)} | ${Math.round(peak / MB)} | +${Math.round((peak - before) / MB)} | ${Math.round(longest)} |`,
        );
        log(rows[rows.length - 1] ?? '');
      }
    }
    console.log(
      [
        `Label PDF of ${PAGES} pages (${database.url === null ? 'PGlite' : 'PostgreSQL'}, Node ${process.version})`,
        '',
        '| mode | round | pages | seconds | pages/s | output MB | unmatched | RSS before MB | RSS peak MB | growth MB | longest /api/health ms |',
        '|---|---|---|---|---|---|---|---|---|---|---|',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await app.close();
    await database.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
