// Plan checks of Pembukuan on 100,000 outgoing transactions (docs/adr/0007-scale.md), instead of
// timings: a page of the range, a searched page and the stats must read from indexes, at most
// the rows of their date range (or the matches of a search), never the whole table.
import type { PembukuanQuery } from '@gudang/api-client/contract';
import type { Db } from '../../db/client';
import {
  expectIndexRead,
  planRecorder,
  type PlanRecorder,
  type RawClient,
  type Scan,
} from '../../testing/plans';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import {
  listPembukuan,
  listPembukuanWithFees,
  pembukuanStats,
  pembukuanStatsWithFees,
} from './service';

const ROWS = 100_000;
const PRODUCTS = 2_000;
const DAYS = 1_000;
const LIMIT = 10;

let database: TestDatabase;
let client: RawClient;
let recorder: PlanRecorder;

// Sales of 2026-11-20 and the 999 days before it: 100 a day.
const WINDOW: PembukuanQuery = { startDate: '2026-11-07', endDate: '2026-11-20' };
const WINDOW_ROWS = 14 * (ROWS / DAYS);
const YEAR: PembukuanQuery = { startDate: '2025-11-21', endDate: '2026-11-20' };
const YEAR_ROWS = 365 * (ROWS / DAYS);

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = planRecorder(database);
  client = recorder.client;
  // The totals are rebuilt by no one here: the trigger would cost a row update per sale.
  await client.query('ALTER TABLE outgoing_goods DISABLE TRIGGER outgoing_goods_totals');
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'),
           (ARRAY['Kaos', 'Kemeja', 'Celana', 'Sepatu', 'Tas'])[i % 5 + 1] || ' Model ' || i ||
             CASE WHEN i % 50 = 0 THEN ' Khusus' ELSE '' END,
           1000, 1000, 'Pakaian', 'Sinar Jaya'
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  await client.query(`
    INSERT INTO outgoing_goods (product_id, date, resi_number, quantity, barcode,
                                purchase_price, selling_price, discount)
    SELECT (i::bigint * 7919 % ${PRODUCTS} + 1)::int, date '2026-11-20' - (i % ${DAYS}),
           'OUT' || lpad((i::bigint * 5555555557 % 1000000000000)::text, 12, '0'), 1 + i % 5,
           '899' || lpad(((i::bigint * 7919 % ${PRODUCTS}) + 1)::text, 10, '0'),
           (i % 90) * 1000 + 0.25, (i % 90) * 1300 + 0.5, (i % 3) * 100
      FROM generate_series(1, ${ROWS}) AS i`);
  await client.query('ALTER TABLE outgoing_goods ENABLE TRIGGER outgoing_goods_totals');
  // Statistics, and the visibility map that index-only scans rely on (as after any autovacuum).
  await client.query('VACUUM ANALYZE');
}, 240_000);

afterAll(async () => {
  await database.destroy();
});

/** Every outgoing_goods scan of every statement `run` ran. */
function scansOf(run: (db: Db) => Promise<unknown>): Promise<Scan[]> {
  return recorder.scansOf('outgoing_goods', run);
}

describe('pembukuan list', () => {
  it('reads page 1 of the default window from indexes, counting only the window', async () => {
    const scans = await scansOf((db) => listPembukuan(db, { ...WINDOW, page: 1, limit: LIMIT }));
    expectIndexRead(scans, WINDOW_ROWS);
  });

  it('reads page 1 with the marketplace fees (the route) just as well', async () => {
    const scans = await scansOf((db) =>
      listPembukuanWithFees(db, { ...WINDOW, page: 1, limit: LIMIT }, '2026-11-20'),
    );
    expectIndexRead(scans, WINDOW_ROWS);
  });

  it('reads a deep page of a year without reading beyond the year', async () => {
    const scans = await scansOf((db) => listPembukuan(db, { ...YEAR, page: 100, limit: LIMIT }));
    expectIndexRead(scans, YEAR_ROWS);
  });

  it('finds a resi fragment of a year through the resi trigram index, reading a handful', async () => {
    const [row] = (await client.query(`select resi_number from outgoing_goods where id = 12345`))
      .rows;
    const fragment = String(row?.resi_number).slice(-7, -1);
    const scans = await scansOf((db) =>
      listPembukuan(db, { ...YEAR, search: fragment, page: 1, limit: LIMIT }),
    );
    expectIndexRead(scans, 5 * LIMIT);
    expect(scans.map((scan) => scan.index)).toContain('outgoing_goods_resi_trgm_idx');
  });

  it("finds the sales of matching products through the product's index", async () => {
    // 'Khusus': one product in 50, so 2% of the year.
    const scans = await scansOf((db) =>
      listPembukuan(db, { ...YEAR, search: 'khusus', page: 1, limit: LIMIT }),
    );
    expectIndexRead(scans, 2 * (YEAR_ROWS / 50));
    expect(scans.map((scan) => scan.index)).toContain('outgoing_goods_product_id_idx');
  });
});

// A year's stats read a third of this table: PostgreSQL may rightly read it whole (a seq scan is
// cheaper than a bitmap over a third of the pages), so that answer is kept between writes instead
// (lib/snapshot-cache.ts), and only the default window's reading is checked here.
describe('pembukuan stats', () => {
  it('sums the default window reading just the window', async () => {
    const scans = await scansOf((db) => pembukuanStats(db, WINDOW));
    expectIndexRead(scans, WINDOW_ROWS);
  });

  it('sums the fees of the default window (the route) reading just the window', async () => {
    const scans = await scansOf((db) => pembukuanStatsWithFees(db, WINDOW, '2026-11-20'));
    expectIndexRead(scans, WINDOW_ROWS);
  });
});
