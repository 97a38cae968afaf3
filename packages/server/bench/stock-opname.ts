// Stok Opname at a real shop's size (issue 27: "posting a stock count" among the writes in the
// bench), against a running server:
// 1. the manager starts a session over every product (`scope: all`);
// 2. BENCH_COUNTERS people (default 20) count every product of it at once, each count a
//    `POST /api/stock-opname/:id/counts` by barcode with `set`: one product in ten counted one
//    more than its stock, one in ten one less (when it has any), the rest as the system has them;
// 3. the manager posts it: one adjustment per product with a difference, in one transaction.
// Checked (non-zero exit when not): every count answered 200, the post wrote exactly one
// adjustment per difference, and the products read back afterwards have the counted stock.
//
//   npx tsx packages/server/bench/stock-opname.ts --base=http://127.0.0.1:PORT
//       [--email=manager@gudang.test --password=manager123]
//
// Prints one JSON line (npm run bench puts it into docs/benchmarks.md's table). Nothing else
// may write stock while it runs (the read-back compares with what was counted).
import { benchArgs as args, closedLoop, keptAlivePost, percentile, signIn } from './client';

const COUNTERS = Number(process.env.BENCH_COUNTERS ?? 20);
/** Products read back after the post to check their stock (the changed ones first). */
const READ_BACK = 60;

const log = (message: string) => console.error(`[bench:opname] ${message}`);

// node:http with a keep-alive agent, as bench/packing.ts: the generator shares the server's cores.
const post = keptAlivePost(COUNTERS);

interface Line {
  product_id: number;
  product_code: string;
  barcode_id: string;
  expected: number;
}

export interface OpnameRun {
  counters: number;
  products: number;
  /** Lines counted with a difference (and so adjustments the post must write). */
  differences: number;
  startMs: number;
  countsPerSecond: number;
  countP50: number;
  countP95: number;
  countP99: number;
  postMs: number;
  adjustments: number;
  /** Products read back whose stock is not what was counted (must be 0). */
  wrongStock: number;
}

export async function opnameRun(base: string, email: string, password: string): Promise<OpnameRun> {
  const token = await signIn(base, email, password);
  const headers = { authorization: `Bearer ${token}` };
  const json = { ...headers, 'content-type': 'application/json' };

  let started = performance.now();
  const start = await post(
    `${base}/api/stock-opname`,
    json,
    JSON.stringify({ name: `Bench ${Date.now().toString(36)}`, scope: { type: 'all' } }),
  );
  const startMs = performance.now() - started;
  if (start.status !== 201) throw new Error(`start: ${start.status} ${start.text}`);
  const session = (JSON.parse(start.text) as { data: { id: number; lines: Line[] } }).data;
  const lines = session.lines;
  log(`session ${session.id}: ${lines.length} products, started in ${startMs.toFixed(0)} ms`);

  // What each product is counted as: one in ten +1, one in ten -1 (when it has stock).
  const counted = lines.map((line, i) => {
    const delta = i % 10 === 3 ? 1 : i % 10 === 7 && line.expected > 0 ? -1 : 0;
    return { line, set: line.expected + delta, delta };
  });
  const refusals = new Set<string>();
  const counting = await closedLoop(counted, COUNTERS, async (item) => {
    const response = await post(
      `${base}/api/stock-opname/${session.id}/counts`,
      json,
      JSON.stringify({ barcode: item.line.barcode_id, set: item.set }),
    );
    if (response.status !== 200) refusals.add(`${response.status} ${response.text}`);
  });
  if (refusals.size > 0) throw new Error(`counts refused: ${[...refusals].slice(0, 3).join('; ')}`);

  started = performance.now();
  const posted = await post(`${base}/api/stock-opname/${session.id}/post`, json, '{}');
  const postMs = performance.now() - started;
  if (posted.status !== 200) throw new Error(`post: ${posted.status} ${posted.text}`);
  const { adjustments } = (JSON.parse(posted.text) as { data: { adjustments: number } }).data;
  const changed = counted.filter((item) => item.delta !== 0);
  if (adjustments !== changed.length)
    throw new Error(`the post wrote ${adjustments} adjustments for ${changed.length} differences`);

  // The changed products, then unchanged ones: their stock is what was counted.
  const sample = [...changed.slice(0, READ_BACK / 2), ...counted.filter((c) => c.delta === 0)]
    .slice(0, READ_BACK)
    .map((item) => item.line.product_code);
  const want = new Map(counted.map((item) => [item.line.product_code, item.set]));
  let wrongStock = 0;
  for (const code of sample) {
    const response = await fetch(
      `${base}/api/products?search=${encodeURIComponent(code)}&limit=5`,
      { headers },
    );
    const { data } = (await response.json()) as {
      data: { code: string; current_stock: number }[];
    };
    const stock = data.find((product) => product.code === code)?.current_stock;
    if (stock !== want.get(code)) wrongStock += 1;
  }
  const { latencies } = counting;
  return {
    counters: COUNTERS,
    products: lines.length,
    differences: changed.length,
    startMs,
    countsPerSecond: lines.length / counting.seconds,
    countP50: percentile(latencies, 50),
    countP95: percentile(latencies, 95),
    countP99: percentile(latencies, 99),
    postMs,
    adjustments,
    wrongStock,
  };
}

async function main() {
  const base = args.get('base');
  if (base === undefined) throw new Error('--base=http://host:port is required');
  const run = await opnameRun(
    base,
    args.get('email') ?? 'manager@gudang.test',
    args.get('password') ?? 'manager123',
  );
  log(
    `${run.products} products counted by ${run.counters} at once: ` +
      `${run.countsPerSecond.toFixed(0)} counts/s, p50 ${run.countP50.toFixed(1)} ms, ` +
      `p95 ${run.countP95.toFixed(1)} ms; posted ${run.adjustments} adjustments in ` +
      `${run.postMs.toFixed(0)} ms; products read back with the wrong stock: ${run.wrongStock}`,
  );
  if (run.wrongStock > 0) {
    process.stdout.write(`${JSON.stringify(run)}\n`);
    process.exit(1);
  }
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
