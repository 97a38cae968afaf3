// How long a big marketplace order import keeps other requests waiting (issue 41): a generated
// 49,000-line Shopee CSV previewed and committed through the app (in this process, app.inject),
// while another user (the admin) asks an uncached product search every 20 ms. Prints the
// preview's and the commit's time, the probe's latencies during each, and every database call
// each made (its time, and whether it ran inside the import's transaction, when PGlite runs
// nothing else), so that the parts can be read: the file read in the spreadsheet worker, the
// JavaScript between the calls, each statement.
//
//   npx tsx packages/server/bench/marketplace-stall.ts [--db=pglite|postgresql] [--lines=49000]
//     [--compare=N]
//
// --compare=N: N rounds of two commits side by side (each of a file of new orders, the order of
// the sides alternating): 'batches' (the commit as the server runs it on PGlite, new orders in
// batches of COMMIT_BATCH_ORDERS, docs/adr/0026) and 'one' (the same commit in one transaction,
// as before migration 0050); prints each side's median commit time and probe waits.
//
// PGlite: a fresh data directory under /tmp (a file database, as the server keeps it);
// PostgreSQL: a new database on the server of DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from '../src/db/client';
import { PgliteThread } from '../src/db/pglite-thread';
import { csv } from '../src/modules/marketplace/fixtures/fixture-files';
import { commitPreview } from '../src/modules/marketplace/imports';
import { multipart } from '../src/modules/marketplace/test-helpers';
import { authHeader, buildTestApp, createTestUser, login } from '../src/testing/test-app';
import { benchArgs as args, percentile } from './client';

const LINES = Number(args.get('lines') ?? 49_000);
const SKUS = 200;
const kind = args.get('db') === 'postgresql' ? 'postgresql' : 'pglite';
const COMPARE = Number(args.get('compare') ?? 0);

/** Whose call it is: the import's or the probe's. */
const owner = new AsyncLocalStorage<'import' | 'probe'>();

interface Call {
  owner: 'import' | 'probe' | undefined;
  label: string;
  start: number;
  ms: number;
}

/** Every database call, timed: PGlite's thread requests, or node-postgres queries. */
const calls: Call[] = [];
let recording = false;

function watchCalls(): void {
  const labelOf = (request: { op: string; sql?: string; tx?: number }) =>
    request.op === 'query' || request.op === 'exec'
      ? `${request.tx === undefined ? '   ' : 'tx '}${(request.sql ?? '').replace(/\s+/g, ' ').trim().slice(0, 90)}`
      : `tx ${request.op}`;
  const thread = PgliteThread.prototype as unknown as {
    call: (request: { op: string; sql?: string; tx?: number }) => Promise<unknown>;
  };
  const originalCall = thread.call;
  thread.call = async function timedCall(this: unknown, request) {
    const start = performance.now();
    try {
      return await originalCall.call(this, request);
    } finally {
      if (recording) {
        const call = {
          owner: owner.getStore(),
          label: labelOf(request),
          start,
          ms: performance.now() - start,
        };
        calls.push(call);
        // The import's long calls as they end (a run cut short still shows them).
        if (call.owner !== 'probe' && call.ms >= 1000)
          console.error(`  (${Math.round(call.ms)} ms  ${call.label})`);
      }
    }
  };
  const client = pg.Client.prototype as unknown as {
    query: (...query: unknown[]) => unknown;
  };
  const originalQuery = client.query;
  client.query = function timedQuery(this: unknown, ...query: unknown[]) {
    const start = performance.now();
    const who = owner.getStore();
    const text =
      typeof query[0] === 'string' ? query[0] : String((query[0] as { text?: string })?.text ?? '');
    const result = originalQuery.apply(this, query);
    if (result instanceof Promise)
      void result.then(
        () => {
          if (recording)
            calls.push({
              owner: who,
              label: text.replace(/\s+/g, ' ').trim().slice(0, 93),
              start,
              ms: performance.now() - start,
            });
        },
        () => undefined,
      );
    return result;
  };
}

async function openDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'h1-bench-stall-'));
    const database = await createDatabase({
      databaseUrl: null,
      pgliteDir: path.join(dir, 'pglite'),
    });
    await database.migrate();
    return {
      database,
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `gudang_bench_stall_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
  await database.migrate();
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const round = (ms: number) => Math.round(ms);

async function main(): Promise<void> {
  watchCalls();
  const { database, drop } = await openDatabase();
  const app = await buildTestApp(database);
  try {
    const manager = await createTestUser(database, 'manager');
    const admin = await createTestUser(database, 'admin');
    const managerToken = await login(app, manager.email, manager.password);
    const adminToken = await login(app, admin.email, admin.password);
    const skus = Array.from({ length: SKUS }, (_v, i) => `STALL-${String(i).padStart(4, '0')}`);
    for (const [i, sku] of skus.entries()) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/products',
        headers: authHeader(managerToken),
        payload: {
          barcode_id: `BC-${sku}`,
          code: sku,
          name: `Stall ${i}`,
          initial_stock: 1000,
          category: 'Bench',
          brand: 'Bench',
        },
      });
      if (response.statusCode !== 201) throw new Error(`product: ${response.body}`);
    }
    // The columns an order needs (a whole 48-column export of 49,000 lines is over 10 MB): two
    // lines an order, as generatedShopeeFile writes them.
    const fileOf = (prefix: string) =>
      csv([
        [
          'No. Pesanan',
          'Status Pesanan',
          'No. Resi',
          'Waktu Pesanan Dibuat',
          'Nama Produk',
          'Nomor Referensi SKU',
          'Nama Variasi',
          'Harga Setelah Diskon',
          'Jumlah',
        ],
        ...Array.from({ length: LINES }, (_v, i) => {
          const order = Math.floor(i / 2);
          return [
            `${prefix}20260801${String(order).padStart(7, '0')}`,
            'Perlu Dikirim',
            `SPX${prefix}${String(order).padStart(9, '0')}`,
            '2026-08-01 10:00',
            `Produk ${i % SKUS}`,
            skus[i % SKUS] ?? 'SKU',
            i % 2 === 0 ? 'Hitam,M' : '',
            String(10_000 + (i % 50) * 500),
            String(1 + (i % 3)),
          ];
        }),
      ]);
    const file = fileOf('GEN');
    console.log(`file: ${LINES} lines, ${(file.length / 1e6).toFixed(1)} MB CSV`);

    /** Runs `work` while the admin searches every 20 ms; the probe's latencies. */
    async function probed<T>(label: string, work: () => Promise<T>) {
      const latencies: number[] = [];
      let running = true;
      let n = 0;
      const probe = owner.run('probe', async () => {
        while (running) {
          const start = performance.now();
          const response = await app.inject({
            method: 'GET',
            url: `/api/products?search=probe${(n += 1)}&limit=5`,
            headers: authHeader(adminToken),
          });
          if (response.statusCode !== 200) throw new Error(`probe: ${response.statusCode}`);
          latencies.push(performance.now() - start);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      });
      calls.length = 0;
      recording = true;
      const start = performance.now();
      const value = await owner.run('import', work);
      const ms = performance.now() - start;
      recording = false;
      running = false;
      await probe;
      const own = calls.filter((call) => call.owner !== 'probe');
      const probeCalls = calls.filter((call) => call.owner === 'probe');
      const waited = [...probeCalls].sort((a, b) => b.ms - a.ms)[0];
      if (waited !== undefined)
        console.log(
          `probe's slowest database call: ${round(waited.ms)} ms, at ${round(waited.start - start)} ms`,
        );
      const sorted = [...latencies].sort((a, b) => a - b);
      console.log(
        `\n## ${label}: ${round(ms)} ms; probe ${latencies.length} requests, p50 ${round(percentile(sorted, 50))} ms, ` +
          `p95 ${round(percentile(sorted, 95))} ms, longest ${round(sorted[sorted.length - 1] ?? 0)} ms`,
      );
      const begin = own.find((call) => call.label === 'tx begin');
      const end = [...own].reverse().find((call) => call.label === 'tx end');
      if (begin !== undefined && end !== undefined)
        console.log(
          `transaction open ${round(end.start + end.ms - begin.start)} ms (others wait on PGlite)`,
        );
      // The calls that took 20 ms or more, at their time since the request began.
      for (const call of own.filter((c) => c.ms >= 20))
        console.log(
          `  at ${String(round(call.start - start)).padStart(6)} ms  ${String(round(call.ms)).padStart(6)} ms  ${call.label}`,
        );
      const dbMs = own.reduce((sum, call) => sum + call.ms, 0);
      console.log(`  ${own.length} database calls, ${round(dbMs)} ms together`);
      lastProbe = { ms, longest: sorted[sorted.length - 1] ?? 0, p95: percentile(sorted, 95) };
      return value;
    }
    let lastProbe = { ms: 0, longest: 0, p95: 0 };

    /** The preview of a new file of `prefix`'s orders (its id). */
    const previewOf = async (prefix: string) => {
      const body = multipart([{ name: 'file', value: fileOf(prefix), fileName: 'besar.csv' }]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketplace-imports',
        headers: { ...authHeader(managerToken), 'content-type': body.contentType },
        payload: body.payload,
      });
      if (response.statusCode !== 201) throw new Error(`preview: ${response.body.slice(0, 500)}`);
      return (response.json() as { id: number }).id;
    };

    if (COMPARE > 0) {
      const sides = { batches: [] as (typeof lastProbe)[], one: [] as (typeof lastProbe)[] };
      const actor = { id: manager.id, name: manager.name, email: manager.email };
      for (let r = 0; r < COMPARE; r++) {
        const order: ('batches' | 'one')[] = r % 2 === 0 ? ['batches', 'one'] : ['one', 'batches'];
        for (const side of order) {
          const id = await previewOf(`R${r}${side === 'one' ? 'O' : 'B'}`);
          const outcome = await probed(`round ${r + 1}, ${side} (${kind})`, () =>
            commitPreview(app.db, id, true, actor, {
              separateBatches: side === 'batches' && kind === 'pglite',
              batchOrders: side === 'one' ? Number.MAX_SAFE_INTEGER : undefined,
            }),
          );
          if (!outcome.ok) throw new Error(`commit: ${JSON.stringify(outcome)}`);
          sides[side].push(lastProbe);
        }
      }
      const median = (values: number[]) =>
        percentile(
          [...values].sort((a, b) => a - b),
          50,
        );
      console.log(`\n## ${COMPARE} rounds, medians (load ${os.loadavg()[0]?.toFixed(1)})`);
      for (const [side, runs] of Object.entries(sides))
        console.log(
          `${side.padEnd(8)} commit ${round(median(runs.map((x) => x.ms)))} ms, probe longest ` +
            `${round(median(runs.map((x) => x.longest)))} ms, p95 ${round(median(runs.map((x) => x.p95)))} ms ` +
            `(each: ${runs.map((x) => `${round(x.ms)}/${round(x.longest)}`).join(', ')})`,
        );
      return;
    }

    const preview = await probed(`preview of ${LINES.toLocaleString('en')} lines (${kind})`, () => {
      const body = multipart([{ name: 'file', value: file, fileName: 'besar.csv' }]);
      return app.inject({
        method: 'POST',
        url: '/api/marketplace-imports',
        headers: { ...authHeader(managerToken), 'content-type': body.contentType },
        payload: body.payload,
      });
    });
    if (preview.statusCode !== 201) throw new Error(`preview: ${preview.body.slice(0, 500)}`);
    const { id, summary } = preview.json() as { id: number; summary: unknown };
    console.log(
      `summary ${JSON.stringify(summary)}; answer ${(preview.body.length / 1e6).toFixed(1)} MB`,
    );
    const commit = await probed(`commit (${kind})`, () =>
      app.inject({
        method: 'POST',
        url: `/api/marketplace-imports/${id}/commit`,
        headers: authHeader(managerToken),
        payload: {},
      }),
    );
    if (commit.statusCode !== 200) throw new Error(`commit: ${commit.body.slice(0, 500)}`);
    console.log(commit.body);
  } finally {
    await app.close();
    await drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
