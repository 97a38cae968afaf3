// Plan checks of List Order Barang on 100,000 orders (docs/adr/0007-scale.md), instead of
// timings: a page of the list and the summary must read their rows from indexes, at most the
// rows of their date range (or the matches of a search), never the whole table.
import type { OrderQuery } from '@gudang/api-client/contract';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Db } from '../../db/client';
import { schema } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { listOrders, summarizeOrders } from './service';

const ROWS = 100_000;
const PRODUCTS = 2_000;
const DAYS = 1_000;
const LIMIT = 10;

interface RawClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

interface Scan {
  type: string;
  index?: string;
  rows: number;
  heapFetches?: number;
}

let database: TestDatabase;
let client: RawClient;
let captured: { text: string; params: unknown[] }[] = [];
let logged: Db;

// Orders of 2026-11-20 and the 999 days before it: 100 a day.
const LAST_DAY = '2026-11-20';
const WINDOW: OrderQuery = { startDate: '2026-11-07', endDate: '2026-11-20' };
const WINDOW_ROWS = 14 * (ROWS / DAYS);
const YEAR: OrderQuery = { startDate: '2025-11-21', endDate: '2026-11-20' };
const YEAR_ROWS = 365 * (ROWS / DAYS);

beforeAll(async () => {
  database = await createTestDatabase();
  const raw = (database.db as unknown as { $client: unknown }).$client;
  client = raw as RawClient;
  const logger: Logger = { logQuery: (text, params) => captured.push({ text, params }) };
  logged = (database.kind === 'postgresql'
    ? drizzlePg({ client: raw as never, schema, logger })
    : drizzlePglite({ client: raw as never, schema, logger })) as unknown as Db;
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

function parsePlan(rows: Record<string, unknown>[]): PlanNode {
  const value = rows[0]?.['QUERY PLAN'];
  const json = (typeof value === 'string' ? JSON.parse(value) : value) as { Plan: PlanNode }[];
  const plan = json[0]?.Plan;
  if (plan === undefined) throw new Error('no plan');
  return plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** Runs `run` through the recording drizzle; every orders scan of every statement it ran. */
async function scansOf(run: (db: Db) => Promise<unknown>): Promise<Scan[]> {
  captured = [];
  await run(logged);
  const statements = captured;
  expect(statements.length).toBeGreaterThan(0);
  const scans: Scan[] = [];
  for (const statement of statements) {
    const { rows } = await client.query(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`,
      statement.params,
    );
    for (const node of nodes(parsePlan(rows))) {
      const index = node['Index Name'];
      // A bitmap index scan names its index but no relation.
      if (node['Relation Name'] !== 'orders' && !index?.startsWith('orders_')) continue;
      scans.push({
        type: node['Node Type'],
        ...(index === undefined ? {} : { index }),
        rows:
          (node['Actual Rows'] +
            (node['Rows Removed by Filter'] ?? 0) +
            (node['Rows Removed by Index Recheck'] ?? 0)) *
          node['Actual Loops'],
        ...(node['Heap Fetches'] === undefined ? {} : { heapFetches: node['Heap Fetches'] }),
      });
    }
  }
  return scans;
}

/** No sequential scan of orders, and no scan reading more than `bound` rows. */
function expectIndexRead(scans: Scan[], bound: number): void {
  expect(scans.length).toBeGreaterThan(0);
  for (const scan of scans) {
    expect({ ...scan, seq: scan.type === 'Seq Scan', withinBound: scan.rows <= bound }).toEqual({
      ...scan,
      seq: false,
      withinBound: true,
    });
  }
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
