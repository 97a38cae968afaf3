// Stok Tersedia (issue 44, "Speed"): what Dipesan and Tersedia cost the pages that show them, and
// the stock file of 5,000 SKUs, on the million-movement dataset plus 20,000 open imported orders.
//
//   npx tsx packages/server/bench/reservations.ts [--scale=0.1] [--db=postgresql|pglite]
//       [--rounds=5] [--requests=40] [--history=N] [--lists-only] [--out=/tmp/bench-44.md]
//
// For each database (both unless --db): the dataset of bench/gen-dataset.mjs (cached under the
// system's temp folder as `npm run bench` caches it) loaded by bench/load.ts into a fresh
// PostgreSQL database beside DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// dropped afterwards unless BENCH_KEEP=1) or a fresh PGlite folder; then, set-based (a few
// INSERT ... SELECT, no statement per row): stores, SKU mappings (single, per channel, per
// variation, bundles of 2 products, packs of 3), 20,000 open orders ('perlu_dikirim', five channels,
// 1-3 lines each, some lines naming a product code or barcode, a few unmapped), `--history`
// shipped or cancelled orders before them (default 5 x the open ones), and partial shipments of
// one open order in 40 (Scan Kirim records linked to the order). --scale scales products, movements
// and orders alike (0.1: 500 products, 2,000 open orders).
//
// Measured, in this process on the server's own Database object (the same pool, or the same
// PGlite worker thread, the routes use): the products list and search exactly as GET
// /api/products computes them, WITH the three numbers (listProducts, then withReserved, as
// products/routes.ts does) and WITHOUT (listProducts alone), in alternating rounds. Not through
// HTTP: the route keeps its answers per database snapshot (ADR 0022), so repeated GETs would time
// the cache, not the query. Beside them, the whole request over HTTP: GET /api/products against a
// copy of the route without the reserved query (mounted at /api/bench-without in this process's
// app), a commit before each request (not timed) so that no kept answer is sent. The stock file
// (a Shopee mass-update template of 5,000 rows) is previewed and filled through the real app
// listening on a local port (multipart upload, parsing, the xlsx written back); --lists-only
// leaves it and the picker out. Then EXPLAIN (ANALYZE, BUFFERS) of the reserved query for a page
// of 25, for the stock file's products and for every product (reserved_lines(null)); on
// PostgreSQL also the plan of the function's own statement (auto_explain, nested statements),
// since a function that is not inlined shows as one Function Scan. The load average is read before and after
// every measurement: the machine is shared. Writes the report (markdown) to --out and stdout.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_PAGE_SIZE,
  ProductList,
  ProductListQuery,
  STOCK_FILE_UNMAPPED_HEADER,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, type Database, type Db } from '../src/db/client';
import { seesCost, withoutCost } from '../src/lib/purchase-cost';
import { requireUser } from '../src/lib/request-user';
import { SnapshotCache } from '../src/lib/snapshot-cache';
import { schema } from '../src/db/schema';
import { workbook } from '../src/modules/marketplace/fixtures/fixture-files';
import { allProducts, listProducts } from '../src/modules/products/service';
import { reservedFor, withReserved } from '../src/modules/reservations/service';
import { buildTestApp, createTestUser } from '../src/testing/test-app';
import { benchArgs as args, percentile, signIn } from './client';

const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SCALE = Number(args.get('scale') ?? '1');
const ROUNDS = Number(args.get('rounds') ?? '5');
const REQUESTS = Number(args.get('requests') ?? '40');
const OUT = args.get('out') ?? '/tmp/bench-44.md';
const ONLY = args.get('db');
/** --lists-only: Data Produk's rows alone (no picker, no stock file). */
const LISTS_ONLY = args.get('lists-only') === 'true';
const KEEP = process.env.BENCH_KEEP === '1';
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = process.env.SHOP_TIMEZONE || 'Asia/Jakarta';
const cache = path.join(os.tmpdir(), 'gudang-bench');

/** Open orders (20,000 at scale 1), shipped or cancelled ones before them, stock file rows. */
const OPEN_ORDERS = Math.round(20_000 * SCALE);
const HISTORY = Number(args.get('history') ?? String(5 * OPEN_ORDERS));
const FILE_ROWS = 5_000;
/** Times each stock file step runs (it is slow where the reserved query is). */
const FILE_RUNS = Math.min(ROUNDS, 3);
const CHANNELS = ['shopee', 'tiktok', 'tokopedia', 'lazada', 'bigseller'] as const;
/** Searches of Data Produk: a colour in many names, a category word in fewer. */
const SEARCHES = ['hitam', 'kopi'];

if (!(SCALE > 0 && SCALE <= 1) || !(ROUNDS >= 1) || !(REQUESTS >= 1)) {
  console.error('usage: reservations.ts [--scale=(0,1]] [--rounds=N] [--requests=N] [--db=...]');
  process.exit(2);
}

const log = (message: string) => console.error(`[bench:reservations] ${message}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

// ---------------------------------------------------------------------------------------------
// The dataset (as scripts/bench.mjs makes and caches it) and a fresh database loaded with it.

const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(new Date());

function dataset(): string {
  const today = shopToday();
  const dir = path.join(cache, `dataset-${today}${SCALE === 1 ? '' : `-scale${SCALE}`}`);
  if (existsSync(path.join(dir, 'summary.json'))) return dir;
  log(`generating the dataset into ${dir}`);
  mkdirSync(cache, { recursive: true });
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const run = spawnSync(
    process.execPath,
    [path.join(__dirname, 'gen-dataset.mjs'), partial, `--today=${today}`, `--scale=${SCALE}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error('the generator failed');
  renameSync(partial, dir);
  return dir;
}

/** bench/load.ts into the database of `env` (a fresh one). */
function load(dir: string, env: Record<string, string>): void {
  const run = spawnSync(tsx, [path.join(__dirname, 'load.ts'), dir], {
    cwd: root,
    env: { ...process.env, ...env, SEED_DEMO: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error('bench/load.ts failed');
}

// ---------------------------------------------------------------------------------------------
// The marketplace side, set-based.

/** A deterministic number in [0, 1) of an integer expression (no random(): a pool has several sessions). */
const unit = (expression: string) =>
  `((hashint4(${expression}) & 2147483647)::float8 / 2147483648)`;

/**
 * The tables behind migration 0050's views marketplace_orders and marketplace_order_lines: ANALYZE
 * of a view does nothing, and without the tables' statistics the seed's lines join ran 8+ minutes
 * (about 30 s with them).
 */
const ORDER_TABLES = { orders: 'marketplace_orders_all', lines: 'marketplace_order_lines_all' };

/** The statements that add stores, mappings, open and past orders and partial shipments. */
function marketplaceStatements(): { what: string; text: string }[] {
  // Each (sku, channel, variation) a line may carry, per channel, shuffled (n: 1..count).
  const catalogue = `
    CREATE TEMP TABLE bench_catalogue ON COMMIT DROP AS
    WITH kinds AS (
      SELECT DISTINCT sku, channel AS only, '' AS variation FROM bench_mappings WHERE variation IS NULL
      UNION ALL
      -- The lines write a variation as the marketplace does (case and spaces aside).
      SELECT DISTINCT sku, NULL, CASE variation WHEN 'Putih' THEN ' putih ' ELSE variation END
        FROM bench_mappings WHERE variation IS NOT NULL
      UNION ALL SELECT code, NULL, '' FROM products WHERE id % 3 = 0
      UNION ALL SELECT barcode_id, NULL, '' FROM products WHERE id % 50 = 11
      UNION ALL SELECT 'NOMAP-' || g, NULL, '' FROM generate_series(1, greatest(10, (SELECT count(*) FROM products) / 50)) g
    )
    SELECT c.channel, row_number() OVER (PARTITION BY c.channel ORDER BY md5(k.sku || k.variation)) AS n,
           k.sku, k.variation
      FROM unnest(ARRAY[${CHANNELS.map((c) => `'${c}'`).join(', ')}]) AS c(channel)
      JOIN kinds k ON k.only IS NULL OR k.only = c.channel`;
  // Orders of the numbers [first, first + count): channel by share, Shopee's a quarter in a second
  // store; dated over `days` days up to today.
  const orders = (what: string, first: number, count: number, status: string, days: number) => `
    INSERT INTO marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total, store_id, shipped_at)
    SELECT x.channel, 'B44-' || lpad(g::text, 9, '0'), 'RESI44' || lpad(g::text, 10, '0'),
           ${status}, initcap(replace(${status}, '_', ' ')), x.date, 0,
           (SELECT s.id FROM marketplace_stores s WHERE s.channel = x.channel
              AND (CASE WHEN x.channel = 'shopee' AND g % 4 = 0 THEN s.name = 'Toko Kedua' ELSE s.is_default END)),
           CASE WHEN ${status} = 'selesai' THEN (x.date + 1)::timestamptz END
      FROM generate_series(${first}, ${first + count - 1}) g
      CROSS JOIN LATERAL (
        SELECT CASE WHEN ${unit('g * 3 + 1')} < 0.45 THEN 'shopee'
                    WHEN ${unit('g * 3 + 1')} < 0.70 THEN 'tiktok'
                    WHEN ${unit('g * 3 + 1')} < 0.85 THEN 'tokopedia'
                    WHEN ${unit('g * 3 + 1')} < 0.95 THEN 'lazada' ELSE 'bigseller' END AS channel,
               (now() AT TIME ZONE '${TIME_ZONE}')::date - floor(${days} * ${unit('g * 5 + 2')})::integer
               - ${what === 'open' ? 0 : 7} AS date) x`;
  // 1-3 lines an order (60/25/15%), 1-3 units a line, the popular SKUs ordered more (n ~ u^2).
  const lines = `
    INSERT INTO marketplace_order_lines (order_id, sku, variation, product_name, quantity, unit_price, open)
    SELECT o.id, c.sku, c.variation, 'Produk ' || c.sku,
           CASE WHEN ${unit('o.id * 13 + k')} < 0.7 THEN 1 WHEN ${unit('o.id * 13 + k')} < 0.9 THEN 2 ELSE 3 END,
           10000 + 500 * (o.id % 50),
           -- as the import writes it (migration 0047)
           o.shipped_at IS NULL AND o.status IN ('perlu_dikirim', 'belum_bayar')
      FROM marketplace_orders o
      CROSS JOIN generate_series(1, 3) k
      JOIN (SELECT channel, count(*) AS total FROM bench_catalogue GROUP BY channel) t ON t.channel = o.channel
      JOIN bench_catalogue c
        ON c.channel = o.channel AND c.n = 1 + floor(t.total * power(${unit('o.id * 31 + k')}, 2))::integer
     WHERE o.order_number LIKE 'B44-%'
       AND k <= CASE WHEN ${unit('o.id * 17')} < 0.6 THEN 1 WHEN ${unit('o.id * 17')} < 0.85 THEN 2 ELSE 3 END
    ON CONFLICT DO NOTHING`;
  const history = HISTORY;
  return [
    {
      what: 'stores: the default of each channel, and a second Shopee store with a buffer of 2',
      text: `SELECT marketplace_default_store(c) FROM unnest(ARRAY[${CHANNELS.map((c) => `'${c}'`).join(', ')}]) c;
             INSERT INTO marketplace_stores (channel, name, buffer) VALUES ('shopee', 'Toko Kedua', 2)`,
    },
    {
      what: 'SKU mappings',
      text: `
        CREATE TEMP TABLE bench_mappings ON COMMIT DROP AS
        SELECT 'MP-' || p.code AS sku, NULL::text AS channel, NULL::text AS variation, p.id AS product_id, 1 AS quantity
          FROM products p WHERE p.id % 4 = 1
        UNION ALL SELECT 'SP-' || p.code, 'shopee', NULL, p.id, 1 FROM products p WHERE p.id % 4 = 2
        UNION ALL SELECT 'TT-' || p.code, 'tiktok', NULL, p.id, 1 FROM products p WHERE p.id % 4 = 2
        UNION ALL SELECT 'VAR-' || p.code, NULL, v.variation, p.id + v.next, 1
          FROM products p CROSS JOIN (VALUES ('Hitam', 0), ('Putih', 1)) AS v(variation, next)
         WHERE p.id % 10 = 3 AND EXISTS (SELECT 1 FROM products q WHERE q.id = p.id + 1)
        UNION ALL SELECT 'BDL-' || p.code, NULL, NULL, p.id + b.next, b.quantity
          FROM products p CROSS JOIN (VALUES (0, 2), (1, 1)) AS b(next, quantity)
         WHERE p.id % 20 = 7 AND EXISTS (SELECT 1 FROM products q WHERE q.id = p.id + 1)
        UNION ALL SELECT 'PAK3-' || p.code, NULL, NULL, p.id, 3 FROM products p WHERE p.id % 25 = 5;
        INSERT INTO sku_mappings (channel, sku, variation)
        SELECT DISTINCT channel, sku, variation FROM bench_mappings ORDER BY sku, variation;
        INSERT INTO sku_mapping_items (mapping_id, product_id, quantity)
        SELECT m.id, b.product_id, b.quantity FROM bench_mappings b
          JOIN sku_mappings m ON m.sku = b.sku AND m.channel IS NOT DISTINCT FROM b.channel
                             AND m.variation IS NOT DISTINCT FROM b.variation;
        ${catalogue};
        -- A temp table has no statistics until analysed: without them the lines' join to the
        -- catalogue was planned as a nested loop (over 20 minutes under load instead of seconds).
        ANALYZE bench_catalogue`,
    },
    {
      what: `${history} past orders (shipped, 2% cancelled) and their lines`,
      text: `${orders('past', 1, history, `CASE WHEN g % 50 = 0 THEN 'batal' ELSE 'selesai' END`, 180)};
             ANALYZE ${ORDER_TABLES.orders};
             ${lines}`,
    },
    {
      what: `${OPEN_ORDERS} open orders ('perlu_dikirim'), ${Math.round(OPEN_ORDERS / 20)} unpaid, and their lines`,
      text: `${orders('open', history + 1, OPEN_ORDERS, `'perlu_dikirim'`, 5)};
             ${orders('open', history + OPEN_ORDERS + 1, Math.round(OPEN_ORDERS / 20), `'belum_bayar'`, 3)};
             ANALYZE ${ORDER_TABLES.orders}, ${ORDER_TABLES.lines};
             ${lines.replace("LIKE 'B44-%'", `LIKE 'B44-%' AND o.shipped_at IS NULL AND o.status <> 'batal'`)}`,
    },
    {
      what: 'partial shipments: one open order in 40 has a Scan Kirim record of one of its products',
      text: `
        WITH held AS (
          SELECT r.order_id, r.product_id,
                 row_number() OVER (PARTITION BY r.product_id ORDER BY r.order_id) AS k
            FROM reserved_lines(NULL::integer[]) r WHERE r.order_id % 40 = 0
        ), sale AS (
          SELECT g.id, g.product_id, row_number() OVER (PARTITION BY g.product_id ORDER BY g.id DESC) AS k
            FROM outgoing_goods g
           WHERE g.marketplace_order_id IS NULL AND g.product_id IN (SELECT product_id FROM held)
        )
        UPDATE outgoing_goods g SET marketplace_order_id = h.order_id
          FROM held h JOIN sale s ON s.product_id = h.product_id AND s.k = h.k
         WHERE g.id = s.id`,
    },
  ];
}

/** Runs `text` (statements separated by ';' at line ends) in one transaction. */
async function seedMarketplace(database: Database): Promise<string[]> {
  const steps: string[] = [];
  await database.db.transaction(async (tx) => {
    for (const { what, text } of marketplaceStatements()) {
      const started = performance.now();
      for (const statement of text.split(/;\s*\n/).map((s) => s.trim()))
        if (statement !== '') await tx.execute(sql.raw(statement));
      const line = `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
      log(line);
      steps.push(line);
    }
  });
  await database.db.execute(
    sql.raw(`VACUUM ANALYZE marketplace_stores, sku_mappings, sku_mapping_items, ${ORDER_TABLES.orders},
                            ${ORDER_TABLES.lines}, outgoing_goods`),
  );
  return steps;
}

async function facts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select (select count(*) from products) as products,
           (select count(*) from incoming_goods) + (select count(*) from outgoing_goods) as movements,
           (select count(*) from marketplace_orders where status = 'perlu_dikirim' and shipped_at is null) as open_orders,
           (select count(*) from marketplace_orders) as all_orders,
           (select count(*) from marketplace_order_lines l join marketplace_orders o on o.id = l.order_id
             where o.status = 'perlu_dikirim' and o.shipped_at is null) as open_lines,
           (select count(*) from marketplace_order_lines) as all_lines,
           (select count(*) from sku_mappings) as mappings,
           (select count(*) from outgoing_goods where marketplace_order_id is not null) as partial_shipments,
           (select count(distinct product_id) from reserved_lines(null::integer[])) as products_reserved,
           (select coalesce(sum(quantity), 0) from reserved_lines(null::integer[])) as units_reserved,
           (select count(*) from products p join (select product_id, sum(quantity) as q
              from reserved_lines(null::integer[]) group by product_id) r on r.product_id = p.id
             where p.current_stock - r.q < 0) as oversold`);
  return Object.fromEntries(
    Object.entries(rows[0] ?? {}).map(([key, value]) => [key, Number(value)]),
  );
}

// ---------------------------------------------------------------------------------------------
// Timing

interface Side {
  median: number;
  p95: number;
  roundMedians: number[];
}

interface Pair {
  name: string;
  without: Side;
  with: Side;
  note: string;
  load: string;
}

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function side(latencies: number[], roundMedians: number[]): Side {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), roundMedians };
}

/**
 * `without` and `with` in `rounds` alternating rounds of `requests` calls each (the first of a
 * round swaps every round), one call after another; three of each first to warm up.
 */
async function sideBySide(
  name: string,
  without: () => Promise<unknown>,
  withNumbers: () => Promise<unknown>,
  requests: number,
  note = '',
  /** The work answers its own time (what it does before the timed part is not counted). */
  selfTimed = false,
): Promise<Pair> {
  const time = selfTimed ? async (work: () => Promise<unknown>) => Number(await work()) : elapsed;
  const before = loadAverage();
  for (let i = 0; i < 3; i += 1) {
    await without();
    await withNumbers();
  }
  const all = { without: [] as number[], with: [] as number[] };
  const medians = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
    for (const variant of order) {
      const work = variant === 'with' ? withNumbers : without;
      const batch: number[] = [];
      for (let i = 0; i < requests; i += 1) batch.push(await time(work));
      all[variant].push(...batch);
      medians[variant].push(
        percentile(
          [...batch].sort((a, b) => a - b),
          50,
        ),
      );
    }
  }
  const pair = {
    name,
    without: side(all.without, medians.without),
    with: side(all.with, medians.with),
    note,
    load: `${before} -> ${loadAverage()}`,
  };
  log(
    `${name}: without ${ms(pair.without.median)} / ${ms(pair.without.p95)} ms, with ${ms(pair.with.median)} / ${ms(pair.with.p95)} ms (load ${pair.load})`,
  );
  return pair;
}

interface Timed {
  name: string;
  median: number;
  max: number;
  runs: number[];
  load: string;
  note: string;
}

async function repeated(name: string, times: number, work: () => Promise<string>): Promise<Timed> {
  const before = loadAverage();
  const runs: number[] = [];
  let note = '';
  for (let i = 0; i < times; i += 1) {
    const started = performance.now();
    note = await work();
    runs.push(performance.now() - started);
  }
  const sorted = [...runs].sort((a, b) => a - b);
  const timed = {
    name,
    median: percentile(sorted, 50),
    max: sorted[sorted.length - 1] ?? NaN,
    runs,
    load: `${before} -> ${loadAverage()}`,
    note,
  };
  log(`${name}: median ${ms(timed.median)} ms, max ${ms(timed.max)} ms (load ${timed.load})`);
  return timed;
}

// ---------------------------------------------------------------------------------------------
// Over HTTP: GET /api/products as the server answers it, against the same route without the
// reserved query (mounted under WITHOUT_MOUNT with the same access rule, cache and schema, the
// two numbers filled from the stock alone so that the answer has the same shape and size).

const WITHOUT_MOUNT = '/api/bench-without';

const productsWithoutNumbers: FastifyPluginAsyncTypebox = async (app) => {
  const answers = new SnapshotCache(app.db);
  app.get(
    '/products',
    { schema: { querystring: ProductListQuery, response: { 200: ProductList } } },
    async (request, reply) => {
      const { page = 1, limit = DEFAULT_PAGE_SIZE, search, sort } = request.query;
      const cost = seesCost(requireUser(request));
      return answers.send(
        request,
        reply,
        async () => {
          const found = await listProducts(app.db, { page, limit, search, sort });
          const data = found.data.map((product) => ({
            ...product,
            reserved_stock: 0,
            available_stock: product.current_stock,
          }));
          return { ...found, data: cost ? data : data.map(withoutCost) };
        },
        cost ? 'cost' : 'no-cost',
      );
    },
  );
};

// ---------------------------------------------------------------------------------------------
// The stock file: Shopee's sales-info mass update (as fixtures/stok-shopee.xlsx) of 5,000 rows.

async function stockTemplate(db: Db): Promise<{ file: Buffer; productIds: number[] }> {
  const { rows } = await db.execute<{ sku: string; variation: string | null }>(sql`
    select sku, variation from (
      select m.sku, m.variation, md5(m.sku || coalesce(m.variation, '')) as k
        from sku_mappings m where m.channel is null or m.channel = 'shopee'
      union all select p.code, null, md5(p.code) from products p where p.id % 3 = 0
    ) x order by k`);
  const unmapped = Math.round(FILE_ROWS / 100);
  const data: (string | number)[][] = [];
  for (let i = 0; i < FILE_ROWS; i += 1) {
    const pick = rows[i % rows.length];
    const sku = i < unmapped || pick === undefined ? `TIDAK-ADA-${i}` : pick.sku;
    data.push([
      String(1_000_000_000 + i),
      `Produk ${sku}`,
      String(2_000_000_000 + i),
      pick?.variation ?? '',
      sku.split('-')[0] ?? '',
      sku,
      55000,
      7,
      '',
    ]);
  }
  const sheet = [
    ['sales_info', '', '', '', '', '', '', '', ''],
    [
      'et_title_product_id',
      'et_title_product_name',
      'et_title_variation_id',
      'et_title_variation_name',
      'et_title_parent_sku',
      'et_title_variation_sku',
      'et_title_variation_price',
      'et_title_variation_stock',
      'et_title_reason',
    ],
    [
      'Kode Produk',
      'Nama Produk',
      'Kode Variasi',
      'Nama Variasi',
      'SKU Induk',
      'SKU',
      'Harga',
      'Stok',
      'Alasan Gagal',
    ],
    ['', '', '', '', '', 'Opsional', 'Wajib', 'Wajib', ''],
    ...data,
  ];
  // The products the file's rows stand for (for the reserved query's EXPLAIN).
  const { rows: ids } = await db.execute<{ id: number }>(sql`
    select distinct i.product_id as id from sku_mappings m join sku_mapping_items i on i.mapping_id = m.id
     where (m.channel is null or m.channel = 'shopee')
    union select p.id from products p where p.id % 3 = 0`);
  return {
    file: workbook([{ name: 'Sheet1', rows: sheet }]),
    productIds: ids.map((row) => Number(row.id)),
  };
}

// ---------------------------------------------------------------------------------------------
// EXPLAIN

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** A drizzle database on `database`'s own connection that records the statements it runs. */
function recording(database: Database) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  let captured: { text: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  const db = (database.kind === 'postgresql'
    ? drizzlePg({ client: client as never, schema, logger })
    : drizzlePglite({ client: client as never, schema, logger })) as unknown as Db;
  return {
    db,
    client: client as RawClient,
    async statementsOf(work: (db: Db) => Promise<unknown>) {
      captured = [];
      await work(db);
      return captured;
    },
  };
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement `work` runs (the second run: warm), as text. */
async function explained(
  database: Database,
  databaseUrl: string | null,
  title: string,
  work: (db: Db) => Promise<unknown>,
): Promise<string> {
  const rec = recording(database);
  const statements = await rec.statementsOf(work);
  const parts = [`#### ${title}`, ''];
  for (const statement of statements) {
    let lines: string[] = [];
    for (let run = 0; run < 2; run += 1) {
      const { rows } = await rec.client.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`,
        statement.params,
      );
      lines = rows.map((row) => String(row['QUERY PLAN']));
    }
    const params = JSON.stringify(statement.params);
    parts.push(
      '```',
      `-- ${statement.text.replace(/\s+/g, ' ').trim()}`,
      `-- params: ${params.length > 300 ? `${params.slice(0, 300)}... (${params.length} characters)` : params}`,
      ...lines,
      '```',
      '',
    );
    if (databaseUrl !== null) parts.push(...(await nestedPlans(databaseUrl, statement)));
  }
  log(`explained: ${title}`);
  return parts.join('\n');
}

/**
 * PostgreSQL: the plans auto_explain logs for the statement and the statements nested in it
 * (a SQL function that is not inlined runs its own, planned apart), sent to this client as
 * notices. Empty when auto_explain cannot be loaded.
 */
async function nestedPlans(
  databaseUrl: string,
  statement: { text: string; params: unknown[] },
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const notices: string[] = [];
  client.on('notice', (notice) => notices.push(notice.message ?? ''));
  try {
    await client.query(`LOAD 'auto_explain'`);
    for (const setting of [
      'auto_explain.log_min_duration = 0',
      'auto_explain.log_analyze = on',
      'auto_explain.log_buffers = on',
      'auto_explain.log_timing = on',
      'auto_explain.log_nested_statements = on',
      'client_min_messages = log',
    ])
      await client.query(`SET ${setting}`);
    await client.query(statement.text, statement.params);
    notices.length = 0;
    await client.query(statement.text, statement.params);
  } catch (error) {
    return [`(auto_explain not available: ${String(error)})`, ''];
  } finally {
    await client.end();
  }
  const nested = notices.filter((notice) => !notice.includes(statement.text.slice(0, 60)));
  if (nested.length === 0)
    return ['(auto_explain: no nested statement: the function was inlined)', ''];
  return [
    'The statements run inside it (auto_explain, log_nested_statements; the second run):',
    '',
    ...nested.flatMap((notice) => ['```', notice.trim(), '```', '']),
  ];
}

// ---------------------------------------------------------------------------------------------
// One database: seed, measure, explain.

interface Run {
  kind: string;
  steps: string[];
  facts: Record<string, number>;
  pairs: Pair[];
  singles: Timed[];
  explains: string[];
}

async function measure(
  database: Database,
  databaseUrl: string | null,
  /** A database loaded by an earlier run (BENCH_DATABASE): seeded only if it was not yet. */
  reused = false,
): Promise<Run> {
  const kind = database.kind === 'postgresql' ? 'PostgreSQL' : 'PGlite';
  const { rows: orders } = await database.db.execute<{ n: number | string }>(
    sql`select count(*) as n from marketplace_orders`,
  );
  const steps =
    reused && Number(orders[0]?.n) > 0
      ? ['seeded by an earlier run (BENCH_DATABASE)']
      : await seedMarketplace(database);
  const db = database.db;
  const known = await facts(db);
  log(`facts: ${JSON.stringify(known)}`);

  const pairs: Pair[] = [];
  const page = (limit: number, search?: string) => () =>
    listProducts(db, { page: 1, limit, search });
  const withNumbers = (limit: number, search?: string) => async () => {
    const found = await listProducts(db, { page: 1, limit, search });
    return { ...found, data: await withReserved(db, found.data) };
  };
  const heldOnPage = async (limit: number, search?: string) => {
    const { data } = await withNumbers(limit, search)();
    return `${data.filter((p) => p.reserved_stock > 0).length} of ${data.length} products on the page have Dipesan > 0`;
  };
  for (const limit of [DEFAULT_PAGE_SIZE, 25])
    pairs.push(
      await sideBySide(
        `Data Produk page 1, limit ${limit}${limit === DEFAULT_PAGE_SIZE ? ' (the page default)' : ''}`,
        page(limit),
        withNumbers(limit),
        REQUESTS,
        await heldOnPage(limit),
      ),
    );
  for (const search of SEARCHES) {
    const { pagination } = await page(DEFAULT_PAGE_SIZE, search)();
    pairs.push(
      await sideBySide(
        `search "${search}" page 1, limit ${DEFAULT_PAGE_SIZE} (${pagination.total} matches)`,
        page(DEFAULT_PAGE_SIZE, search),
        withNumbers(DEFAULT_PAGE_SIZE, search),
        REQUESTS,
        await heldOnPage(DEFAULT_PAGE_SIZE, search),
      ),
    );
  }
  if (!LISTS_ONLY)
    pairs.push(
      await sideBySide(
        'every product (GET /api/products/all, the picker)',
        () => allProducts(db),
        async () => withReserved(db, await allProducts(db), true),
        Math.max(3, Math.round(REQUESTS / 5)),
        'reserved_lines(null): every open order',
      ),
    );

  // The stock file through the real app on a local port.
  const singles: Timed[] = [];
  const httpPairs: Pair[] = [];
  const template = await stockTemplate(db);
  const { rows: store } = await db.execute<{ id: number }>(
    sql`select id from marketplace_stores where channel = 'shopee' and name = 'Toko Kedua'`,
  );
  const storeId = String(store[0]?.id ?? '');
  const app = await buildTestApp(database, {
    env: { LOG_LEVEL: 'warn' },
    testMounts: [WITHOUT_MOUNT],
  });
  await app.register(productsWithoutNumbers, { prefix: WITHOUT_MOUNT });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await createTestUser(database, 'manager');
    const token = await signIn(base, user.email, user.password);
    // Each GET after a commit (txid_current(), not timed): the kept answer is never sent again.
    const get = (prefix: string, query: string) => async () => {
      await db.execute(sql`select txid_current()`);
      const started = performance.now();
      const response = await fetch(`${base}${prefix}/products?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${prefix}/products: ${response.status}`);
      return performance.now() - started;
    };
    for (const query of [
      `page=1&limit=${DEFAULT_PAGE_SIZE}`,
      `page=1&limit=${DEFAULT_PAGE_SIZE}&search=${SEARCHES[0] ?? ''}`,
    ])
      httpPairs.push(
        await sideBySide(
          `GET /api/products?${query} over HTTP, the kept answer missed`,
          get(WITHOUT_MOUNT, query),
          get('/api', query),
          REQUESTS,
          'the commit before each request is not timed',
          true,
        ),
      );
    const post = async (url: string) => {
      const form = new FormData();
      form.append('file', new Blob([template.file]), 'stok-shopee-5000.xlsx');
      form.append('store_id', storeId);
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`${url}: ${response.status} ${body.toString('utf8').slice(0, 300)}`);
      return { response, body };
    };
    if (!LISTS_ONLY) {
      await post('/api/marketplace-stock-file/preview');
      singles.push(
        await repeated(
          'stock file preview, 5,000 rows (POST /api/marketplace-stock-file/preview)',
          FILE_RUNS,
          async () => {
            const { body } = await post('/api/marketplace-stock-file/preview');
            const preview = JSON.parse(body.toString('utf8')) as {
              rows: unknown[];
              unchanged: unknown[];
            };
            return `${preview.rows.length} rows filled, ${preview.unchanged.length} left as they were`;
          },
        ),
      );
      singles.push(
        await repeated(
          'stock file fill, 5,000 rows (POST /api/marketplace-stock-file)',
          FILE_RUNS,
          async () => {
            const { response, body } = await post('/api/marketplace-stock-file');
            return `${(template.file.length / 1024).toFixed(0)} KB in, ${(body.length / 1024).toFixed(0)} KB out, ${response.headers.get(STOCK_FILE_UNMAPPED_HEADER) ?? '?'} unmapped`;
          },
        ),
      );
    }
  } finally {
    await app.close();
  }
  if (!LISTS_ONLY)
    singles.push(
      await repeated(
        `of which the reserved query of the file's ${template.productIds.length} products (reservedFor, in-process)`,
        FILE_RUNS,
        async () => `${(await reservedFor(db, template.productIds)).size} products hold units`,
      ),
    );

  const explains: string[] = [];
  const page25 = (await listProducts(db, { page: 1, limit: 25 })).data;
  explains.push(
    await explained(
      database,
      databaseUrl,
      'The reserved query of Data Produk page 1, limit 25 (withReserved)',
      (rdb) => withReserved(rdb, page25),
    ),
  );
  if (!LISTS_ONLY)
    explains.push(
      await explained(
        database,
        databaseUrl,
        'Every product: reserved_lines(null) (withReserved of /products/all)',
        async (rdb) => withReserved(rdb, await allProducts(db), true),
      ),
    );
  if (!LISTS_ONLY)
    explains.push(
      await explained(
        database,
        databaseUrl,
        `The stock file's ${template.productIds.length} products (reservedFor)`,
        (rdb) => reservedFor(rdb, template.productIds),
      ),
    );
  return { kind, steps, facts: known, pairs: [...pairs, ...httpPairs], singles, explains };
}

// ---------------------------------------------------------------------------------------------
// The report

function report(runs: Run[], started: Date): string {
  const cpus = os.cpus();
  const lines = [
    `# Stok Tersedia (issue 44): speed`,
    '',
    `${started.toISOString().replace('T', ' ').slice(0, 16)} UTC, ${cpus.length} x ${cpus[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}, scale ${SCALE}, ${ROUNDS} alternating rounds of ${REQUESTS} calls ` +
      `(the picker: ${Math.max(3, Math.round(REQUESTS / 5))}; the stock file: ${FILE_RUNS} runs), one after another. ` +
      '`npx tsx packages/server/bench/reservations.ts' +
      `${SCALE === 1 ? '' : ` --scale=${SCALE}`}\`. Load average (1, 5, 15 min) before -> after each row.`,
    '',
    "The list rows call the products service in this process on the server's own Database " +
      'object: "without" is listProducts alone, "with" is listProducts then withReserved, exactly ' +
      'as GET /api/products computes its answer (products/routes.ts). Not over HTTP: the route ' +
      'keeps its answers per database snapshot (ADR 0022), so repeated GETs would time the cache. ' +
      'The rows "over HTTP" time the whole request through the real app on a local port: GET ' +
      `/api/products against the same route without the reserved query (mounted at ${WITHOUT_MOUNT}, ` +
      'same access rule, cache and schema, the two numbers filled from the stock), a commit ' +
      '(select txid_current(), not timed) before each request so that no kept answer is sent. ' +
      'The stock file goes through the real app on a local port (multipart upload, xlsx parsed and written).',
    '',
  ];
  for (const run of runs) {
    lines.push(`## ${run.kind}`, '', `Dataset: ${JSON.stringify(run.facts)}`, '', 'Seeding:', '');
    lines.push(...run.steps.map((step) => `- ${step}`), '');
    lines.push(
      "| measured | without: median / p95 ms | with: median / p95 ms | with / without (median; p95) | target <= 1.5x | rounds' medians without; with | load before -> after | note |",
      '|---|---:|---:|---:|---|---|---|---|',
    );
    for (const pair of run.pairs) {
      const ratio = pair.with.median / pair.without.median;
      lines.push(
        `| ${pair.name} | ${ms(pair.without.median)} / ${ms(pair.without.p95)} | ${ms(pair.with.median)} / ${ms(pair.with.p95)} | ` +
          `x${ratio.toFixed(2)}; x${(pair.with.p95 / pair.without.p95).toFixed(2)} | ${ratio <= 1.5 ? 'yes' : '**NO**'} | ` +
          `${pair.without.roundMedians.map(ms).join(', ')}; ${pair.with.roundMedians.map(ms).join(', ')} | ${pair.load} | ${pair.note} |`,
      );
    }
    lines.push(
      '',
      '| measured | median ms | max ms | runs ms | target <= 2,000 ms | load before -> after | note |',
      '|---|---:|---:|---|---|---|---|',
    );
    for (const timed of run.singles) {
      const target = timed.name.startsWith('stock file')
        ? timed.median <= 2000
          ? 'yes'
          : '**NO**'
        : '-';
      lines.push(
        `| ${timed.name} | ${ms(timed.median)} | ${ms(timed.max)} | ${timed.runs.map((r) => r.toFixed(0)).join(', ')} | ${target} | ${timed.load} | ${timed.note} |`,
      );
    }
    lines.push('', `### EXPLAIN (ANALYZE, BUFFERS), ${run.kind}`, '', ...run.explains, '');
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------

/** BENCH_DATABASE=<name>: measure a database kept by BENCH_KEEP=1 again (no load, no seed). */
const REUSE = process.env.BENCH_DATABASE ?? '';

async function onPostgres(dir: string): Promise<Run> {
  // BENCH_DB_PREFIX: a name prefix of one's own on a shared server (e.g. a helper's).
  const name =
    REUSE || `${process.env.BENCH_DB_PREFIX ?? 'gudang_'}bench44_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  if (REUSE === '') await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench44-'));
  try {
    log(`${REUSE === '' ? 'loading into' : 'reusing'} PostgreSQL database ${name}`);
    if (REUSE === '') load(dir, { DATABASE_URL: url.toString(), DATA_DIR: secretDir });
    const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    try {
      return await measure(database, url.toString(), REUSE !== '');
    } finally {
      await database.close();
    }
  } finally {
    if (KEEP || REUSE !== '') log(`kept the database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(secretDir, { recursive: true, force: true });
  }
}

async function onPglite(dir: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench44-pglite-'));
  try {
    log(`loading into PGlite at ${dataDir}`);
    load(dir, { DATABASE_URL: '', DATA_DIR: dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const database = await createDatabase({ databaseUrl: null, pgliteDir: config.pgliteDir });
    try {
      return await measure(database, null);
    } finally {
      await database.close();
    }
  } finally {
    if (KEEP) log(`kept the PGlite folder ${dataDir}`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const started = new Date();
  const dir = dataset();
  log(`dataset ${dir}`);
  const runs: Run[] = [];
  if (ONLY === undefined || ONLY === 'postgresql') runs.push(await onPostgres(dir));
  if (ONLY === undefined || ONLY === 'pglite') runs.push(await onPglite(dir));
  const text = report(runs, started);
  writeFileSync(OUT, `${text}\n`);
  console.log(text);
  log(`written to ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
