// Plan checks of List Order Barang on 100,000 orders (docs/adr/0007-scale.md), instead of
// timings: a page of the list and the summary must read their rows from indexes, at most the
// rows of their date range (or the matches of a search), never the whole table.
import type { OrderQuery } from '@gudang/api-client/contract';
import {
  expectIndexRead,
  planRecorder,
  type PlanRecorder,
  type RawClient,
  type Scan,
} from '../../testing/plans';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import type { Db } from '../../db/client';
import { listOrders, summarizeOrders } from './service';

const ROWS = 100_000;
const PRODUCTS = 2_000;
const DAYS = 1_000;
const LIMIT = 10;

let database: TestDatabase;
let client: RawClient;
let recorder: PlanRecorder;

// Orders of 2026-11-20 and the 999 days before it: 100 a day.
const LAST_DAY = '2026-11-20';
const WINDOW: OrderQuery = { startDate: '2026-11-07', endDate: '2026-11-20' };
const WINDOW_ROWS = 14 * (ROWS / DAYS);
const YEAR: OrderQuery = { startDate: '2025-11-21', endDate: '2026-11-20' };
const YEAR_ROWS = 365 * (ROWS / DAYS);

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = planRecorder(database);
  client = recorder.client;
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'),
           (ARRAY['Kaos', 'Kemeja', 'Celana', 'Sepatu', 'Tas'])[i % 5 + 1] || ' Model ' || i,
           0, 0, 'Pakaian',
           (ARRAY['Sinar Jaya', 'Mitra Abadi'])[i % 2 + 1] || CASE WHEN i % 50 = 0 THEN ' Khusus' ELSE '' END
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  // Bank: one order in seven has none.
  await client.query(`
    INSERT INTO orders (product_id, date, quantity, price, resi_number, bank)
    SELECT (i::bigint * 7919 % ${PRODUCTS} + 1)::int, date '${LAST_DAY}' - (i % ${DAYS}), 1 + i % 5,
           ((i * 37) % 500) * 1000 + 0.5,
           'ORD' || lpad((i::bigint * 5555555557 % 1000000000000)::text, 12, '0'),
           (ARRAY['BCA', 'BRI', 'Mandiri', 'BNI', 'BSI', 'CIMB Niaga', NULL])[i % 7 + 1]
      FROM generate_series(1, ${ROWS}) AS i`);
  // Statistics, and the visibility map that index-only scans rely on (as after any autovacuum).
  await client.query('VACUUM ANALYZE');
}, 240_000);

afterAll(async () => {
  await database.destroy();
});

/** Every orders scan of every statement `run` ran. */
function scansOf(run: (db: Db) => Promise<unknown>): Promise<Scan[]> {
  return recorder.scansOf('orders', run);
}

describe('order list', () => {
  it('reads page 1 of the default window from orders_date_idx, counting only the window', async () => {
    const scans = await scansOf((db) => listOrders(db, { ...WINDOW, page: 1, limit: LIMIT }));
    expectIndexRead(scans, WINDOW_ROWS);
    // The count and the page's ids from the index alone.
    expect(scans.filter((scan) => scan.type === 'Index Only Scan')).toHaveLength(2);
    expect(scans.every((scan) => (scan.heapFetches ?? 0) === 0)).toBe(true);
  });

  it('reads a deep page of a year without sorting the year', async () => {
    const scans = await scansOf((db) => listOrders(db, { ...YEAR, page: 100, limit: LIMIT }));
    expectIndexRead(scans, YEAR_ROWS);
    const pageScan = scans.find(
      (scan) => scan.type === 'Index Only Scan' && scan.rows <= 100 * LIMIT,
    );
    expect(pageScan).toMatchObject({ index: 'orders_date_idx' });
  });

  it('finds a resi fragment of a year through orders_search_trgm_idx, reading a handful', async () => {
    const [row] = (await client.query(`select resi_number from orders where id = 12345`)).rows;
    const fragment = String(row?.resi_number).slice(-7, -1);
    const scans = await scansOf((db) =>
      listOrders(db, { ...YEAR, search: fragment, page: 1, limit: LIMIT }),
    );
    expectIndexRead(scans, 5 * LIMIT);
    expect(scans.map((scan) => scan.index)).toContain('orders_search_trgm_idx');
  });

  it('finds the orders of matching products (brand) through orders_product_id_idx', async () => {
    // 'Khusus': one product in 50, so 2% of the year.
    const scans = await scansOf((db) =>
      listOrders(db, { ...YEAR, search: 'khusus', page: 1, limit: LIMIT }),
    );
    expectIndexRead(scans, 2 * (YEAR_ROWS / 50));
    expect(scans.map((scan) => scan.index)).toContain('orders_product_id_idx');
  });
});

describe('order summary', () => {
  it('sums a window from orders_date_idx alone, reading just the window', async () => {
    const scans = await scansOf((db) => summarizeOrders(db, { ...WINDOW, page: 1, limit: LIMIT }));
    expect(scans).toEqual([
      { type: 'Index Only Scan', index: 'orders_date_idx', rows: WINDOW_ROWS, heapFetches: 0 },
    ]);
  });

  it('sums a year from the index alone, never the table', async () => {
    const scans = await scansOf((db) => summarizeOrders(db, { ...YEAR, page: 1, limit: LIMIT }));
    expect(scans).toEqual([
      { type: 'Index Only Scan', index: 'orders_date_idx', rows: YEAR_ROWS, heapFetches: 0 },
    ]);
  });

  it('sums the matches of a search, found by its indexes', async () => {
    const scans = await scansOf((db) =>
      summarizeOrders(db, { ...YEAR, search: 'khusus', page: 1, limit: LIMIT }),
    );
    expectIndexRead(scans, 2 * (YEAR_ROWS / 50));
  });
});
