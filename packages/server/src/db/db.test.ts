import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../testing/test-app';
import { incomingGoods, outgoingGoods, products } from './schema';
import { createDatabase } from './client';
import { maintenanceWarning } from './maintenance';
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
      // Failures the shell reports, counted (drizzle/0044_deploy_tokens.sql).
      'client_errors',
      // The answers of writes sent with a client_id (drizzle/0042_client_requests.sql).
      'client_requests',
      // Per day for the whole shop, in 8 slots (drizzle/0015_restock_cost.sql).
      'daily_totals',
      'damaged_goods',
      'incoming_goods',
      // Pesanan Marketplace (drizzle/0011_marketplace_orders.sql).
      'marketplace_imports',
      // Imports being written in batches; the two views over the *_all tables (0050).
      'marketplace_imports_pending',
      'marketplace_order_lines',
      'marketplace_order_lines_all',
      'marketplace_orders',
      'marketplace_orders_all',
      // Pengembalian dari Marketplace (drizzle/0038_marketplace_returns.sql).
      'marketplace_returns',
      // Penghasilan Marketplace (drizzle/0036_marketplace_settlements.sql).
      'marketplace_settlements',
      'marketplace_stores',
      'orders',
      'outgoing_goods',
      // Daftar Ambil and Rak (drizzle/0039_racks_pick_batches.sql).
      'pick_batch_items',
      'pick_batch_lines',
      'pick_batch_orders',
      'pick_batches',
      // Totals kept by triggers (drizzle/0004_scale_totals.sql, per day: 0015).
      'product_daily_totals',
      'product_monthly_totals',
      'product_totals',
      'products',
      // A rack file's preview (drizzle/0039_racks_pick_batches.sql).
      'rack_imports',
      // A team's deploy tokens, hashed (drizzle/0044_deploy_tokens.sql).
      'remote_tokens',
      // A return file's preview (drizzle/0038_marketplace_returns.sql).
      'return_imports',
      // Retur and Stok Opname (drizzle/0016_returns_opname.sql).
      'return_lines',
      'returns',
      // Signed-out tokens until they expire (drizzle/0010_sessions.sql).
      'revoked_tokens',
      'row_counts',
      // Settlements summed per store and day (drizzle/0037_settlement_checks.sql).
      'settlement_days',
      // A settlement preview's orders (drizzle/0043_settlement_import_orders.sql).
      'settlement_import_orders',
      'settlement_imports',
      // What a label file's pages got (drizzle/0041_shipping_label_reports.sql).
      'shipping_label_reports',
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
      // Once per product, regardless of letter case (migrations 0003, 0028).
      const duplicateResi = database.db.insert(incomingGoods).values({
        productId: product.id,
        date: '2026-01-03',
        resiNumber: 'r1',
        quantity: 1,
        platform: 'Lazada',
      });
      expect(
        isUniqueViolation(await failure(duplicateResi), 'incoming_goods_resi_product_key'),
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

describe("the server's connections", () => {
  (process.env.DATABASE_URL ? it : it.skip)(
    'a server opens its ten connections before it listens and keeps them',
    async () => {
      const url = database.url ?? '';
      const connections = async () =>
        Number(
          (
            await rowsOf<{ n: unknown }>(
              sql`select count(*) as n from pg_stat_activity where datname = current_database()`,
            )
          )[0]?.n,
        );
      const idle = await connections();
      const server = await createDatabase({ databaseUrl: url, pgliteDir: 'memory://', warm: true });
      try {
        expect(await connections()).toBeGreaterThanOrEqual(idle + 10);
      } finally {
        await server.close();
      }
    },
  );
});

describe("PostgreSQL's housekeeping at start", () => {
  (process.env.DATABASE_URL ? it.skip : it)('is not checked on the embedded database', async () => {
    expect(database.kind).toBe('pglite');
    expect(await maintenanceWarning(database)).toBeNull();
  });

  (process.env.DATABASE_URL ? it : it.skip)(
    "warns exactly when the server's autovacuum is off",
    async () => {
      const [setting] = await rowsOf<{ autovacuum: string }>(sql`show autovacuum`);
      const warning = await maintenanceWarning(database);
      if (setting?.autovacuum === 'off')
        expect(warning).toMatch(/^PostgreSQL runs with autovacuum = off/);
      else expect(warning).toBeNull();
    },
  );

  (process.env.DATABASE_URL ? it : it.skip)(
    'warns when the statistics autovacuum needs are not collected',
    async () => {
      // track_counts can be set per session: every connection of this pool starts with it off.
      const url = new URL(database.url ?? '');
      url.searchParams.set('options', '-c track_counts=off');
      const counting = await createDatabase({
        databaseUrl: url.toString(),
        pgliteDir: 'memory://',
      });
      try {
        expect(await maintenanceWarning(counting)).toMatch(/track_counts = off/);
      } finally {
        await counting.close();
      }
    },
  );
});
