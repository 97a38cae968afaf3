// Test helpers of the movement and damaged-goods suites: products written straight to the
// database, tokens of both roles, and the counts a refused request must leave unchanged.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { App } from '../../app';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  outgoingGoods,
  products,
} from '../../db/schema';
import { createTestUser, login, type TestDatabase, type TestUser } from '../../testing/test-app';

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

/** initial + incoming - outgoing == current for every product (SPEC.md's consistency rule). */
export async function inconsistentProducts(database: TestDatabase) {
  const result = await database.db.execute<{ id: number; current: number; calculated: number }>(sql`
    select p.id, p.current_stock as current,
      p.initial_stock
        + coalesce((select sum(quantity) from incoming_goods where product_id = p.id), 0)
        - coalesce((select sum(quantity) from outgoing_goods where product_id = p.id), 0)
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
