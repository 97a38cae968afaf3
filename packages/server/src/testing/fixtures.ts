// Test helpers of the movement and damaged-goods suites: the app on a fresh database with both
// roles signed in, products written straight to the database, valid request bodies, and the
// counts a refused request must leave unchanged.
import type { ProductInput } from '@gudang/api-client/contract';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { App } from '../app';
import { activityLogs, damagedGoods, incomingGoods, outgoingGoods, products } from '../db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
  type TestUser,
} from './test-app';

let productCounter = 0;

export interface TestProduct {
  id: number;
  code: string;
  barcodeId: string;
  name: string;
}

export async function insertProduct(
  database: TestDatabase,
  fields: { stock?: number; name?: string; brand?: string; category?: string; code?: string } = {},
): Promise<TestProduct> {
  productCounter += 1;
  const stock = fields.stock ?? 0;
  const [row] = await database.db
    .insert(products)
    .values({
      code: fields.code ?? `KODE-${productCounter}`,
      barcodeId: `BC${String(productCounter).padStart(6, '0')}`,
      name: fields.name ?? `Produk ${productCounter}`,
      initialStock: stock,
      currentStock: stock,
      category: fields.category ?? 'Kaos',
      brand: fields.brand ?? 'Merek',
    })
    .returning({
      id: products.id,
      code: products.code,
      barcodeId: products.barcodeId,
      name: products.name,
    });
  if (row === undefined) throw new Error('product not inserted');
  return row;
}

/** A field of a product body: text for a number as the forms send it, or a wrong value on purpose. */
type ProductFields = { [Field in keyof ProductInput]?: unknown };

/**
 * A valid body of POST (or PUT) /api/products for `code`: barcode `<code>-BC`, 20 in stock, a
 * Kaos of Lokal; `fields` change or add the others.
 */
export function productBody(code: string, fields: ProductFields = {}) {
  return {
    barcode_id: `${code}-BC`,
    code,
    name: `Kaos ${code}`,
    initial_stock: 20,
    category: 'Kaos',
    brand: 'Lokal',
    ...fields,
  };
}

export async function stockOf(database: TestDatabase, productId: number): Promise<number> {
  const [row] = await database.db
    .select({ stock: products.currentStock })
    .from(products)
    .where(eq(products.id, productId));
  if (row === undefined) throw new Error(`no product ${productId}`);
  return row.stock;
}

/** Rows of every table a movement request writes, to prove a refused request wrote nothing. */
export async function snapshot(database: TestDatabase) {
  const rows = async (
    table: typeof incomingGoods | typeof outgoingGoods | typeof damagedGoods | typeof activityLogs,
  ) => (await database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const stocks = await database.db
    .select({ id: products.id, stock: products.currentStock })
    .from(products)
    .orderBy(products.id);
  return {
    incoming: await rows(incomingGoods),
    outgoing: await rows(outgoingGoods),
    damaged: await rows(damagedGoods),
    logs: await rows(activityLogs),
    stocks,
  };
}

/**
 * initial + incoming - outgoing + returned in good condition + adjustments == current for every
 * product (docs/product.md's consistency rule, with returns and adjustments).
 */
export async function inconsistentProducts(database: TestDatabase) {
  const result = await database.db.execute<{ id: number; current: number; calculated: number }>(sql`
    select p.id, p.current_stock as current,
      p.initial_stock
        + coalesce((select sum(quantity) from incoming_goods where product_id = p.id), 0)
        - coalesce((select sum(quantity) from outgoing_goods where product_id = p.id), 0)
        + coalesce((select sum(quantity) from return_lines
                     where product_id = p.id and condition = 'good'), 0)
        + coalesce((select sum(quantity) from stock_adjustments where product_id = p.id), 0)
        as calculated
    from products p`);
  return result.rows.filter((row) => Number(row.current) !== Number(row.calculated));
}

export async function latestLog(database: TestDatabase, action: string) {
  const [row] = await database.db
    .select()
    .from(activityLogs)
    .where(eq(activityLogs.action, action))
    .orderBy(desc(activityLogs.id))
    .limit(1);
  return row ?? null;
}

export interface Actors {
  manager: TestUser;
  admin: TestUser;
  managerToken: string;
  adminToken: string;
}

export async function signInBoth(app: App, database: TestDatabase): Promise<Actors> {
  const manager = await createTestUser(database, 'manager');
  const admin = await createTestUser(database, 'admin');
  return {
    manager,
    admin,
    managerToken: await login(app, manager.email, manager.password),
    adminToken: await login(app, admin.email, admin.password),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TestServer {
  database: TestDatabase;
  app: App;
  actors: Actors;
  /** A request as the bearer of `token` (null: signed out); `payload` is sent as JSON. */
  call(
    method: Method,
    url: string,
    token: string | null,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
}

async function startTestServer(): Promise<TestServer & { close(): Promise<void> }> {
  const database = await createTestDatabase();
  const app = await buildTestApp(database);
  return {
    database,
    app,
    actors: await signInBoth(app, database),
    call(method, url, token, payload) {
      const options: InjectOptions = {
        method,
        url,
        headers: token === null ? {} : authHeader(token),
      };
      if (payload !== undefined) options.payload = payload;
      return app.inject(options);
    },
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/**
 * The app on a fresh database for the surrounding file or describe block: started in its
 * beforeAll, closed in its afterAll. Read the fields inside tests and hooks only.
 */
export function setupTestServer(): TestServer {
  let started: Awaited<ReturnType<typeof startTestServer>> | null = null;
  const current = (): TestServer => {
    if (started === null) throw new Error('the test server starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startTestServer();
  }, 60_000);
  afterAll(async () => {
    await started?.close();
  });
  return {
    get database() {
      return current().database;
    },
    get app() {
      return current().app;
    },
    get actors() {
      return current().actors;
    },
    call: (method, url, token, payload) => current().call(method, url, token, payload),
  };
}

/** What differs between Barang Masuk and Barang Keluar as their tests see it. */
export interface MovementKind {
  url: '/api/incoming-goods' | '/api/outgoing-goods';
  /** A record of quantity q changes its product's stock by sign * q. */
  sign: 1 | -1;
  /** The kind's own required text field. */
  ownField: 'platform' | 'barcode';
  /** A valid body for the product with a fresh resi; `fields` override (undefined drops one). */
  body(product: TestProduct, fields?: Record<string, unknown>): Record<string, unknown>;
}

let resiCounter = 0;
const nextResi = (prefix: string) => {
  resiCounter += 1;
  return `${prefix}-${resiCounter}`;
};

/** The body fields both kinds share. */
function movementBody(product: TestProduct, resiPrefix: string, quantity: number) {
  return {
    product_code: product.code,
    product_name: product.name,
    category: 'Kaos',
    brand: 'Merek',
    resi_number: nextResi(resiPrefix),
    quantity,
    date: '2026-11-20',
  };
}

export const INCOMING: MovementKind = {
  url: '/api/incoming-goods',
  sign: 1,
  ownField: 'platform',
  body: (product, fields = {}) => ({
    ...movementBody(product, 'RESI-IN', 5),
    platform: 'Shopee',
    ...fields,
  }),
};

export const OUTGOING: MovementKind = {
  url: '/api/outgoing-goods',
  sign: -1,
  ownField: 'barcode',
  body: (product, fields = {}) => ({
    ...movementBody(product, 'RESI-OUT', 1),
    barcode: product.barcodeId,
    ...fields,
  }),
};

export interface SavedMovement {
  id: number;
  resi_number: string;
  quantity: number;
}

/** Records a movement as the manager; the test fails unless it is created. */
export async function postMovement(
  server: TestServer,
  kind: MovementKind,
  product: TestProduct,
  fields: Record<string, unknown> = {},
): Promise<SavedMovement> {
  const response = await server.call(
    'POST',
    kind.url,
    server.actors.managerToken,
    kind.body(product, fields),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as SavedMovement;
}

/** mulberry32: the same mix on every run. */
export function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Row = Record<string, unknown>;
/** The rows of a query, every value as text (either driver). */
export const rowsOf = async (database: TestDatabase, query: ReturnType<typeof sql>) =>
  (await database.db.execute<Row>(query)).rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, String(value)])),
  );

/** The kept totals next to the same numbers summed from the rows, both as sorted text rows. */
export async function keptAndCounted(database: TestDatabase) {
  return {
    kept: {
      products: await rowsOf(
        database,
        sql`
        select product_id, incoming_rows, incoming_quantity, outgoing_rows, outgoing_quantity,
               returned_quantity, adjusted_quantity
          from product_totals
         where incoming_rows <> 0 or outgoing_rows <> 0 or incoming_quantity <> 0
            or outgoing_quantity <> 0 or returned_quantity <> 0 or adjusted_quantity <> 0
         order by product_id`,
      ),
      months: await rowsOf(
        database,
        sql`
        select to_char(month, 'YYYY-MM-DD') as month, product_id, incoming_quantity,
               outgoing_quantity, returned_quantity, adjusted_quantity
          from product_monthly_totals
         where incoming_quantity <> 0 or outgoing_quantity <> 0 or returned_quantity <> 0
            or adjusted_quantity <> 0
         order by month, product_id`,
      ),
      damaged: await rowsOf(
        database,
        sql`
        select rows from row_counts where table_name = 'damaged_goods'`,
      ),
      activity: await rowsOf(
        database,
        sql`
        select coalesce(sum(rows), 0) as rows from row_counts
         where table_name like 'activity_logs/%'`,
      ),
    },
    counted: {
      products: await rowsOf(
        database,
        sql`
        select product_id, sum(in_rows) as incoming_rows, sum(in_qty) as incoming_quantity,
               sum(out_rows) as outgoing_rows, sum(out_qty) as outgoing_quantity,
               sum(ret_qty) as returned_quantity, sum(adj_qty) as adjusted_quantity
          from (select product_id, 1 as in_rows, quantity as in_qty, 0 as out_rows, 0 as out_qty,
                       0 as ret_qty, 0 as adj_qty
                  from incoming_goods
                union all
                select product_id, 0, 0, 1, quantity, 0, 0 from outgoing_goods
                union all
                select product_id, 0, 0, 0, 0, quantity, 0 from return_lines
                 where condition = 'good'
                union all
                select product_id, 0, 0, 0, 0, 0, quantity from stock_adjustments) m
         group by product_id order by product_id`,
      ),
      months: await rowsOf(
        database,
        sql`
        select to_char(date_trunc('month', date), 'YYYY-MM-DD') as month, product_id,
               sum(in_qty) as incoming_quantity, sum(out_qty) as outgoing_quantity,
               sum(ret_qty) as returned_quantity, sum(adj_qty) as adjusted_quantity
          from (select date, product_id, quantity as in_qty, 0 as out_qty, 0 as ret_qty,
                       0 as adj_qty
                  from incoming_goods
                union all
                select date, product_id, 0, quantity, 0, 0 from outgoing_goods
                union all
                select date, product_id, 0, 0, quantity, 0 from return_lines
                 where condition = 'good'
                union all
                select date, product_id, 0, 0, 0, quantity from stock_adjustments) m
         group by 1, 2 order by 1, 2`,
      ),
      damaged: await rowsOf(database, sql`select count(*) as rows from damaged_goods`),
      activity: await rowsOf(database, sql`select count(*) as rows from activity_logs`),
    },
  };
}
