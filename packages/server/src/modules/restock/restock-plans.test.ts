// Plan checks of the restock list and the daily chart on 5,000 products and 150,000 sales over
// 1,000 days (docs/adr/0007-scale.md), instead of timings: both read the kept per-day totals
// from their indexes, at most the days they cover, and never a movement table.
import { addDays } from '../../lib/dates';
import { expectIndexRead, planRecorder, type PlanRecorder } from '../../testing/plans';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { dailyTotals, restockList } from './service';

const PRODUCTS = 5_000;
const SALES = 150_000;
const DAYS = 1_000;
const ORDERS = 20_000;
const TODAY = '2026-11-20';

let database: TestDatabase;
let recorder: PlanRecorder;

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = planRecorder(database);
  const { client } = recorder;
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'), 'Kaos Model ' || i,
           1000, i % 200, 'Pakaian', 'Sinar Jaya'
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  // As the bulk loader does: the rows with the totals triggers off, then one rebuild.
  await client.query('ALTER TABLE outgoing_goods DISABLE TRIGGER USER');
  await client.query(`
    INSERT INTO outgoing_goods (product_id, date, resi_number, quantity, barcode)
    SELECT (i::bigint * 7919 % ${PRODUCTS} + 1)::int, date '${TODAY}' - (i % ${DAYS}), 'OUT' || i,
           1 + i % 3, 'x'
      FROM generate_series(1, ${SALES}) AS i`);
  await client.query('ALTER TABLE outgoing_goods ENABLE TRIGGER USER');
  // Supplier orders, 4 per product over the 1,000 days; every other one received under its resi
  // (before the window, so the sales above stay what the window reads).
  await client.query(`
    INSERT INTO orders (product_id, date, quantity, price, resi_number)
    SELECT (i % ${PRODUCTS} + 1)::int, date '${TODAY}' - (i % ${DAYS}), 10, 1000, 'PO' || i
      FROM generate_series(1, ${ORDERS}) AS i`);
  await client.query('ALTER TABLE incoming_goods DISABLE TRIGGER USER');
  await client.query(`
    INSERT INTO incoming_goods (product_id, date, resi_number, quantity, platform)
    SELECT (i % ${PRODUCTS} + 1)::int, date '${TODAY}' - ${DAYS}, 'po' || i, 10, 'Supplier'
      FROM generate_series(2, ${ORDERS}, 2) AS i`);
  await client.query('ALTER TABLE incoming_goods ENABLE TRIGGER USER');
  await client.query('SELECT rebuild_movement_totals()');
  await client.query('VACUUM ANALYZE');
}, 240_000);

afterAll(async () => {
  await database.destroy();
});

/** Rows of product_daily_totals in 30 days: at most one per sale of those days. */
const MONTH_ROWS = 30 * (SALES / DAYS);

describe('restock list', () => {
  it('reads 30 days of product_daily_totals from an index and no movement row', async () => {
    const run = (db: Parameters<Parameters<PlanRecorder['scansOf']>[1]>[0]) =>
      restockList(db, { page: 1, limit: 10 }, TODAY);
    expectIndexRead(await recorder.scansOf('product_daily_totals', run), MONTH_ROWS);
    // The movement rows are never scanned: Dipesan (issue 44) looks up only what open imported
    // orders shipped already, by the sales' order index (none here).
    expect(
      (await recorder.scansOf('outgoing_goods', run)).filter(
        (scan) => scan.index !== 'outgoing_goods_marketplace_order_idx' || scan.rows > 0,
      ),
    ).toEqual([]);
    // 'Sudah Dipesan': the page's 10 products' orders of the window only (about 1 each of their
    // 4), each looked up by its receipts' (resi, product) key: a few rows, never the tables.
    expectIndexRead(await recorder.scansOf('orders', run), 10 * 4);
    expectIndexRead(await recorder.scansOf('incoming_goods', run), 10 * 4);
    // The 5,000 products themselves are read once (no index on current_stock: ADR 0007).
    const products = await recorder.scansOf('products', run);
    expect(products.filter((scan) => scan.rows > PRODUCTS)).toEqual([]);
  });

  it('answers pages of every product in need', async () => {
    const list = await restockList(database.db, { page: 2, limit: 100 }, TODAY);
    expect(list.data).toHaveLength(100);
    const covers = list.data.map((row) => row.days_of_cover ?? Infinity);
    expect(covers).toEqual([...covers].sort((x, y) => x - y));
  });
});

describe('daily chart', () => {
  it('reads a year from daily_totals (at most 8 slots a day), never a movement row', async () => {
    const start = addDays(TODAY, -365);
    const run = (db: Parameters<Parameters<PlanRecorder['scansOf']>[1]>[0]) =>
      dailyTotals(db, start, TODAY);
    // A year is a third of these 1,000 days: the planner may read the small table whole (one
    // row per day after the rebuild) rather than by its key; either way at most that.
    const scans = await recorder.scansOf('daily_totals', run);
    expect(scans.filter((scan) => scan.rows > Math.max(366 * 8, DAYS))).toEqual([]);
    expect(await recorder.scansOf('outgoing_goods', run)).toEqual([]);
    const days = await dailyTotals(database.db, start, TODAY);
    expect(days).toHaveLength(366);
    // 150 sales a day of 1, 2 or 3 units: 300 a day.
    expect(days.at(-1)).toEqual({ date: TODAY, incoming: 0, outgoing: 300 });
  });
});
