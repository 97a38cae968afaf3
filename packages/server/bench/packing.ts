// Scan Kirim's packing rounds (shipping a package p95 <= 50 ms with 20 packers at once
// on PostgreSQL, no oversell) against a running server, 2,400 imported two-product orders
// (2 x A + 1 x B) shipped by 20 packers at once through POST /api/packing/:resi/ship:
// - distinct: every order has its own two products (a shop's packers rarely race for the same
//   last unit): every package ships, each product ends at its stock less what left;
// - contended (the oversell check): 10 products with 30 units each shared by all orders, so the
//   stock covers only some of them and the packers wait on each other's rows: every product must
//   end at 0 or above, the shipped packages must be exactly what the stock allowed, and every
//   refusal must name the product short of stock.
//
//   npx tsx packages/server/bench/packing.ts --base=http://127.0.0.1:PORT
//       [--email=manager@gudang.test --password=manager123]   (BENCH_PACKERS: default 20)
//
// Prints one JSON line (npm run bench puts it into docs/benchmarks.md's table).
//
// The ships go through node:http with a keep-alive agent, not fetch (bench/client.ts).
import { benchArgs as args, closedLoop, keptAlivePost, percentile, signIn } from './client';

const CONTENDED_PRODUCTS = 10;
const STOCK = 30;
/**
 * BENCH_ORDERS: packages a round ships. The default 2,400 ships for a few seconds, so that a
 * round measures packers at work and not mostly each connection's first packages (240 did: the
 * whole round lasted under half a second; docs/benchmarks.md, 2026-11-28).
 */
const ORDERS = Number(process.env.BENCH_ORDERS ?? 2400);
/** BENCH_PACKERS=1 measures one ship's own cost, with no other packer to wait for. */
const PACKERS = Number(process.env.BENCH_PACKERS ?? 20);

const log = (message: string) => console.error(`[bench:packing] ${message}`);

const post = keptAlivePost(PACKERS);

export interface PackingRound {
  round: 'distinct' | 'contended';
  packers: number;
  orders: number;
  shipped: number;
  refused: number;
  expected: number;
  p50: number;
  p95: number;
  p99: number;
  negativeStock: number;
  /** The load generator's own CPU per ship (ms), on the server's machine. */
  clientCpuMs: number;
  /** Packages answered a second (shipped or refused): with PACKERS at once, mean latency = PACKERS / this. */
  perSecond: number;
}

export async function packingRound(
  base: string,
  email: string,
  password: string,
  round: PackingRound['round'],
): Promise<PackingRound> {
  const PRODUCTS = round === 'distinct' ? 2 * ORDERS : CONTENDED_PRODUCTS;
  const token = await signIn(base, email, password);
  const headers = { authorization: `Bearer ${token}` };
  const json = { ...headers, 'content-type': 'application/json' };
  const run = Date.now().toString(36).toUpperCase();
  const codes = Array.from({ length: PRODUCTS }, (_v, i) => `PK-${run}-${i}`);
  const create = async (code: string) => {
    const response = await fetch(`${base}/api/products`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        barcode_id: `${code}-BC`,
        code,
        name: `Paket ${code}`,
        initial_stock: STOCK,
        category: 'Bench',
        brand: 'Bench',
      }),
    });
    if (response.status !== 201) throw new Error(`product: ${await response.text()}`);
  };
  for (let i = 0; i < codes.length; i += 10) await Promise.all(codes.slice(i, i + 10).map(create));
  // Contended: order i is 2 x product (i mod 10) and 1 x product ((i + 1) mod 10); distinct:
  // 2 x product 2i and 1 x product 2i + 1. BigSeller's columns.
  const rows = ['Nomor Pesanan,Status Pesanan,SKU,Jumlah,Nomor Resi,Waktu Pesanan Dibuat'];
  const orders = Array.from({ length: ORDERS }, (_v, i) => {
    const a = codes[round === 'distinct' ? 2 * i : i % PRODUCTS] ?? '';
    const b = codes[round === 'distinct' ? 2 * i + 1 : (i + 1) % PRODUCTS] ?? '';
    const resi = `PKR${run}${String(i).padStart(4, '0')}`;
    rows.push(`PKO${run}${i},Perlu Dikirim,${a},2,${resi},2026-08-01`);
    rows.push(`PKO${run}${i},Perlu Dikirim,${b},1,${resi},2026-08-01`);
    return { resi, a, b };
  });
  const form = new FormData();
  form.set('file', new Blob([rows.join('\r\n')]), 'pesanan.csv');
  const preview = await fetch(`${base}/api/marketplace-imports`, {
    method: 'POST',
    headers,
    body: form,
  });
  if (preview.status !== 201) throw new Error(`preview: ${await preview.text()}`);
  const { id } = (await preview.json()) as { id: number };
  const commit = await fetch(`${base}/api/marketplace-imports/${id}/commit`, {
    method: 'POST',
    headers: json,
    body: '{}',
  });
  if (!commit.ok) throw new Error(`commit: ${await commit.text()}`);

  // What the stock allows, shipping in list order with every product's units: an order takes
  // 2 of A and 1 of B. The packers run in parallel, so which orders win differs; how many units
  // leave cannot exceed the stock, which is what is checked.
  let shipped = 0;
  let refused = 0;
  let badRefusals = 0;
  const badReasons = new Set<string>();
  log(`${round}: shipping ${ORDERS} packages with ${PACKERS} packers`);
  const cpuBefore = process.cpuUsage();
  const { latencies, seconds: shipSeconds } = await closedLoop(orders, PACKERS, async (order) => {
    const response = await post(
      `${base}/api/packing/${order.resi}/ship`,
      json,
      JSON.stringify({
        scans: [
          { barcode: `${order.a}-BC`, quantity: 2 },
          { barcode: `${order.b}-BC`, quantity: 1 },
        ],
      }),
    );
    if (response.status === 201) shipped += 1;
    else {
      refused += 1;
      const { message } = JSON.parse(response.text) as { message: string };
      if (!/^Stok .* tidak mencukupi/.test(message)) {
        badRefusals += 1;
        badReasons.add(`${response.status} ${message}`);
      }
    }
  });
  const cpu = process.cpuUsage(cpuBefore);
  const clientCpuMs = (cpu.user + cpu.system) / 1000 / ORDERS;
  if (badRefusals > 0)
    throw new Error(
      `${badRefusals} refusals for another reason than stock: ${[...badReasons].join('; ')}`,
    );

  let negativeStock = 0;
  let unitsLeft = 0;
  const read = async (code: string) => {
    const response = await fetch(`${base}/api/products?search=${code}&limit=5`, { headers });
    const { data } = (await response.json()) as {
      data: { code: string; current_stock: number }[];
    };
    const stock = data.find((product) => product.code === code)?.current_stock ?? NaN;
    if (!(stock >= 0)) negativeStock += 1;
    unitsLeft += stock;
  };
  for (let i = 0; i < codes.length; i += 10) await Promise.all(codes.slice(i, i + 10).map(read));
  // Units out = shipped x 3 = stock in - stock left: nothing sold twice, nothing lost.
  const expected = (PRODUCTS * STOCK - unitsLeft) / 3;
  return {
    round,
    packers: PACKERS,
    orders: ORDERS,
    shipped,
    refused,
    expected,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    negativeStock,
    clientCpuMs,
    perSecond: ORDERS / shipSeconds,
  };
}

async function main() {
  const base = args.get('base');
  if (base === undefined) throw new Error('--base=http://host:port is required');
  const rounds: PackingRound[] = [];
  for (const round of ['distinct', 'contended'] as const) {
    const result = await packingRound(
      base,
      args.get('email') ?? 'manager@gudang.test',
      args.get('password') ?? 'manager123',
      round,
    );
    log(
      `${round}: ${result.shipped} shipped, ${result.refused} refused (stock), ` +
        `p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms, ` +
        `p99 ${result.p99.toFixed(1)} ms, units out = ${result.expected} packages, ` +
        `negative stock: ${result.negativeStock}, ${result.perSecond.toFixed(0)} packages/s, ` +
        `load generator CPU ${result.clientCpuMs.toFixed(2)} ms a ship`,
    );
    rounds.push(result);
  }
  process.stdout.write(`${JSON.stringify(rounds)}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
