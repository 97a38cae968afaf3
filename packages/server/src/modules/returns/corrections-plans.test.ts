// Plan checks of the issue-25 lists and reads on 40,000 returns and 40,000 adjustments
// (docs/adr/0007-scale.md, 0016), instead of timings: every page, search and stock card reads
// from indexes, never a whole table.
import type { Db } from '../../db/client';
import {
  expectIndexRead,
  planRecorder,
  type PlanRecorder,
  type RawClient,
} from '../../testing/plans';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { productLedger } from '../products/service';
import { listAdjustments } from '../stock-opname/service';
import { listReturns } from './service';

// 40,000: a scan of a whole list reads 70 times the largest bound below (560 rows of a two-week
// window), and the planner reads from the indexes as it does at 100,000 (the number until
// 2026-11-29), in less than half the setup time.
const ROWS = 40_000;
const PRODUCTS = 2_000;
const DAYS = 1_000;
const WINDOW_ROWS = 14 * (ROWS / DAYS);
const WINDOW = { startDate: '2026-11-07', endDate: '2026-11-20' };

let database: TestDatabase;
let client: RawClient;
let recorder: PlanRecorder;

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = planRecorder(database);
  client = recorder.client;
  for (const trigger of [
    'outgoing_goods ENABLE TRIGGER outgoing_goods_totals',
    'return_lines ENABLE TRIGGER return_lines_totals',
    'stock_adjustments ENABLE TRIGGER stock_adjustments_totals',
  ])
    await client.query(`ALTER TABLE ${trigger.replace('ENABLE', 'DISABLE')}`);
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'), 'Kaos Model ' || i,
           1000, 1000, 'Pakaian', 'Sinar Jaya'
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  await client.query(`
    INSERT INTO outgoing_goods (product_id, date, resi_number, quantity, barcode)
    SELECT (i::bigint * 7919 % ${PRODUCTS} + 1)::int, date '2026-11-20' - (i % ${DAYS}),
           'OUT' || lpad((i::bigint * 5555555557 % 1000000000000)::text, 12, '0'), 2, 'x'
      FROM generate_series(1, ${ROWS}) AS i`);
  await client.query(`
    INSERT INTO returns (resi_number, date, reason, created_by_name)
    SELECT o.resi_number, o.date, 'Alasan ' || (o.id % 97), 'Admin' FROM outgoing_goods o`);
  await client.query(`
    INSERT INTO return_lines (return_id, outgoing_goods_id, product_id, date, quantity, condition)
    SELECT r.id, o.id, o.product_id, o.date, 1, CASE WHEN o.id % 4 = 0 THEN 'damaged' ELSE 'good' END
      FROM returns r JOIN outgoing_goods o ON o.resi_number = r.resi_number`);
  await client.query(`
    INSERT INTO stock_adjustments (product_id, date, quantity, reason, created_by_name)
    SELECT (i::bigint * 7919 % ${PRODUCTS} + 1)::int, date '2026-11-20' - (i % ${DAYS}),
           CASE WHEN i % 2 = 0 THEN 1 ELSE -1 END, 'Stok opname: Sesi ' || (i % 500), 'Manager'
      FROM generate_series(1, ${ROWS}) AS i`);
  for (const trigger of [
    'outgoing_goods ENABLE TRIGGER outgoing_goods_totals',
    'return_lines ENABLE TRIGGER return_lines_totals',
    'stock_adjustments ENABLE TRIGGER stock_adjustments_totals',
  ])
    await client.query(`ALTER TABLE ${trigger}`);
  await client.query('SELECT rebuild_movement_totals()');
  await client.query('VACUUM ANALYZE');
}, 300_000);

afterAll(async () => {
  await database.destroy();
});

const scans = (table: string, run: (db: Db) => Promise<unknown>) => recorder.scansOf(table, run);

describe('returns list', () => {
  it('reads page 1 of a two-week window from the date index, counting only the window', async () => {
    const read = await scans('returns', (db) => listReturns(db, { ...WINDOW, page: 1, limit: 10 }));
    expectIndexRead(read, WINDOW_ROWS);
  });

  it('finds a resi through the trigram index', async () => {
    const { rows } = await client.query(`select resi_number from returns where id = 4321`);
    const fragment = String(rows[0]?.resi_number).slice(-8);
    const read = await scans('returns', (db) => listReturns(db, { search: fragment, limit: 10 }));
    expectIndexRead(read, 200);
  });
});

describe('adjustments list', () => {
  it('reads page 1 of a two-week window from the date index', async () => {
    const read = await scans('stock_adjustments', (db) =>
      listAdjustments(db, { ...WINDOW, page: 1, limit: 10 }),
    );
    expectIndexRead(read, WINDOW_ROWS);
  });

  it('finds a product’s adjustments through the products’ search and the product index', async () => {
    const read = await scans('stock_adjustments', (db) =>
      listAdjustments(db, { search: 'Kaos Model 1234', limit: 10 }),
    );
    // One product's adjustments (40,000 / 2,000 = 20), plus the reason index's answer (none).
    expectIndexRead(read, 500);
  });
});

describe('stock card', () => {
  it('reads one product’s return lines and adjustments by the (product_id, date) indexes', async () => {
    for (const table of ['return_lines', 'stock_adjustments']) {
      const read = await scans(table, (db) => productLedger(db, 1234, '2026-10-01', '2026-11-20'));
      expectIndexRead(read, 200);
    }
  });
});
