import {
  REPORT_MESSAGES,
  VALIDATION_MESSAGES,
  type ReportResponse,
  type StockReportPage,
  type StockReportRow,
} from '@gudang/api-client/contract';
import { and, count, eq } from 'drizzle-orm';
import { activityLogs, incomingGoods, outgoingGoods } from '../../db/schema';
import { addDays } from '../../lib/dates';
import {
  insertProduct,
  latestLog,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

interface Movement {
  product: TestProduct;
  date: string;
  quantity: number;
}

let resi = 0;
const incoming: Movement[] = [];
const outgoing: Movement[] = [];
const products: Record<'a' | 'b' | 'c' | 'd', TestProduct & { initial: number }> = {} as never;

async function addIncoming(product: TestProduct, date: string, quantity: number) {
  resi += 1;
  incoming.push({ product, date, quantity });
  await server.database.db.insert(incomingGoods).values({
    productId: product.id,
    date,
    quantity,
    resiNumber: `RPT-IN-${resi}`,
    platform: `Shopee ${resi}`,
  });
}

async function addOutgoing(product: TestProduct, date: string, quantity: number) {
  resi += 1;
  outgoing.push({ product, date, quantity });
  await server.database.db.insert(outgoingGoods).values({
    productId: product.id,
    date,
    quantity,
    resiNumber: `RPT-OUT-${resi}`,
    barcode: product.barcodeId,
  });
}

// The range most tests use: movements fall exactly on both ends, the day before the start, the
// day after the end, in the start's month before the start, and in whole months around it.
const START = '2026-10-10';
const END = '2026-11-05';

beforeAll(async () => {
  const make = async (key: keyof typeof products, name: string, initial: number) => {
    const product = await insertProduct(server.database, {
      stock: initial,
      name,
      code: `RPT-${key.toUpperCase()}`,
      category: `Kategori ${key}`,
      brand: `Merk ${key}`,
    });
    products[key] = { ...product, initial };
  };
  // Ordered by name in the report: Anggrek, Bunga, Cemara, Durian.
  await make('a', 'Anggrek', 10);
  await make('b', 'Bunga', 4);
  await make('c', 'Cemara', 0);
  await make('d', 'Durian', 1);
  const { a, b, d } = products;
  await addIncoming(a, '2026-08-15', 5);
  await addIncoming(a, '2026-10-02', 3);
  await addIncoming(a, START, 4);
  await addIncoming(a, '2026-10-20', 6);
  await addIncoming(a, END, 7);
  await addIncoming(a, '2026-11-06', 100);
  await addIncoming(a, '2026-12-01', 50);
  await addOutgoing(a, '2026-09-30', 2);
  await addOutgoing(a, '2026-10-09', 1);
  await addOutgoing(a, START, 2);
  await addOutgoing(a, END, 3);
  await addOutgoing(a, '2026-11-06', 9);
  // b moves only before the range; c never moves; d moves only inside it.
  await addIncoming(b, '2026-09-01', 6);
  await addOutgoing(b, '2026-10-01', 1);
  await addOutgoing(d, '2026-10-31', 1);
});

const report = async (query: string, token = server.actors.managerToken) => {
  const response = await server.call('GET', `/api/reports?${query}`, token);
  return { status: response.statusCode, body: response.json() as ReportResponse };
};

const row = (
  product: TestProduct & { initial: number },
  start: number,
  incomingQty: number,
  outgoingQty: number,
): StockReportRow => ({
  code: product.code,
  name: product.name,
  // Made by insertProduct below from the key: code RPT-A, category 'Kategori a', brand 'Merk a'.
  category: `Kategori ${product.code.slice(4).toLowerCase()}`,
  brand: `Merk ${product.code.slice(4).toLowerCase()}`,
  stock_at_start: start,
  total_incoming: incomingQty,
  total_outgoing: outgoingQty,
  // No returns or adjustments here (those: corrections-formula.test.ts).
  total_returned: 0,
  total_adjusted: 0,
  calculated_stock: start + incomingQty - outgoingQty,
});

/** The stock report computed by hand from the movements this file recorded. */
function expectedStock(start: string, end: string, includeEmpty: boolean): StockReportRow[] {
  return Object.values(products)
    .map((product) => {
      const sum = (list: Movement[], from: string, to: string) =>
        list
          .filter((m) => m.product.id === product.id && m.date >= from && m.date <= to)
          .reduce((total, m) => total + m.quantity, 0);
      const before = addDays(start, -1);
      const atStart =
        product.initial + sum(incoming, '0000-01-01', before) - sum(outgoing, '0000-01-01', before);
      return row(product, atStart, sum(incoming, start, end), sum(outgoing, start, end));
    })
    .filter((r) => includeEmpty || r.total_incoming > 0 || r.total_outgoing > 0);
}

describe('GET /api/reports?type=stock', () => {
  it('sums the range with both ends included, from the stock at the start', async () => {
    const { status, body } = await report(`type=stock&startDate=${START}&endDate=${END}`);
    expect(status).toBe(200);
    const { a, d } = products;
    // a: 10 + 5 + 3 - 2 - 1 = 15 at the start; +4 +6 +7 and -2 -3 inside.
    expect(body).toEqual({
      stockReport: [row(a, 15, 17, 5), row(d, 1, 0, 1)],
      incomingReport: [],
      outgoingReport: [],
    });
  });

  it('keeps products without movement in the range only with includeEmpty=true', async () => {
    const { a, b, c, d } = products;
    const withEmpty = await report(
      `type=stock&startDate=${START}&endDate=${END}&includeEmpty=true`,
    );
    expect(withEmpty.body.stockReport).toEqual([
      row(a, 15, 17, 5),
      row(b, 9, 0, 0),
      row(c, 0, 0, 0),
      row(d, 1, 0, 1),
    ]);
    const without = await report(`type=stock&startDate=${START}&endDate=${END}&includeEmpty=false`);
    expect(without.body.stockReport.map((r) => r.code)).toEqual([a.code, d.code]);
  });

  it('reads a one-day range inside a month', async () => {
    const { body } = await report(`type=stock&startDate=${END}&endDate=${END}`);
    // a at 2026-11-05: 15 + 4 + 6 - 2 = 23; that day +7 -3.
    expect(body.stockReport).toEqual([row(products.a, 23, 7, 3)]);
  });

  // 110 requests: longer than jest's default 5 s when the whole suite shares two cores.
  it('agrees with the hand computation over ranges across months and years', async () => {
    const days = [
      '2026-08-01',
      '2026-09-30',
      '2026-10-01',
      '2026-10-09',
      START,
      '2026-10-31',
      END,
      '2026-11-06',
      '2026-12-01',
      '2027-01-31',
    ];
    for (const [i, start] of days.entries()) {
      for (const end of days.slice(i)) {
        for (const includeEmpty of [false, true]) {
          const { status, body } = await report(
            `type=stock&startDate=${start}&endDate=${end}&includeEmpty=${includeEmpty}`,
          );
          expect({ start, end, includeEmpty, status, rows: body.stockReport }).toEqual({
            start,
            end,
            includeEmpty,
            status: 200,
            rows: expectedStock(start, end, includeEmpty),
          });
        }
      }
    }
  }, 60_000);

  it('follows edits and deletes of movements', async () => {
    const { a } = products;
    const db = server.database.db;
    const [moved] = await db
      .update(incomingGoods)
      .set({ date: '2026-10-11', quantity: 8 })
      .where(and(eq(incomingGoods.productId, a.id), eq(incomingGoods.date, '2026-10-02')))
      .returning();
    const [deleted] = await db
      .delete(outgoingGoods)
      .where(and(eq(outgoingGoods.productId, a.id), eq(outgoingGoods.date, END)))
      .returning();
    try {
      expect(moved).toBeDefined();
      expect(deleted).toBeDefined();
      const { body } = await report(`type=stock&startDate=${START}&endDate=${END}`);
      // 3 moved from before the start into the range as 8; the 3 out on the end date is gone.
      expect(body.stockReport[0]).toEqual(row(a, 12, 25, 2));
    } finally {
      // The other tests read the movements as beforeAll recorded them.
      if (moved !== undefined)
        await db
          .update(incomingGoods)
          .set({ date: '2026-10-02', quantity: 3 })
          .where(eq(incomingGoods.id, moved.id));
      if (deleted !== undefined) {
        const { id: _id, ...again } = deleted;
        await db.insert(outgoingGoods).values(again);
      }
    }
    const restored = await report(`type=stock&startDate=${START}&endDate=${END}`);
    expect(restored.body.stockReport[0]).toEqual(row(a, 15, 17, 5));
  });
});

describe('GET /api/reports/stock (the screen, a page at a time)', () => {
  const paged = async (query: string) => {
    const response = await server.call(
      'GET',
      `/api/reports/stock?${query}`,
      server.actors.managerToken,
    );
    return { status: response.statusCode, body: response.json() as StockReportPage };
  };
  const logs = async () =>
    (
      await server.database.db
        .select({ n: count() })
        .from(activityLogs)
        .where(eq(activityLogs.action, 'GENERATE_REPORT'))
    )[0]?.n ?? 0;

  it('pages the rows of GET /api/reports in the list envelope, logging the first page only', async () => {
    const period = `startDate=${START}&endDate=${END}&includeEmpty=true`;
    const whole = expectedStock(START, END, true);
    const before = await logs();
    const first = await paged(`${period}&page=1&limit=3`);
    expect(first).toEqual({
      status: 200,
      body: { data: whole.slice(0, 3), pagination: { page: 1, limit: 3, total: 4, totalPages: 2 } },
    });
    expect(await logs()).toBe(before + 1);
    const second = await paged(`${period}&page=2&limit=3`);
    expect(second.body.data).toEqual(whole.slice(3));
    const beyond = await paged(`${period}&page=3&limit=3`);
    expect(beyond.body).toEqual({
      data: [],
      pagination: { page: 3, limit: 3, total: 4, totalPages: 2 },
    });
    expect(await logs()).toBe(before + 1);
    const withoutEmpty = await paged(`startDate=${START}&endDate=${END}`);
    expect(withoutEmpty.body.data).toEqual(expectedStock(START, END, false));
  });

  /** Runs `check` while product a has 2 more incoming units on START (written after a report). */
  const withTwoMoreOfA = async (resiNumber: string, check: () => Promise<void>) => {
    const db = server.database.db;
    const [added] = await db
      .insert(incomingGoods)
      .values({
        productId: products.a.id,
        date: START,
        quantity: 2,
        resiNumber,
        platform: 'Shopee',
      })
      .returning();
    try {
      await check();
    } finally {
      if (added !== undefined) await db.delete(incomingGoods).where(eq(incomingGoods.id, added.id));
    }
  };

  it('answers a write made after a kept report', async () => {
    const period = `startDate=${START}&endDate=${END}`;
    expect((await paged(period)).body.data[0]).toEqual(row(products.a, 15, 17, 5));
    await withTwoMoreOfA('RPT-KEPT', async () => {
      expect((await paged(`${period}&page=2`)).body.pagination.total).toBe(2);
      expect((await paged(period)).body.data[0]).toEqual(row(products.a, 15, 19, 5));
    });
  });

  it('answers the whole stock report (CSV, print) from the same kept report, logged each time', async () => {
    const period = `type=stock&startDate=${START}&endDate=${END}`;
    const before = await logs();
    const whole = await report(period);
    expect(whole.body.stockReport).toEqual(expectedStock(START, END, false));
    expect((await paged(`startDate=${START}&endDate=${END}&page=2`)).body.pagination.total).toBe(
      whole.body.stockReport.length,
    );
    expect((await report(period)).body).toEqual(whole.body);
    expect(await logs()).toBe(before + 2);
    await withTwoMoreOfA('RPT-WHOLE', async () => {
      expect((await report(period)).body.stockReport[0]).toEqual(row(products.a, 15, 19, 5));
    });
  });

  it('refuses a reversed period and bad paging with 400, and the signed out with 401', async () => {
    const reversed = await paged('startDate=2026-11-06&endDate=2026-11-05');
    expect(reversed).toEqual({ status: 400, body: { message: REPORT_MESSAGES.dateRange } });
    expect((await paged(`startDate=${START}&endDate=${END}&limit=0`)).status).toBe(400);
    expect((await paged(`startDate=${START}&endDate=${END}&page=abc`)).status).toBe(400);
    const anonymous = await server.call(
      'GET',
      `/api/reports/stock?startDate=${START}&endDate=${END}`,
      null,
    );
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/reports?type=incoming|outgoing', () => {
  it('lists the incoming records of the range by date, both ends included', async () => {
    const { status, body } = await report(`type=incoming&startDate=${START}&endDate=${END}`);
    expect(status).toBe(200);
    expect(body.stockReport).toEqual([]);
    expect(body.outgoingReport).toEqual([]);
    const { a } = products;
    const base = {
      product_code: a.code,
      product_name: a.name,
      category: 'Kategori a',
      brand: 'Merk a',
    };
    expect(body.incomingReport).toEqual([
      { ...base, date: START, quantity: 4, platform: 'Shopee 3', resi_number: 'RPT-IN-3' },
      { ...base, date: '2026-10-20', quantity: 6, platform: 'Shopee 4', resi_number: 'RPT-IN-4' },
      { ...base, date: END, quantity: 7, platform: 'Shopee 5', resi_number: 'RPT-IN-5' },
    ]);
  });

  it('lists the outgoing records of the range by date', async () => {
    const { body } = await report(`type=outgoing&startDate=${START}&endDate=${END}`);
    expect(body.stockReport).toEqual([]);
    expect(body.incomingReport).toEqual([]);
    expect(
      body.outgoingReport.map((r) => [r.date, r.product_code, r.quantity, r.resi_number]),
    ).toEqual([
      [START, products.a.code, 2, 'RPT-OUT-10'],
      ['2026-10-31', products.d.code, 1, 'RPT-OUT-15'],
      [END, products.a.code, 3, 'RPT-OUT-11'],
    ]);
    expect(Object.keys(body.outgoingReport[0] ?? {}).sort()).toEqual(
      [
        'brand',
        'category',
        'date',
        'product_code',
        'product_name',
        'quantity',
        'resi_number',
      ].sort(),
    );
  });

  it('answers empty arrays for a range without records', async () => {
    const { status, body } = await report('type=incoming&startDate=2026-01-01&endDate=2026-01-31');
    expect(status).toBe(200);
    expect(body).toEqual({ stockReport: [], incomingReport: [], outgoingReport: [] });
  });
});

describe('report requests', () => {
  const logCount = async () =>
    (
      await server.database.db
        .select({ n: count() })
        .from(activityLogs)
        .where(eq(activityLogs.action, 'GENERATE_REPORT'))
    )[0]?.n ?? 0;

  it.each([
    ['type=stock&startDate=2026-11-06&endDate=2026-11-05', REPORT_MESSAGES.dateRange],
    [
      'type=stock&startDate=2026-02-30&endDate=2026-03-05',
      VALIDATION_MESSAGES.date('Tanggal Mulai'),
    ],
    [
      'type=stock&startDate=2026-10-01&endDate=05-11-2026',
      VALIDATION_MESSAGES.date('Tanggal Akhir'),
    ],
    [
      'type=stock&startDate=1999-12-31&endDate=2026-11-05',
      VALIDATION_MESSAGES.dateWindow('Tanggal Mulai'),
    ],
    ['type=stock&endDate=2026-11-05', VALIDATION_MESSAGES.required('Tanggal Mulai')],
    ['type=stock&startDate=2026-11-01', VALIDATION_MESSAGES.required('Tanggal Akhir')],
    [
      'type=damaged&startDate=2026-11-01&endDate=2026-11-05',
      VALIDATION_MESSAGES.oneOf('Jenis Laporan', ['stock', 'incoming', 'outgoing']),
    ],
    [
      'type=stock&startDate=2026-11-01&endDate=2026-11-05&includeEmpty=ya',
      VALIDATION_MESSAGES.boolean('Tampilkan Produk Tanpa Transaksi'),
    ],
  ])('refuses %s with 400 and logs nothing', async (query, message) => {
    const before = await logCount();
    const response = await server.call('GET', `/api/reports?${query}`, server.actors.managerToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await logCount()).toBe(before);
  });

  it('logs GENERATE_REPORT with the type and the period, as the caller', async () => {
    await report(`type=outgoing&startDate=${START}&endDate=${END}`, server.actors.adminToken);
    const log = await latestLog(server.database, 'GENERATE_REPORT');
    expect(log).toMatchObject({
      userEmail: server.actors.admin.email,
      details: 'Laporan Barang Keluar periode 10/10/2026 s/d 5/11/2026: 3 baris',
    });
    await report(`type=stock&startDate=${START}&endDate=${END}&includeEmpty=true`);
    expect(await latestLog(server.database, 'GENERATE_REPORT')).toMatchObject({
      userEmail: server.actors.manager.email,
      details:
        'Laporan Stok periode 10/10/2026 s/d 5/11/2026, termasuk produk tanpa transaksi: 4 baris',
    });
  });

  it('is open to admin and manager, not to anyone signed out', async () => {
    const query = `type=stock&startDate=${START}&endDate=${END}`;
    expect((await report(query, server.actors.adminToken)).status).toBe(200);
    expect((await report(query, server.actors.managerToken)).status).toBe(200);
    const anonymous = await server.call('GET', `/api/reports?${query}`, null);
    expect(anonymous.statusCode).toBe(401);
  });
});
