// The read cache's invariant over every kept route (lib/snapshot-cache.ts, ADR 0022): list, write
// from another connection, list again -> the write shows, in this worker and in another one (a
// second app on the same database, with caches of its own, as WORKERS runs them). The kept routes
// are found by calling every GET route the server registers: a route whose answer goes through
// the cache and is not in KEPT below fails here, so a new kept route cannot ship unchecked.
import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import type { App } from '../app';
import { createDatabase, type Database } from '../db/client';
import { todayIn } from './dates';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../testing/test-app';
import { insertProduct, type TestProduct } from '../testing/fixtures';
import { SnapshotCache } from './snapshot-cache';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  marketplaceOrders,
  orders,
  outgoingGoods,
  products,
  returnLines,
  returns,
  skuMappingItems,
  skuMappings,
  stockAdjustments,
  stockOpnameSessions,
} from '../db/schema';

let database: TestDatabase;
/** Another connection to the same database (PGlite has one: its only connection). */
let other: Database;
let worker: App;
let anotherWorker: App;
/** The token a route is read with: the manager's, or the admin's where only the admin may. */
const tokens: string[] = [];
const tokenOf = new Map<string, string>();
const routes: RouteOptions[] = [];
let product: TestProduct;

const today = todayIn('Asia/Jakarta');
const period = `startDate=${today.slice(0, 8)}01&endDate=${today}`;

/**
 * Every kept route, with the query it is read with here (`:id` and `:barcode` filled in). The
 * whole stock report logs each request (a write: the next request reads again), so its keeping is
 * seen after the screen's page 2 of the same report.
 */
const KEPT: Record<string, string> = {
  'GET /api/activity-logs': '',
  'GET /api/damaged-goods': '',
  'GET /api/dashboard/stats': 'period=month',
  'GET /api/dashboard/daily': period,
  'GET /api/incoming-goods': '',
  'GET /api/outgoing-goods': '',
  'GET /api/marketplace-orders': '',
  'GET /api/sku-mappings': '',
  'GET /api/orders': period,
  'GET /api/orders/summary': period,
  'GET /api/pembukuan': period,
  'GET /api/pembukuan/stats': period,
  'GET /api/products': '',
  'GET /api/products/all': '',
  'GET /api/products/barcode/:barcode': '',
  'GET /api/products/:id/ledger': '',
  'GET /api/reports': `type=stock&${period}&includeEmpty=true`,
  'GET /api/reports/stock': `${period}&includeEmpty=true&page=2&limit=1`,
  'GET /api/restock': '',
  'GET /api/returns': '',
  'GET /api/stock-opname': '',
  'GET /api/stock-adjustments': '',
};

const KEPT_AFTER: Record<string, string> = {
  'GET /api/reports': 'GET /api/reports/stock',
};

/** The URL of a route key, its path values filled in with the test's product. */
function urlOf(key: string, query = KEPT[key] ?? period): string {
  const path = key
    .replace(/^GET /, '')
    .replace(':id', String(product.id))
    .replace(':barcode', product.barcodeId)
    .replace(/:[a-zA-Z]+/g, 'TIDAK-ADA');
  return query === '' ? path : `${path}?${query}`;
}

const read = async (app: App, url: string) => {
  const path = url.split('?')[0] ?? url;
  const known = tokenOf.get(path);
  for (const token of known === undefined ? tokens : [known]) {
    const response = await app.inject({ method: 'GET', url, headers: authHeader(token) });
    if (response.statusCode === 403 && known === undefined) continue;
    tokenOf.set(path, token);
    return { status: response.statusCode, body: response.body };
  }
  return { status: 403, body: '' };
};

let writes = 0;
/**
 * A write that every kept route's answer shows, from another connection, in one transaction:
 * every product renamed, and one new row of each kind a kept route lists (a receipt, a sale, a
 * damaged item, a log entry, an order, a marketplace order, a SKU mapping, a return, a stock
 * take and an adjustment), all of today.
 */
async function writeElsewhere(): Promise<void> {
  writes += 1;
  const mark = `INV-${writes}`;
  await other.db.transaction(async (tx) => {
    await tx.update(products).set({ name: sql`${products.name} || ' ' || ${String(writes)}` });
    await tx.insert(incomingGoods).values({
      productId: product.id,
      date: today,
      quantity: 3,
      resiNumber: `${mark}-IN`,
      platform: 'Shopee',
    });
    const [sale] = await tx
      .insert(outgoingGoods)
      .values({
        productId: product.id,
        date: today,
        quantity: 1,
        resiNumber: `${mark}-OUT`,
        barcode: product.barcodeId,
        purchasePrice: 1000,
        sellingPrice: 2500,
      })
      .returning({ id: outgoingGoods.id });
    await tx.insert(damagedGoods).values({
      productId: product.id,
      barcodeId: product.barcodeId,
      code: product.code,
      name: mark,
      stock: 1,
      category: 'Kaos',
      brand: 'Merek',
      damageReason: mark,
      date: today,
    });
    await tx.insert(activityLogs).values({
      action: 'GENERATE_REPORT',
      userName: 'Tes',
      userEmail: '',
      details: mark,
    });
    await tx
      .insert(orders)
      .values({ productId: product.id, date: today, quantity: 1, price: 2500, resiNumber: mark });
    const [order] = await tx
      .insert(marketplaceOrders)
      .values({
        channel: 'shopee',
        orderNumber: mark,
        resiNumber: `${mark}-MP`,
        status: 'perlu_dikirim',
        statusText: 'Perlu Dikirim',
        date: today,
      })
      .returning({ id: marketplaceOrders.id });
    const [mapping] = await tx
      .insert(skuMappings)
      .values({ sku: mark })
      .returning({ id: skuMappings.id });
    if (sale === undefined || order === undefined || mapping === undefined)
      throw new Error('not written');
    await tx
      .insert(skuMappingItems)
      .values({ mappingId: mapping.id, productId: product.id, quantity: 1 });
    const [returned] = await tx
      .insert(returns)
      .values({ resiNumber: `${mark}-OUT`, date: today, reason: mark, createdByName: 'Tes' })
      .returning({ id: returns.id });
    if (returned === undefined) throw new Error('not written');
    await tx.insert(returnLines).values({
      returnId: returned.id,
      outgoingGoodsId: sale.id,
      productId: product.id,
      date: today,
      quantity: 1,
      condition: 'damaged',
    });
    await tx
      .insert(stockOpnameSessions)
      .values({ name: mark, scopeType: 'all', status: 'cancelled', startedByName: 'Tes' });
    await tx.insert(stockAdjustments).values({
      productId: product.id,
      date: today,
      quantity: 1,
      reason: mark,
      createdByName: 'Tes',
    });
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  other =
    database.url === null
      ? database
      : await createDatabase({ databaseUrl: database.url, pgliteDir: 'memory://' });
  worker = await buildTestApp(database, { onRoute: (route) => routes.push(route) });
  anotherWorker = await buildTestApp(database);
  for (const role of ['manager', 'admin'] as const) {
    const user = await createTestUser(database, role);
    tokens.push(await login(worker, user.email, user.password));
  }
  product = await insertProduct(database, { stock: 50, name: 'Kaos Invarian' });
  await insertProduct(database, { stock: 0, name: 'Kaos Habis' });
  await writeElsewhere();
}, 120_000);

afterAll(async () => {
  await worker.close();
  await anotherWorker.close();
  if (other !== database) await other.close();
  await database.destroy();
}, 60_000);

/** The readings the cache starts (a kept answer sent again starts none). */
const readings = jest.spyOn(SnapshotCache.prototype as never, 'start' as never);
/** The requests that went through the cache. */
const kept = jest.spyOn(SnapshotCache.prototype as never, 'keep' as never);

function getRoutes(): string[] {
  return routes
    .filter((route) => route.url.startsWith('/api') && !route.url.startsWith('/api/docs'))
    .filter((route) => [route.method].flat().includes('GET'))
    .map((route) => `GET ${route.url}`);
}

/**
 * Tries up to thirty times: on PostgreSQL the snapshot is the server's, shared by every database on
 * it, so another test file's write at the same moment makes a request read again (safe, but not
 * what a step expects).
 */
async function eventually(attempt: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 30; i += 1) if (await attempt()) return true;
  return false;
}

describe('the read cache over every kept route', () => {
  it('finds every route that keeps its answer in the table, and every route of the table kept', async () => {
    const found: string[] = [];
    for (const key of getRoutes()) {
      const before = kept.mock.calls.length;
      await read(worker, urlOf(key));
      if (kept.mock.calls.length > before) found.push(key);
    }
    expect(found.sort()).toEqual(Object.keys(KEPT).sort());
  }, 120_000);

  it.each(Object.keys(KEPT))(
    '%s: list, write from another connection, list again -> the write shows in both workers',
    async (key) => {
      const url = urlOf(key);
      const first = await read(worker, url);
      expect(first.status).toBe(200);
      // Kept: asked again with nothing written, the answer is sent without a reading.
      const keptAfter = KEPT_AFTER[key];
      const warm = keptAfter === undefined ? url : urlOf(keptAfter);
      const keptIn = (app: App) =>
        eventually(async () => {
          await read(app, warm);
          const before = readings.mock.calls.length;
          await read(app, url);
          return readings.mock.calls.length === before;
        });
      expect(await keptIn(worker)).toBe(true);
      expect(await keptIn(anotherWorker)).toBe(true);
      const before = await read(worker, url);
      const beforeElsewhere = await read(anotherWorker, url);

      await writeElsewhere();

      const after = await read(worker, url);
      expect(after.status).toBe(200);
      expect(after.body).not.toBe(before.body);
      const afterElsewhere = await read(anotherWorker, url);
      expect(afterElsewhere.status).toBe(200);
      expect(afterElsewhere.body).not.toBe(beforeElsewhere.body);
    },
    60_000,
  );
});
