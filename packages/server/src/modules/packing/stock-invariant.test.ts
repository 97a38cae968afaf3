// The stock invariant under a concurrent mix, Jepsen-style and bounded: packers racing each other
// on packages of a few scarce products while receipts, hand sales, good returns and stock-take
// posts of the same products run, through one app and through two apps on the same database (two
// workers: on PostgreSQL each with its own pool). Afterwards every 2xx has its rows, every
// product's stock is initial + in - out + good returns + adjustments and never negative, no resi
// is shipped twice, an order is shipped exactly when its records exist, and the kept totals equal
// the rows. The seed (STOCK_MIX_SEED) and the counts are printed.
//
// It found, on PostgreSQL, ship_package of drizzle/0019 answering 'shipped' with no records and
// lowering stock without them when a receipt raised a product between the statement's snapshot
// and its lock (drizzle/0027_ship_package_checked.sql).
import type { PackingShipResult, ShipOrdersResult } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../../app';
import { createDatabase, type Database } from '../../db/client';
import {
  inconsistentProducts,
  INCOMING,
  insertProduct,
  keptAndCounted,
  OUTGOING,
  random,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';
import { authHeader, buildTestApp } from '../../testing/test-app';

const server = setupTestServer();
const SEED = Number(process.env.STOCK_MIX_SEED ?? 20261128);
const DATE = '2026-11-20';
const PACKAGES_PER_ROUND = 8;

interface Package {
  orderId: number;
  resi: string;
  /** duo: the 2 units are one line of the product's 'pair' SKU at 20.000,01 (two records). */
  items: { product: TestProduct; quantity: number; duo?: boolean }[];
}

/** The SKU of a pair of the product, sold at a price that does not divide into 2 to the sen. */
const duoSku = (product: TestProduct) => `DUO-${product.code}`;

interface Answer {
  kind: 'ship' | 'bulk' | 'receipt' | 'sale' | 'return' | 'post';
  status: number;
  body: unknown;
  resi?: string;
}

let orderCounter = 0;

async function insertPackage(items: Package['items']): Promise<Package> {
  orderCounter += 1;
  const resi = `MIX-${SEED}-${orderCounter}`;
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total)
    values ('shopee', ${`MIX-ORD-${orderCounter}`}, ${resi}, 'perlu_dikirim', 'Perlu Dikirim',
            ${DATE}, 0)
    returning id`);
  const orderId = Number(rows[0]?.id);
  for (const { product, quantity, duo } of items)
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity,
                                           unit_price)
      values (${orderId}, ${duo === true ? duoSku(product) : product.code}, '', ${product.name},
              ${duo === true ? 1 : quantity}, ${duo === true ? '20000.01' : '10000'})`);
  return { orderId, resi, items };
}

/** One round's mix, fired at once over the apps (workers) in turn. */
async function mix(
  apps: readonly App[],
  next: () => number,
  products: readonly TestProduct[],
  returnable: { resi: string; id: number }[],
): Promise<{ packages: Package[]; answers: Answer[] }> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const packages: Package[] = [];
  for (let i = 0; i < PACKAGES_PER_ROUND; i++) {
    const first = pick(products);
    const second = pick(products.filter((product) => product !== first));
    packages.push(
      await insertPackage(
        [first, second]
          .sort((a, b) => a.id - b.id)
          .map((product) => {
            const quantity = 1 + Math.floor(next() * 2);
            return { product, quantity, duo: quantity === 2 && next() < 0.5 };
          }),
      ),
    );
  }
  // A stock take of one product, counted now and posted in the mix.
  const counted = pick(products);
  const opname = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
    name: `Opname ${orderCounter}`,
    scope: { type: 'products', product_codes: [counted.code] },
  });
  expect(opname.statusCode).toBe(201);
  const opnameId = (opname.json() as { data: { id: number } }).data.id;
  const countAnswer = await server.call(
    'POST',
    `/api/stock-opname/${opnameId}/counts`,
    server.actors.adminToken,
    { product_code: counted.code, set: Math.floor(next() * 4) },
  );
  expect(countAnswer.statusCode).toBe(200);

  let turn = 0;
  const call = async (
    kind: Answer['kind'],
    url: string,
    token: string,
    payload: Record<string, unknown>,
    resi?: string,
  ): Promise<Answer> => {
    turn += 1;
    const app = apps[turn % apps.length] as App;
    const options: InjectOptions = { method: 'POST', url, headers: authHeader(token), payload };
    const response = await app.inject(options);
    return { kind, status: response.statusCode, body: response.json(), resi };
  };
  const { adminToken, managerToken } = server.actors;
  const requests: Promise<Answer>[] = [];
  for (const pkg of packages) {
    const scans = pkg.items.map(({ product, quantity }) => ({
      barcode: product.barcodeId,
      quantity,
    }));
    // Two packers scan the same package, or one scans while the manager ships it from the list.
    const bulk = next() < 0.3;
    for (const token of [adminToken, managerToken])
      requests.push(
        bulk && token === managerToken
          ? call('bulk', '/api/marketplace-orders/ship', token, { ids: [pkg.orderId] }, pkg.resi)
          : call('ship', `/api/packing/${pkg.resi}/ship`, token, { scans }, pkg.resi),
        // A receipt of one of its products lands beside each ship.
        call('receipt', INCOMING.url, managerToken, {
          ...INCOMING.body(pick(pkg.items).product),
          quantity: 1 + Math.floor(next() * 2),
        }),
      );
  }
  for (let i = 0; i < 3; i++)
    requests.push(call('sale', OUTGOING.url, adminToken, OUTGOING.body(pick(products))));
  for (const sold of returnable.splice(0, 2))
    requests.push(
      call('return', '/api/returns', adminToken, {
        resi_number: sold.resi,
        date: DATE,
        reason: 'Salah ukuran',
        lines: [{ outgoing_goods_id: sold.id, quantity: 1, condition: 'good' }],
      }),
    );
  requests.push(call('post', `/api/stock-opname/${opnameId}/post`, managerToken, {}));
  // Shuffled, so that no kind always goes first.
  const shuffled = requests
    .map((request) => ({ request, key: next() }))
    .sort((a, b) => a.key - b.key)
    .map(({ request }) => request);
  return { packages, answers: await Promise.all(shuffled) };
}

async function checkAfter(packages: readonly Package[], answers: readonly Answer[]) {
  const db = server.database.db;
  // No 5xx: a deadlock is retried on the server, and refusals are 4xx.
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);

  // Every 201 of a ship carries the records it wrote: one per product of the package, two for a
  // pair at 20.000,01 (1 x 10.000,01 + 1 x 10.000,00); they add up to the order's lines.
  const shipsOf = new Map<string, Answer[]>();
  const claims = new Map<string, number>();
  const claim = (resi = '') => claims.set(resi, (claims.get(resi) ?? 0) + 1);
  for (const answer of answers) {
    if (answer.kind === 'ship' && answer.status === 201) {
      const list = shipsOf.get(answer.resi ?? '') ?? [];
      list.push(answer);
      shipsOf.set(answer.resi ?? '', list);
      claim(answer.resi);
    }
    if (answer.kind === 'bulk' && (answer.body as ShipOrdersResult).shipped?.length === 1)
      claim(answer.resi);
  }
  const problems: string[] = [];
  for (const pkg of packages) {
    const { rows } = await db.execute<{
      id: number;
      product_id: number;
      quantity: number;
      selling_price: string;
    }>(sql`
      select id, product_id, quantity, selling_price::text as selling_price from outgoing_goods
       where marketplace_order_id = ${pkg.orderId} order by product_id, id`);
    const { rows: order } = await db.execute<{ shipped: boolean }>(sql`
      select shipped_at is not null as shipped from marketplace_orders where id = ${pkg.orderId}`);
    const isShipped = order[0]?.shipped === true;
    const shipped = shipsOf.get(pkg.resi) ?? [];
    const written = rows.map((row) => ({
      id: Number(row.id),
      product_id: Number(row.product_id),
      quantity: Number(row.quantity),
    }));
    const wanted = pkg.items.map(({ product, quantity, duo }) => ({
      product_id: product.id,
      quantity,
      prices:
        duo === true ? ['10000.01', '10000.00'] : [...Array<string>(quantity).fill('10000.00')],
    }));
    const answered = shipped.map((answer) =>
      (answer.body as PackingShipResult).outgoing.map(({ id, product_id, quantity }) => ({
        id,
        product_id,
        quantity,
      })),
    );
    // At most one 'shipped' per resi, only when the order and all its records say so, and it
    // carries the records written.
    const said = claims.get(pkg.resi) ?? 0;
    if (said > 1) problems.push(`${pkg.resi}: shipped ${said} times`);
    if (said === 1 && !isShipped) problems.push(`${pkg.resi}: 'shipped', order not`);
    if (isShipped && said === 0) problems.push(`${pkg.resi}: shipped, never answered`);
    // Per product: its units and the price of each unit, as the records say.
    const perProduct = new Map<
      number,
      { product_id: number; quantity: number; prices: string[] }
    >();
    for (const row of rows) {
      const entry = perProduct.get(Number(row.product_id)) ?? {
        product_id: Number(row.product_id),
        quantity: 0,
        prices: [],
      };
      entry.quantity += Number(row.quantity);
      entry.prices.push(...Array<string>(Number(row.quantity)).fill(row.selling_price));
      perProduct.set(entry.product_id, entry);
    }
    const sameWritten = JSON.stringify([...perProduct.values()]);
    if (isShipped && sameWritten !== JSON.stringify(wanted))
      problems.push(`${pkg.resi}: shipped with ${sameWritten}, wanted ${JSON.stringify(wanted)}`);
    if (!isShipped && written.length > 0)
      problems.push(`${pkg.resi}: not shipped, records ${JSON.stringify(written)}`);
    for (const records of answered)
      if (JSON.stringify(records) !== JSON.stringify(written))
        problems.push(`${pkg.resi}: answered ${JSON.stringify(records)}, wrote ${sameWritten}`);
  }
  expect(problems).toEqual([]);

  // Every other 201 has its row.
  const tables = { receipt: 'incoming_goods', sale: 'outgoing_goods', return: 'returns' } as const;
  for (const answer of answers) {
    if (answer.status !== 201 || !(answer.kind in tables)) continue;
    const table = tables[answer.kind as keyof typeof tables];
    const id = (answer.body as { data: { id: number } }).data.id;
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::integer as n from ${sql.identifier(table)} where id = ${id}`,
    );
    expect({ kind: answer.kind, id, rows: Number(rows[0]?.n) }).toEqual({
      kind: answer.kind,
      id,
      rows: 1,
    });
  }

  expect(await inconsistentProducts(server.database)).toEqual([]);
  const { rows: negative } = await db.execute(
    sql`select id, current_stock from products where current_stock < 0`,
  );
  expect(negative).toEqual([]);
  const { kept, counted } = await keptAndCounted(server.database);
  expect(kept).toEqual(counted);
}

/** Runs the rounds over `apps`; the hand sales of each round are returned in the next. */
async function run(apps: readonly App[], label: string) {
  // PGlite runs one statement at a time: a few rounds show that nothing differs there.
  const rounds = server.database.kind === 'pglite' ? 3 : 12;
  const next = random(SEED + apps.length);
  const products: TestProduct[] = [];
  for (let i = 0; i < 4; i++)
    products.push(await insertProduct(server.database, { stock: 2 + Math.floor(next() * 3) }));
  for (const product of products) {
    const mapped = await server.call('PUT', '/api/sku-mappings', server.actors.managerToken, {
      channel: null,
      sku: duoSku(product),
      variation: null,
      items: [{ product_code: product.code, quantity: 2 }],
    });
    expect(mapped.statusCode).toBe(200);
  }
  const returnable: { resi: string; id: number }[] = [];
  const packages: Package[] = [];
  const answers: Answer[] = [];
  for (let round = 0; round < rounds; round++) {
    const result = await mix(apps, next, products, returnable);
    packages.push(...result.packages);
    answers.push(...result.answers);
    for (const answer of result.answers) {
      if (answer.kind === 'sale' && answer.status === 201) {
        const data = (answer.body as { data: { id: number; resi_number: string } }).data;
        returnable.push({ resi: data.resi_number, id: data.id });
      }
      if (answer.kind === 'ship' && answer.status === 201) {
        const [record] = (answer.body as PackingShipResult).outgoing;
        if (record !== undefined) returnable.push({ resi: record.resi_number, id: record.id });
      }
    }
  }
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = `${answer.kind} ${answer.status}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  console.log(
    `stock mix (${label}, ${server.database.kind}): seed ${SEED}, ${rounds} rounds, ` +
      Object.entries(counts)
        .sort()
        .map(([key, n]) => `${key}: ${n}`)
        .join(', '),
  );
  await checkAfter(packages, answers);
}

describe('the stock invariant under concurrent packing, receipts, sales, returns and posts', () => {
  it('holds with one worker', async () => {
    await run([server.app], 'one worker');
  }, 120_000);

  it('holds with two workers', async () => {
    // On PostgreSQL the second worker has its own pool, as a second process would.
    let second: Database = server.database;
    if (server.database.url !== null)
      second = await createDatabase({ databaseUrl: server.database.url, pgliteDir: 'memory://' });
    const app = await buildTestApp(second);
    try {
      await run([server.app, app], 'two workers');
    } finally {
      await app.close();
      if (second !== server.database) await second.close();
    }
  }, 120_000);
});
