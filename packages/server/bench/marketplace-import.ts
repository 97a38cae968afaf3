// Times the import of a generated 5,000-line Shopee file (preview <= 3 s and commit <= 2 s
// on PostgreSQL, PGlite within 3x) against a running server, and the latency of other requests
// (GET /api/products?page=1, one after another) while the file is parsed and committed, against
// the same requests with nothing else going on.
//
//   npx tsx packages/server/bench/marketplace-import.ts --base=http://127.0.0.1:PORT
//       [--email=manager@gudang.test --password=manager123]
//   npx tsx packages/server/bench/marketplace-import.ts --standalone [--db=pglite|postgresql]
//
// --standalone starts the real server (src/main.ts) on a fresh database (PGlite in a temporary
// folder, or a new database beside DATABASE_URL) with the demo users; `npm run bench` runs this
// against each of its servers. Prints one markdown table row per database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generatedShopeeFile } from '../src/modules/marketplace/fixtures/fixture-files';
import { benchArgs as args, percentile, signIn } from './client';

const LINES = 5_000;
const SKUS = 200;
const root = path.resolve(__dirname, '../../..');

const log = (message: string) => console.error(`[bench:marketplace] ${message}`);

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

interface Timed<T> {
  ms: number;
  value: T;
}

async function timed<T>(work: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

/** Latencies of GET /api/products?page=1, one request after another, until `until` settles. */
async function probe(
  base: string,
  headers: Record<string, string>,
  until: Promise<unknown>,
): Promise<number[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  while (!done) {
    const start = performance.now();
    await (await fetch(`${base}/api/products?page=1`, { headers })).arrayBuffer();
    latencies.push(performance.now() - start);
  }
  return latencies.sort((a, b) => a - b);
}

export interface ImportTimes {
  previewMs: number;
  commitMs: number;
  againPreviewMs: number;
  againCommitMs: number;
  quiet: { p50: number; p95: number };
  busy: { p50: number; p95: number; requests: number };
}

/** The measurement against a server: products for the SKUs, the file, preview, commit, again. */
export async function measureImport(
  base: string,
  email: string,
  password: string,
): Promise<ImportTimes> {
  const token = await signIn(base, email, password);
  const headers = { authorization: `Bearer ${token}` };
  const run = Date.now().toString(36).toUpperCase();
  const skus = Array.from({ length: SKUS }, (_v, i) => `MPB-${run}-${String(i).padStart(4, '0')}`);
  for (const [i, sku] of skus.entries()) {
    const response = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        barcode_id: `BC-${sku}`,
        code: sku,
        name: `Bench ${i}`,
        initial_stock: 1000,
        category: 'Bench',
        brand: 'Bench',
      }),
    });
    if (response.status !== 201)
      throw new Error(`product: ${response.status} ${await response.text()}`);
  }
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: process.env.SHOP_TIMEZONE ?? 'Asia/Jakarta',
  }).format(new Date());
  const file = generatedShopeeFile(LINES, skus, today);
  log(`file: ${LINES} lines, ${(file.length / 1024).toFixed(0)} KB xlsx`);

  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([file]), `shopee-${run}.xlsx`);
    const response = await fetch(`${base}/api/marketplace-imports`, {
      method: 'POST',
      headers,
      body: form,
    });
    const body = (await response.json()) as { id: number; summary: Record<string, number> };
    if (response.status !== 201)
      throw new Error(`preview: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };
  const commit = async (id: number) => {
    const response = await fetch(`${base}/api/marketplace-imports/${id}/commit`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200)
      throw new Error(`commit: ${response.status} ${JSON.stringify(body)}`);
    return body;
  };

  // Other requests with nothing else going on, for as long as a preview and commit take (~3 s).
  const quiet = await probe(base, headers, new Promise((resolve) => setTimeout(resolve, 3000)));
  const busyLatencies: number[] = [];
  const preview = timed(upload);
  busyLatencies.push(...(await probe(base, headers, preview)));
  const { ms: previewMs, value: first } = await preview;
  log(`preview ${previewMs.toFixed(0)} ms: ${JSON.stringify(first.summary)}`);
  const committing = timed(() => commit(first.id));
  busyLatencies.push(...(await probe(base, headers, committing)));
  const { ms: commitMs, value: result } = await committing;
  log(`commit ${commitMs.toFixed(0)} ms: ${JSON.stringify(result)}`);
  const again = await timed(upload);
  const againCommit = await timed(() => commit(again.value.id));
  log(
    `same file again: preview ${again.ms.toFixed(0)} ms, commit ${againCommit.ms.toFixed(0)} ms: ${JSON.stringify(againCommit.value)}`,
  );
  busyLatencies.sort((a, b) => a - b);
  return {
    previewMs,
    commitMs,
    againPreviewMs: again.ms,
    againCommitMs: againCommit.ms,
    quiet: { p50: percentile(quiet, 50), p95: percentile(quiet, 95) },
    busy: {
      p50: percentile(busyLatencies, 50),
      p95: percentile(busyLatencies, 95),
      requests: busyLatencies.length,
    },
  };
}

export const TABLE_HEAD =
  '| database | preview ms | commit ms | same file again: preview / commit ms | GET /api/products p50 / p95 ms, quiet | the same during preview + commit (requests) |\n' +
  '| --- | ---: | ---: | ---: | ---: | ---: |';

export const tableRow = (kind: string, t: ImportTimes) =>
  `| ${kind} | ${t.previewMs.toFixed(0)} | ${t.commitMs.toFixed(0)} | ${t.againPreviewMs.toFixed(0)} / ${t.againCommitMs.toFixed(0)} | ` +
  `${t.quiet.p50.toFixed(1)} / ${t.quiet.p95.toFixed(1)} | ${t.busy.p50.toFixed(1)} / ${t.busy.p95.toFixed(1)} (${t.busy.requests}) |`;

async function standalone(kind: 'pglite' | 'postgresql'): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench-mp-'));
  let dropDatabase: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: 'true', DATABASE_URL: '' };
  if (kind === 'postgresql') {
    const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `gudang_bench_mp_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  }
  const { base, child } = await startServer(env);
  try {
    return tableRow(
      kind === 'pglite' ? 'PGlite' : 'PostgreSQL',
      await measureImport(base, 'manager@gudang.test', 'manager123'),
    );
  } finally {
    await stopServer(child);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const base = args.get('base');
  if (base !== undefined) {
    const times = await measureImport(
      base,
      args.get('email') ?? 'manager@gudang.test',
      args.get('password') ?? 'manager123',
    );
    console.log(JSON.stringify(times));
    return;
  }
  const only = args.get('db');
  const rows: string[] = [];
  for (const kind of ['pglite', 'postgresql'] as const)
    if (only === undefined || only === kind) rows.push(await standalone(kind));
  console.log(
    `\n${LINES.toLocaleString('en')}-line Shopee file, ${os.cpus().length} x ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}\n`,
  );
  console.log([TABLE_HEAD, ...rows].join('\n'));
}

if (require.main === module)
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
