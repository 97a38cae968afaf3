import { VALIDATION_MESSAGES } from '@gudang/api-client/contract';
import type { App } from '../../app';
import { incomingGoods, outgoingGoods, products } from '../../db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../../testing/test-app';
import { productsRoutes } from './routes';

let database: TestDatabase;
let app: App;
let token: string;
let adminToken: string;
let productId: number;

/** 2026-11-23 10:00 in Jakarta, still 2026-11-22 in UTC. */
const FIXED_NOW = new Date('2026-11-22T20:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database, { testMounts: ['/api/fixed-clock'] });
  // The same routes again with a fixed clock, for the default date range.
  await app.register(productsRoutes, {
    prefix: '/api/fixed-clock',
    timeZone: 'Asia/Jakarta',
    now: () => FIXED_NOW,
  });
  const manager = await createTestUser(database, 'manager');
  const admin = await createTestUser(database, 'admin');
  token = await login(app, manager.email, manager.password);
  adminToken = await login(app, admin.email, admin.password);

  // initial 10, +5 -3 before the range; +4 -6 +2 -1 inside 2026-11-10..2026-11-20; +7 after.
  const [product] = await database.db
    .insert(products)
    .values({
      barcodeId: '899555',
      code: 'KPH-001',
      name: 'Kaos Polos Hitam',
      initialStock: 10,
      currentStock: 18,
      category: 'Pakaian',
      brand: 'Gudang',
    })
    .returning();
  productId = product?.id ?? 0;
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 0, minute));
  await database.db.insert(incomingGoods).values([
    {
      productId,
      date: '2026-11-01',
      resiNumber: 'IN-1',
      quantity: 5,
      platform: 'Shopee',
      createdAt: at(1),
    },
    {
      productId,
      date: '2026-11-10',
      resiNumber: 'IN-2',
      quantity: 4,
      platform: 'Tokopedia',
      createdAt: at(2),
    },
    // Same day as OUT-2 but recorded after it.
    {
      productId,
      date: '2026-11-12',
      resiNumber: 'IN-3',
      quantity: 2,
      platform: 'Lazada',
      createdAt: at(4),
    },
    {
      productId,
      date: '2026-11-25',
      resiNumber: 'IN-4',
      quantity: 7,
      platform: 'Shopee',
      createdAt: at(5),
    },
  ]);
  await database.db.insert(outgoingGoods).values([
    {
      productId,
      date: '2026-11-02',
      resiNumber: 'OUT-1',
      quantity: 3,
      barcode: '899555',
      createdAt: at(1),
    },
    {
      productId,
      date: '2026-11-12',
      resiNumber: 'OUT-2',
      quantity: 6,
      barcode: '899555',
      createdAt: at(3),
    },
    {
      productId,
      date: '2026-11-20',
      resiNumber: 'OUT-3',
      quantity: 1,
      barcode: '899555',
      createdAt: at(6),
    },
  ]);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

const get = (url: string, bearer = token) =>
  app.inject({ method: 'GET', url, headers: authHeader(bearer) });

describe('GET /api/products/:id/ledger', () => {
  it('gives the opening balance, each movement with its running balance, and the closing balance', async () => {
    const response = await get(
      `/api/products/${productId}/ledger?startDate=2026-11-10&endDate=2026-11-20`,
    );
    expect(response.statusCode).toBe(200);
    const ledger = response.json().data;
    expect(ledger.product).toMatchObject({ id: productId, code: 'KPH-001', current_stock: 18 });
    expect(ledger).toMatchObject({
      startDate: '2026-11-10',
      endDate: '2026-11-20',
      opening_balance: 12,
      total_incoming: 6,
      total_outgoing: 7,
      closing_balance: 11,
    });
    expect(ledger.entries).toEqual([
      {
        id: expect.any(Number),
        type: 'incoming',
        date: '2026-11-10',
        resi_number: 'IN-2',
        platform: 'Tokopedia',
        barcode: null,
        quantity: 4,
        balance: 16,
      },
      {
        id: expect.any(Number),
        type: 'outgoing',
        date: '2026-11-12',
        resi_number: 'OUT-2',
        platform: null,
        barcode: '899555',
        quantity: -6,
        balance: 10,
      },
      {
        id: expect.any(Number),
        type: 'incoming',
        date: '2026-11-12',
        resi_number: 'IN-3',
        platform: 'Lazada',
        barcode: null,
        quantity: 2,
        balance: 12,
      },
      {
        id: expect.any(Number),
        type: 'outgoing',
        date: '2026-11-20',
        resi_number: 'OUT-3',
        platform: null,
        barcode: '899555',
        quantity: -1,
        balance: 11,
      },
    ]);
  });

  it('closes at the current stock for a range up to the last movement', async () => {
    const response = await get(
      `/api/products/${productId}/ledger?startDate=2026-10-01&endDate=2026-12-31`,
    );
    const ledger = response.json().data;
    expect(ledger.opening_balance).toBe(10);
    expect(ledger.entries).toHaveLength(7);
    expect(ledger.closing_balance).toBe(18);
  });

  it('includes both ends of the range', async () => {
    const response = await get(
      `/api/products/${productId}/ledger?startDate=2026-11-12&endDate=2026-11-12`,
    );
    const ledger = response.json().data;
    expect(ledger.opening_balance).toBe(16);
    expect(ledger.entries.map((entry: { resi_number: string }) => entry.resi_number)).toEqual([
      'OUT-2',
      'IN-3',
    ]);
    expect(ledger.closing_balance).toBe(12);
  });

  it('defaults to the 30 days up to today in the shop’s time zone', async () => {
    const response = await get(`/api/fixed-clock/products/${productId}/ledger`);
    expect(response.statusCode).toBe(200);
    const ledger = response.json().data;
    expect(ledger).toMatchObject({ startDate: '2026-10-24', endDate: '2026-11-23' });
    expect(ledger.opening_balance).toBe(10);
    // IN-4 (2026-11-25) is after today.
    expect(ledger.entries).toHaveLength(6);
    expect(ledger.closing_balance).toBe(11);

    const fromOnly = await get(
      `/api/fixed-clock/products/${productId}/ledger?startDate=2026-11-15`,
    );
    expect(fromOnly.json().data).toMatchObject({ startDate: '2026-11-15', endDate: '2026-11-23' });
  });

  it.each([
    ['startDate=2026-11-20&endDate=2026-11-10', 'Tanggal mulai tidak boleh setelah tanggal akhir'],
    ['startDate=2026-02-30', 'Tanggal Mulai tidak valid (format yyyy-mm-dd)'],
    ['endDate=2026-13-01', 'Tanggal Akhir tidak valid (format yyyy-mm-dd)'],
    ['startDate=23-11-2026', 'Tanggal Mulai tidak valid (format yyyy-mm-dd)'],
    ['startDate=0001-01-01', VALIDATION_MESSAGES.dateWindow('Tanggal Mulai')],
    ['endDate=9999-12-31', VALIDATION_MESSAGES.dateWindow('Tanggal Akhir')],
  ])('answers 400 for %s', async (query, message) => {
    const response = await get(`/api/products/${productId}/ledger?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers 404 for an unknown product and 403 for an admin', async () => {
    const missing = await get('/api/products/999999/ledger');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Produk tidak ditemukan' });
    const admin = await get(`/api/products/${productId}/ledger`, adminToken);
    expect(admin.statusCode).toBe(403);
  });
});
