import {
  PRODUCT_PROFITS_MAX,
  type PembukuanRow,
  type PembukuanStats,
} from '@gudang/api-client/contract';
import { eq } from 'drizzle-orm';
import { outgoingGoods } from '../../db/schema';
import {
  insertProduct,
  latestLog,
  OUTGOING,
  postMovement,
  productBody,
  setupTestServer,
  snapshot,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

interface Prices {
  purchase_price: number;
  selling_price: number;
  discount?: number;
}

/** Sells `quantity` of the product on `date` and sets the transaction's prices via Pembukuan. */
async function sale(
  product: TestProduct,
  date: string,
  quantity: number,
  prices: Prices,
): Promise<number> {
  const { id } = await postMovement(server, OUTGOING, product, { date, quantity });
  const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
    outgoing_goods_id: id,
    ...prices,
  });
  expect(response.statusCode).toBe(200);
  return id;
}

async function list(query: string, token = server.actors.managerToken) {
  const response = await server.call('GET', `/api/pembukuan?${query}`, token);
  expect(response.statusCode).toBe(200);
  return response.json() as { data: PembukuanRow[]; pagination: Record<string, number> };
}

async function stats(query: string): Promise<PembukuanStats> {
  const response = await server.call(
    'GET',
    `/api/pembukuan/stats?${query}`,
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as PembukuanStats;
}

async function rowOf(id: number, date: string): Promise<PembukuanRow> {
  const { data } = await list(`startDate=${date}&endDate=${date}&limit=100`);
  const row = data.find((candidate) => candidate.id === id);
  if (row === undefined) throw new Error(`no pembukuan row ${id} on ${date}`);
  return row;
}

describe('the margin rule, per row (hand-computed)', () => {
  const DAY = '2026-03-03';
  const cases: [string, number, Prices, number][] = [
    // (15000 - 500 - 10000) x 3
    ['discount', 3, { purchase_price: 10000, selling_price: 15000, discount: 500 }, 13500],
    ['no purchase price yet', 4, { purchase_price: 0, selling_price: 15000, discount: 0 }, 0],
    ['no selling price yet', 2, { purchase_price: 9000, selling_price: 0, discount: 100 }, 0],
    // (15000 - 1000 - 20000) x 2: a loss
    ['negative', 2, { purchase_price: 20000, selling_price: 15000, discount: 1000 }, -12000],
    // 0.3 - 0.1 is 0.19999999999999998 in binary floating point
    ['0.3 - 0.1', 1, { purchase_price: 0.1, selling_price: 0.3 }, 0.2],
    // (33.34 - 0.01) x 3 is 99.99000000000001 in binary floating point
    ['3 x 33.33', 3, { purchase_price: 0.01, selling_price: 33.34, discount: 0 }, 99.99],
    // (1.15 - 0.05 - 1) x 7 is 0.6999999999999995 in binary floating point
    ['cents x 7', 7, { purchase_price: 1, selling_price: 1.15, discount: 0.05 }, 0.7],
    // a discount larger than the markup
    ['discount eats it', 1, { purchase_price: 100, selling_price: 120, discount: 30 }, -10],
  ];

  it.each(cases)('%s', async (_name, quantity, prices, margin) => {
    const product = await insertProduct(server.database, { stock: 20 });
    const id = await sale(product, DAY, quantity, prices);
    const row = await rowOf(id, DAY);
    expect(row).toEqual({
      id,
      date: DAY,
      code: product.code,
      name: product.name,
      category: 'Kaos',
      brand: 'Merek',
      quantity,
      resi_number: expect.any(String),
      purchase_price: prices.purchase_price,
      selling_price: prices.selling_price,
      discount: prices.discount ?? 0,
      // Nothing returned (a return's effect: returns.test.ts).
      returned_quantity: 0,
      margin,
      // Nothing refunded (issue 46; pembukuan-refunds.test.ts).
      sale_status: 'terjual',
      refunded_quantity: 0,
      refund_loss: 0,
      // A hand sale: no marketplace fee (issue 45; the fees: pembukuan-fees.test.ts).
      marketplace_fee: null,
      profit_after_fees: margin,
      settled: false,
      fee_estimated: false,
    });
  });
});

describe('a range of hand-computed transactions', () => {
  let alpha: TestProduct;
  let beta: TestProduct;
  let gamma: TestProduct;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    alpha = await insertProduct(server.database, { stock: 50, name: 'Kaos Alpha', code: 'BK-A' });
    beta = await insertProduct(server.database, { stock: 50, name: 'Celana Beta', code: 'BK-B' });
    gamma = await insertProduct(server.database, { stock: 50, name: 'Topi Gamma', code: 'BK-G' });
    // margin 13500; values 30000 / 45000 / 1500
    ids.t1 = await sale(alpha, '2026-06-01', 3, {
      purchase_price: 10000,
      selling_price: 15000,
      discount: 500,
    });
    // margin 0.2; values 0.1 / 0.3 / 0
    ids.t2 = await sale(alpha, '2026-06-15', 1, { purchase_price: 0.1, selling_price: 0.3 });
    // margin -12000; values 40000 / 30000 / 2000
    ids.t3 = await sale(beta, '2026-06-30', 2, {
      purchase_price: 20000,
      selling_price: 15000,
      discount: 1000,
    });
    // margin 99.99; values 0.03 / 100.02 / 0
    ids.t4 = await sale(beta, '2026-06-10', 3, { purchase_price: 0.01, selling_price: 33.34 });
    // no purchase price: margin 0; values 0 / 200000 / 0
    ids.t5 = await sale(gamma, '2026-06-20', 4, { purchase_price: 0, selling_price: 50000 });
    // margin (0.3 - 0.1 - 0.1) x 1 = 0.1; values 0.1 / 0.3 / 0.1
    ids.t6 = await sale(gamma, '2026-06-21', 1, {
      purchase_price: 0.1,
      selling_price: 0.3,
      discount: 0.1,
    });
    // Just outside the range on both sides.
    ids.before = await sale(alpha, '2026-05-31', 1, { purchase_price: 1, selling_price: 100 });
    ids.after = await sale(gamma, '2026-07-01', 1, { purchase_price: 1, selling_price: 100 });
  });

  const JUNE = 'startDate=2026-06-01&endDate=2026-06-30';

  it('lists the range, both ends included, newest first, with each margin', async () => {
    const { data, pagination } = await list(`${JUNE}&limit=10`);
    expect(data.map((row) => [row.id, row.date, row.margin])).toEqual([
      [ids.t3, '2026-06-30', -12000],
      [ids.t6, '2026-06-21', 0.1],
      [ids.t5, '2026-06-20', 0],
      [ids.t2, '2026-06-15', 0.2],
      [ids.t4, '2026-06-10', 99.99],
      [ids.t1, '2026-06-01', 13500],
    ]);
    expect(pagination).toEqual({ page: 1, limit: 10, total: 6, totalPages: 1 });
  });

  it('filters by date: a narrower range, one day, and a range with nothing', async () => {
    const narrow = await list('startDate=2026-06-02&endDate=2026-06-20');
    expect(narrow.data.map((row) => row.id)).toEqual([ids.t5, ids.t2, ids.t4]);
    const oneDay = await list('startDate=2026-05-31&endDate=2026-05-31');
    expect(oneDay.data.map((row) => row.id)).toEqual([ids.before]);
    const none = await list('startDate=2026-06-02&endDate=2026-06-09');
    expect(none).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } });
  });

  it('pages in SQL', async () => {
    const second = await list(`${JUNE}&limit=2&page=2`);
    expect(second.data.map((row) => row.id)).toEqual([ids.t5, ids.t2]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 6, totalPages: 3 });
    const beyond = await list(`${JUNE}&limit=2&page=9`);
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(6);
  });

  it('searches product name, code and resi within the range', async () => {
    const byName = await list(`${JUNE}&search=${encodeURIComponent('kaos alp')}`);
    expect(byName.data.map((row) => row.id)).toEqual([ids.t2, ids.t1]);
    const byCode = await list(`${JUNE}&search=bk-b`);
    expect(byCode.data.map((row) => row.id)).toEqual([ids.t3, ids.t4]);
    const t5 = await rowOf(ids.t5 ?? 0, '2026-06-20');
    const byResi = await list(`${JUNE}&search=${encodeURIComponent(t5.resi_number)}`);
    expect(byResi.data.map((row) => row.id)).toEqual([ids.t5]);
    // The range still applies: 'Kaos Alpha' sold on 2026-05-31 too.
    const narrowed = await list(`startDate=2026-06-02&endDate=2026-06-30&search=alpha`);
    expect(narrowed.data.map((row) => row.id)).toEqual([ids.t2]);
    expect(narrowed.pagination.total).toBe(1);
    const nothing = await list(`${JUNE}&search=tidak-ada-yang-cocok`);
    expect(nothing.data).toEqual([]);
  });

  it('computes the stats of the range exactly', async () => {
    // 13500 + 0.2 - 12000 + 99.99 + 0 + 0.1 = 1600.29; / 6 = 266.715, rounded 266.72.
    expect(await stats(JUNE)).toEqual({
      totalTransactions: 6,
      profitableTransactions: 4,
      totalProfit: 1600.29,
      averageProfit: 266.72,
      totalQuantity: 14,
      totalPurchaseValue: 70000.23,
      totalSellingValue: 275100.62,
      totalDiscountValue: 3500.1,
      refundedTransactions: 0,
      totalRefundedQuantity: 0,
      totalRefundLoss: 0,
      productProfits: [
        { name: 'Kaos Alpha', code: 'BK-A', total_profit: 13500.2 },
        { name: 'Topi Gamma', code: 'BK-G', total_profit: 0.1 },
        { name: 'Celana Beta', code: 'BK-B', total_profit: -11900.01 },
      ],
      // Hand sales only: no marketplace fees.
      totalFees: 0,
      feePercent: 0,
      profitAfterFees: 1600.29,
      feesByChannel: [
        {
          channel: 'manual',
          store_id: null,
          store: null,
          sales: 275100.62,
          fees: 0,
          fee_percent: 0,
          profit_after_fees: 1600.29,
        },
      ],
    });
  });

  it('computes the stats of another range, the edges included', async () => {
    // t3 (-12000), t6 (0.1) and the sale of 2026-07-01 ((100 - 0 - 1) x 1 = 99): -11900.9;
    // / 3 = -3966.9666..., rounded -3966.97.
    expect(await stats('startDate=2026-06-21&endDate=2026-07-01')).toEqual({
      totalTransactions: 3,
      profitableTransactions: 2,
      totalProfit: -11900.9,
      averageProfit: -3966.97,
      totalQuantity: 4,
      totalPurchaseValue: 40001.1,
      totalSellingValue: 30100.3,
      totalDiscountValue: 2000.1,
      refundedTransactions: 0,
      totalRefundedQuantity: 0,
      totalRefundLoss: 0,
      productProfits: [
        { name: 'Topi Gamma', code: 'BK-G', total_profit: 99.1 },
        { name: 'Celana Beta', code: 'BK-B', total_profit: -12000 },
      ],
      totalFees: 0,
      feePercent: 0,
      profitAfterFees: -11900.9,
      feesByChannel: [
        {
          channel: 'manual',
          store_id: null,
          store: null,
          sales: 30100.3,
          fees: 0,
          fee_percent: 0,
          profit_after_fees: -11900.9,
        },
      ],
    });
  });

  it('answers zeros for a range without transactions', async () => {
    expect(await stats('startDate=2026-06-02&endDate=2026-06-09')).toEqual({
      totalTransactions: 0,
      profitableTransactions: 0,
      totalProfit: 0,
      averageProfit: 0,
      totalQuantity: 0,
      totalPurchaseValue: 0,
      totalSellingValue: 0,
      totalDiscountValue: 0,
      refundedTransactions: 0,
      totalRefundedQuantity: 0,
      totalRefundLoss: 0,
      productProfits: [],
      totalFees: 0,
      feePercent: 0,
      profitAfterFees: 0,
      feesByChannel: [],
    });
  });

  it('refuses a start after the end', async () => {
    for (const url of ['/api/pembukuan', '/api/pembukuan/stats']) {
      const response = await server.call(
        'GET',
        `${url}?startDate=2026-06-30&endDate=2026-06-01`,
        server.actors.managerToken,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Tanggal mulai tidak boleh setelah tanggal akhir',
      });
    }
  });
});

describe('productProfits', () => {
  it(`holds the largest ${PRODUCT_PROFITS_MAX} products; the totals count them all`, async () => {
    const count = PRODUCT_PROFITS_MAX + 1;
    const made: TestProduct[] = [];
    for (let i = 1; i <= count; i += 1)
      made.push(await insertProduct(server.database, { stock: 5, code: `BK-TOP-${i}` }));
    // Sale i: (i + 1 - 1) x 1 = i. Written directly: a hundred API sales would be slow.
    await server.database.db.insert(outgoingGoods).values(
      made.map((product, index) => ({
        productId: product.id,
        date: '2026-08-08',
        resiNumber: `BK-TOP-RESI-${index + 1}`,
        quantity: 1,
        barcode: product.barcodeId,
        purchasePrice: 1,
        sellingPrice: index + 2,
      })),
    );
    const result = await stats('startDate=2026-08-08&endDate=2026-08-08');
    expect(result).toMatchObject({
      totalTransactions: count,
      profitableTransactions: count,
      totalProfit: (count * (count + 1)) / 2,
    });
    expect(result.productProfits).toHaveLength(PRODUCT_PROFITS_MAX);
    expect(result.productProfits[0]).toEqual({
      name: made[count - 1]?.name,
      code: `BK-TOP-${count}`,
      total_profit: count,
    });
    expect(result.productProfits.at(-1)?.total_profit).toBe(2);
  });
});

describe('GET /api/pembukuan/stats, kept between writes', () => {
  it('answers again from the rows after any write, through the API or not', async () => {
    const DAY = 'startDate=2026-09-09&endDate=2026-09-09';
    const product = await insertProduct(server.database, { stock: 10, code: 'BK-KEPT' });
    const id = await sale(product, '2026-09-09', 2, { purchase_price: 100, selling_price: 150 });
    expect((await stats(DAY)).totalProfit).toBe(100);
    expect((await stats(DAY)).totalProfit).toBe(100);
    // A price edit through the API.
    await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: id,
      purchase_price: 100,
      selling_price: 175,
    });
    expect((await stats(DAY)).totalProfit).toBe(150);
    // A change made straight in the database, past the API.
    await server.database.db
      .update(outgoingGoods)
      .set({ sellingPrice: 200 })
      .where(eq(outgoingGoods.id, id));
    expect((await stats(DAY)).totalProfit).toBe(200);
  });
});

describe('POST /api/pembukuan', () => {
  const DAY = '2026-04-04';

  it('updates only that transaction, logs UPDATE_PEMBUKUAN and answers the row', async () => {
    const product = await insertProduct(server.database, { stock: 10, name: 'Jaket Edit' });
    const mine = await sale(product, DAY, 2, { purchase_price: 1000, selling_price: 2000 });
    const other = await sale(product, DAY, 1, { purchase_price: 1000, selling_price: 2000 });
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: mine,
      purchase_price: 1500.25,
      selling_price: 2500.5,
      discount: 100.05,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Data pembukuan berhasil diperbarui',
      data: {
        id: mine,
        date: DAY,
        code: product.code,
        name: 'Jaket Edit',
        category: 'Kaos',
        brand: 'Merek',
        quantity: 2,
        resi_number: expect.any(String),
        purchase_price: 1500.25,
        selling_price: 2500.5,
        discount: 100.05,
        returned_quantity: 0,
        sale_status: 'terjual',
        refunded_quantity: 0,
        refund_loss: 0,
        // (2500.5 - 100.05 - 1500.25) x 2
        margin: 1800.4,
        marketplace_fee: null,
        profit_after_fees: 1800.4,
        settled: false,
        fee_estimated: false,
      },
    });
    expect((await rowOf(other, DAY)).margin).toBe(1000);
    expect(await latestLog(server.database, 'UPDATE_PEMBUKUAN')).toMatchObject({
      userId: server.actors.manager.id,
      details: expect.stringContaining(`#${mine} Jaket Edit (${product.code})`),
    });
    // Money as the app shows it: Rupiah, the Indonesian thousands dot and decimal comma.
    expect((await latestLog(server.database, 'UPDATE_PEMBUKUAN'))?.details).toContain(
      'harga beli Rp 1.000 → Rp 1.500,25, harga jual Rp 2.000 → Rp 2.500,50, ' +
        'potongan Rp 0 → Rp 100,05, margin Rp 1.800,40',
    );
  });

  it('saves prices sent back unchanged without writing or logging anything', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const id = await sale(product, DAY, 1, {
      purchase_price: 1000,
      selling_price: 2000.5,
      discount: 100,
    });
    const before = await snapshot(server.database);
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: id,
      purchase_price: 1000,
      selling_price: '2000.50',
      discount: 100,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, selling_price: 2000.5, margin: 900.5 });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('takes an absent discount as 0', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const id = await sale(product, DAY, 1, { purchase_price: 1, selling_price: 5, discount: 2 });
    expect((await rowOf(id, DAY)).margin).toBe(2);
    await sale(product, DAY, 1, { purchase_price: 1, selling_price: 5 });
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: id,
      purchase_price: 1,
      selling_price: 5,
    });
    expect(response.json().data).toMatchObject({ discount: 0, margin: 4 });
  });

  it('takes a discount of the whole selling price (a giveaway)', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const id = await sale(product, DAY, 2, { purchase_price: 3, selling_price: 5 });
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: id,
      purchase_price: 3,
      selling_price: 5,
      discount: 5,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ discount: 5, margin: -6 });
  });

  it('answers 404 for an unknown transaction and writes nothing', async () => {
    const before = await snapshot(server.database);
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: 2_000_000_000,
      purchase_price: 1,
      selling_price: 2,
      discount: 0,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Data tidak ditemukan' });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it.each([
    ['a negative purchase price', { purchase_price: -1 }, 'Harga Beli'],
    ['a negative selling price', { selling_price: -0.01 }, 'Harga Jual'],
    ['a negative discount', { discount: -5 }, 'Potongan'],
    ['a word', { selling_price: 'abc' }, 'Harga Jual'],
    ['three decimals', { purchase_price: 1.005 }, 'Harga Beli'],
    ['no selling price', { selling_price: undefined }, 'Harga Jual'],
    ['null', { purchase_price: null }, 'Harga Beli'],
    ['an id of 0', { outgoing_goods_id: 0 }, 'ID Barang Keluar'],
    ['a discount above the selling price', { discount: 21.01 }, 'Potongan tidak boleh melebihi'],
  ])('refuses %s with 400 and changes nothing', async (_name, fields, label) => {
    const product = await insertProduct(server.database, { stock: 5 });
    const id = await sale(product, DAY, 1, { purchase_price: 10, selling_price: 20 });
    const before = await snapshot(server.database);
    const full: Record<string, unknown> = {
      outgoing_goods_id: id,
      purchase_price: 11,
      selling_price: 21,
      discount: 1,
      ...fields,
    };
    // A field set to undefined is left out.
    const body = Object.fromEntries(
      Object.entries(full).filter(([, value]) => value !== undefined),
    );
    const response = await server.call('POST', '/api/pembukuan', server.actors.managerToken, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(label);
    expect(await snapshot(server.database)).toEqual(before);
    expect(await rowOf(id, DAY)).toMatchObject({ purchase_price: 10, selling_price: 20 });
  });
});

describe('manager only', () => {
  // Three values in every row: jest would take a missing third for a `done` callback.
  const requests: [string, string, Record<string, unknown> | undefined][] = [
    ['GET', '/api/pembukuan?startDate=2026-06-01&endDate=2026-06-30', undefined],
    ['GET', '/api/pembukuan/stats?startDate=2026-06-01&endDate=2026-06-30', undefined],
    ['POST', '/api/pembukuan', { outgoing_goods_id: 1, purchase_price: 1, selling_price: 2 }],
  ];

  it.each(requests)('%s %s: admin 403, signed out 401', async (method, url, payload) => {
    const before = await snapshot(server.database);
    const m = method as 'GET' | 'POST';
    const admin = await server.call(m, url, server.actors.adminToken, payload);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().message).toEqual(expect.any(String));
    const anonymous = await server.call(m, url, null, payload);
    expect(anonymous.statusCode).toBe(401);
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe("a product's default prices", () => {
  const DAY = '2026-02-02';

  it('flow into a new sale; later product edits never touch it', async () => {
    const created = await server.call(
      'POST',
      '/api/products',
      server.actors.managerToken,
      productBody('BK-DEF', {
        name: 'Sepatu Harga',
        initial_stock: 10,
        category: 'Sepatu',
        purchase_price: 25000,
        selling_price: 40000.5,
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ purchase_price: 25000, selling_price: 40000.5 });
    const product = {
      id: created.json().data.id,
      code: 'BK-DEF',
      barcodeId: 'BK-DEF-BC',
      name: '',
    };

    // The cost is the manager's to see (an admin's list leaves it out).
    const listed = await server.call(
      'GET',
      '/api/products?search=BK-DEF',
      server.actors.managerToken,
    );
    expect(listed.json().data).toEqual([
      expect.objectContaining({ code: 'BK-DEF', purchase_price: 25000, selling_price: 40000.5 }),
    ]);

    const first = await postMovement(server, OUTGOING, product, { date: DAY, quantity: 2 });
    // (40000.5 - 0 - 25000) x 2
    expect(await rowOf(first.id, DAY)).toMatchObject({
      purchase_price: 25000,
      selling_price: 40000.5,
      discount: 0,
      margin: 30001,
    });

    const edited = await server.call(
      'PUT',
      `/api/products/${product.id}`,
      server.actors.managerToken,
      {
        barcode_id: 'BK-DEF-BC',
        code: 'BK-DEF',
        name: 'Sepatu Harga',
        initial_stock: 10,
        category: 'Sepatu',
        brand: 'Lokal',
        purchase_price: 30000,
        selling_price: 45000,
      },
    );
    expect(edited.statusCode).toBe(200);
    expect(await rowOf(first.id, DAY)).toMatchObject({
      purchase_price: 25000,
      selling_price: 40000.5,
      margin: 30001,
    });

    const second = await postMovement(server, OUTGOING, product, { date: DAY, quantity: 1 });
    expect(await rowOf(second.id, DAY)).toMatchObject({
      purchase_price: 30000,
      selling_price: 45000,
      margin: 15000,
    });

    // A price edit of a transaction leaves the product's defaults alone.
    await server.call('POST', '/api/pembukuan', server.actors.managerToken, {
      outgoing_goods_id: second.id,
      purchase_price: 1,
      selling_price: 2,
    });
    const after = await server.call(
      'GET',
      '/api/products?search=BK-DEF',
      server.actors.managerToken,
    );
    expect(after.json().data[0]).toMatchObject({ purchase_price: 30000, selling_price: 45000 });
    expect(await rowOf(first.id, DAY)).toMatchObject({ margin: 30001 });
  });

  it('default to 0, and an update without them keeps them', async () => {
    const body = productBody('BK-KEEP', { name: 'Tas Harga', initial_stock: 3, category: 'Tas' });
    const created = await server.call('POST', '/api/products', server.actors.managerToken, body);
    expect(created.json().data).toMatchObject({ purchase_price: 0, selling_price: 0 });
    const id = created.json().data.id as number;
    await server.call('PUT', `/api/products/${id}`, server.actors.managerToken, {
      ...body,
      purchase_price: 12.34,
      selling_price: 56.78,
    });
    const kept = await server.call('PUT', `/api/products/${id}`, server.actors.managerToken, {
      ...body,
      name: 'Tas Harga Baru',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({
      name: 'Tas Harga Baru',
      purchase_price: 12.34,
      selling_price: 56.78,
    });
    // The kept defaults flow into the next sale: (56.78 - 12.34) x 1.
    const product = { id, code: 'BK-KEEP', barcodeId: 'BK-KEEP-BC', name: '' };
    const sold = await postMovement(server, OUTGOING, product, { date: '2026-02-03' });
    expect(await rowOf(sold.id, '2026-02-03')).toMatchObject({
      purchase_price: 12.34,
      selling_price: 56.78,
      margin: 44.44,
    });
  });

  it('refuses a negative default price', async () => {
    const response = await server.call(
      'POST',
      '/api/products',
      server.actors.managerToken,
      productBody('BK-NEG', {
        name: 'Negatif',
        initial_stock: 1,
        category: 'Tas',
        selling_price: -1,
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Harga Jual');
  });
});

describe('the stored rows', () => {
  it('keep their prices when the outgoing record is edited', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const id = await sale(product, '2026-01-05', 2, { purchase_price: 5, selling_price: 9 });
    const response = await server.call(
      'PUT',
      `/api/outgoing-goods/${id}`,
      server.actors.managerToken,
      OUTGOING.body(product, { date: '2026-01-05', quantity: 3 }),
    );
    expect(response.statusCode).toBe(200);
    expect(await rowOf(id, '2026-01-05')).toMatchObject({
      purchase_price: 5,
      selling_price: 9,
      quantity: 3,
      margin: 12,
    });
    const [stored] = await server.database.db
      .select({ discount: outgoingGoods.discount })
      .from(outgoingGoods)
      .where(eq(outgoingGoods.id, id));
    expect(stored?.discount).toBe(0);
  });
});
