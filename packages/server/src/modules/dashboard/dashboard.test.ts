import type { DashboardStats } from '@gudang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { App } from '../../app';
import { activityLogs, incomingGoods, outgoingGoods, products } from '../../db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../../testing/test-app';
import { dashboardRoutes } from './routes';
import { dashboardStats } from './service';

let database: TestDatabase;
let app: App;
let managerToken: string;
let adminToken: string;
const ids = new Map<string, number>();

// Two fixed clocks in the shop's time zone (Asia/Jakarta, UTC+7):
// Monday 2026-11-23 at 01:00 (still Sunday in UTC) and Wednesday 2026-11-25 at 10:00.
const MONDAY = new Date('2026-11-22T18:00:00Z');
const WEDNESDAY = new Date('2026-11-25T03:00:00Z');

// initial stock and the movements; current stock is consistent with them.
const PRODUCTS = [
  { code: 'A', initial: 10, current: 13 },
  { code: 'B', initial: 5, current: 0 },
  { code: 'C', initial: 3, current: 0 },
  { code: 'D', initial: 0, current: 0 },
  { code: 'E', initial: 20, current: 20 },
  { code: 'F', initial: 7, current: 7 },
];
const INCOMING = [
  { code: 'A', date: '2026-11-22', quantity: 4 }, // Sunday: yesterday of MONDAY, last week
  { code: 'B', date: '2026-11-24', quantity: 6 }, // Tuesday: yesterday of WEDNESDAY
  { code: 'A', date: '2026-11-01', quantity: 2 },
  { code: 'C', date: '2025-12-31', quantity: 1 }, // last year
];
const OUTGOING = [
  { code: 'A', date: '2026-11-23', quantity: 3 }, // MONDAY itself
  { code: 'B', date: '2026-11-24', quantity: 11 },
  { code: 'C', date: '2026-10-31', quantity: 4 },
];

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, { testMounts: ['/api/monday', '/api/wednesday'] });
  await app.register(dashboardRoutes, {
    prefix: '/api/monday',
    timeZone: 'Asia/Jakarta',
    now: () => MONDAY,
  });
  await app.register(dashboardRoutes, {
    prefix: '/api/wednesday',
    timeZone: 'Asia/Jakarta',
    now: () => WEDNESDAY,
  });
  const manager = await createTestUser(database, 'manager');
  const admin = await createTestUser(database, 'admin');
  managerToken = await login(app, manager.email, manager.password);
  adminToken = await login(app, admin.email, admin.password);

  const rows = await database.db
    .insert(products)
    .values(
      PRODUCTS.map((product) => ({
        barcodeId: `BC-${product.code}`,
        code: `${product.code}-001`,
        name: `Produk ${product.code}`,
        initialStock: product.initial,
        currentStock: product.current,
        category: 'Umum',
        brand: 'Gudang',
      })),
    )
    .returning();
  for (const row of rows) ids.set(row.code.slice(0, 1), row.id);
  const id = (code: string) => ids.get(code) ?? 0;
  await database.db.insert(incomingGoods).values(
    INCOMING.map((movement, index) => ({
      productId: id(movement.code),
      date: movement.date,
      quantity: movement.quantity,
      resiNumber: `IN-${index}`,
      platform: 'Shopee',
    })),
  );
  await database.db.insert(outgoingGoods).values(
    OUTGOING.map((movement, index) => ({
      productId: id(movement.code),
      date: movement.date,
      quantity: movement.quantity,
      resiNumber: `OUT-${index}`,
      barcode: `BC-${movement.code}`,
    })),
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function stats(url: string, token = managerToken) {
  const response = await app.inject({ method: 'GET', url, headers: authHeader(token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const recalculate = (token = managerToken) =>
  app.inject({ method: 'POST', url: '/api/utils/recalculate-stock', headers: authHeader(token) });

const setStock = (code: string, currentStock: number) =>
  database.db
    .update(products)
    .set({ currentStock })
    .where(eq(products.id, ids.get(code) ?? 0));

describe('GET /api/dashboard/stats', () => {
  it('gives every field for all time, as numbers', async () => {
    expect(await stats('/api/dashboard/stats')).toEqual({
      totalStock: 40,
      totalInitialStock: 45,
      incomingGoods: 13,
      outgoingGoods: 18,
      totalIncomingGoods: 13,
      totalOutgoingGoods: 18,
      // No returns or adjustments here (those: corrections-formula.test.ts).
      totalReturned: 0,
      totalAdjusted: 0,
      calculatedStock: 40,
      stockConsistency: { isConsistent: true, difference: 0, checkedAt: expect.any(String) },
      // 'Nilai Stok' (the manager's): these products have no cost.
      stockValue: 0,
      topStockProducts: [
        { name: 'Produk E', code: 'E-001', stock: 20 },
        { name: 'Produk A', code: 'A-001', stock: 13 },
        { name: 'Produk F', code: 'F-001', stock: 7 },
        { name: 'Produk B', code: 'B-001', stock: 0 },
        { name: 'Produk C', code: 'C-001', stock: 0 },
      ],
      mostOutgoingProducts: [
        { name: 'Produk B', code: 'B-001', total_out: 11 },
        { name: 'Produk C', code: 'C-001', total_out: 4 },
        { name: 'Produk A', code: 'A-001', total_out: 3 },
      ],
      outOfStockProducts: [
        { name: 'Produk B', code: 'B-001', stock: 0 },
        { name: 'Produk C', code: 'C-001', stock: 0 },
        { name: 'Produk D', code: 'D-001', stock: 0 },
      ],
      topOutOfStockProducts: [
        { name: 'Produk B', code: 'B-001', stock: 0, total_outgoing: 11 },
        { name: 'Produk C', code: 'C-001', stock: 0, total_outgoing: 4 },
        { name: 'Produk D', code: 'D-001', stock: 0, total_outgoing: 0 },
      ],
    });
  });

  it("is readable by an admin, and the same with ?period=all, without the manager's 'Nilai Stok'", async () => {
    const admin = await stats('/api/dashboard/stats?period=all', adminToken);
    const { stockValue, ...manager } = (await stats('/api/dashboard/stats')) as DashboardStats;
    expect(stockValue).toBe(0);
    expect(admin).toEqual(manager);
  });

  it.each([
    // On Monday 2026-11-23 (Jakarta) yesterday, Sunday 2026-11-22, is last week.
    ['monday', 'today', 0, 3],
    ['monday', 'week', 6, 14],
    ['monday', 'month', 12, 14],
    ['monday', 'year', 12, 18],
    // On Wednesday 2026-11-25 yesterday, Tuesday 2026-11-24, is this week.
    ['wednesday', 'today', 0, 0],
    ['wednesday', 'week', 6, 14],
  ])('on %s counts the %s movements: in %i, out %i', async (clock, period, incoming, outgoing) => {
    const body = await stats(`/api/${clock}/dashboard/stats?period=${period}`);
    expect(body.incomingGoods).toBe(incoming);
    expect(body.outgoingGoods).toBe(outgoing);
    // All-time numbers do not follow the period.
    expect(body.totalIncomingGoods).toBe(13);
    expect(body.totalOutgoingGoods).toBe(18);
    expect(body.stockConsistency.isConsistent).toBe(true);
  });

  it('counts yesterday in the week only when yesterday is in this week', async () => {
    // Monday: yesterday's A +4 (Sunday) is last week: only Tuesday's B +6 is this week's.
    const monday = await stats('/api/monday/dashboard/stats?period=week');
    expect(monday.incomingGoods).toBe(6);
    // Wednesday: yesterday's B +6 / -11 (Tuesday) are this week's, with Monday's A -3.
    const wednesday = await stats('/api/wednesday/dashboard/stats?period=week');
    expect(wednesday.incomingGoods).toBe(6);
    expect(wednesday.outgoingGoods).toBe(11 + 3);
    // Yesterday is today for neither.
    expect((await stats('/api/wednesday/dashboard/stats?period=today')).outgoingGoods).toBe(0);
  });

  it('limits most-outgoing products to the period', async () => {
    const body = await stats('/api/monday/dashboard/stats?period=week');
    expect(body.mostOutgoingProducts).toEqual([
      { name: 'Produk B', code: 'B-001', total_out: 11 },
      { name: 'Produk A', code: 'A-001', total_out: 3 },
    ]);
  });

  it('reads ?period= (sent empty) as no period, all time', async () => {
    expect(await stats('/api/dashboard/stats?period=')).toEqual(
      await stats('/api/dashboard/stats?period=all'),
    );
  });

  it.each(['?period=decade', '?period=ALL'])('answers 400 for %s', async (query) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/dashboard/stats${query}`,
      headers: authHeader(managerToken),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Periode harus salah satu dari: all, today, week, month, year',
    });
  });

  it('answers 401 without a token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/dashboard/stats' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/utils/recalculate-stock', () => {
  it('answers 403 to an admin and 401 without a token', async () => {
    const admin = await recalculate(adminToken);
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toEqual({ message: 'Hanya manager yang dapat menghitung ulang stok' });
    const anonymous = await app.inject({ method: 'POST', url: '/api/utils/recalculate-stock' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('repairs an inconsistency made in the database and reports how many changed', async () => {
    await setStock('E', 99);
    await setStock('D', 2);
    const broken = await stats('/api/dashboard/stats');
    expect(broken.totalStock).toBe(121);
    expect(broken.calculatedStock).toBe(40);
    expect(broken.stockConsistency).toMatchObject({ isConsistent: false, difference: 81 });

    const response = await recalculate();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Stok berhasil dihitung ulang', updated: 2 });

    const repaired = await stats('/api/dashboard/stats');
    expect(repaired.totalStock).toBe(40);
    expect(repaired.stockConsistency).toMatchObject({ isConsistent: true, difference: 0 });
    const [e] = await database.db.select().from(products).where(eq(products.code, 'E-001'));
    expect(e?.currentStock).toBe(20);

    const entries = await database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.action, 'RECALCULATE_STOCK'));
    expect(entries.map((entry) => entry.details)).toContain(
      'Menghitung ulang stok: 2 produk diperbarui (D-001 2 → 0, E-001 99 → 20)',
    );

    const again = await recalculate();
    expect(again.json()).toEqual({ message: 'Stok berhasil dihitung ulang', updated: 0 });
  });

  it('refuses, changing nothing, when a product would end below zero', async () => {
    const [extra] = await database.db
      .insert(outgoingGoods)
      .values({
        productId: ids.get('F') ?? 0,
        date: '2026-11-20',
        quantity: 10,
        resiNumber: 'OUT-X',
        barcode: 'BC-F',
      })
      .returning();
    await setStock('E', 50);

    const response = await recalculate();
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('Produk F (F-001)');
    const [e] = await database.db.select().from(products).where(eq(products.code, 'E-001'));
    expect(e?.currentStock).toBe(50);

    await database.db.delete(outgoingGoods).where(eq(outgoingGoods.id, extra?.id ?? 0));
    expect((await recalculate()).json().updated).toBe(1);
  });
});

describe('dashboardStats on one connection', () => {
  it('sends its queries one after another, never to a connection that is still busy', async () => {
    // Inside the route's transaction every query goes to one pg client; a second query sent
    // while the first runs is what pg deprecates ("client is already executing a query").
    let running = 0;
    let most = 0;
    const db = database.db;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (query: Parameters<typeof db.execute>[0]) => {
          running += 1;
          most = Math.max(most, running);
          try {
            return await target.execute(query);
          } finally {
            running -= 1;
          }
        };
      },
    });
    const stats = await dashboardStats(counting, null, {
      difference: 0,
      totalsMatch: true,
      checkedAt: new Date(),
    });
    expect(stats.totalStock).toBeGreaterThan(0);
    expect(most).toBe(1);
  });
});
