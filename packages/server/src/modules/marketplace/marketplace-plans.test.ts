// Plan checks of Pesanan Marketplace on 100,000 orders (200,000 lines), instead of timings
// (docs/adr/0007-scale.md): the list's pages, filters and searches and the import's look-ups read
// their rows from indexes, at most the rows of their date range (or of the file), never the
// whole table.
import type { MarketplaceOrderQuery } from '@gudang/api-client/contract';
import type { Db } from '../../db/client';
import {
  expectIndexRead,
  planRecorder,
  type PlanRecorder,
  type RawClient,
  type Scan,
} from '../../testing/plans';
import { createTestDatabase, type TestDatabase } from '../../testing/test-app';
import { linesWithStates } from './imports';
import { listMarketplaceOrders } from './orders';
import type { ParsedLine } from './parse-orders';

const ORDERS = 100_000;
const PRODUCTS = 2_000;
const DAYS = 1_000;
const LIMIT = 20;
const LAST_DAY = '2026-11-20';
const PER_DAY = ORDERS / DAYS;
const WINDOW: MarketplaceOrderQuery = { startDate: '2026-11-06', endDate: '2026-11-20' };
const WINDOW_ROWS = 15 * PER_DAY;
const YEAR: MarketplaceOrderQuery = { startDate: '2025-11-21', endDate: '2026-11-20' };
const YEAR_ROWS = 365 * PER_DAY;
const CHANNELS = ['shopee', 'tiktok', 'lazada', 'tokopedia', 'bigseller'];
const STATUSES = [
  'perlu_dikirim',
  'dikirim',
  'selesai',
  'batal',
  'retur',
  'belum_bayar',
  'lainnya',
];

let database: TestDatabase;
let client: RawClient;
let recorder: PlanRecorder;

beforeAll(async () => {
  database = await createTestDatabase();
  recorder = planRecorder(database);
  client = recorder.client;
  await client.query(`
    INSERT INTO products (barcode_id, code, name, initial_stock, current_stock, category, brand)
    SELECT '899' || lpad(i::text, 10, '0'), 'BRG' || lpad(i::text, 5, '0'),
           (ARRAY['Kaos', 'Kemeja', 'Celana', 'Sepatu', 'Tas'])[i % 5 + 1] || ' Model ' || i ||
             CASE WHEN i % 100 = 0 THEN ' Istimewa' ELSE '' END,
           100, 100, 'Pakaian', 'Merek'
      FROM generate_series(1, ${PRODUCTS}) AS i`);
  // Order i: channel i % 5, status i % 7; its lines sell SKUs MP-(i % 2000) and BRG code (i * 7).
  await client.query(`
    INSERT INTO marketplace_orders (channel, order_number, resi_number, status, status_text, date, total)
    SELECT (ARRAY['${CHANNELS.join("','")}'])[i % 5 + 1],
           'ORD' || lpad((i::bigint * 5555555557 % 1000000000000)::text, 12, '0'),
           CASE WHEN i % 10 = 0 THEN NULL ELSE 'RESI' || lpad((i::bigint * 7919)::text, 12, '0') END,
           (ARRAY['${STATUSES.join("','")}'])[i % 7 + 1], 'Status', date '${LAST_DAY}' - (i % ${DAYS}),
           50000
      FROM generate_series(1, ${ORDERS}) AS i`);
  await client.query(`
    INSERT INTO marketplace_order_lines (order_id, sku, variation, product_name, quantity, unit_price)
    SELECT o.id, 'MP-' || lpad((o.id % ${PRODUCTS})::text, 5, '0'), '', 'Barang', 1, 25000
      FROM marketplace_orders o
    UNION ALL
    SELECT o.id, 'BRG' || lpad(((o.id * 7) % ${PRODUCTS} + 1)::text, 5, '0'), 'Hitam', 'Barang', 1, 25000
      FROM marketplace_orders o`);
  // Every MP- SKU maps to one product (a fifth of them to a combo of two).
  await client.query(`
    INSERT INTO sku_mappings (channel, sku, variation)
    SELECT CASE WHEN i % 2 = 0 THEN NULL ELSE 'shopee' END, 'MP-' || lpad(i::text, 5, '0'), NULL
      FROM generate_series(0, ${PRODUCTS - 1}) AS i`);
  await client.query(`
    INSERT INTO sku_mapping_items (mapping_id, product_id, quantity)
    SELECT m.id, (m.id % ${PRODUCTS}) + 1, 1 FROM sku_mappings m
    UNION ALL
    SELECT m.id, ((m.id + 1) % ${PRODUCTS}) + 1, 2 FROM sku_mappings m WHERE m.id % 5 = 0`);
  await client.query('VACUUM ANALYZE');
}, 300_000);

afterAll(async () => {
  await database.destroy();
});

const ordersScans = (run: (db: Db) => Promise<unknown>): Promise<Scan[]> =>
  recorder.scansOf('marketplace_orders', run);
const lineScans = (run: (db: Db) => Promise<unknown>): Promise<Scan[]> =>
  recorder.scansOf('marketplace_order_lines', run);

describe('the marketplace order list', () => {
  it('reads page 1 of the default window from marketplace_orders_date_idx', async () => {
    const scans = await ordersScans((db) => listMarketplaceOrders(db, { ...WINDOW, limit: LIMIT }));
    expectIndexRead(scans, WINDOW_ROWS);
    expect(scans.map((scan) => scan.index)).toContain('marketplace_orders_date_idx');
    // The page's lines by their order (the lines' unique key), never the whole table.
    expectIndexRead(
      await lineScans((db) => listMarketplaceOrders(db, { ...WINDOW, limit: LIMIT })),
      2 * LIMIT,
    );
  });

  it('reads a channel and a status from their own (…, date, id) indexes', async () => {
    const byChannel = await ordersScans((db) =>
      listMarketplaceOrders(db, { ...YEAR, channel: 'lazada', page: 10, limit: LIMIT }),
    );
    expectIndexRead(byChannel, YEAR_ROWS / 5);
    expect(byChannel.map((scan) => scan.index)).toContain('marketplace_orders_channel_date_idx');
    const byStatus = await ordersScans((db) =>
      listMarketplaceOrders(db, { ...YEAR, status: 'retur', limit: LIMIT }),
    );
    expectIndexRead(byStatus, YEAR_ROWS / 7 + 1);
    expect(byStatus.map((scan) => scan.index)).toContain('marketplace_orders_status_date_idx');
  });

  it('searches a year by resi, SKU and mapped product without reading the whole tables', async () => {
    const [row] = (
      await client.query(`select resi_number from marketplace_orders where id = 12345`)
    ).rows;
    for (const search of [String(row?.resi_number).slice(-8), 'MP-01234', 'istimewa']) {
      const orders = await ordersScans((db) =>
        listMarketplaceOrders(db, { ...YEAR, search, limit: LIMIT }),
      );
      expectIndexRead(orders, YEAR_ROWS);
      const lines = await lineScans((db) =>
        listMarketplaceOrders(db, { ...YEAR, search, limit: LIMIT }),
      );
      expectIndexRead(lines, 2 * YEAR_ROWS);
    }
  });
});

describe('an import of 2,500 orders', () => {
  const parsed: ParsedLine[] = Array.from({ length: 5_000 }, (_v, i) => ({
    row: i + 2,
    order_number: `ORD${String((BigInt(1 + Math.floor(i / 2) * 37) * 5555555557n) % 1000000000000n).padStart(12, '0')}`,
    resi_number: null,
    status: 'perlu_dikirim',
    status_text: 'Perlu Dikirim',
    date: '2026-11-20',
    sku: `MP-${String(i % PRODUCTS).padStart(5, '0')}`,
    variation: null,
    product_name: 'Barang',
    quantity: 1,
    unit_price: 10000,
    problem: null,
  }));

  it("finds the file's orders and lines by their keys, reading about the file's rows", async () => {
    const orders = await ordersScans((db) => linesWithStates(db, 'shopee', parsed));
    expectIndexRead(orders, 2 * parsed.length);
    expect(orders.map((scan) => scan.index)).toContain('marketplace_orders_channel_number_key');
    const lines = await lineScans((db) => linesWithStates(db, 'shopee', parsed));
    expectIndexRead(lines, 2 * parsed.length);
  });
});
