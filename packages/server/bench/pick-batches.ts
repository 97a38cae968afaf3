// Daftar Ambil (issue 47, "Speed"): a batch of 2,000 orders over the 5,000 products of the
// million-movement dataset built in at most 1 s.
//
//   npx tsx packages/server/bench/pick-batches.ts [--db=postgresql|pglite] [--rounds=5]
//       [--open=20000] [--history=100000] [--out=/tmp/bench-47.md]
//
// For each database (both unless --db): the dataset of bench/gen-dataset.mjs (cached under the
// system's temp folder, as `npm run bench` caches it; scale 1: 5,000 products, a million
// movements) loaded by bench/load.ts into a fresh PostgreSQL database beside DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres; dropped afterwards unless BENCH_KEEP=1) or a fresh
// PGlite folder; then, set-based: the channels' default stores, SKU mappings (one product for a
// quarter of the products, bundles of 2 x one product + 1 x the next for one in twenty), `--history`
// shipped orders of one line, and `--open` orders to pack of 1-3 lines (a product's code, a mapped
// SKU or a bundle; the popular SKUs more often), four couriers, one in fifty without resi and one
// in fifty fulfilled by the marketplace.
//
// Timed, in this process on the server's own Database object (the pool, or the PGlite worker
// thread, the routes use): createBatch exactly as POST /api/pick-batches runs it (its whole
// transaction: take the orders, expand their lines, the lines, the label order, the log entry,
// and the batch read back as the answer), then cancelBatch (so that the next round takes the same
// orders again): all orders (limit 2,000), and one channel and courier. Beside them the batch's
// read (GET /api/pick-batches/{id}) and the 'available' counts. Then EXPLAIN (ANALYZE, BUFFERS)
// of every statement of one build (run again inside a transaction that is rolled back). The load
// average is read before and after every measurement: the machine is shared.
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
import os from 'node:os';
import path from 'node:path';
import type { PickBatch, PickBatchInput } from '@gudang/api-client/contract';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, type Database, type Db } from '../src/db/client';
import { schema } from '../src/db/schema';
import type { ActivityActor } from '../src/lib/activity-log';
import {
  availableOrders,
  batchDetail,
  cancelBatch,
  createBatch,
} from '../src/modules/pick-batches/service';
import { benchArgs as args, percentile } from './client';

const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const ROUNDS = Number(args.get('rounds') ?? '5');
const OPEN = Number(args.get('open') ?? '20000');
const HISTORY = Number(args.get('history') ?? '100000');
const OUT = args.get('out') ?? '/tmp/bench-47.md';
const ONLY = args.get('db');
/** A database this bench loaded and seeded before (BENCH_KEEP=1): measured again as it is. */
const REUSE = args.get('url');
const KEEP = process.env.BENCH_KEEP === '1';
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = process.env.SHOP_TIMEZONE || 'Asia/Jakarta';
const cache = path.join(os.tmpdir(), 'gudang-bench');
const BATCH = 2000;
const COURIERS = ['SPX Standard', 'J&T Express', 'JNE Reguler', 'AnterAja'];

const log = (message: string) => console.error(`[bench:pick-batches] ${message}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(new Date());

/** The scale-1 dataset of bench/gen-dataset.mjs, generated once a day (as npm run bench). */
function dataset(): string {
  const today = shopToday();
  const dir = path.join(cache, `dataset-${today}`);
  if (existsSync(path.join(dir, 'summary.json'))) return dir;
  log(`generating the dataset into ${dir}`);
  mkdirSync(cache, { recursive: true });
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const run = spawnSync(
    process.execPath,
    [path.join(__dirname, 'gen-dataset.mjs'), partial, `--today=${today}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (run.status !== 0) throw new Error('the generator failed');
  renameSync(partial, dir);
  return dir;
}

function load(dir: string, env: Record<string, string>): void {
  const run = spawnSync(tsx, [path.join(__dirname, 'load.ts'), dir], {
    cwd: root,
    env: { ...process.env, ...env, SEED_DEMO: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (run.status !== 0) throw new Error('bench/load.ts failed');
}

/** A deterministic number in [0, 1) of an integer expression. */
const unit = (expression: string) =>
  `((hashint4(${expression}) & 2147483647)::float8 / 2147483648)`;

function seedStatements(): { what: string; text: string }[] {
  const couriers = `(ARRAY[${COURIERS.map((c) => `'${c}'`).join(', ')}])`;
  const orders = (first: number, count: number, open: boolean) => `
    INSERT INTO marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total, shipped_at, courier, marketplace_fulfilled)
    SELECT x.channel, 'B47-' || lpad(g::text, 9, '0'),
           CASE WHEN ${open} AND g % 50 = 1 THEN NULL ELSE 'RESI47' || lpad(g::text, 10, '0') END,
           ${open ? `'perlu_dikirim', 'Perlu Dikirim'` : `'selesai', 'Selesai'`}, x.date, 0,
           ${open ? 'NULL' : '(x.date + 1)::timestamptz'},
           ${couriers}[1 + (g % 4)],
           CASE WHEN x.channel = 'shopee' THEN (g % 50 = 2) END
      FROM generate_series(${first}, ${first + count - 1}) g
      CROSS JOIN LATERAL (
        SELECT CASE WHEN ${unit('g * 3 + 1')} < 0.45 THEN 'shopee'
                    WHEN ${unit('g * 3 + 1')} < 0.70 THEN 'tiktok'
                    WHEN ${unit('g * 3 + 1')} < 0.85 THEN 'tokopedia'
                    WHEN ${unit('g * 3 + 1')} < 0.95 THEN 'lazada' ELSE 'bigseller' END AS channel,
               (now() AT TIME ZONE '${TIME_ZONE}')::date
                 - floor(${open ? 5 : 180} * ${unit('g * 5 + 2')})::integer
                 - ${open ? 0 : 7} AS date) x`;
  const lines = (open: boolean) => `
    INSERT INTO marketplace_order_lines (order_id, sku, variation, product_name, quantity, unit_price)
    SELECT o.id, c.sku, '', 'Produk ' || c.sku,
           CASE WHEN ${unit('o.id * 13 + k')} < 0.7 THEN 1 WHEN ${unit('o.id * 13 + k')} < 0.9 THEN 2 ELSE 3 END,
           10000 + 500 * (o.id % 50)
      FROM marketplace_orders o
      CROSS JOIN generate_series(1, 3) k
      JOIN bench_skus c
        ON c.n = 1 + floor((SELECT count(*) FROM bench_skus) * power(${unit('o.id * 31 + k')}, 2))::integer
     WHERE o.order_number LIKE 'B47-%'
       AND o.shipped_at IS ${open ? '' : 'NOT'} NULL
       AND k <= ${open ? `CASE WHEN ${unit('o.id * 17')} < 0.6 THEN 1 WHEN ${unit('o.id * 17')} < 0.85 THEN 2 ELSE 3 END` : '1'}
    ON CONFLICT DO NOTHING`;
  return [
    {
      what: 'stores, SKU mappings (single and bundles), the line SKUs, racks on 4 products in 5',
      text: `
        SELECT marketplace_default_store(c) FROM unnest(ARRAY['shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller']) c;
        INSERT INTO sku_mappings (channel, sku, variation)
        SELECT NULL, 'MP-' || code, NULL FROM products WHERE id % 4 = 1;
        INSERT INTO sku_mapping_items (mapping_id, product_id, quantity)
        SELECT m.id, p.id, 1 FROM products p JOIN sku_mappings m ON m.sku = 'MP-' || p.code;
        INSERT INTO sku_mappings (channel, sku, variation)
        SELECT NULL, 'BDL-' || p.code, NULL FROM products p
         WHERE p.id % 20 = 7 AND EXISTS (SELECT 1 FROM products q WHERE q.id = p.id + 1);
        INSERT INTO sku_mapping_items (mapping_id, product_id, quantity)
        SELECT m.id, p.id + b.next, b.quantity FROM products p
          JOIN sku_mappings m ON m.sku = 'BDL-' || p.code
         CROSS JOIN (VALUES (0, 2), (1, 1)) AS b(next, quantity);
        CREATE TEMP TABLE bench_skus ON COMMIT DROP AS
        SELECT row_number() OVER (ORDER BY md5(s.sku)) AS n, s.sku
          FROM (SELECT code AS sku FROM products UNION ALL SELECT sku FROM sku_mappings) s;
        UPDATE products SET rack = chr(65 + id % 8) || '-' || lpad((id % 40)::text, 2, '0') || '-' || (id % 5)
         WHERE id % 5 <> 0`,
    },
    {
      what: `${HISTORY} shipped orders of one line`,
      text: `${orders(1, HISTORY, false)};
             ${lines(false)}`,
    },
    {
      what: `${OPEN} orders to pack (1-3 lines, 2% without resi, 2% of Shopee's fulfilled by Shopee)`,
      text: `${orders(HISTORY + 1, OPEN, true)};
             ${lines(true)}`,
    },
  ];
}

async function seed(database: Database): Promise<string[]> {
  const steps: string[] = [];
  await database.db.transaction(async (tx) => {
    for (const { what, text } of seedStatements()) {
      const started = performance.now();
      for (const statement of text.split(/;\s*\n/).map((s) => s.trim()))
        if (statement !== '') await tx.execute(sql.raw(statement));
      const line = `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
      log(line);
      steps.push(line);
    }
  });
  await database.db.execute(
    sql.raw(`VACUUM ANALYZE products, sku_mappings, sku_mapping_items, marketplace_orders,
                            marketplace_order_lines, outgoing_goods`),
  );
  return steps;
}

async function facts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select (select count(*) from products) as products,
           (select count(*) from products where rack is not null) as products_with_rack,
           (select count(*) from incoming_goods) + (select count(*) from outgoing_goods) as movements,
           (select count(*) from marketplace_orders) as orders,
           (select count(*) from marketplace_orders where status = 'perlu_dikirim' and shipped_at is null) as to_pack,
           (select count(*) from marketplace_order_lines) as order_lines,
           (select count(*) from sku_mappings) as mappings`);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

interface Timed {
  name: string;
  median: number;
  max: number;
  runs: number[];
  load: string;
  note: string;
}

async function repeated(
  name: string,
  times: number,
  work: () => Promise<{ ms: number; note: string }>,
): Promise<Timed> {
  const before = loadAverage();
  const runs: number[] = [];
  let note = '';
  for (let i = 0; i < times; i += 1) {
    const result = await work();
    runs.push(result.ms);
    note = result.note;
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

const ACTOR: ActivityActor = { id: 1, name: 'Bench', email: 'bench@gudang.test' };

async function actor(db: Db): Promise<ActivityActor> {
  const { rows } = await db.execute<{ id: number; name: string; email: string }>(
    sql`select id, name, email from users order by id limit 1`,
  );
  const user = rows[0];
  return user === undefined ? { ...ACTOR, id: 0 } : { ...user, id: Number(user.id) };
}

/** Builds, times, cancels (untimed unless asked) one batch. */
async function buildOnce(
  db: Db,
  input: PickBatchInput,
  who: ActivityActor,
): Promise<{ ms: number; batch: PickBatch; cancelMs: number }> {
  const started = performance.now();
  const made = await createBatch(db, input, who);
  const elapsed = performance.now() - started;
  if (!made.ok) throw new Error(made.message);
  const cancelStarted = performance.now();
  const cancelled = await cancelBatch(db, made.value.id, who);
  const cancelMs = performance.now() - cancelStarted;
  if (!cancelled.ok) throw new Error(cancelled.message);
  return { ms: elapsed, batch: made.value, cancelMs };
}

const describeBatch = (batch: PickBatch) =>
  `${batch.order_count} orders, ${batch.lines.length} products, ${batch.units} units, ` +
  `${batch.short_lines} short; skipped ${batch.skipped.marketplace_fulfilled} fulfilled, ` +
  `${batch.skipped.no_resi} without resi`;

/** The statements one build runs, captured (drizzle's logger) on a second Db over the same client. */
function recording(database: Database) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  let captured: { text: string; params: unknown[] }[] = [];
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  const db = (database.kind === 'postgresql'
    ? drizzlePg({ client: client as never, schema, logger })
    : drizzlePglite({ client: client as never, schema, logger })) as unknown as Db;
  return {
    db,
    async statementsOf(work: (db: Db) => Promise<unknown>) {
      captured = [];
      await work(db);
      return captured;
    },
  };
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement of one build, run again in order inside one
 * transaction that is rolled back (the batch's rows removed first, so they take the same orders).
 */
async function explainBuild(database: Database, databaseUrl: string | null): Promise<string> {
  const rec = recording(database);
  const who = await actor(database.db);
  let batchId = 0;
  const statements = await rec.statementsOf(async (db) => {
    const made = await createBatch(db, { limit: BATCH }, who);
    if (!made.ok) throw new Error(made.message);
    batchId = made.value.id;
  });
  await database.db.execute(sql`delete from pick_batches where id = ${batchId}`);
  let query: Query;
  let done: () => Promise<void>;
  if (databaseUrl !== null) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    query = (text, params) => client.query(text, params) as never;
    done = () => client.end();
  } else {
    const client = (database.db as unknown as { $client: { query: Query } }).$client;
    query = (text, params) => client.query(text, params);
    done = async () => {};
  }
  const parts = ['#### EXPLAIN (ANALYZE, BUFFERS) of one build (limit 2,000, no filter)', ''];
  try {
    await query('begin');
    // The batch row again, with its id, so that the statements' references hold.
    await query(
      `insert into pick_batches (id, order_limit, created_by_name) overriding system value
       values ($1, 2000, 'Bench')`,
      [batchId],
    );
    for (const statement of statements) {
      const text = statement.text.trim();
      if (/^(begin|commit|rollback)/i.test(text)) continue;
      if (/^insert into pick_batches /i.test(text.replace(/\s+/g, ' '))) continue;
      const { rows } = await query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, statement.params);
      const params = JSON.stringify(statement.params);
      parts.push(
        '```',
        `-- ${text.replace(/\s+/g, ' ')}`,
        `-- params: ${params.length > 200 ? `${params.slice(0, 200)}...` : params}`,
        ...rows.map((row) => String(row['QUERY PLAN'])),
        '```',
        '',
      );
    }
  } finally {
    await query('rollback');
    await done();
  }
  return parts.join('\n');
}

interface Run {
  kind: string;
  facts: Record<string, number>;
  seeding: string[];
  timings: Timed[];
  explain: string;
}

async function measure(
  database: Database,
  databaseUrl: string | null,
  seeded = false,
): Promise<Run> {
  const seeding = seeded ? ['(seeded before)'] : await seed(database);
  const db = database.db;
  const who = await actor(db);
  const found = await facts(db);
  log(`facts: ${JSON.stringify(found)}`);
  // Warm-up: one build of each kind.
  await buildOnce(db, { limit: BATCH }, who);
  const filtered: PickBatchInput = { channel: 'shopee', courier: 'SPX Standard', limit: BATCH };
  await buildOnce(db, filtered, who);
  const timings: Timed[] = [];
  const cancels: number[] = [];
  timings.push(
    await repeated(
      'POST /api/pick-batches (createBatch), all orders, limit 2,000',
      ROUNDS,
      async () => {
        const run = await buildOnce(db, { limit: BATCH }, who);
        cancels.push(run.cancelMs);
        return { ms: run.ms, note: describeBatch(run.batch) };
      },
    ),
  );
  timings.push(
    await repeated('createBatch, Shopee + courier SPX Standard, limit 2,000', ROUNDS, async () => {
      const run = await buildOnce(db, filtered, who);
      return { ms: run.ms, note: describeBatch(run.batch) };
    }),
  );
  const sortedCancels = [...cancels].sort((a, b) => a - b);
  timings.push({
    name: 'POST /api/pick-batches/{id}/cancel (cancelBatch) of a 2,000-order batch',
    median: percentile(sortedCancels, 50),
    max: sortedCancels[sortedCancels.length - 1] ?? NaN,
    runs: cancels,
    load: '',
    note: '',
  });
  const kept = await createBatch(db, { limit: BATCH }, who);
  if (!kept.ok) throw new Error(kept.message);
  timings.push(
    await repeated(
      'GET /api/pick-batches/{id} (batchDetail) of a 2,000-order batch',
      ROUNDS,
      async () => {
        const started = performance.now();
        const batch = await batchDetail(db, kept.value.id);
        return {
          ms: performance.now() - started,
          note: `${batch?.orders.length ?? 0} orders, ${batch?.lines.length ?? 0} lines`,
        };
      },
    ),
  );
  timings.push(
    await repeated('GET /api/pick-batches/available (no filter)', ROUNDS, async () => {
      const started = performance.now();
      const available = await availableOrders(db, {});
      return {
        ms: performance.now() - started,
        note: available.ok
          ? `${available.value.orders} takeable, ${available.value.couriers.length} couriers`
          : '',
      };
    }),
  );
  const cancelled = await cancelBatch(db, kept.value.id, who);
  if (!cancelled.ok) throw new Error(cancelled.message);
  const explain = await explainBuild(database, databaseUrl);
  return { kind: database.kind, facts: found, seeding, timings, explain };
}

function report(runs: Run[], started: Date): string {
  const lines = [
    `### Daftar Ambil (issue 47): building a batch of 2,000 orders`,
    '',
    `Run ${started.toISOString()}, ${os.cpus().length} CPUs (shared), rounds ${ROUNDS}; target: built in <= 1 s.`,
    '',
  ];
  for (const run of runs) {
    lines.push(`#### ${run.kind}`, '', `Data: ${JSON.stringify(run.facts)}`, '');
    lines.push(...run.seeding.map((step) => `- seed: ${step}`), '');
    lines.push(
      '| measurement | median ms | max ms | runs | what | load |',
      '|---|---|---|---|---|---|',
    );
    for (const t of run.timings)
      lines.push(
        `| ${t.name} | ${ms(t.median)} | ${ms(t.max)} | ${t.runs.map(ms).join(', ')} | ${t.note} | ${t.load} |`,
      );
    lines.push('', run.explain, '');
  }
  return lines.join('\n');
}

async function onPostgres(dir: string): Promise<Run> {
  const name = `gudang_bench47_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench47-'));
  try {
    log(`loading into PostgreSQL database ${name}`);
    load(dir, { DATABASE_URL: url.toString(), DATA_DIR: secretDir });
    const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    try {
      return await measure(database, url.toString());
    } finally {
      await database.close();
    }
  } finally {
    if (KEEP) log(`kept the database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(secretDir, { recursive: true, force: true });
  }
}

async function onPglite(dir: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench47-pglite-'));
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
  if (REUSE !== undefined) {
    const database = await createDatabase({ databaseUrl: REUSE, pgliteDir: 'memory://' });
    try {
      await database.db.execute(sql`delete from pick_batches`);
      runs.push(await measure(database, REUSE, true));
    } finally {
      await database.close();
    }
  }
  if (REUSE === undefined && (ONLY === undefined || ONLY === 'postgresql'))
    runs.push(await onPostgres(dir));
  if (REUSE === undefined && (ONLY === undefined || ONLY === 'pglite'))
    runs.push(await onPglite(dir));
  const text = report(runs, started);
  writeFileSync(OUT, `${text}\n`);
  console.log(text);
  log(`written to ${OUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
