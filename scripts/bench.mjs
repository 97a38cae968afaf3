#!/usr/bin/env node
// npm run bench [-- --quick] [-- --db=pglite|postgresql]
//
// The API at a real shop's size (docs/benchmarks.md): generates the neutral dataset
// (packages/server/bench/gen-dataset.mjs, cached under the system's temp folder), loads it with
// `npm run bench:load` into a fresh PGlite and a fresh PostgreSQL database (DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/postgres: a new database is created beside it and dropped
// afterwards), starts the real server on each (packages/server/src/main.ts) and measures every
// endpoint with autocannon: 20 connections, a warm-up, then 10 s; req/s, p50/p95/p99 and the
// ratio to GET /api/health, the ceiling, measured in the same run.
//
// --quick: a tenth of the dataset, 3 s per endpoint. Environment: BENCH_DURATION (s),
// BENCH_WARMUP (s), BENCH_CONNECTIONS, BENCH_SCALE, BENCH_ONLY (words of endpoint names), BENCH_GENERATOR (path of gen-dataset.mjs),
// BENCH_PORT (the server's port; default a free one),
// BENCH_KEEP=1 (keep the databases), LOG_LEVEL (the server's; default info as in production).
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const autocannon = require('autocannon');
const pg = require('pg');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--db='))?.slice(5);
const num = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const DURATION = num('BENCH_DURATION', quick ? 3 : 10);
const WARMUP = num('BENCH_WARMUP', quick ? 1 : 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 20);
/** The sales a second written beside the lists' "while selling" rows. */
const WRITES_PER_SECOND = 10;
const SCALE = num('BENCH_SCALE', quick ? 0.1 : 1);
const TIME_ZONE = process.env.SHOP_TIMEZONE || 'Asia/Jakarta';
const GENERATOR =
  process.env.BENCH_GENERATOR || path.join(root, 'packages', 'server', 'bench', 'gen-dataset.mjs');
const SERVER_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const cache = path.join(os.tmpdir(), 'gudang-bench');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, dateStyle: 'short' }).format(new Date());

/** A calendar date (YYYY-MM-DD) moved by whole days. */
function addDays(date, days) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const monthStart = (date) => `${date.slice(0, 8)}01`;
const range = (start, end) => `startDate=${start}&endDate=${end}`;

function log(message) {
  console.error(`[bench] ${message}`);
}

/** The dataset of today (the dashboard's 'today' needs rows dated today), generated once. */
function dataset() {
  const today = shopToday();
  const dir = path.join(cache, `dataset-${today}${SCALE === 1 ? '' : `-scale${SCALE}`}`);
  if (existsSync(path.join(dir, 'summary.json'))) return dir;
  if (!existsSync(GENERATOR))
    throw new Error(`generator not found: ${GENERATOR} (BENCH_GENERATOR)`);
  log(`generating the dataset into ${dir}`);
  mkdirSync(cache, { recursive: true });
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const run = spawnSync(
    process.execPath,
    [GENERATOR, partial, `--today=${today}`, `--scale=${SCALE}`],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (run.status !== 0) throw new Error('the generator failed');
  renameSync(partial, dir);
  return dir;
}

async function* csvRows(file) {
  const lines = readline.createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    yield line.split(',');
  }
}

/** From the CSVs: each product's code, barcode and final stock, and its number of movements. */
async function facts(dir) {
  const products = new Map();
  // products.csv: id, barcode_id, code, name (may be quoted), initial_stock, category, brand. The
  // numeric and code columns come before any quoted text or are read from the end.
  const lines = readline.createInterface({
    input: createReadStream(path.join(dir, 'products.csv')),
  });
  let header = true;
  for await (const line of lines) {
    if (header) {
      header = false;
      continue;
    }
    const [id, barcode, code] = line.split(',');
    const stock = Number(line.match(/,(\d+),[^,]*,[^,]*$/)?.[1] ?? 0);
    products.set(Number(id), { id: Number(id), barcode, code, stock, movements: 0 });
  }
  let resi = '';
  for await (const [, productId, resiNumber, quantity] of csvRows(path.join(dir, 'incoming.csv'))) {
    const product = products.get(Number(productId));
    product.stock += Number(quantity);
    product.movements += 1;
    if (resi === '') resi = resiNumber;
  }
  for await (const [, productId, , quantity] of csvRows(path.join(dir, 'outgoing.csv'))) {
    const product = products.get(Number(productId));
    product.stock -= Number(quantity);
    product.movements += 1;
  }
  const all = [...products.values()];
  const busiest = all.reduce((a, b) => (b.movements > a.movements ? b : a));
  const stocked = all.filter((p) => p.stock >= 200);
  // Five digits from the middle of a real resi: a few dozen matches.
  return { busiest, stocked, resiFragment: resi.slice(5, 10) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function run(command, argv, env) {
  const result = spawnSync(command, argv, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`${command} ${argv.join(' ')} failed`);
}

async function startServer(env) {
  // BENCH_PORT: a fixed port (on a machine shared with other sessions, each has its own range).
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const child = spawn(tsx, [path.join(root, 'packages/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error('the server stopped');
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

function stopServer(child) {
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A sale written `perSecond` times a second through the API while a list is measured: a shop's
 * lists are read while it sells and packs, and every commit makes the kept answers be read
 * again (ADR 0007). Returns a function that stops it and tells its writes and failures.
 */
function steadyWriter(base, writer, perSecond) {
  let writes = 0;
  let errors = 0;
  const inFlight = new Set();
  const timer = setInterval(() => {
    const write = fetch(`${base}${writer.path}`, {
      method: 'POST',
      headers: writer.headers,
      body: writer.body(),
    })
      .then((response) => {
        if (response.status === 201) writes += 1;
        else errors += 1;
        return response.arrayBuffer();
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(write));
    inFlight.add(write);
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    // Every write sent is answered before it is counted, not only the last one.
    await Promise.all(inFlight);
    return { writes, errors };
  };
}

/** One autocannon run; latencies are collected per response (autocannon reports no p95). */
async function measure(base, target, seconds, record) {
  const stopWriter = target.writer ? steadyWriter(base, target.writer, WRITES_PER_SECOND) : null;
  const latencies = [];
  const instance = autocannon({
    url: `${base}${target.path}`,
    connections: CONNECTIONS,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: target.headers,
    requests: target.requests,
  });
  instance.on('response', (_client, _status, _bytes, time) => latencies.push(time));
  const result = await instance;
  const written = stopWriter === null ? null : await stopWriter();
  if (!record) return null;
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    // The writer's failures count: a write refused under reads is an error of the run.
    errors: result.errors + result.timeouts + result.non2xx + (written?.errors ?? 0),
  };
}

async function bench(kind, env, facts) {
  const { base, child } = await startServer(env);
  try {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@gudang.test', password: 'manager123' }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status}`);
    const { token } = await login.json();
    const headers = { authorization: `Bearer ${token}` };
    const today = shopToday();
    let sale = 0;
    const runId = Date.now().toString(36).toUpperCase();
    const saleBody = () => {
      const product = facts.stocked[sale % facts.stocked.length];
      sale += 1;
      return JSON.stringify({
        product_code: product.code,
        product_name: 'bench',
        category: 'bench',
        brand: 'bench',
        resi_number: `BENCH${runId}${String(sale).padStart(7, '0')}`,
        quantity: 1,
        date: today,
        barcode: product.barcode,
      });
    };
    const r = facts.resiFragment;
    const week = range(addDays(today, -7), addDays(today, 7));
    const year = range(addDays(today, -365), today);
    const targets = [
      ['GET /api/health (ceiling)', '/api/health'],
      ['products, page 1', '/api/products?page=1'],
      ["products, search 'Mitra' (~5%), page 1", '/api/products?search=Mitra&page=1'],
      ...['incoming', 'outgoing', 'damaged'].flatMap((list) => [
        [`${list} goods, page 1`, `/api/${list}-goods?page=1`],
        [`${list} goods, page 500`, `/api/${list}-goods?page=500`],
        [`${list} goods, search '${r}', page 1`, `/api/${list}-goods?search=${r}&page=1`],
        [`${list} goods, search '${r}', page 500`, `/api/${list}-goods?search=${r}&page=500`],
      ]),
      ['dashboard, all', '/api/dashboard/stats?period=all'],
      ['dashboard, month', '/api/dashboard/stats?period=month'],
      ['dashboard, today', '/api/dashboard/stats?period=today'],
      [
        `stock card of ${facts.busiest.code} (${facts.busiest.movements} movements)`,
        `/api/products/${facts.busiest.id}/ledger`,
      ],
      // The later areas, with the date windows their pages open with (7 days either side of
      // today) and a whole year, the widest window a shop asks for at the end of a year.
      ['stock report, this month', `/api/reports?type=stock&${range(monthStart(today), today)}`],
      // The screen's pages of it (kept per period while nothing is written), and the
      // whole report compressed as a browser asks for it (CSV and print).
      [
        'stock report, this month, page 1 (screen)',
        `/api/reports/stock?${range(monthStart(today), today)}&includeEmpty=true&page=1&limit=50`,
      ],
      [
        'stock report, this month, page 2 (screen)',
        `/api/reports/stock?${range(monthStart(today), today)}&includeEmpty=true&page=2&limit=50`,
      ],
      [
        'stock report, this month, whole, br',
        `/api/reports?type=stock&${range(monthStart(today), today)}&includeEmpty=true`,
        { 'accept-encoding': 'br' },
      ],
      ['activity log, page 1', '/api/activity-logs?page=1'],
      ['activity log, page 500', '/api/activity-logs?page=500'],
      ['orders, default window, page 1', `/api/orders?${week}&page=1`],
      [`orders, search '${r}', one year, page 1`, `/api/orders?${year}&search=${r}&page=1`],
      ['orders summary, default window', `/api/orders/summary?${week}&page=1&limit=10`],
      ['orders summary, one year', `/api/orders/summary?${year}&page=1&limit=10`],
      ['pembukuan, default window, page 1', `/api/pembukuan?${week}&page=1`],
      ['pembukuan stats, default window', `/api/pembukuan/stats?${week}`],
      ['pembukuan stats, one year', `/api/pembukuan/stats?${year}`],
      // 'Perlu Restock' over every product (30 days of kept per-day totals), its
      // search, and the daily chart of a year (kept per-day shop totals).
      ['restock, page 1', '/api/restock?page=1&limit=10'],
      ["restock, search 'Mitra', page 1", '/api/restock?search=Mitra&page=1&limit=10'],
      ['daily chart, one year', `/api/dashboard/daily?${range(addDays(today, -365), today)}`],
    ].map(([name, p, extra]) => ({ name, path: p, headers: { ...headers, ...extra } }));
    // The same lists while the shop sells: a sale (Barang Keluar, quantity 1) written
    // WRITES_PER_SECOND times a second beside the readers.
    const writer = {
      path: '/api/outgoing-goods',
      headers: { ...headers, 'content-type': 'application/json' },
      body: saleBody,
    };
    const whileSelling = [
      'products, page 1',
      "products, search 'Mitra' (~5%), page 1",
      'incoming goods, page 1',
      `outgoing goods, search '${r}', page 1`,
    ];
    for (const target of targets.filter((t) => whileSelling.includes(t.name)))
      targets.push({
        ...target,
        name: `${target.name}, while selling ${WRITES_PER_SECOND}/s`,
        writer,
      });
    targets.push({
      name: 'create outgoing goods, quantity 1',
      path: '/api/outgoing-goods',
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, body: saleBody() }) }],
      create: true,
    });
    const rows = [];
    // BENCH_ONLY=restock,daily: only the endpoints whose name contains one of the words (and
    // the ceiling), to re-measure a few after a change.
    const onlyWords = (process.env.BENCH_ONLY ?? '').split(',').filter((word) => word !== '');
    if (onlyWords.length > 0)
      targets.splice(
        0,
        targets.length,
        ...targets.filter(
          (target, index) => index === 0 || onlyWords.some((word) => target.name.includes(word)),
        ),
      );
    for (const target of targets) {
      if (WARMUP > 0) await measure(base, target, WARMUP, false);
      const lastSale =
        target.create && env.DATABASE_URL ? await lastSaleId(env.DATABASE_URL) : null;
      const result = await measure(base, target, DURATION, true);
      if (lastSale !== null)
        result.together = await salesPerTransaction(env.DATABASE_URL, lastSale, runId);
      rows.push({ ...target, ...result });
      const share = (100 * result.rps) / rows[0].rps;
      log(
        `${kind}: ${target.name}: ${result.rps.toFixed(0)} req/s (${share.toFixed(1)}% of the ceiling), p95 ${result.p95} ms, errors ${result.errors}` +
          (result.together ? `, ${togetherText(result.together)}` : ''),
      );
    }
    const oversell = await oversellCheck(base, headers, today, runId);
    const marketplace = importTimes(base);
    const settlements = settlementTimes(base, child.pid);
    if (env.DATABASE_URL) await vacuumWithoutAutovacuum(env.DATABASE_URL);
    const packing = packingTimes(base);
    const opname = opnameTimes(base);
    // After every write of the run: the sales, the packing rounds and the stock count's post.
    const stats = await getOnNewConnection(`${base}/api/dashboard/stats`, headers);
    return {
      rows,
      oversell,
      consistent: stats.stockConsistency?.isConsistent,
      marketplace,
      settlements,
      packing,
      opname,
    };
  } finally {
    await stopServer(child);
  }
}

/**
 * A PostgreSQL with autovacuum off (this machine's) never clears the rows the rounds above left
 * behind (the totals' updates, the sales): the packing rounds after them ran a third slower
 * (docs/benchmarks.md, 2026-11-27, night). A shop's PostgreSQL vacuums by itself; here the bench
 * does it once, and says so.
 */
async function vacuumWithoutAutovacuum(databaseUrl) {
  await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query('SHOW autovacuum');
    if (rows[0]?.autovacuum === 'on') return;
    log('autovacuum is off on this PostgreSQL: VACUUM ANALYZE before the packing rounds');
    await client.query('VACUUM ANALYZE');
  });
}

/** `work` with a connection of its own to the bench's database (read beside the server). */
async function withClient(databaseUrl, work) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The newest Barang Keluar record's id (PostgreSQL: read beside the server). */
async function lastSaleId(databaseUrl) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query('SELECT coalesce(max(id), 0) AS id FROM outgoing_goods');
    return Number(rows[0].id);
  });
}

/**
 * How the server wrote the run's sales after `afterId`: the sales and the transactions they took
 * (rows written by one transaction share its xmin; ADR 0019 gathers sales that arrive together).
 */
async function salesPerTransaction(databaseUrl, afterId, runId) {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query(
      `SELECT count(*) AS sales, count(DISTINCT xmin::text) AS transactions
         FROM outgoing_goods WHERE id > $1 AND resi_number LIKE $2`,
      [afterId, `BENCH${runId}%`],
    );
    return { sales: Number(rows[0].sales), transactions: Number(rows[0].transactions) };
  });
}

function togetherText({ sales, transactions }) {
  const each = transactions > 0 ? (sales / transactions).toFixed(1) : '-';
  return `${sales} sales in ${transactions} transactions (${each} a transaction)`;
}

/** 40 parallel sales of 1 against a stock of 15: exactly 15 may succeed. */
async function oversellCheck(base, headers, today, runId) {
  const json = { ...headers, 'content-type': 'application/json' };
  const code = `BENCH-${runId}`;
  const created = await fetch(`${base}/api/products`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      barcode_id: `BC${runId}`,
      code,
      name: 'Bench',
      initial_stock: 15,
      category: 'Bench',
      brand: 'Bench',
    }),
  });
  if (!created.ok)
    return { text: `could not create the product (${created.status})`, oversold: false };
  const rounds = [];
  for (let round = 0; round < 3; round += 1) {
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${base}/api/outgoing-goods`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            product_code: code,
            product_name: 'Bench',
            category: 'Bench',
            brand: 'Bench',
            resi_number: `OVERSELL${runId}${round}${String(i).padStart(2, '0')}`,
            quantity: 1,
            date: today,
            barcode: `BC${runId}`,
          }),
        }).then((response) => response.status),
      ),
    );
    rounds.push(statuses.filter((s) => s === 201).length);
    // Restock to 15 for the next round.
    const sold = rounds[round];
    if (round < 2 && sold > 0) {
      await fetch(`${base}/api/incoming-goods`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          product_code: code,
          product_name: 'Bench',
          category: 'Bench',
          brand: 'Bench',
          resi_number: `RESTOCK${runId}${round}`,
          quantity: sold,
          date: today,
          platform: 'Offline',
        }),
      });
    }
  }
  return {
    text: `sold ${rounds.join(', ')} of 15 in three rounds of 40 parallel sales`,
    oversold: rounds.some((sold) => sold > 15),
  };
}

/**
 * GET a JSON answer on a connection of its own. After the scripts run by spawnSync, which blocks
 * this process, fetch would reuse a kept-alive connection the server closed meanwhile unseen
 * ('other side closed': a PGlite run of 2026-11-28).
 */
function getOnNewConnection(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A script of packages/server/bench run against the server: its last JSON line, or null when it failed. */
function benchScript(script, base, extra = []) {
  const result = spawnSync(tsx, [`packages/server/bench/${script}`, `--base=${base}`, ...extra], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) return null;
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

/**
 * Pesanan Marketplace: a generated 5,000-line Shopee file previewed and committed,
 * and the latency of other requests meanwhile (packages/server/bench/marketplace-import.ts).
 */
function importTimes(base) {
  return benchScript('marketplace-import.ts', base);
}

/**
 * Penghasilan Marketplace: a 2026 Shopee income file of 50,000 rows and a TikTok 'Order details'
 * of 25,000 rows previewed and committed, as rows per second, and the memory the server (`pid`
 * and its threads) grew by meanwhile (packages/server/bench/settlement-import.ts; `npm run
 * bench:settlements` runs it alone, with the largest file the upload takes).
 */
function settlementTimes(base, pid) {
  return benchScript('settlement-import.ts', base, [`--pid=${pid}`]);
}

/** Scan Kirim: 20 packers at once, distinct and contended (packages/server/bench/packing.ts). */
function packingTimes(base) {
  return benchScript('packing.ts', base);
}

/** Stok Opname: a session over every product, counted by 20 at once, then posted (bench/stock-opname.ts). */
function opnameTimes(base) {
  return benchScript('stock-opname.ts', base);
}

function opnameTable(result) {
  const t = result.opname;
  if (!t) return 'Stock count: failed (see the log above).\n';
  return [
    '| stock count, every product | products | counters | start ms | counts/s | count p50 / p95 / p99 ms | adjustments | post ms | wrong stock after |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| | ${t.products} | ${t.counters} | ${t.startMs.toFixed(0)} | ${t.countsPerSecond.toFixed(0)} | ${t.countP50.toFixed(1)} / ${t.countP95.toFixed(1)} / ${t.countP99.toFixed(1)} | ${t.adjustments} | ${t.postMs.toFixed(0)} | ${t.wrongStock} |`,
    '',
  ].join('\n');
}

function packingTable(result) {
  const rounds = result.packing;
  if (!rounds) return 'Packing rounds: failed (see the log above).\n';
  return [
    '| packing round | packers | orders | shipped | refused (stock) | packages/s | p50 ms | p95 ms | p99 ms | oversold |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rounds.map(
      (t) =>
        `| ${t.round === 'distinct' ? 'distinct products' : 'contended (10 products)'} | ${t.packers} | ${t.orders} | ${t.shipped} | ${t.refused} | ${t.perSecond.toFixed(0)} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.p99.toFixed(1)} | ${t.negativeStock === 0 && t.shipped === t.expected ? 'no' : 'YES'} |`,
    ),
    '',
  ].join('\n');
}

function importTable(result) {
  const t = result.marketplace;
  if (!t) return 'Marketplace import: failed (see the log above).\n';
  return [
    '| 5,000-line Shopee file | preview ms | commit ms | again: preview / commit ms | GET /api/products p50 / p95 ms, quiet | during the import |',
    '|---|---:|---:|---:|---:|---:|',
    `| | ${t.previewMs.toFixed(0)} | ${t.commitMs.toFixed(0)} | ${t.againPreviewMs.toFixed(0)} / ${t.againCommitMs.toFixed(0)} | ${t.quiet.p50.toFixed(1)} / ${t.quiet.p95.toFixed(1)} | ${t.busy.p50.toFixed(1)} / ${t.busy.p95.toFixed(1)} |`,
    '',
  ].join('\n');
}

function settlementTable(result) {
  const t = result.settlements;
  if (!t) return 'Settlement import: failed (see the log above).\n';
  const perSecond = (rows, ms) => Math.round((rows * 1000) / ms);
  return [
    '| income file | rows (orders) | preview ms (rows/s) | commit ms (rows/s) | server memory MB: before -> peak |',
    '|---|---:|---:|---:|---:|',
    ...t.files.map(
      (f) =>
        `| ${f.file} | ${f.rows} (${f.orders}) | ${f.previewMs.toFixed(0)} (${perSecond(f.rows, f.previewMs)}) | ${f.commitMs.toFixed(0)} (${perSecond(f.rows, f.commitMs)}) | ` +
        (f.memory
          ? `${f.memory.beforeMb.toFixed(0)} -> ${f.memory.peakMb.toFixed(0)} (+${(f.memory.peakMb - f.memory.beforeMb).toFixed(0)})`
          : '-') +
        ' |',
    ),
    `\nLoad average (1 / 5 / 15 min): ${t.load.before} before, ${t.load.after} after.`,
    '',
  ].join('\n');
}

function table(kind, result) {
  const ceiling = result.rows[0].rps;
  const lines = [
    `### ${kind}`,
    '',
    '| endpoint | req/s | p50 ms | p95 ms | p99 ms | of ceiling | errors |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...result.rows.map(
      (row) =>
        `| ${row.name} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${((100 * row.rps) / ceiling).toFixed(1)}% | ${row.errors} |`,
    ),
    '',
    `Oversell check: ${result.oversell.text}. Stock consistent after every write of the run (sales, packing, stock count): ${result.consistent ? 'yes' : 'NO'}.`,
    ...result.rows
      .filter((row) => row.together)
      .map((row) => `\n${row.name}: ${togetherText(row.together)}.`),
    '',
    importTable(result),
    settlementTable(result),
    packingTable(result),
    opnameTable(result),
  ];
  return lines.join('\n');
}

async function main() {
  const dir = dataset();
  log(`dataset ${dir}`);
  const known = await facts(dir);
  const stamp = Date.now().toString(36);
  const runs = [];
  const keep = process.env.BENCH_KEEP === '1';

  if (only === undefined || only === 'pglite') {
    const dataDir = path.join(cache, `pglite-${stamp}`);
    log(`loading into PGlite at ${dataDir}`);
    run(tsx, ['packages/server/bench/load.ts', dir], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
    });
    try {
      runs.push(['PGlite', await bench('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, known)]);
    } finally {
      if (!keep) rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (only === undefined || only === 'postgresql') {
    const name = `gudang_bench_${stamp}`;
    const url = new URL(SERVER_URL);
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    url.pathname = `/${name}`;
    const dataDir = path.join(cache, `pg-secret-${stamp}`);
    try {
      log(`loading into PostgreSQL database ${name}`);
      run(tsx, ['packages/server/bench/load.ts', dir], {
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
      });
      runs.push([
        'PostgreSQL',
        await bench('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, known),
      ]);
    } finally {
      if (!keep) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }

  const cpus = os.cpus();
  const cores = os.availableParallelism();
  const scaling = cores > 1 ? await machineScaling(cores) : 1;
  console.log(
    `\n${new Date().toISOString().slice(0, 10)}, ${cpus.length} x ${cpus[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}, ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each, ` +
      `dataset ${path.basename(dir)}\n\n` +
      `This machine: ${cores} CPU-bound processes at once do x${scaling.toFixed(2)} the work of one ` +
      `(the most ${cores} workers could gain, before the load generator and the database take their share).\n`,
  );
  for (const [kind, result] of runs) console.log(table(kind, result));
  if (runs.length === 2) console.log(comparison(runs[0][1], runs[1][1]));
  const failures = runs.flatMap(([kind, result]) => problems(kind, result));
  if (failures.length > 0) {
    // Loud, and never about timings: errors, oversell, a stock that does not add up.
    console.error(`\n[bench] FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/** A fixed CPU-bound work (no I/O, little memory): about half a second on this machine. */
const SPIN = `let x = 0; const a = new Float64Array(1 << 16);
for (let i = 0; i < 4e8; i++) x += a[i & 65535] + (i % 7);
if (x < 0) console.log(x);`;

/** Seconds `count` processes take to run SPIN at once (all started together). */
function spinSeconds(count) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let left = count;
    for (let i = 0; i < count; i++) {
      const child = spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' });
      child.on('error', reject);
      child.on('exit', () => {
        left -= 1;
        if (left === 0) resolve((performance.now() - started) / 1000);
      });
    }
  });
}

/**
 * What the machine's cores give processes that share nothing: the work of `cores` CPU-bound
 * processes at once against one alone (median of three). It bounds what WORKERS can gain: a
 * virtual machine's cores may share a physical core or be taken by the host.
 */
async function machineScaling(cores) {
  const ratios = [];
  for (let round = 0; round < 3; round++) {
    const one = await spinSeconds(1);
    const all = await spinSeconds(cores);
    ratios.push((cores * one) / all);
  }
  return ratios.sort((a, b) => a - b)[1];
}

/** PGlite against PostgreSQL per endpoint: how many times slower (req/s), the goal being <= 3x. */
function comparison(pglite, postgresql) {
  const lines = [
    '### PGlite / PostgreSQL',
    '',
    '| endpoint | PGlite req/s | PostgreSQL req/s | PostgreSQL / PGlite (x slower) | PGlite of ceiling | PostgreSQL of ceiling |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const row of pglite.rows) {
    const other = postgresql.rows.find((r) => r.name === row.name);
    if (!other) continue;
    const share = (result, r) => `${((100 * r.rps) / result.rows[0].rps).toFixed(1)}%`;
    lines.push(
      `| ${row.name} | ${row.rps.toFixed(0)} | ${other.rps.toFixed(0)} | ${row.rps > 0 ? (other.rps / row.rps).toFixed(2) : '-'} | ${share(pglite, row)} | ${share(postgresql, other)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What makes a run fail: errors on an endpoint, an oversell, an inconsistent stock. */
function problems(kind, result) {
  // A row with no answer in its window is a timing (a slow machine), not a failure: it shows as
  // 0 req/s in the table. Errors include autocannon's timeouts (10 s) and non-2xx answers.
  const found = result.rows
    .filter((row) => row.errors > 0)
    .map((row) => `${kind}: ${row.name}: ${row.errors} errors`);
  if (result.oversell.oversold) found.push(`${kind}: OVERSOLD (${result.oversell.text})`);
  if (!result.consistent) found.push(`${kind}: the stock is not consistent afterwards`);
  const rounds = result.packing;
  if (!rounds) found.push(`${kind}: the packing round failed`);
  else
    for (const round of rounds)
      if (round.negativeStock !== 0 || round.shipped !== round.expected)
        found.push(
          `${kind}: the packing round '${round.round}' oversold or refused wrongly (shipped ${round.shipped} of ${round.expected}, negative stock ${round.negativeStock})`,
        );
  if (!result.marketplace) found.push(`${kind}: the marketplace import failed`);
  if (!result.settlements) found.push(`${kind}: the settlement import failed`);
  if (!result.opname) found.push(`${kind}: the stock count failed or left a wrong stock`);
  return found;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
