// 'Lewati baris bermasalah' (issue 42 M5): an order imported without some of its lines is marked
// incomplete (list, Scan Kirim), and its package does not leave until a later import adds the
// line or a manager confirms shipping without it.
import {
  PACKING_MESSAGES,
  type CommitImportResult,
  type MarketplaceImport,
  type MarketplaceOrder,
  type MarketplaceOrderList,
  type PackingView,
  type ShipOrdersResult,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { setupTestServer, type TestProduct } from '../../testing/fixtures';
import { SHOPEE_HEADERS_48, workbook } from './fixtures/fixture-files';
import { seedCatalog, upload } from './test-helpers';

const server = setupTestServer();
// Uploads go through the spreadsheet worker: a loaded machine needs more than the default.
jest.setTimeout(60_000);

let kaos: TestProduct;
let topi: TestProduct;

beforeAll(async () => {
  ({ kaos, topi } = await seedCatalog(server));
});

type Row = [order: string, resi: string, sku: string, name: string, quantity: number | string];

function shopeeFile(rows: readonly Row[]): Buffer {
  const cells = rows.map(([order, resi, sku, name, quantity]) => {
    const row: Record<string, string | number> = {
      'No. Pesanan': order,
      'Status Pesanan': 'Perlu Dikirim',
      'No. Resi': resi,
      'Waktu Pesanan Dibuat': '2026-11-28 09:00',
      'Nama Produk': name,
      'Nomor Referensi SKU': sku,
      Jumlah: quantity,
      'Harga Setelah Diskon': 50000,
    };
    return SHOPEE_HEADERS_48.map((header) => row[header] ?? '');
  });
  return workbook([{ name: 'orders', rows: [[...SHOPEE_HEADERS_48], ...cells] }]);
}

async function importFile(rows: readonly Row[]): Promise<CommitImportResult> {
  const uploaded = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
    name: 'shopee.xlsx',
    data: shopeeFile(rows),
  });
  expect(uploaded.statusCode).toBe(201);
  const { id } = uploaded.json() as MarketplaceImport;
  const response = await server.call(
    'POST',
    `/api/marketplace-imports/${id}/commit`,
    server.actors.managerToken,
    { skip_problems: true },
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as CommitImportResult;
}

async function order(orderNumber: string): Promise<MarketplaceOrder> {
  const response = await server.call(
    'GET',
    `/api/marketplace-orders?search=${orderNumber}&limit=10`,
    server.actors.adminToken,
  );
  if (response.statusCode !== 200) throw new Error(response.body);
  const found = (response.json() as MarketplaceOrderList).data.find(
    (o) => o.order_number === orderNumber,
  );
  if (found === undefined) throw new Error(`order ${orderNumber} not found`);
  return found;
}

const ship = (resi: string, token: string, body: Record<string, unknown>) =>
  server.call('POST', `/api/packing/${resi}/ship`, token, body);

async function stockOf(product: TestProduct): Promise<number> {
  const { rows } = await server.database.db.execute<{ current_stock: number }>(
    sql`select current_stock from products where id = ${product.id}`,
  );
  return Number(rows[0]?.current_stock);
}

async function outgoingOf(resi: string): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from outgoing_goods where resi_number = ${resi}`,
  );
  return Number(rows[0]?.n);
}

const SANDAL = 'Sandal Jepit Hitam 40';

describe('an order imported without a skipped line', () => {
  const scans = () => [{ barcode: kaos.barcodeId, quantity: 1 }];

  beforeAll(async () => {
    const result = await importFile([
      ['INC-1', 'SPX-INC-1', 'KAOS-HITAM-M', 'Kaos Hitam M', 1],
      ['INC-1', 'SPX-INC-1', 'SNDL-JPT-40', SANDAL, 1],
      ['INC-2', 'SPX-INC-2', 'KAOS-HITAM-M', 'Kaos Hitam M', 1],
      ['INC-2', 'SPX-INC-2', 'SNDL-JPT-40', SANDAL, 2],
      ['INC-3', 'SPX-INC-3', 'TOPI-01', 'Topi', 1],
      ['INC-3', 'SPX-INC-3', '', 'Gantungan kunci', 1],
      ['OK-1', 'SPX-OK-1', 'TOPI-01', 'Topi', 1],
    ]);
    expect(result).toMatchObject({ created_orders: 4, incomplete_orders: 3 });
  });

  it('is imported with the skipped lines named, on the list and in Scan Kirim', async () => {
    expect((await order('INC-1')).skipped_lines).toEqual([
      {
        sku: 'SNDL-JPT-40',
        variation: null,
        product_name: SANDAL,
        quantity: 1,
        problem: "SKU 'SNDL-JPT-40' belum dipetakan ke produk",
      },
    ]);
    expect((await order('INC-3')).skipped_lines).toMatchObject([
      { sku: '', product_name: 'Gantungan kunci', quantity: 1 },
    ]);
    expect((await order('OK-1')).skipped_lines).toEqual([]);
    const view = await server.call('GET', '/api/packing/SPX-INC-1', server.actors.adminToken);
    expect((view.json() as PackingView).order.skipped_lines).toMatchObject([
      { sku: 'SNDL-JPT-40', quantity: 1 },
    ]);
  });

  it('is refused by Scan Kirim naming the missing item, and nothing is written', async () => {
    const before = await stockOf(kaos);
    const response = await ship('SPX-INC-1', server.actors.adminToken, { scans: scans() });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 409,
      body: { message: PACKING_MESSAGES.incomplete([`${SANDAL} (SNDL-JPT-40) x1`]) },
    });
    expect(await stockOf(kaos)).toBe(before);
    expect(await outgoingOf('SPX-INC-1')).toBe(0);
    expect((await order('INC-1')).status).toBe('perlu_dikirim');
  });

  it("refuses an admin's confirmation (403) and the bulk ship without one", async () => {
    const admin = await ship('SPX-INC-1', server.actors.adminToken, {
      scans: scans(),
      confirm_incomplete: true,
    });
    expect({ status: admin.statusCode, message: admin.json().message }).toEqual({
      status: 403,
      message: PACKING_MESSAGES.incompleteManagerOnly,
    });
    const { id } = await order('INC-3');
    const bulk = await server.call(
      'POST',
      '/api/marketplace-orders/ship',
      server.actors.managerToken,
      {
        ids: [id],
      },
    );
    expect(bulk.json() as ShipOrdersResult).toEqual({
      shipped: [],
      refused: [{ id, message: PACKING_MESSAGES.incomplete(['Gantungan kunci x1']) }],
    });
    expect(await outgoingOf('SPX-INC-1')).toBe(0);
    expect(await outgoingOf('SPX-INC-3')).toBe(0);
  });

  it("ships on a manager's confirmation, and the log names what was left out", async () => {
    const before = await stockOf(kaos);
    const response = await ship('SPX-INC-1', server.actors.managerToken, {
      scans: scans(),
      confirm_incomplete: true,
    });
    expect(response.statusCode).toBe(201);
    expect(await stockOf(kaos)).toBe(before - 1);
    const { rows } = await server.database.db.execute<{ details: string }>(
      sql`select details from activity_logs where action = 'PACK_ORDER' and details like '%INC-1%'`,
    );
    expect(rows.map((row) => row.details)).toEqual([
      expect.stringContaining(
        `dikirim tanpa ${SANDAL} (SNDL-JPT-40) x1 (dikonfirmasi manager)`,
      ) as string,
    ]);
    const { id } = await order('INC-3');
    const bulk = await server.call(
      'POST',
      '/api/marketplace-orders/ship',
      server.actors.managerToken,
      {
        ids: [id],
        confirm_incomplete: true,
      },
    );
    expect(bulk.json() as ShipOrdersResult).toEqual({ shipped: [id], refused: [] });
  });

  it('is complete again once the SKU is mapped and the file imported again', async () => {
    const mapped = await server.call('PUT', '/api/sku-mappings', server.actors.managerToken, {
      sku: 'SNDL-JPT-40',
      items: [{ product_code: topi.code, quantity: 1 }],
    });
    expect(mapped.statusCode).toBe(200);
    const result = await importFile([
      ['INC-2', 'SPX-INC-2', 'KAOS-HITAM-M', 'Kaos Hitam M', 1],
      ['INC-2', 'SPX-INC-2', 'SNDL-JPT-40', SANDAL, 2],
    ]);
    expect(result).toMatchObject({ created_lines: 1, incomplete_orders: 0 });
    const complete = await order('INC-2');
    expect(complete.skipped_lines).toEqual([]);
    expect(complete.lines.map((line) => [line.sku, line.quantity])).toEqual([
      ['KAOS-HITAM-M', 1],
      ['SNDL-JPT-40', 2],
    ]);
    const response = await ship('SPX-INC-2', server.actors.adminToken, {
      scans: [
        { barcode: kaos.barcodeId, quantity: 1 },
        { barcode: topi.barcodeId, quantity: 2 },
      ],
    });
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  });

  it('keeps a shipped order as it was when a later file still skips its line', async () => {
    const result = await importFile([
      ['INC-1', 'SPX-INC-1', 'KAOS-HITAM-M', 'Kaos Hitam M', 1],
      ['INC-1', 'SPX-INC-1', 'GELANG-01', 'Gelang', 1],
    ]);
    expect(result.incomplete_orders).toBe(0);
    expect((await order('INC-1')).skipped_lines).toHaveLength(1);
  });
});
