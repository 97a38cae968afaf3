// Penghasilan Marketplace (issue 45, "Speed"): what the marketplace fees cost Pembukuan, page 1
// and the stats, WITH the fees and WITHOUT (side by side, alternating rounds), on the
// million-movement dataset with most sales packed for marketplace orders and most of those
// settled.
//
//   npm run bench:pembukuan-fees -- [--scale=0.1] [--db=postgresql|pglite]
//       [--rounds=5] [--requests=20] [--out=/tmp/bench-45-pembukuan.md]
//
// For each database (both unless --db): the dataset of bench/gen-dataset.mjs (cached under the
// system's temp folder as `npm run bench` caches it) loaded by bench/load.ts into a fresh
// PostgreSQL database beside DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres;
// named after BENCH_DB_PREFIX, default 'gudang_';
// dropped afterwards unless BENCH_KEEP=1) or a fresh PGlite folder; then, set-based: three in
// four pairs of Barang Keluar records (ids 2k and 2k+1) made one marketplace order (four
// channels, a second Shopee store), the records linked to it as Scan Kirim links them, and nine
// in ten orders older than a week settled 5-9 days after (8% commission, Shopee 3% more, Rp 1.250
// a order).
//
// Measured in this process on the server's own Database object (not over HTTP: the routes keep
// their answers per database snapshot, ADR 0022, so repeated GETs would time the cache): page 1
// of GET /api/pembukuan as the route computes it (listPembukuanWithFees: the rows and their fees
// in one statement) against listPembukuanWithoutFees (the same statement, issue 46's refunds and
// all, without the fees' settled shares and estimates), for the page's
// default range (today -7 .. +7) at 10 and 50 rows, for all dates and page 5 of a year; the stats
// (pembukuanStatsWithFees, one statement, as the route reads it in a transaction) against
// pembukuanStats (without the fees, as before issue 45), for the default range, a month and a
// year. Then EXPLAIN (ANALYZE, BUFFERS) of the statements of a page and of a year's stats with
// fees. Writes a markdown report to --out.
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
import { addDays } from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { createDatabase, type Database, type Db } from '../src/db/client';
import { inArray } from 'drizzle-orm';
import { outgoingGoods } from '../src/db/schema';
import {
  listPembukuan,
  listPembukuanWithFees,
  listPembukuanWithoutFees,
  pembukuanStats,
  pembukuanStatsWithFees,
  rowsWithFeesSql,
  statsSql,
} from '../src/modules/pembukuan/service';
import { benchArgs as args, percentile } from './client';

const root = path.resolve(__dirname, '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SCALE = Number(args.get('scale') ?? '1');
const ROUNDS = Number(args.get('rounds') ?? '5');
const REQUESTS = Number(args.get('requests') ?? '20');
const OUT = args.get('out') ?? '/tmp/bench-45-pembukuan.md';
const ONLY = args.get('db');
const KEEP = process.env.BENCH_KEEP === '1';
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TIME_ZONE = process.env.SHOP_TIMEZONE || 'Asia/Jakarta';
const cache = path.join(os.tmpdir(), 'gudang-bench');

if (!(SCALE > 0 && SCALE <= 1) || !(ROUNDS >= 1) || !(REQUESTS >= 1)) {
  console.error('usage: pembukuan-fees.ts [--scale=(0,1]] [--rounds=N] [--requests=N] [--db=...]');
  process.exit(2);
}

const log = (message: string) => console.error(`[bench:pembukuan-fees] ${message}`);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
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
  `((hashint4((${expression})::integer) & 2147483647)::float8 / 2147483648)`;

const FEES = `komisi, layanan, proses, pembayaran, ongkir, afiliasi, pajak, pengembalian, penyesuaian, lain`;

/** Orders, links and settlements, set-based, in one transaction. */
async function seedMarketplace(database: Database): Promise<string[]> {
  const steps: { what: string; text: string }[] = [
    {
      what: 'stores: the default of each channel and a second Shopee store',
      text: `SELECT marketplace_default_store(c) FROM unnest(ARRAY['shopee', 'tiktok', 'lazada', 'tokopedia']) c;
             INSERT INTO marketplace_stores (channel, name) VALUES ('shopee', 'Toko Kedua')`,
    },
    {
      what: 'orders: three in four pairs of Barang Keluar records',
      text: `
        CREATE TEMP TABLE bf_orders ON COMMIT DROP AS
        SELECT g.id / 2 AS k, min(g.date) AS date,
               CASE WHEN ${unit('g.id / 2 * 3 + 1')} < 0.45 THEN 'shopee'
                    WHEN ${unit('g.id / 2 * 3 + 1')} < 0.70 THEN 'tiktok'
                    WHEN ${unit('g.id / 2 * 3 + 1')} < 0.85 THEN 'tokopedia' ELSE 'lazada' END AS channel
          FROM outgoing_goods g
         GROUP BY g.id / 2
        HAVING ${unit('g.id / 2 * 7 + 5')} < 0.75;
        INSERT INTO marketplace_orders (channel, order_number, status, status_text, date, total,
                                        store_id, shipped_at)
        SELECT b.channel, 'BF-' || b.k, 'selesai', 'Selesai', b.date, 0,
               (SELECT s.id FROM marketplace_stores s WHERE s.channel = b.channel
                  AND (CASE WHEN b.channel = 'shopee' AND b.k % 4 = 0 THEN s.name = 'Toko Kedua'
                            ELSE s.is_default END)),
               (b.date + time '12:00') AT TIME ZONE '${TIME_ZONE}'
          FROM bf_orders b;
        UPDATE outgoing_goods g SET marketplace_order_id = o.id
          FROM bf_orders b JOIN marketplace_orders o ON o.channel = b.channel AND o.order_number = 'BF-' || b.k
         WHERE g.id / 2 = b.k`,
    },
    {
      what: 'settlements: nine in ten orders older than a week, 5-9 days after',
      text: `
        INSERT INTO marketplace_settlements (channel, order_number, store_id, released_at,
                                             price_before, price_after, ${FEES}, released)
        SELECT o.channel, o.order_number, o.store_id, least(o.date + 5 + o.id % 5, (now() AT TIME ZONE '${TIME_ZONE}')::date),
               v.price, v.price, -round(v.price * 0.08), CASE WHEN o.channel = 'shopee' THEN -round(v.price * 0.03) ELSE 0 END,
               -125000, 0, 0, 0, 0, 0, 0, 0,
               v.price - round(v.price * 0.08) - CASE WHEN o.channel = 'shopee' THEN round(v.price * 0.03) ELSE 0 END - 125000
          FROM marketplace_orders o
          CROSS JOIN LATERAL (
            SELECT coalesce(sum(${'greatest(g.selling_price - g.discount, 0) * g.quantity * 100'}), 0)::bigint AS price
              FROM outgoing_goods g WHERE g.marketplace_order_id = o.id) v
         WHERE o.order_number LIKE 'BF-%'
           AND o.date <= (now() AT TIME ZONE '${TIME_ZONE}')::date - 7
           AND ${unit('o.id * 11 + 3')} < 0.9`,
    },
  ];
  const lines: string[] = [];
  await database.db.transaction(async (tx) => {
    for (const { what, text } of steps) {
      const started = performance.now();
      for (const statement of text.split(/;\s*\n/).map((s) => s.trim()))
        if (statement !== '') await tx.execute(sql.raw(statement));
      const line = `${what}: ${((performance.now() - started) / 1000).toFixed(1)} s`;
      log(line);
      lines.push(line);
    }
  });
  await database.db.execute(
    sql.raw(
      `VACUUM ANALYZE marketplace_stores, marketplace_orders, marketplace_settlements, outgoing_goods`,
    ),
  );
  return lines;
}

async function facts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<Record<string, string | number>>(sql`
    select (select count(*) from outgoing_goods) as outgoing,
           (select count(*) from outgoing_goods where marketplace_order_id is not null) as packed,
           (select count(*) from marketplace_orders) as orders,
           (select count(*) from marketplace_settlements) as settlements`);
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

interface Side {
  median: number;
  p95: number;
}
interface Pair {
  name: string;
  without: Side;
  with: Side;
  load: string;
}

async function elapsed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function side(latencies: number[]): Side {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** `without` and `with` in ROUNDS alternating rounds of `requests` calls; two of each to warm up. */
async function sideBySide(
  name: string,
  without: () => Promise<unknown>,
  withFeesToo: () => Promise<unknown>,
  requests: number,
): Promise<Pair> {
  const before = loadAverage();
  for (let i = 0; i < 2; i += 1) {
    await without();
    await withFeesToo();
  }
  const all = { without: [] as number[], with: [] as number[] };
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? (['without', 'with'] as const) : (['with', 'without'] as const);
    for (const variant of order)
      for (let i = 0; i < requests; i += 1)
        all[variant].push(await elapsed(variant === 'with' ? withFeesToo : without));
  }
  const pair = {
    name,
    without: side(all.without),
    with: side(all.with),
    load: `${before} -> ${loadAverage()}`,
  };
  log(
    `${name}: without ${ms(pair.without.median)} ms, with ${ms(pair.with.median)} ms, ` +
      `x${(pair.with.median / pair.without.median).toFixed(2)} (load ${pair.load})`,
  );
  return pair;
}

interface Run {
  kind: string;
  seeding: string[];
  facts: Record<string, number>;
  pairs: Pair[];
  explain: string[];
}

async function measure(database: Database): Promise<Run> {
  const seeding = await seedMarketplace(database);
  const db = database.db;
  const today = shopToday();
  const near = { startDate: addDays(today, -7), endDate: addDays(today, 7) };
  const month = { startDate: addDays(today, -30), endDate: today };
  const year = { startDate: addDays(today, -365), endDate: today };
  const pairs: Pair[] = [];
  for (const [label, query] of [
    ['page 1 of 10, today -7 .. +7', { ...near, page: 1, limit: 10 }],
    ['page 1 of 50, today -7 .. +7', { ...near, page: 1, limit: 50 }],
    ['page 1 of 10, all dates', { page: 1, limit: 10 }],
    ['page 5 of 50, a year', { ...year, page: 5, limit: 50 }],
  ] as const)
    pairs.push(
      await sideBySide(
        `GET /api/pembukuan ${label}`,
        () => listPembukuanWithoutFees(db, query, today),
        () => listPembukuanWithFees(db, query, today),
        REQUESTS,
      ),
    );
  for (const [label, range, requests] of [
    ['today -7 .. +7', near, REQUESTS],
    ['the last 30 days', month, Math.max(3, Math.round(REQUESTS / 4))],
    ['the last 365 days', year, Math.max(2, Math.round(REQUESTS / 10))],
  ] as const)
    pairs.push(
      await sideBySide(
        `GET /api/pembukuan/stats ${label}`,
        // In one transaction each, as the route reads them (SnapshotCache.get).
        () => db.transaction((tx) => pembukuanStats(tx, range)),
        () => db.transaction((tx) => pembukuanStatsWithFees(tx, range, today)),
        requests,
      ),
    );
  // The fee statements of page 1 (default range, 50 rows) and of a year's stats, explained.
  const page = await listPembukuan(db, { ...near, page: 1, limit: 50 });
  const explain = async (statement: SQL) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      const { rows } = await tx.execute<Record<string, string>>(
        sql`explain (analyze, buffers, costs off) ${statement}`,
      );
      return ['```', ...rows.map((row) => String(Object.values(row)[0])), '```'];
    });
  return {
    kind: database.kind,
    seeding,
    facts: await facts(db),
    pairs,
    explain: [
      '#### The fees of a page of 50',
      '',
      ...(await explain(
        rowsWithFeesSql(
          inArray(
            outgoingGoods.id,
            page.data.map((row) => row.id),
          ),
          today,
        ),
      )),
      '',
      '#### The stats with fees of the last 365 days',
      '',
      ...(await explain(statsSql(year, today))),
    ],
  };
}

function report(runs: Run[], started: Date): string {
  const lines = [
    `# Pembukuan with marketplace fees (issue 45), ${started.toISOString()}`,
    '',
    `Scale ${SCALE}, ${ROUNDS} alternating rounds, ${REQUESTS} calls a side a round (fewer for` +
      ' the longer stats); median and p95 in ms; the machine is shared (load averages beside).',
  ];
  for (const run of runs) {
    lines.push('', `## ${run.kind}`, '', `Data: ${JSON.stringify(run.facts)}`, '');
    lines.push(...run.seeding.map((line) => `- ${line}`), '');
    lines.push(
      '| | without fees (median / p95) | with fees (median / p95) | with / without | load |',
      '|---|---|---|---|---|',
    );
    for (const pair of run.pairs)
      lines.push(
        `| ${pair.name} | ${ms(pair.without.median)} / ${ms(pair.without.p95)} | ` +
          `${ms(pair.with.median)} / ${ms(pair.with.p95)} | ` +
          `${(pair.with.median / pair.without.median).toFixed(2)} | ${pair.load} |`,
      );
    lines.push('', `### EXPLAIN ANALYZE, ${run.kind}`, '', ...run.explain);
  }
  return lines.join('\n');
}

async function onPostgres(dir: string): Promise<Run> {
  // BENCH_DB_PREFIX: a name prefix of one's own on a shared server (e.g. a helper's).
  const name = `${process.env.BENCH_DB_PREFIX ?? 'gudang_'}bench45_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const secretDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench45-'));
  try {
    log(`loading into PostgreSQL database ${name}`);
    load(dir, { DATABASE_URL: url.toString(), DATA_DIR: secretDir });
    const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
    try {
      return await measure(database);
    } finally {
      await database.close();
    }
  } finally {
    if (KEEP) log(`kept the database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    rmSync(secretDir, { recursive: true, force: true });
  }
}

async function onPglite(dir: string): Promise<Run> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench45-pglite-'));
  try {
    log(`loading into PGlite at ${dataDir}`);
    load(dir, { DATABASE_URL: '', DATA_DIR: dataDir });
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: '' });
    const database = await createDatabase({ databaseUrl: null, pgliteDir: config.pgliteDir });
    try {
      return await measure(database);
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
