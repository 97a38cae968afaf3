// Restock, computed by hand: the average daily outgoing over the last 30 days (today
// included) with days of no sales and a sale just outside the window, days of cover, the
// suggestions under two 'Target Persediaan' values, 'Stok Minimum', the daily chart, 'Buat Order'
// and the kept per-day totals through edits, deletes and the recalculation.
import {
  DEFAULT_SHOP_TIMEZONE,
  type DailyResponse,
  type Order,
  type RestockList,
} from '@gudang/api-client/contract';
import { count, eq, sql } from 'drizzle-orm';
import { activityLogs, orders } from '../../db/schema';
import { addDays, todayIn } from '../../lib/dates';
import {
  insertProduct,
  INCOMING,
  latestLog,
  OUTGOING,
  postMovement,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();
const today = todayIn(DEFAULT_SHOP_TIMEZONE);
const daysAgo = (days: number) => addDays(today, -days);

const sell = (product: TestProduct, quantity: number, date: string) =>
  postMovement(server, OUTGOING, product, { quantity, date });

async function restock(query = ''): Promise<RestockList> {
  const response = await server.call('GET', `/api/restock${query}`, server.actors.adminToken);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const codes = (list: RestockList) => list.data.map((row) => row.product_code);

// A: 135 in stock, sells 6 today, 9 five days ago, 15 on the window's first day (29 days ago)
//    and 100 the day before the window: 30 in the window, 1.00 a day; stock 5, cover 5 days.
// B: 8 in stock (under its minimum 10), never sold: cover none.
// C: 50 in stock, sells 45 ten days ago: 1.50 a day; stock 5, cover 3.3 days.
// D: 200 in stock, sells 30 across the window: 1.00 a day; stock 170, cover 170: not listed.
// E: 15 in stock, sells 5 today: 0.17 a day; stock 10 = its minimum, cover 60 days.
let a: TestProduct;
let c: TestProduct;
let d: TestProduct;
let e: TestProduct;

beforeAll(async () => {
  const db = server.database;
  a = await insertProduct(db, { stock: 135, code: 'RST-A', name: 'Kaos Restock A' });
  await insertProduct(db, { stock: 8, code: 'RST-B', name: 'Kaos Restock B' });
  c = await insertProduct(db, { stock: 50, code: 'RST-C', name: 'Kaos Restock C' });
  d = await insertProduct(db, { stock: 200, code: 'RST-D', name: 'Kaos Restock D' });
  e = await insertProduct(db, { stock: 15, code: 'RST-E', name: 'Kaos Restock E' });
  await sell(a, 6, today);
  await sell(a, 9, daysAgo(5));
  await sell(a, 15, daysAgo(29));
  await sell(a, 100, daysAgo(30));
  await sell(c, 45, daysAgo(10));
  await sell(d, 10, daysAgo(1));
  await sell(d, 20, daysAgo(20));
  await sell(e, 5, today);
});

describe('GET /api/restock', () => {
  it('lists what needs restocking by days of cover, with the hand-computed suggestion', async () => {
    const list = await restock();
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
    expect(list.data).toEqual([
      {
        product_code: 'RST-C',
        product_name: 'Kaos Restock C',
        current_stock: 5,
        reserved_stock: 0,
        min_stock: 10,
        avg_daily_out: 1.5,
        days_of_cover: 3.3,
        // Nothing ordered yet.
        on_order: 0,
        // max(10 - 5, ceil(1.5 x 14) - 5, 0) = max(5, 16, 0)
        suggested_quantity: 16,
        // No purchase_price: the admin's list carries no cost (lib/purchase-cost.ts).
      },
      expect.objectContaining({
        product_code: 'RST-A',
        current_stock: 5,
        avg_daily_out: 1,
        days_of_cover: 5,
        // max(10 - 5, ceil(1 x 14) - 5, 0)
        suggested_quantity: 9,
      }),
      expect.objectContaining({
        product_code: 'RST-E',
        current_stock: 10,
        avg_daily_out: 0.17,
        days_of_cover: 60,
        // max(10 - 10, ceil(5/30 x 14) - 10 = 3 - 10, 0)
        suggested_quantity: 0,
      }),
      expect.objectContaining({
        product_code: 'RST-B',
        current_stock: 8,
        avg_daily_out: 0,
        days_of_cover: null,
        // max(10 - 8, 0 - 8, 0)
        suggested_quantity: 2,
      }),
    ]);
  });

  it('pages and searches in SQL', async () => {
    const second = await restock('?page=2&limit=3');
    expect(codes(second)).toEqual(['RST-B']);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    const beyond = await restock('?page=9&limit=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(4);
    const searched = await restock('?search=restock%20c');
    expect(codes(searched)).toEqual(['RST-C']);
    expect(searched.pagination.total).toBe(1);
    expect((await restock('?search=%25')).pagination.total).toBe(0);
  });

  it("follows 'Target Persediaan' (manager only) and logs its change", async () => {
    const set = (token: string, days: unknown) =>
      server.call('PUT', '/api/settings', token, { targetStockDays: days });
    expect((await set(server.actors.adminToken, 30)).statusCode).toBe(403);
    expect((await set(server.actors.managerToken, 0)).statusCode).toBe(400);
    expect((await set(server.actors.managerToken, 366)).statusCode).toBe(400);
    const saved = await set(server.actors.managerToken, 30);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ targetStockDays: 30 });
    expect((await server.call('GET', '/api/settings', null)).json()).toMatchObject({
      targetStockDays: 30,
    });
    expect((await latestLog(server.database, 'UPDATE_SETTINGS'))?.details).toBe(
      'Target Persediaan 14 → 30 hari',
    );
    const suggestions = Object.fromEntries(
      (await restock()).data.map((row) => [row.product_code, row.suggested_quantity]),
    );
    // C: ceil(1.5 x 30) - 5 = 40; A: ceil(1 x 30) - 5 = 25; E: ceil(5) - 10 < 0; B: 10 - 8.
    expect(suggestions).toEqual({ 'RST-C': 40, 'RST-A': 25, 'RST-E': 0, 'RST-B': 2 });
    await set(server.actors.managerToken, 14);
  });

  it("takes 'Stok Minimum' from the product form (min_stock) and logs the change", async () => {
    const get = await server.call('GET', `/api/products?search=RST-D`, server.actors.managerToken);
    const product = (get.json() as { data: Record<string, unknown>[] }).data[0];
    expect(product).toMatchObject({ code: 'RST-D', min_stock: 10 });
    const body = {
      barcode_id: d.barcodeId,
      code: d.code,
      name: d.name,
      initial_stock: 200,
      category: 'Kaos',
      brand: 'Merek',
      min_stock: 200,
    };
    const put = await server.call('PUT', `/api/products/${d.id}`, server.actors.managerToken, body);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ data: { min_stock: 200 } });
    expect((await latestLog(server.database, 'UPDATE_PRODUCT'))?.details).toContain(
      'stok minimum 10 → 200',
    );
    // An update without min_stock keeps it.
    const { min_stock: _, ...withoutMin } = body;
    const kept = await server.call(
      'PUT',
      `/api/products/${d.id}`,
      server.actors.managerToken,
      withoutMin,
    );
    expect(kept.json()).toMatchObject({ data: { min_stock: 200 } });
    const row = (await restock('?search=RST-D')).data[0];
    // stock 170 <= 200: listed with cover 170 days; max(200 - 170, 14 - 170, 0) = 30.
    expect(row).toMatchObject({ current_stock: 170, days_of_cover: 170, suggested_quantity: 30 });
    const refused = await server.call('PUT', `/api/products/${d.id}`, server.actors.managerToken, {
      ...body,
      min_stock: -1,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Stok Minimum minimal 0' });
  });
});

describe('GET /api/dashboard/daily', () => {
  it('gives every day of the range, days with nothing as 0', async () => {
    const product = await insertProduct(server.database, { stock: 0 });
    await postMovement(server, INCOMING, product, { quantity: 7, date: daysAgo(1) });
    const response = await server.call(
      'GET',
      `/api/dashboard/daily?startDate=${daysAgo(6)}&endDate=${today}`,
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(200);
    const days: DailyResponse = response.json();
    expect(days.map((day) => day.date)).toEqual([6, 5, 4, 3, 2, 1, 0].map(daysAgo));
    const byDate = Object.fromEntries(days.map((day) => [day.date, day]));
    // Today: A 6 and E 5 sold; 5 days ago A 9; yesterday D 10 sold and 7 received.
    expect(byDate[today]).toEqual({ date: today, incoming: 0, outgoing: 11 });
    expect(byDate[daysAgo(5)]).toEqual({ date: daysAgo(5), incoming: 0, outgoing: 9 });
    expect(byDate[daysAgo(1)]).toEqual({ date: daysAgo(1), incoming: 7, outgoing: 10 });
    expect(byDate[daysAgo(3)]).toEqual({ date: daysAgo(3), incoming: 0, outgoing: 0 });
  });

  it('defaults to the last 30 days and refuses a reversed or longer-than-a-year range', async () => {
    const fallback = await server.call('GET', '/api/dashboard/daily', server.actors.adminToken);
    const days: DailyResponse = fallback.json();
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(today);
    const reversed = await server.call(
      'GET',
      `/api/dashboard/daily?startDate=${today}&endDate=${daysAgo(1)}`,
      server.actors.adminToken,
    );
    expect(reversed.statusCode).toBe(400);
    const long = await server.call(
      'GET',
      `/api/dashboard/daily?startDate=${daysAgo(366)}&endDate=${today}`,
      server.actors.adminToken,
    );
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: 'Rentang tanggal maksimal 366 hari' });
    const year = await server.call(
      'GET',
      `/api/dashboard/daily?startDate=${daysAgo(365)}&endDate=${today}`,
      server.actors.adminToken,
    );
    expect(year.json()).toHaveLength(366);
  });
});

describe('the kept per-day totals', () => {
  async function drift(): Promise<unknown[]> {
    const { rows } = await server.database.db.execute(sql`
      with rows as (
        select date as day, product_id, sum(quantity) as qin, 0 as qout from incoming_goods group by 1, 2
        union all
        select date, product_id, 0, sum(quantity) from outgoing_goods group by 1, 2),
      summed as (select day, product_id, sum(qin) as qin, sum(qout) as qout from rows group by 1, 2),
      kept as (select day, product_id, incoming_quantity as qin, outgoing_quantity as qout
                 from product_daily_totals where incoming_quantity <> 0 or outgoing_quantity <> 0),
      shop as (select day, sum(incoming_quantity) as qin, sum(outgoing_quantity) as qout
                 from daily_totals group by day having sum(incoming_quantity) <> 0 or sum(outgoing_quantity) <> 0),
      shop_rows as (select day, sum(qin) as qin, sum(qout) as qout from summed group by day)
      (select 'product' as kind, day::text, product_id, qin, qout from (table summed except table kept) x
       union all
       select 'kept', day::text, product_id, qin, qout from (table kept except table summed) y
       union all
       select 'shop', day::text, null, qin, qout from (table shop except table shop_rows) z
       union all
       select 'shop rows', day::text, null, qin, qout from (table shop_rows except table shop) w)`);
    return rows;
  }

  it('follow edits and deletes in the same transaction, and the recalculation rebuilds them', async () => {
    const product = await insertProduct(server.database, { stock: 40 });
    const sale = await sell(product, 4, daysAgo(2));
    const edited = await server.call(
      'PUT',
      `${OUTGOING.url}/${sale.id}`,
      server.actors.managerToken,
      OUTGOING.body(product, { quantity: 6, date: daysAgo(3), resi_number: sale.resi_number }),
    );
    expect(edited.statusCode).toBe(200);
    const other = await sell(product, 2, daysAgo(4));
    await server.call('DELETE', `${OUTGOING.url}/${other.id}`, server.actors.managerToken);
    expect(await drift()).toEqual([]);
    await server.database.db.execute(sql`delete from product_daily_totals`);
    await server.database.db.execute(sql`delete from daily_totals`);
    const recalculated = await server.call(
      'POST',
      '/api/utils/recalculate-stock',
      server.actors.managerToken,
    );
    expect(recalculated.statusCode).toBe(200);
    expect(await drift()).toEqual([]);
  });
});

describe('POST /api/orders/from-restock', () => {
  const url = '/api/orders/from-restock';
  const orderCount = async () =>
    (await server.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

  it('makes one List Order entry per product, dated today under one resi, each logged', async () => {
    const logsBefore = (
      await server.database.db
        .select({ n: count() })
        .from(activityLogs)
        .where(eq(activityLogs.action, 'CREATE_ORDER'))
    )[0]?.n;
    const response = await server.call('POST', url, server.actors.managerToken, {
      items: [
        { product_code: 'rst-c', quantity: 16, price: 12500.5 },
        { product_code: 'RST-A', quantity: 9, price: 0 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { message: string; data: Order[] };
    expect(body.message).toBe('2 order berhasil dibuat');
    expect(body.data).toEqual([
      expect.objectContaining({ date: today, product_code: 'RST-C', quantity: 16, price: 12500.5 }),
      expect.objectContaining({ date: today, product_code: 'RST-A', quantity: 9, price: 0 }),
    ]);
    const resi = body.data[0]?.resi_number;
    expect(resi).toBe(`PO-${today.replaceAll('-', '')}-${body.data[0]?.id}`);
    expect(body.data[1]?.resi_number).toBe(resi);
    const logsAfter = (
      await server.database.db
        .select({ n: count() })
        .from(activityLogs)
        .where(eq(activityLogs.action, 'CREATE_ORDER'))
    )[0]?.n;
    expect(Number(logsAfter) - Number(logsBefore)).toBe(2);
    expect((await latestLog(server.database, 'CREATE_ORDER'))?.details).toBe(
      `Order dari restock: Kaos Restock A (RST-A) 9 x Rp 0, resi ${resi}`,
    );
  });

  it("counts what is ordered and not yet received as 'Sudah Dipesan' and suggests only the rest (issue 42 m13)", async () => {
    // 2 in stock, minimum 10, never sold: suggestion max(10 - 2, 0 - 2, 0) = 8.
    const f = await insertProduct(server.database, {
      stock: 2,
      code: 'RST-F',
      name: 'Kaos Restock F',
    });
    const rowOf = async () => (await restock('?search=RST-F')).data[0];
    expect(await rowOf()).toMatchObject({ on_order: 0, suggested_quantity: 8 });
    // An old List Order line never received (31 days ago) is not on the way any more.
    await server.database.db.insert(orders).values({
      productId: f.id,
      date: daysAgo(30),
      quantity: 4,
      price: 1000,
      resiNumber: 'LAMA-RST-F',
    });
    expect(await rowOf()).toMatchObject({ on_order: 0, suggested_quantity: 8 });
    const ordered = await server.call('POST', url, server.actors.managerToken, {
      items: [{ product_code: 'RST-F', quantity: 5, price: 1000 }],
    });
    expect(ordered.statusCode).toBe(201);
    const resi = (ordered.json() as { data: Order[] }).data[0]?.resi_number ?? '';
    // 5 on the way: max(10 - 2 - 5, 0 - 2 - 5, 0) = 3.
    expect(await rowOf()).toMatchObject({ current_stock: 2, on_order: 5, suggested_quantity: 3 });
    // The goods arrive under the order's resi (any letter case): no longer on order, now stock.
    await postMovement(server, INCOMING, f, { quantity: 5, resi_number: resi.toLowerCase() });
    expect(await rowOf()).toMatchObject({ current_stock: 7, on_order: 0, suggested_quantity: 3 });
  });

  it('writes nothing when one item is refused, and only for the manager', async () => {
    const before = await orderCount();
    const unknown = await server.call('POST', url, server.actors.managerToken, {
      items: [
        { product_code: 'RST-C', quantity: 1, price: 1 },
        { product_code: 'TIDAK-ADA', quantity: 1, price: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Kode Barang 'TIDAK-ADA' tidak ditemukan" });
    const twice = await server.call('POST', url, server.actors.managerToken, {
      items: [
        { product_code: 'RST-C', quantity: 1, price: 1 },
        { product_code: 'rst-c', quantity: 2, price: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: "Kode Barang 'rst-c' muncul lebih dari sekali" });
    const empty = await server.call('POST', url, server.actors.managerToken, { items: [] });
    expect(empty.statusCode).toBe(400);
    const admin = await server.call('POST', url, server.actors.adminToken, {
      items: [{ product_code: 'RST-C', quantity: 1, price: 1 }],
    });
    expect(admin.statusCode).toBe(403);
    expect(await orderCount()).toBe(before);
  });
});
