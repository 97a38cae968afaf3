// Penghasilan Marketplace (issue 45, "Speed"): income files previewed and committed against a
// running server, as rows per second, with the memory the server grew by while it read them.
//
//   npx tsx packages/server/bench/settlement-import.ts --base=http://127.0.0.1:PORT [--pid=PID]
//       [--largest] [--email=manager@gudang.test --password=manager123]
//   npx tsx packages/server/bench/settlement-import.ts --standalone [--db=pglite|postgresql]
//       [--no-largest | --largest-only]
//
// The files (settlements/settlement-fixtures.ts, written as a real xlsx): a 2026 Shopee income
// file of 25,000 orders (an Order and a Sku row each: 50,000 rows), and a TikTok Shop 'Order
// details' of 25,000 rows (22,500 orders, 2,500 adjustments). A 20-order file goes first, not
// measured (the worker's start, the first plans). Each is previewed (upload, read in the
// spreadsheet worker, kept) and committed; rows per second is the file's rows over each step's
// time. The largest file the upload takes: a Shopee file of 299,996 rows (149,998 orders; 300,000
// rows with its header rows), previewed and committed (--largest with --base).
//
// Memory: the server's resident memory (VmRSS of the process tree of --pid, the server and its
// threads: the spreadsheet worker and PGlite are in it) sampled every 25 ms from just before the
// upload to the commit's answer; "grew by" is the highest sample less the one before the upload.
// A process never gives all of it back, so a later file starts from a higher floor.
//
// --standalone starts the real server (src/main.ts) on a fresh database (PGlite in a temporary
// folder, or a new database beside DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
// named after BENCH_DB_PREFIX, default 'gudang_')
// with the demo users, each database in turn (`npm run bench:settlements`): one server for the two
// files, another for the largest (unless --no-largest), so that its growth is from a fresh
// server's floor. `npm run bench` runs the two files against each of its servers (--base, --pid).
// The load average is printed before and after: the machine may be shared. Prints one markdown
// table; with --base, its last line is JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  generatedShopeeCFile,
  generatedTiktokFile,
  settlementXlsx,
} from '../src/modules/settlements/settlement-fixtures';
import { benchArgs as args, signIn } from './client';

const root = path.resolve(__dirname, '../../..');
const SHOPEE_ORDERS = 25_000;
const TIKTOK_ROWS = 25_000;
/** 299,996 order rows and the 2026 file's 3 header rows: under SETTLEMENT_MAX_ROWS (300,000). */
const LARGEST_ORDERS = 149_998;

const log = (message: string) => console.error(`[bench:settlements] ${message}`);
const mb = (bytes: number) => bytes / 1024 / 1024;
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/**
 * Resident bytes of a process and of every process under it (their threads are in theirs); null
 * when the process is gone.
 */
function treeRss(pid: number): number | null {
  if (!existsSync(`/proc/${pid}/status`)) return null;
  let total = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const current = stack.pop() as number;
    try {
      const status = readFileSync(`/proc/${current}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${current}/task`)) {
        const children = readFileSync(`/proc/${current}/task/${task}/children`, 'utf8').trim();
        if (children !== '') stack.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Samples the tree's memory until stopped: the highest sample and the first. */
function memoryWatch(pid: number | null): () => { before: number; peak: number } | null {
  const before = pid === null ? null : treeRss(pid);
  if (pid === null || before === null) return () => null;
  let peak = before;
  let gone = false;
  const sample = () => {
    const now = treeRss(pid);
    if (now === null) gone = true;
    else peak = Math.max(peak, now);
  };
  const timer = setInterval(sample, 25);
  return () => {
    clearInterval(timer);
    sample();
    return gone ? null : { before, peak };
  };
}

export interface FileTimes {
  file: string;
  rows: number;
  orders: number;
  bytes: number;
  previewMs: number;
  commitMs: number;
  created: number;
  /** Server memory (MB) before the upload and the highest during preview and commit. */
  memory: { beforeMb: number; peakMb: number } | null;
}

async function measureFile(
  base: string,
  headers: Record<string, string>,
  pid: number | null,
  name: string,
  file: Buffer,
  rows: number,
  fields: Record<string, string> = {},
): Promise<FileTimes> {
  // Lets the server settle (a previous commit's garbage) before the floor is read.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const stop = memoryWatch(pid);
  const form = new FormData();
  form.append('file', new Blob([file]), name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  const started = performance.now();
  const response = await fetch(`${base}/api/settlement-imports`, {
    method: 'POST',
    headers,
    body: form,
  });
  const preview = (await response.json()) as { id: number; counts: { orders: number } };
  const previewMs = performance.now() - started;
  if (response.status !== 201)
    throw new Error(`preview of ${name}: ${response.status} ${JSON.stringify(preview)}`);
  const committing = performance.now();
  const commit = await fetch(`${base}/api/settlement-imports/${preview.id}/commit`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  const result = (await commit.json()) as { created: number };
  const commitMs = performance.now() - committing;
  const memory = stop();
  if (commit.status !== 200)
    throw new Error(`commit of ${name}: ${commit.status} ${JSON.stringify(result)}`);
  const times: FileTimes = {
    file: name,
    rows,
    orders: preview.counts.orders,
    bytes: file.length,
    previewMs,
    commitMs,
    created: result.created,
    memory: memory === null ? null : { beforeMb: mb(memory.before), peakMb: mb(memory.peak) },
  };
  log(
    `${name}: ${rows} rows, ${times.orders} orders, preview ${previewMs.toFixed(0)} ms, commit ` +
      `${commitMs.toFixed(0)} ms, ${times.created} added` +
      (times.memory === null
        ? ''
        : `, server ${times.memory.beforeMb.toFixed(0)} -> ${times.memory.peakMb.toFixed(0)} MB`),
  );
  return times;
}

async function createStore(
  base: string,
  headers: Record<string, string>,
  channel: string,
  name: string,
): Promise<number> {
  const response = await fetch(`${base}/api/marketplace-stores`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ channel, name }),
  });
  const body = (await response.json()) as { data: { id: number } };
  if (response.status !== 201) throw new Error(`store: ${response.status} ${JSON.stringify(body)}`);
  return body.data.id;
}

export interface SettlementTimes {
  load: { before: string; after: string };
  files: FileTimes[];
}

/**
 * The measurement against a server: stores, a small file previewed and committed first (not
 * measured: the worker's start and the first statements' plans are paid once per server), then
 * each file previewed and committed. `files`: the two files of the issue, the largest, or both.
 */
export async function measureSettlements(
  base: string,
  options: {
    email: string;
    password: string;
    pid: number | null;
    files: 'issue' | 'largest' | 'all';
  },
): Promise<SettlementTimes> {
  const before = load();
  const token = await signIn(base, options.email, options.password);
  const headers = { authorization: `Bearer ${token}` };
  const run = Date.now().toString(36).toUpperCase();
  const shopeeStore = `bench-${run.toLowerCase()}`;
  await createStore(base, headers, 'shopee', shopeeStore);
  const tiktokStore = await createStore(base, headers, 'tiktok', `Bench TikTok ${run}`);
  await measureFile(
    base,
    headers,
    null,
    'warm-up.xlsx',
    settlementXlsx(generatedShopeeCFile(20, { prefix: `W${run}`, store: shopeeStore })),
    40,
  );

  const files: FileTimes[] = [];
  if (options.files !== 'largest') {
    const shopee = settlementXlsx(
      generatedShopeeCFile(SHOPEE_ORDERS, { prefix: `S${run}`, store: shopeeStore }),
    );
    files.push(
      await measureFile(base, headers, options.pid, 'shopee-2026.xlsx', shopee, 2 * SHOPEE_ORDERS),
    );
    const tiktok = settlementXlsx(generatedTiktokFile(TIKTOK_ROWS, { prefix: `7${run}` }));
    files.push(
      await measureFile(
        base,
        headers,
        options.pid,
        'tiktok-order-details.xlsx',
        tiktok,
        TIKTOK_ROWS,
        { store_id: String(tiktokStore) },
      ),
    );
  }
  if (options.files !== 'issue') {
    const largest = settlementXlsx(
      generatedShopeeCFile(LARGEST_ORDERS, { prefix: `L${run}`, store: shopeeStore }),
    );
    files.push(
      await measureFile(
        base,
        headers,
        options.pid,
        'shopee-2026-largest.xlsx',
        largest,
        2 * LARGEST_ORDERS,
      ),
    );
  }
  return { load: { before, after: load() }, files };
}

export const TABLE_HEAD =
  '| database | file | rows (orders) | MB | preview ms (rows/s) | commit ms (rows/s) | server memory MB: before -> peak (grew by) |\n' +
  '| --- | --- | ---: | ---: | ---: | ---: | ---: |';

const perSecond = (rows: number, ms: number) => Math.round((rows * 1000) / ms).toLocaleString('en');

export function tableRows(kind: string, times: SettlementTimes): string[] {
  return times.files.map((t) => {
    const memory =
      t.memory === null
        ? '-'
        : `${t.memory.beforeMb.toFixed(0)} -> ${t.memory.peakMb.toFixed(0)} (+${(t.memory.peakMb - t.memory.beforeMb).toFixed(0)})`;
    return (
      `| ${kind} | ${t.file} | ${t.rows.toLocaleString('en')} (${t.orders.toLocaleString('en')}) | ${mb(t.bytes).toFixed(1)} | ` +
      `${t.previewMs.toFixed(0)} (${perSecond(t.rows, t.previewMs)}) | ${t.commitMs.toFixed(0)} (${perSecond(t.rows, t.commitMs)}) | ${memory} |`
    );
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'packages/server/src/main.ts')],
    {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
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

const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function standalone(
  kind: 'pglite' | 'postgresql',
  files: 'issue' | 'largest',
): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench-settle-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' };
  if (kind === 'postgresql') {
    const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    // BENCH_DB_PREFIX: a name prefix of one's own on a shared server (e.g. a helper's).
    const name = `${process.env.BENCH_DB_PREFIX ?? 'gudang_'}bench_settle_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const { base, child } = await startServer(env);
  try {
    const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    const times = await measureSettlements(base, {
      email: 'manager@gudang.test',
      password: 'manager123',
      pid: child.pid ?? null,
      files,
    });
    log(
      `${label}: load average (1 / 5 / 15 min) ${times.load.before} before, ${times.load.after} after`,
    );
    return tableRows(label, times);
  } finally {
    await stopServer(child);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const base = args.get('base');
  if (base !== undefined) {
    const pid = args.get('pid');
    const times = await measureSettlements(base, {
      email: args.get('email') ?? 'manager@gudang.test',
      password: args.get('password') ?? 'manager123',
      pid: pid === undefined ? null : Number(pid),
      files: args.has('largest') ? 'all' : 'issue',
    });
    console.log(JSON.stringify(times));
    return;
  }
  const only = args.get('db');
  const largest = !args.has('no-largest');
  const rows: string[] = [];
  const before = load();
  for (const kind of ['pglite', 'postgresql'] as const) {
    if (only !== undefined && only !== kind) continue;
    if (!args.has('largest-only')) rows.push(...(await standalone(kind, 'issue')));
    // The largest file on a server of its own: its growth from a fresh server's floor.
    if (largest) rows.push(...(await standalone(kind, 'largest')));
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 16)}Z, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, ` +
      `Node ${process.version}; load average (1 / 5 / 15 min) ${before} at the start, ${load()} at the end\n`,
  );
  console.log([TABLE_HEAD, ...rows].join('\n'));
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
