import { count, sql } from 'drizzle-orm';
import { createTestDatabase, buildTestApp, login, type TestDatabase } from '../testing/test-app';
import { addDays, todayIn } from '../lib/dates';
import {
  activityLogs,
  damagedGoods,
  incomingGoods,
  orders,
  outgoingGoods,
  products,
  users,
} from './schema';
import {
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  isForeignKeyViolation,
  isUniqueViolation,
  pgErrorCode,
} from './errors';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(() => database.destroy());

/** The error a database statement fails with; fails the test when it succeeds. */
async function failure(statement: PromiseLike<unknown>): Promise<unknown> {
  try {
    await statement;
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  (await database.db.execute(query)).rows as T[];

describe('migrations', () => {
  it('create every table of the spec on an empty database', async () => {
    const tables = await rowsOf<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'activity_logs',
      // Per day for the whole shop, in 8 slots (drizzle/0015_restock_cost.sql).
      'daily_totals',
      'damaged_goods',
      'incoming_goods',
      // Pesanan Marketplace (drizzle/0011_marketplace_orders.sql).
      'marketplace_imports',
      'marketplace_order_lines',
      'marketplace_orders',
      'orders',
      'outgoing_goods',
      // Totals kept by triggers (drizzle/0004_scale_totals.sql, per day: 0015).
      'product_daily_totals',
      'product_monthly_totals',
      'product_totals',
      'products',
      // Retur and Stok Opname (drizzle/0016_returns_opname.sql).
      'return_lines',
      'returns',
      // Signed-out tokens until they expire (drizzle/0010_sessions.sql).
      'revoked_tokens',
      'row_counts',
      // 'Target Persediaan' (0015).
      'shop_settings',
      'sku_mapping_items',
      'sku_mappings',
      'stock_adjustments',
      'stock_opname_lines',
      'stock_opname_sessions',
      'users',
    ]);
    const [extension] = await rowsOf<{ extname: string }>(
      sql`select extname from pg_extension where extname = 'pg_trgm'`,
    );
    expect(extension?.extname).toBe('pg_trgm');
  });

  it('can run again without changing anything', async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it('enforce the stock, quantity and uniqueness rules in the database', async () => {
    try {
      const [product] = await database.db
        .insert(products)
        .values({
          barcodeId: 'T-BC-1',
          code: 'T-1',
          name: 'Uji',
          category: 'Uji',
          brand: 'Uji',
          initialStock: 1,
          currentStock: 1,
        })
        .returning();
      if (product === undefined) throw new Error('no product');

      const negative = database.db
        .update(products)
        .set({ currentStock: -1 })
        .where(sql`${products.id} = ${product.id}`);
      expect(pgErrorCode(await failure(negative))).toBe(PG_CHECK_VIOLATION);

      const zeroQuantity = database.db.insert(incomingGoods).values({
        productId: product.id,
        date: '2026-01-02',
        resiNumber: 'R0',
        quantity: 0,
        platform: 'Shopee',
      });
      expect(pgErrorCode(await failure(zeroQuantity))).toBe(PG_CHECK_VIOLATION);

      await database.db.insert(incomingGoods).values({
        productId: product.id,
        date: '2026-01-02',
        resiNumber: 'R1',
        quantity: 2,
        platform: 'Shopee',
      });
      // Unique regardless of letter case (migration 0003).
      const duplicateResi = database.db.insert(incomingGoods).values({
        productId: product.id,
        date: '2026-01-03',
        resiNumber: 'r1',
        quantity: 1,
        platform: 'Lazada',
      });
      expect(
        isUniqueViolation(await failure(duplicateResi), 'incoming_goods_resi_number_lower_key'),
      ).toBe(true);

      const sameCode = database.db
        .insert(products)
        .values({ barcodeId: 'T-BC-2', code: 't-1', name: 'Uji 2', category: 'Uji', brand: 'Uji' });
      expect(isUniqueViolation(await failure(sameCode), 'products_code_lower_key')).toBe(true);

      const negativePrice = database.db.insert(outgoingGoods).values({
        productId: product.id,
        date: '2026-01-02',
        resiNumber: 'R2',
        quantity: 1,
        barcode: 'T-BC-1',
        sellingPrice: -5,
      });
      expect(pgErrorCode(await failure(negativePrice))).toBe(PG_CHECK_VIOLATION);

      // Movements keep their product: no cascade delete.
      const deleteProduct = database.db.delete(products).where(sql`${products.id} = ${product.id}`);
      expect(pgErrorCode(await failure(deleteProduct))).toBe(PG_FOREIGN_KEY_VIOLATION);
      expect(isForeignKeyViolation(await failure(deleteProduct))).toBe(true);

      // Dates come back as calendar strings, money as numbers.
      const [row] = await database.db
        .insert(outgoingGoods)
        .values({
          productId: product.id,
          date: '2026-01-02',
          resiNumber: 'R3',
          quantity: 1,
          barcode: 'T-BC-1',
          sellingPrice: 12500.5,
        })
        .returning();
      expect(row?.date).toBe('2026-01-02');
      expect(row?.sellingPrice).toBe(12500.5);
    } finally {
      await database.db.execute(
        sql`truncate outgoing_goods, incoming_goods, products restart identity cascade`,
      );
    }
  });
});

describe('demo seed', () => {
  const counts = async () => ({
    users: (await database.db.select({ n: count() }).from(users))[0]?.n,
    products: (await database.db.select({ n: count() }).from(products))[0]?.n,
    incoming: (await database.db.select({ n: count() }).from(incomingGoods))[0]?.n,
    outgoing: (await database.db.select({ n: count() }).from(outgoingGoods))[0]?.n,
    damaged: (await database.db.select({ n: count() }).from(damagedGoods))[0]?.n,
    orders: (await database.db.select({ n: count() }).from(orders))[0]?.n,
    logs: (await database.db.select({ n: count() }).from(activityLogs))[0]?.n,
  });

  beforeAll(async () => {
    const app = await buildTestApp(database, { env: { SEED_DEMO: 'true' } });
    await app.ready();
    await app.close();
  }, 60_000);

  it('creates the demo accounts, who can sign in', async () => {
    const app = await buildTestApp(database);
    try {
      await expect(login(app, 'manager@gudang.test', 'manager123')).resolves.toEqual(
        expect.any(String),
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'admin@gudang.test', password: 'admin123' },
      });
      expect(response.json().user).toMatchObject({ role: 'admin', name: 'Admin Demo' });
    } finally {
      await app.close();
    }
  });

  it('creates a believable shop', async () => {
    const seeded = await counts();
    expect(seeded.users).toBe(2);
    expect(seeded.products).toBeGreaterThanOrEqual(30);
    expect(seeded.incoming).toBeGreaterThanOrEqual(50);
    expect(seeded.outgoing).toBeGreaterThanOrEqual(100);
    expect(seeded.damaged).toBeGreaterThanOrEqual(5);
    expect(seeded.orders).toBeGreaterThanOrEqual(30);
    expect(seeded.logs).toBeGreaterThanOrEqual(100);

    const stock = await rowsOf<{
      out: number;
      low: number;
      categories: number;
      brands: number;
    }>(sql`
      select count(*) filter (where current_stock = 0)::int as out,
             count(*) filter (where current_stock between 1 and 10)::int as low,
             count(distinct category)::int as categories,
             count(distinct brand)::int as brands
      from products`);
    expect(stock[0]?.out).toBeGreaterThanOrEqual(2);
    expect(stock[0]?.low).toBeGreaterThanOrEqual(2);
    expect(stock[0]?.categories).toBeGreaterThanOrEqual(4);
    expect(stock[0]?.brands).toBeGreaterThanOrEqual(6);

    const platforms = await rowsOf<{ platform: string }>(
      sql`select distinct platform from incoming_goods order by 1`,
    );
    expect(platforms.map((row) => row.platform)).toEqual([
      'Lazada',
      'Shopee',
      'TikTok Shop',
      'Tokopedia',
    ]);
  });

  it('dates everything around today in the shop time zone', async () => {
    const today = todayIn('Asia/Jakarta');
    const [range] = await rowsOf<{ first: string; last: string; last_order: string }>(sql`
      select (select min(date)::text from incoming_goods) as first,
             (select max(date)::text from outgoing_goods) as last,
             (select max(date)::text from orders) as last_order`);
    expect(range?.first !== undefined && range.first >= addDays(today, -35)).toBe(true);
    expect(range?.last).toBe(today);
    expect(range?.last_order !== undefined && range.last_order <= addDays(today, 7)).toBe(true);
  });

  it('keeps current = initial + incoming - outgoing for every product, never negative on the way', async () => {
    const mismatches = await rowsOf<{ id: number }>(sql`
      select p.id from products p
      where p.current_stock <> p.initial_stock
        + coalesce((select sum(quantity) from incoming_goods i where i.product_id = p.id), 0)
        - coalesce((select sum(quantity) from outgoing_goods o where o.product_id = p.id), 0)`);
    expect(mismatches).toEqual([]);

    const negative = await rowsOf<{ product_id: number }>(sql`
      with moves as (
        select product_id, date, 0 as kind, quantity from incoming_goods
        union all
        select product_id, date, 1 as kind, -quantity from outgoing_goods
      ),
      running as (
        select m.product_id, p.initial_stock + sum(m.quantity) over (
          partition by m.product_id order by m.date, m.kind rows unbounded preceding) as stock
        from moves m join products p on p.id = m.product_id
      )
      select distinct product_id from running where stock < 0`);
    expect(negative).toEqual([]);

    const [barcodes] = await rowsOf<{ wrong: number }>(sql`
      select count(*)::int as wrong from outgoing_goods o join products p on p.id = o.product_id
      where o.barcode <> p.barcode_id`);
    expect(barcodes?.wrong).toBe(0);
  });

  it('adds nothing on a second start', async () => {
    const before = await counts();
    const app = await buildTestApp(database, { env: { SEED_DEMO: 'true' } });
    await app.ready();
    await app.close();
    expect(await counts()).toEqual(before);
  });
});
