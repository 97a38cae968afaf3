// Cost by moving average, computed by hand: receipts move the product's cost, a sale
// in between takes the cost of its time into Pembukuan and keeps it, an edit and a delete of a
// receipt replay the history, a receipt without a price takes the price of the List Order line
// it receives (else the current cost), and the dashboard's 'Nilai Stok' is the manager's.
import { DEFAULT_SHOP_TIMEZONE, type PembukuanRow } from '@gudang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import { incomingGoods, products } from '../../db/schema';
import { addDays, todayIn } from '../../lib/dates';
import { replayCost } from '../../lib/cost-replay';
import {
  INCOMING,
  OUTGOING,
  postMovement,
  productBody,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();
const today = todayIn(DEFAULT_SHOP_TIMEZONE);
const daysAgo = (days: number) => addDays(today, -days);

async function costOf(product: TestProduct) {
  const [row] = await server.database.db
    .select({ cost: products.purchasePrice, stock: products.currentStock })
    .from(products)
    .where(eq(products.id, product.id));
  return row;
}

async function pembukuanCost(resi: string): Promise<number | undefined> {
  const response = await server.call(
    'GET',
    `/api/pembukuan?search=${resi}`,
    server.actors.managerToken,
  );
  const rows = (response.json() as { data: PembukuanRow[] }).data;
  return rows.find((row) => row.resi_number === resi)?.purchase_price;
}

let product: TestProduct;

beforeAll(async () => {
  // 10 in stock at a starting cost of Rp 10.000, set by hand in the product form.
  const created = await server.call(
    'POST',
    '/api/products',
    server.actors.managerToken,
    productBody('HPP-1', {
      barcode_id: 'HPP-BC-1',
      name: 'Kaos HPP',
      initial_stock: 10,
      brand: 'Merek',
      purchase_price: 10000,
    }),
  );
  expect(created.statusCode).toBe(201);
  const data = (created.json() as { data: TestProduct & { barcode_id: string } }).data;
  product = { id: data.id, code: data.code, name: data.name, barcodeId: data.barcode_id };
});

describe('the moving-average cost', () => {
  let r1: { id: number; resi_number: string };
  let r2: { id: number; resi_number: string };
  let s1: string;
  let s2: string;

  it('moves with each receipt; a sale in between takes the cost of its time', async () => {
    r1 = await postMovement(server, INCOMING, product, {
      quantity: 10,
      purchase_price: 12000,
      date: daysAgo(5),
    });
    // (10 x 10.000 + 10 x 12.000) / 20
    expect(await costOf(product)).toEqual({ cost: 11000, stock: 20 });
    s1 = (await postMovement(server, OUTGOING, product, { quantity: 5, date: daysAgo(4) }))
      .resi_number;
    r2 = await postMovement(server, INCOMING, product, {
      quantity: 5,
      purchase_price: '15000',
      date: daysAgo(3),
    });
    // (15 x 11.000 + 5 x 15.000) / 20
    expect(await costOf(product)).toEqual({ cost: 12000, stock: 20 });
    s2 = (await postMovement(server, OUTGOING, product, { quantity: 4, date: daysAgo(2) }))
      .resi_number;
    expect(await pembukuanCost(s1)).toBe(11000);
    expect(await pembukuanCost(s2)).toBe(12000);
  });

  it('is replayed from the history when a receipt is edited, and each sale takes the cost of its place', async () => {
    const edited = await server.call(
      'PUT',
      `${INCOMING.url}/${r1.id}`,
      server.actors.managerToken,
      INCOMING.body(product, {
        quantity: 10,
        purchase_price: 14000,
        date: daysAgo(5),
        resi_number: r1.resi_number,
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ data: { purchase_price: 14000 } });
    // 10 x 10.000 + 10 x 14.000 -> 12.000; sold 5 -> 15; (15 x 12.000 + 5 x 15.000) / 20.
    expect(await costOf(product)).toEqual({ cost: 12750, stock: 16 });
    // The sales sold those units: Pembukuan's cost of goods follows the corrected receipt.
    expect(await pembukuanCost(s1)).toBe(12000);
    expect(await pembukuanCost(s2)).toBe(12750);
    // An edit without a price keeps the receipt's own.
    await server.call(
      'PUT',
      `${INCOMING.url}/${r1.id}`,
      server.actors.managerToken,
      INCOMING.body(product, { quantity: 10, date: daysAgo(5), resi_number: r1.resi_number }),
    );
    expect(await costOf(product)).toEqual({ cost: 12750, stock: 16 });
  });

  it('is replayed when a receipt is deleted, and a new sale takes the new cost', async () => {
    const deleted = await server.call(
      'DELETE',
      `${INCOMING.url}/${r2.id}`,
      server.actors.managerToken,
    );
    expect(deleted.statusCode).toBe(200);
    // 10 x 10.000 + 10 x 14.000 -> 12.000; the sales only lower the stock.
    expect(await costOf(product)).toEqual({ cost: 12000, stock: 11 });
    expect(await pembukuanCost(s2)).toBe(12000);
    const s3 = (await postMovement(server, OUTGOING, product, { quantity: 1, date: today }))
      .resi_number;
    expect(await pembukuanCost(s3)).toBe(12000);
  });

  it('takes the price of the exactly matching List Order, else the current cost', async () => {
    const order = await server.call('POST', '/api/orders', server.actors.managerToken, {
      date: daysAgo(3),
      product_code: product.code,
      quantity: 3,
      price: 13000,
      resi_number: 'PO-HPP-1',
    });
    expect(order.statusCode).toBe(201);
    // Same resi but another quantity: no exact match, so the current cost (unchanged).
    const partial = await postMovement(server, INCOMING, product, {
      quantity: 2,
      resi_number: 'PO-HPP-1-B',
      date: today,
    });
    expect(await costOf(product)).toEqual({ cost: 12000, stock: 12 });
    const matched = await postMovement(server, INCOMING, product, {
      quantity: 3,
      resi_number: 'po-hpp-1',
      date: today,
    });
    const [row] = await server.database.db
      .select({ price: incomingGoods.purchasePrice })
      .from(incomingGoods)
      .where(eq(incomingGoods.id, matched.id));
    expect(row?.price).toBe(13000);
    // (12 x 12.000 + 3 x 13.000) / 15 = 12.200
    expect(await costOf(product)).toEqual({ cost: 12200, stock: 15 });
    expect(partial.quantity).toBe(2);
  });

  it('can be set by hand, which starts the replay from there', async () => {
    const response = await server.call(
      'PUT',
      `/api/products/${product.id}`,
      server.actors.managerToken,
      {
        barcode_id: product.barcodeId,
        code: product.code,
        name: product.name,
        initial_stock: 10,
        category: 'Kaos',
        brand: 'Merek',
        purchase_price: 9000,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(await costOf(product)).toEqual({ cost: 9000, stock: 15 });
  });
});

describe("'Nilai Stok'", () => {
  it('is stock x cost over every product, for the manager only', async () => {
    const manager = await server.call('GET', '/api/dashboard/stats', server.actors.managerToken);
    expect(manager.json()).toMatchObject({ stockValue: 15 * 9000 });
    const admin = await server.call('GET', '/api/dashboard/stats', server.actors.adminToken);
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).not.toHaveProperty('stockValue');
  });
});

describe('replayCost', () => {
  it('rounds each receipt to the sen, half up, and never lets a sale take the stock below 0', () => {
    const at = new Date('2026-11-01T00:00:00Z');
    expect(
      replayCost({ stock: 3, cost: 1 }, [
        { date: '2026-11-02', at, kind: 'in', quantity: 3, price: '0.02' },
        { date: '2026-11-01', at, kind: 'out', quantity: 5 },
      ]).cost,
    ).toBe(0.02);
    // (2 x 0,01 + 1 x 0) / 3 = 0,00666.. -> 0,01
    expect(
      replayCost({ stock: 2, cost: 0.01 }, [
        { date: '2026-11-01', at, kind: 'in', quantity: 1, price: 0 },
      ]).cost,
    ).toBe(0.01);
  });

  it('weighs good returns and Stok Opname adjustments as stock, and names the cost each sale took', () => {
    const at = (time: string) => new Date(`2026-11-01T${time}Z`);
    const { cost, sales } = replayCost({ stock: 10, cost: 100 }, [
      { date: '2026-11-01', at: at('01:00'), kind: 'out', quantity: 4, sale: 7 },
      { date: '2026-11-01', at: at('02:00'), kind: 'stock', quantity: 2 }, // a good return
      { date: '2026-11-02', at: at('00:00'), kind: 'stock', quantity: -3 }, // counted 3 short
      { date: '2026-11-03', at: at('00:00'), kind: 'in', quantity: 5, price: 200 },
      { date: '2026-11-04', at: at('00:00'), kind: 'out', quantity: 1, sale: 8 },
    ]);
    // 10 - 4 + 2 - 3 = 5 at 100, then 5 at 200: (5 x 100 + 5 x 200) / 10 = 150.
    expect(cost).toBe(150);
    expect([...sales]).toEqual([
      [7, 100],
      [8, 150],
    ]);
  });
});

// The cost is the history's by date, whatever order the movements were typed in (QA walk: a sale
// typed late for yesterday made a later receipt's edit, saved unchanged, move the cost).
describe('movements typed out of date order', () => {
  async function created(code: string): Promise<TestProduct> {
    const response = await server.call(
      'POST',
      '/api/products',
      server.actors.managerToken,
      productBody(code, { initial_stock: 10, purchase_price: 20000 }),
    );
    expect(response.statusCode).toBe(201);
    const data = (response.json() as { data: TestProduct & { barcode_id: string } }).data;
    return { id: data.id, code: data.code, name: data.name, barcodeId: data.barcode_id };
  }

  it('a sale typed late for an earlier day replays the cost and takes the cost of its day; an unchanged save changes nothing', async () => {
    const item = await created('BDT-001');
    await postMovement(server, INCOMING, item, {
      quantity: 10,
      purchase_price: 30000,
      date: daysAgo(3),
    });
    // (10 x 20.000 + 10 x 30.000) / 20 = 25.000
    const receipt = await postMovement(server, INCOMING, item, {
      quantity: 5,
      purchase_price: 40000,
      date: daysAgo(1),
    });
    // Typed in date order so far: (20 x 25.000 + 5 x 40.000) / 25 = 28.000
    expect(await costOf(item)).toEqual({ cost: 28000, stock: 25 });
    // A sale of 10 for two days ago, typed now: the receipt of yesterday came on 10 units, not 20.
    const late = await postMovement(server, OUTGOING, item, { quantity: 10, date: daysAgo(2) });
    // (10 x 25.000 + 5 x 40.000) / 15 = 30.000
    expect(await costOf(item)).toEqual({ cost: 30000, stock: 15 });
    expect(await pembukuanCost(late.resi_number)).toBe(25000);
    // Saving yesterday's receipt unchanged leaves the cost as it is.
    const saved = await server.call(
      'PUT',
      `${INCOMING.url}/${receipt.id}`,
      server.actors.managerToken,
      INCOMING.body(item, {
        quantity: 5,
        purchase_price: 40000,
        date: daysAgo(1),
        resi_number: receipt.resi_number,
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(await costOf(item)).toEqual({ cost: 30000, stock: 15 });
    // A receipt typed late for three days ago weighs the stock of that day (20 before the sale).
    await postMovement(server, INCOMING, item, {
      quantity: 10,
      purchase_price: 10000,
      date: daysAgo(3),
    });
    // 10 x 20.000, +10 x 30.000, +10 x 10.000: 20.000; sold 10 -> 20; (20 x 20.000 + 5 x 40.000) / 25
    expect(await costOf(item)).toEqual({ cost: 24000, stock: 25 });
    // The late sale sold at that day's 20.000 now.
    expect(await pembukuanCost(late.resi_number)).toBe(20000);
  });

  it("every sale's cost follows a backdated receipt and an edited sale, but a price set by hand in Pembukuan stays", async () => {
    const item = await created('BDT-003');
    const startAt10k = await server.call(
      'PUT',
      `/api/products/${item.id}`,
      server.actors.managerToken,
      {
        ...productBody('BDT-003', { initial_stock: 10, purchase_price: 10000 }),
      },
    );
    expect(startAt10k.statusCode).toBe(200);
    await postMovement(server, INCOMING, item, {
      quantity: 10,
      purchase_price: 12000,
      date: daysAgo(6),
    });
    const b = await postMovement(server, OUTGOING, item, { quantity: 5, date: daysAgo(4) });
    await postMovement(server, INCOMING, item, {
      quantity: 15,
      purchase_price: 16000,
      date: daysAgo(2),
    });
    const d = await postMovement(server, OUTGOING, item, { quantity: 10, date: daysAgo(1) });
    // 20 at 11.000; sold 5; (15 x 11.000 + 15 x 16.000) / 30 = 13.500; sold 10.
    expect(await costOf(item)).toEqual({ cost: 13500, stock: 20 });
    expect([await pembukuanCost(b.resi_number), await pembukuanCost(d.resi_number)]).toEqual([
      11000, 13500,
    ]);

    // A receipt typed late, between the first receipt and the first sale.
    const e = await postMovement(server, INCOMING, item, {
      quantity: 10,
      purchase_price: 20000,
      date: daysAgo(5),
    });
    // (20 x 11.000 + 10 x 20.000) / 30 = 14.000; sold 5 -> 25; (25 x 14.000 + 15 x 16.000) / 40
    expect(await costOf(item)).toEqual({ cost: 14750, stock: 30 });
    expect([await pembukuanCost(b.resi_number), await pembukuanCost(d.resi_number)]).toEqual([
      14000, 14750,
    ]);

    // The manager sets the last sale's cost by hand.
    const handSet = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: d.id,
      purchase_price: 15000,
      selling_price: 25000,
    });
    expect(handSet.statusCode).toBe(200);

    // The first sale was 8, not 5: 22 left at 14.000; (22 x 14.000 + 15 x 16.000) / 37 = 14.810,81
    const edited = await server.call(
      'PUT',
      `${OUTGOING.url}/${b.id}`,
      server.actors.managerToken,
      OUTGOING.body(item, { quantity: 8, date: daysAgo(4), resi_number: b.resi_number }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await costOf(item)).toEqual({ cost: 14810.81, stock: 27 });
    expect([await pembukuanCost(b.resi_number), await pembukuanCost(d.resi_number)]).toEqual([
      14000, 15000,
    ]);

    // The late receipt deleted: 20 at 11.000, sold 8 -> 12; (12 x 11.000 + 15 x 16.000) / 27
    const deleted = await server.call(
      'DELETE',
      `${INCOMING.url}/${e.id}`,
      server.actors.managerToken,
    );
    expect(deleted.statusCode).toBe(200);
    expect(await costOf(item)).toEqual({ cost: 13777.78, stock: 17 });
    expect([await pembukuanCost(b.resi_number), await pembukuanCost(d.resi_number)]).toEqual([
      11000, 15000,
    ]);
  });

  it('a good return weighs in a later replay as it did when recorded', async () => {
    const item = await created('BDT-002');
    const sale = await postMovement(server, OUTGOING, item, { quantity: 4, date: daysAgo(2) });
    const [line] = (
      await server.database.db.execute<{ id: number }>(
        sql`select id from outgoing_goods where resi_number = ${sale.resi_number}`,
      )
    ).rows;
    const returned = await server.call('POST', '/api/returns', server.actors.managerToken, {
      resi_number: sale.resi_number,
      date: daysAgo(2),
      reason: 'Salah ukuran',
      lines: [{ outgoing_goods_id: Number(line?.id), quantity: 2, condition: 'good' }],
    });
    expect(returned.statusCode).toBe(201);
    const receipt = await postMovement(server, INCOMING, item, {
      quantity: 8,
      purchase_price: 29000,
      date: daysAgo(1),
    });
    // 10 - 4 + 2 = 8 at 20.000, then 8 at 29.000: 24.500
    expect(await costOf(item)).toEqual({ cost: 24500, stock: 16 });
    const saved = await server.call(
      'PUT',
      `${INCOMING.url}/${receipt.id}`,
      server.actors.managerToken,
      INCOMING.body(item, {
        quantity: 8,
        purchase_price: 29000,
        date: daysAgo(1),
        resi_number: receipt.resi_number,
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(await costOf(item)).toEqual({ cost: 24500, stock: 16 });
  });
});

// A restock as a shop does it (ADR 0014, 0015): 'Buat Order' gives its products one resi, and each
// product is received under it. Runs last: its products would change 'Nilai Stok' above.
describe('a restock order received under its one resi', () => {
  async function product(code: string, stock: number, cost: number): Promise<TestProduct> {
    const created = await server.call(
      'POST',
      '/api/products',
      server.actors.managerToken,
      productBody(code, { initial_stock: stock, purchase_price: cost }),
    );
    expect(created.statusCode).toBe(201);
    const data = (created.json() as { data: TestProduct & { barcode_id: string } }).data;
    return { id: data.id, code: data.code, name: data.name, barcodeId: data.barcode_id };
  }

  it('takes each order line price into the moving average, and List Order matches each', async () => {
    const rok = await product('FWN-004', 7, 48000);
    const sapu = await product('RMT-004', 9, 15000);
    const kabel = await product('AKS-001', 0, 20000);
    const ordered = await server.call(
      'POST',
      '/api/orders/from-restock',
      server.actors.managerToken,
      {
        items: [
          { product_code: rok.code, quantity: 27, price: 52000 },
          { product_code: sapu.code, quantity: 20, price: 16500 },
          { product_code: kabel.code, quantity: 42, price: 21000 },
        ],
      },
    );
    expect(ordered.statusCode).toBe(201);
    const lines = (ordered.json() as { data: { resi_number: string }[] }).data;
    const resi = lines[0]?.resi_number ?? '';
    expect(lines.map((line) => line.resi_number)).toEqual([resi, resi, resi]);

    // As admin, the way the report received them: the Rok with its Harga Beli, the others without.
    const receive = (item: TestProduct, fields: Record<string, unknown>) =>
      server.call(
        'POST',
        INCOMING.url,
        server.actors.adminToken,
        INCOMING.body(item, { resi_number: resi, date: today, ...fields }),
      );
    expect((await receive(rok, { quantity: 27, purchase_price: 52000 })).statusCode).toBe(201);
    expect((await receive(sapu, { quantity: 20 })).statusCode).toBe(201);
    // Delivered short (40 of 42): still the order's unit price.
    expect((await receive(kabel, { quantity: 40 })).statusCode).toBe(201);
    // (7 x 48.000 + 27 x 52.000) / 34 = 51.176,47; (9 x 15.000 + 20 x 16.500) / 29 = 16.034,48
    expect(await costOf(rok)).toEqual({ cost: 51176.47, stock: 34 });
    expect(await costOf(sapu)).toEqual({ cost: 16034.48, stock: 29 });
    expect(await costOf(kabel)).toEqual({ cost: 21000, stock: 40 });

    // The same product again under the order's resi is a double entry.
    const again = await receive(sapu, { quantity: 20 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });

    // What List Order compares the order with: each product's receipt under the order's resi.
    const comparison = await server.call(
      'GET',
      `/api/incoming-goods/for-comparison?productCodes=${rok.code},${sapu.code},${kabel.code}` +
        `&startDate=${daysAgo(3)}&endDate=${today}`,
      server.actors.managerToken,
    );
    expect(comparison.json()).toEqual({
      data: [
        {
          product_name: rok.name,
          product_code: rok.code,
          resi_number: resi,
          quantity: 27,
          date: today,
        },
        {
          product_name: sapu.name,
          product_code: sapu.code,
          resi_number: resi,
          quantity: 20,
          date: today,
        },
        {
          product_name: kabel.name,
          product_code: kabel.code,
          resi_number: resi,
          quantity: 40,
          date: today,
        },
      ],
    });
  });
});
