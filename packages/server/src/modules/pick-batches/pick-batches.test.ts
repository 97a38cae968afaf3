// Daftar Ambil (issue 47): a batch built from hand-made orders (a bundle, an order the marketplace
// fulfils, one without resi), its totals per product in rack order, short products and their
// orders, label order; an order in one open batch only (also when batches are built at the same
// time); picks by barcode; cancel; picked and packed. Figures are worked out by hand below.
import {
  PICK_BATCH_MESSAGES,
  RESERVATION_MESSAGES,
  type PickBatch,
  type PickBatchAvailable,
  type PickBatchEmpty,
  type PickBatchList,
  type PickResult,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  insertProduct,
  latestLog,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';
import { pgErrorCode } from '../../db/errors';

const server = setupTestServer();
const manager = () => server.actors.managerToken;
const admin = () => server.actors.adminToken;

let a: TestProduct;
let b: TestProduct;
let d: TestProduct;
let e: TestProduct;
const orders: Record<string, number> = {};

async function setRack(product: TestProduct, rack: string | null) {
  await server.database.db.execute(
    sql`update products set rack = ${rack} where id = ${product.id}`,
  );
}

interface OrderSpec {
  number: string;
  channel?: string;
  date: string;
  resi: string | null;
  status?: string;
  courier?: string | null;
  fulfilled?: boolean | null;
  shipped?: boolean;
  lines: [sku: string, quantity: number][];
}

async function order(spec: OrderSpec): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    courier, marketplace_fulfilled, shipped_at)
    values (${spec.channel ?? 'shopee'}, ${spec.number}, ${spec.resi},
            ${spec.status ?? 'perlu_dikirim'}, 'Perlu Dikirim', ${spec.date}::date,
            ${spec.courier ?? null}, ${spec.fulfilled ?? null}::boolean,
            ${spec.shipped === true ? sql`now()` : sql`null`})
    returning id`);
  const id = Number(rows[0]?.id);
  for (const [sku, quantity] of spec.lines)
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, product_name, quantity, unit_price)
      values (${id}, ${sku}, ${sku}, ${quantity}, 10000)`);
  orders[spec.number] = id;
  return id;
}

const build = (payload: Record<string, unknown> = {}, token = manager()) =>
  server.call('POST', '/api/pick-batches', token, payload);
const detail = async (id: number) =>
  ((await server.call('GET', `/api/pick-batches/${id}`, manager())).json() as { data: PickBatch })
    .data;
const pick = (id: number, payload: Record<string, unknown>, token = admin()) =>
  server.call('POST', `/api/pick-batches/${id}/picks`, token, payload);
const cancel = (id: number, token = admin()) =>
  server.call('POST', `/api/pick-batches/${id}/cancel`, token);

beforeAll(async () => {
  a = await insertProduct(server.database, { stock: 10, code: 'PB-A', name: 'Kaos A' });
  b = await insertProduct(server.database, { stock: 3, code: 'PB-B', name: 'Topi B' });
  await insertProduct(server.database, { stock: 100, code: 'PB-C', name: 'Kaus Kaki C' });
  d = await insertProduct(server.database, { stock: 0, code: 'PB-D', name: 'Sabuk D' });
  e = await insertProduct(server.database, { stock: 5, code: 'PB-E', name: 'Dompet E' });
  await setRack(a, 'B-01');
  await setRack(b, 'A-02');
  await setRack(d, 'A-10');
  // The bundle: 2 x A and 1 x B, for every channel.
  const mapped = await server.call('PUT', '/api/sku-mappings', manager(), {
    sku: 'PAKET-AB',
    items: [
      { product_code: 'PB-A', quantity: 2 },
      { product_code: 'PB-B', quantity: 1 },
    ],
  });
  expect(mapped.statusCode).toBe(200);
  await order({
    number: 'O1',
    date: '2026-11-01',
    resi: 'R1',
    courier: 'SPX Standard',
    lines: [
      ['PAKET-AB', 1],
      ['PB-C', 2],
    ],
  });
  await order({
    number: 'O2',
    date: '2026-11-02',
    resi: 'R2',
    courier: 'SPX Standard',
    lines: [['PB-B', 3]],
  });
  await order({
    number: 'O3',
    date: '2026-11-03',
    resi: 'R3',
    fulfilled: true,
    lines: [['PB-A', 1]],
  });
  await order({ number: 'O4', date: '2026-11-04', resi: null, lines: [['PB-A', 1]] });
  await order({
    number: 'O5',
    channel: 'tiktok',
    date: '2026-11-05',
    resi: 'R5',
    courier: 'J&T',
    lines: [
      ['PB-D', 1],
      ['PB-A', 1],
    ],
  });
  // Not to pack: shipped, not paid.
  await order({
    number: 'O6',
    date: '2026-11-01',
    resi: 'R6',
    shipped: true,
    lines: [['PB-A', 9]],
  });
  await order({
    number: 'O7',
    date: '2026-11-01',
    resi: 'R7',
    status: 'belum_bayar',
    lines: [['PB-A', 9]],
  });
});

describe('a batch of the orders to pack', () => {
  let batch: PickBatch;

  it('shows what it would take, and the couriers to choose from', async () => {
    const response = await server.call('GET', '/api/pick-batches/available', admin());
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: PickBatchAvailable }).data).toEqual({
      orders: 3,
      skipped: { marketplace_fulfilled: 1, no_resi: 1 },
      couriers: [
        { courier: 'SPX Standard', orders: 2 },
        { courier: 'J&T', orders: 1 },
      ],
    });
  });

  it('takes O1, O2 and O5; leaves out the fulfilled order and the one without resi', async () => {
    const response = await build({}, admin());
    expect(response.statusCode).toBe(201);
    const body = response.json() as { message: string; data: PickBatch };
    expect(body.message).toBe(PICK_BATCH_MESSAGES.created);
    batch = body.data;
    expect(batch.skipped).toEqual({ marketplace_fulfilled: 1, no_resi: 1 });
    expect(batch.status).toBe('open');
    expect(batch.number).toBe(`DA-${String(batch.id).padStart(6, '0')}`);
    // Label order: O1 and O2 start with B (the list's first line; O1 is older), O5 with D.
    expect(batch.orders.map((o) => [o.order_number, o.position, o.quantity])).toEqual([
      ['O1', 1, 5],
      ['O2', 2, 3],
      ['O5', 3, 2],
    ]);
    expect(batch.orders[2]).toMatchObject({ channel: 'tiktok', courier: 'J&T', resi_number: 'R5' });
  });

  it('totals each product over the orders, bundles expanded, in rack order', () => {
    // A: 2 (bundle of O1) + 1 (O5) = 3; B: 1 (bundle) + 3 (O2) = 4; C: 2; D: 1.
    // Racks: A-02 (B) < A-10 (D) < B-01 (A) < none (C).
    expect(batch.lines.map((l) => [l.product_code, l.rack, l.quantity, l.picked, l.short])).toEqual(
      [
        ['PB-B', 'A-02', 4, 0, 1],
        ['PB-D', 'A-10', 1, 0, 1],
        ['PB-A', 'B-01', 3, 0, 0],
        ['PB-C', null, 2, 0, 0],
      ],
    );
    expect(batch.units).toBe(10);
    expect(batch.short_lines).toBe(2);
    expect(batch.order_count).toBe(3);
  });

  it('names the orders of a short product', () => {
    const [topi, sabuk, kaos] = batch.lines;
    // B: stock 3, 4 wanted: short 1; its orders O1 (1 in the bundle) and O2 (3).
    expect(topi?.short_orders.map((o) => [o.order_number, o.quantity])).toEqual([
      ['O1', 1],
      ['O2', 3],
    ]);
    expect(sabuk?.short_orders.map((o) => [o.order_number, o.resi_number])).toEqual([['O5', 'R5']]);
    expect(kaos?.short_orders).toEqual([]);
  });

  it('logs CREATE_PICK_BATCH with the counts', async () => {
    const log = await latestLog(server.database, 'CREATE_PICK_BATCH');
    expect(log?.details).toBe(
      `Membuat daftar ambil ${batch.number} (semua pesanan): 3 pesanan, 10 unit, 4 produk, ` +
        '2 produk kurang stok; dilewati: 1 dikirim marketplace, 1 tanpa resi',
    );
    expect(log?.userName).toBe(server.actors.admin.name);
  });

  it('refuses a second batch of the same orders: nothing left to take', async () => {
    const response = await build({});
    expect(response.statusCode).toBe(409);
    expect(response.json() as PickBatchEmpty).toEqual({
      message: PICK_BATCH_MESSAGES.noOrders,
      skipped: { marketplace_fulfilled: 1, no_resi: 1 },
    });
    const { rows } = await server.database.db.execute<{ n: unknown }>(
      sql`select count(*) as n from pick_batches`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('has the database refuse an order in two open batches', async () => {
    const { rows } = await server.database.db.execute<{ id: number }>(sql`
      insert into pick_batches (order_limit, created_by_name) values (1, 'Uji') returning id`);
    const other = Number(rows[0]?.id);
    let code: string | null = null;
    try {
      await server.database.db.execute(sql`
        insert into pick_batch_orders (batch_id, order_id) values (${other}, ${orders.O1})`);
    } catch (error) {
      code = pgErrorCode(error);
    }
    expect(code).toBe('23505');
    await server.database.db.execute(sql`delete from pick_batches where id = ${other}`);
  });

  it('lists it, by status too', async () => {
    const all = (await server.call('GET', '/api/pick-batches', admin())).json() as PickBatchList;
    expect(all.data.map((x) => [x.id, x.status, x.order_count])).toEqual([[batch.id, 'open', 3]]);
    const picked = await server.call('GET', '/api/pick-batches?status=picked', admin());
    expect((picked.json() as PickBatchList).pagination.total).toBe(0);
  });
});

describe('picking by scan', () => {
  let id: number;
  beforeAll(async () => {
    id = (
      await server.database.db.execute<{ id: number }>(sql`select max(id) as id from pick_batches`)
    ).rows[0]?.id as number;
  });

  it('ticks one unit of the line per scan, and refuses one too many with the name', async () => {
    for (let n = 1; n <= 4; n += 1) {
      const response = await pick(id, { barcode: b.barcodeId.toLowerCase() });
      expect(response.statusCode).toBe(200);
      const { data } = response.json() as PickResult;
      expect([data.line.product_code, data.line.picked, data.picked_units]).toEqual(['PB-B', n, n]);
    }
    const over = await pick(id, { barcode: b.barcodeId });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ message: PICK_BATCH_MESSAGES.tooMany('Topi B', 4) });
    const many = await pick(id, { product_code: 'PB-A', quantity: 4 });
    expect(many.json()).toEqual({ message: PICK_BATCH_MESSAGES.tooMany('Kaos A', 3) });
  });

  it('refuses a product not on the list, an unknown barcode, and neither or both', async () => {
    expect((await pick(id, { barcode: e.barcodeId })).json()).toEqual({
      message: PICK_BATCH_MESSAGES.notInBatch('Dompet E'),
    });
    const unknown = await pick(id, { barcode: 'TIDAK-ADA' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: PICK_BATCH_MESSAGES.barcodeNotFound },
    ]);
    for (const body of [{}, { barcode: a.barcodeId, product_code: 'PB-A' }]) {
      const response = await pick(id, body);
      expect([response.statusCode, response.json()]).toEqual([
        400,
        { message: PICK_BATCH_MESSAGES.oneProduct },
      ]);
    }
    expect((await pick(999_999, { barcode: a.barcodeId })).statusCode).toBe(404);
  });

  it('is picked when every unit is ticked', async () => {
    await pick(id, { product_code: 'PB-A', quantity: 3 });
    await pick(id, { product_code: 'PB-C', quantity: 2 });
    const last = await pick(id, { barcode: d.barcodeId });
    expect((last.json() as PickResult).data).toMatchObject({
      units: 10,
      picked_units: 10,
      status: 'picked',
    });
    const picked = await server.call('GET', '/api/pick-batches?status=picked', admin());
    expect((picked.json() as PickBatchList).data.map((x) => x.id)).toEqual([id]);
  });
});

describe('cancel and packed', () => {
  it('cancelling frees the orders: a new batch takes them again', async () => {
    const first = (await server.call('GET', '/api/pick-batches', admin())).json() as PickBatchList;
    const id = first.data[0]?.id ?? 0;
    const response = await cancel(id);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { data: PickBatch }).data).toMatchObject({
      status: 'cancelled',
      cancelled_by: server.actors.admin.name,
    });
    const log = await latestLog(server.database, 'CANCEL_PICK_BATCH');
    expect(log?.details).toBe(
      `Membatalkan daftar ambil DA-${String(id).padStart(6, '0')}: 3 pesanan dilepas ` +
        '(0 sudah dikirim), 10 dari 10 unit sudah diambil',
    );
    const again = await cancel(id);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { message: PICK_BATCH_MESSAGES.readOnly('Dibatalkan') },
    ]);
    // Only the TikTok order now, by the filter.
    const tiktok = await build({ channel: 'tiktok' });
    expect(tiktok.statusCode).toBe(201);
    expect((tiktok.json() as { data: PickBatch }).data.orders.map((o) => o.order_number)).toEqual([
      'O5',
    ]);
  });

  it('filters by courier (any letter case), dates and limit', async () => {
    const bad = await build({ channel: 'tiktok', store_id: 999_999 });
    expect([bad.statusCode, bad.json()]).toEqual([
      400,
      { message: RESERVATION_MESSAGES.storeNotFound },
    ]);
    const dates = await build({ startDate: '2026-11-05', endDate: '2026-11-01' });
    expect(dates.json()).toEqual({ message: PICK_BATCH_MESSAGES.dateRange });
    const one = await build({ courier: 'spx standard', limit: 1 });
    expect((one.json() as { data: PickBatch }).data.orders.map((o) => o.order_number)).toEqual([
      'O1',
    ]);
    const dated = await build({ startDate: '2026-11-02', endDate: '2026-11-02' });
    expect((dated.json() as { data: PickBatch }).data.orders.map((o) => o.order_number)).toEqual([
      'O2',
    ]);
  });

  it('is packed when every order is shipped or cancelled at the marketplace', async () => {
    const list = (
      await server.call('GET', '/api/pick-batches?status=open', admin())
    ).json() as PickBatchList;
    // O2's batch (newest), O1's and O5's.
    expect(list.data.map((x) => x.order_count)).toEqual([1, 1, 1]);
    await server.database.db.execute(
      sql`update marketplace_orders set shipped_at = now() where id = ${orders.O2}`,
    );
    await server.database.db.execute(
      sql`update marketplace_orders set status = 'batal' where id = ${orders.O5}`,
    );
    const packed = (
      await server.call('GET', '/api/pick-batches?status=packed', admin())
    ).json() as PickBatchList;
    expect(packed.data.map((x) => [x.status, x.shipped_count])).toEqual([
      ['packed', 1],
      ['packed', 0],
    ]);
    const refused = await cancel(packed.data[0]?.id ?? 0);
    expect(refused.json()).toEqual({ message: PICK_BATCH_MESSAGES.readOnly('Sudah Dikemas') });
    // Back to 'Perlu Dikirim' (a re-import): O5's batch is open again.
    await server.database.db.execute(
      sql`update marketplace_orders set status = 'perlu_dikirim' where id = ${orders.O5}`,
    );
    expect((await detail(packed.data[1]?.id ?? 0)).status).toBe('open');
  });
});

describe('batches built at the same time', () => {
  it('never take the same order', async () => {
    for (let n = 1; n <= 30; n += 1)
      await order({
        number: `P${n}`,
        channel: 'lazada',
        date: '2026-10-01',
        resi: `RP${n}`,
        lines: [['PB-C', 1]],
      });
    const answers = await Promise.all(
      [manager(), admin(), manager()].map((token) =>
        build({ channel: 'lazada', limit: 20 }, token),
      ),
    );
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const { rows } = await server.database.db.execute<{ order_id: number; n: unknown }>(sql`
      select order_id, count(*) as n from pick_batch_orders where active
       group by order_id having count(*) > 1`);
    expect(rows).toEqual([]);
    const taken = answers
      .filter((answer) => answer.statusCode === 201)
      .flatMap((answer) => (answer.json() as { data: PickBatch }).data.orders.map((o) => o.id));
    expect(new Set(taken).size).toBe(taken.length);
    // Whatever the first ones took, the rest is there for the next batch: 30 in all.
    const rest = await build({ channel: 'lazada', limit: 30 });
    const more =
      rest.statusCode === 201 ? (rest.json() as { data: PickBatch }).data.orders.length : 0;
    expect(taken.length + more).toBe(30);
  });
});

describe("short, by Stok Tersedia's rule (issue 44)", () => {
  const shortOf = (made: { json: () => unknown }, code: string) =>
    (made.json() as { data: PickBatch }).data.lines.find((l) => l.product_code === code)?.short;

  it('counts the units older open orders hold, in another batch or in none', async () => {
    // PB-S: stock 5. S1 (oldest, 4) holds 4 of them; S2 (3) gets the 1 left: short 2 (the stock
    // alone would say 0); S3 (newest, 10) gets nothing: short 10.
    await insertProduct(server.database, { stock: 5, code: 'PB-S', name: 'Sarung S' });
    const spec = (n: number, quantity: number) => ({
      number: `S${n}`,
      date: `2026-09-0${n}`,
      resi: `RS${n}`,
      courier: `Kurir S${n}`,
      lines: [['PB-S', quantity]] as [string, number][],
    });
    await order(spec(1, 4));
    await order(spec(2, 3));
    await order(spec(3, 10));

    const second = await build({ courier: 'Kurir S2' });
    expect(second.statusCode).toBe(201);
    expect(shortOf(second, 'PB-S')).toBe(2);
    // S1 in a batch of its own, built later: still first in line, so not short.
    const first = await build({ courier: 'Kurir S1' });
    expect(shortOf(first, 'PB-S')).toBe(0);
    const third = await build({ courier: 'Kurir S3' });
    expect(shortOf(third, 'PB-S')).toBe(10);

    // Together the batches lack exactly what Stok Tersedia says is missing (5 - 17 = -12).
    const listed = await server.call('GET', '/api/products?search=PB-S', manager());
    const product = (
      listed.json() as { data: { code: string; available_stock: number }[] }
    ).data.find((p) => p.code === 'PB-S');
    expect(product?.available_stock).toBe(-12);
    expect(
      (shortOf(first, 'PB-S') ?? 0) +
        (shortOf(second, 'PB-S') ?? 0) +
        (shortOf(third, 'PB-S') ?? 0),
    ).toBe(12);
  });
});
