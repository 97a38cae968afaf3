// A re-import after Scan Kirim: a file never moves an order Gudang shipped or returned
// back, never adds a line to a package already sent, and the preview shows every status change.
import {
  MARKETPLACE_MESSAGES,
  type CommitImportResult,
  type ImportLine,
  type MarketplaceImport,
  type MarketplaceOrder,
  type MarketplaceOrderList,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { setupTestServer, type TestProduct } from '../../testing/fixtures';
import { SHOPEE_HEADERS_48, workbook } from './fixtures/fixture-files';
import { seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

let kaos: TestProduct;
let topi: TestProduct;

beforeAll(async () => {
  ({ kaos, topi } = await seedCatalog(server));
});

type Row = [order: string, status: string, resi: string, sku: string, quantity: number];

function shopeeFile(rows: readonly Row[]): Buffer {
  const cells = rows.map(([order, status, resi, sku, quantity]) => {
    const row: Record<string, string | number> = {
      'No. Pesanan': order,
      'Status Pesanan': status,
      'No. Resi': resi,
      'Waktu Pesanan Dibuat': '2026-11-28 09:00',
      'Nama Produk': sku,
      'Nomor Referensi SKU': sku,
      Jumlah: quantity,
      'Harga Setelah Diskon': 50000,
    };
    return SHOPEE_HEADERS_48.map((header) => row[header] ?? '');
  });
  return workbook([{ name: 'orders', rows: [[...SHOPEE_HEADERS_48], ...cells] }]);
}

async function preview(rows: readonly Row[]): Promise<MarketplaceImport> {
  const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
    name: 'shopee.xlsx',
    data: shopeeFile(rows),
  });
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return response.json() as MarketplaceImport;
}

async function commit(id: number): Promise<CommitImportResult> {
  const response = await server.call(
    'POST',
    `/api/marketplace-imports/${id}/commit`,
    server.actors.managerToken,
    {},
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
  const found = (response.json() as MarketplaceOrderList).data.find(
    (o) => o.order_number === orderNumber,
  );
  if (found === undefined) throw new Error(`order ${orderNumber} not found`);
  return found;
}

async function ship(resi: string, barcode: string, quantity: number) {
  const response = await server.call(
    'POST',
    `/api/packing/${resi}/ship`,
    server.actors.adminToken,
    { scans: [{ barcode, quantity }] },
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
}

const lineOf = (imported: MarketplaceImport, orderNumber: string, sku: string): ImportLine => {
  const line = imported.lines.find((l) => l.order_number === orderNumber && l.sku === sku);
  if (line === undefined) throw new Error(`line ${orderNumber} ${sku} not in the preview`);
  return line;
};

// A: shipped, later re-exported as still to ship and with a newly added line; B: not shipped,
// then cancelled; C: shipped, then cancelled in the marketplace; D: shipped, then completed.
const MORNING: Row[] = [
  ['RE-A', 'Perlu Dikirim', 'SPX-RE-A', 'KAOS-HITAM-M', 2],
  ['RE-B', 'Perlu Dikirim', 'SPX-RE-B', 'TOPI-01', 1],
  ['RE-C', 'Perlu Dikirim', 'SPX-RE-C', 'KAOS-HITAM-M', 1],
  ['RE-D', 'Perlu Dikirim', 'SPX-RE-D', 'TOPI-01', 1],
];

describe('re-importing orders after Scan Kirim shipped some of them', () => {
  beforeAll(async () => {
    await commit((await preview(MORNING)).id);
    await ship('SPX-RE-A', kaos.barcodeId, 2);
    await ship('SPX-RE-C', kaos.barcodeId, 1);
    await ship('SPX-RE-D', topi.barcodeId, 1);
  });

  it('keeps shipped orders shipped when the same file comes again, and says why', async () => {
    const again = await preview(MORNING);
    expect(again.summary).toMatchObject({
      existing: 4,
      ready: 0,
      status_changed: 0,
      status_kept: 3,
    });
    expect(lineOf(again, 'RE-A', 'KAOS-HITAM-M')).toMatchObject({
      state: 'existing',
      status_change: { from: 'dikirim', to: 'perlu_dikirim', kept: true },
    });
    expect(lineOf(again, 'RE-B', 'TOPI-01').status_change).toBeUndefined();
    expect(await commit(again.id)).toMatchObject({ updated_orders: 0, created_lines: 0 });
    for (const number of ['RE-A', 'RE-C', 'RE-D'])
      expect(await order(number)).toMatchObject({ status: 'dikirim' });
    expect(await order('RE-B')).toMatchObject({ status: 'perlu_dikirim' });
  });

  it('shows and applies forward changes, keeps shipped packages as sent', async () => {
    const afternoon = await preview([
      ['RE-A', 'Perlu Dikirim', 'SPX-RE-A', 'KAOS-HITAM-M', 2],
      ['RE-A', 'Perlu Dikirim', 'SPX-RE-A', 'TOPI-01', 1],
      ['RE-B', 'Batal', 'SPX-RE-B', 'TOPI-01', 1],
      ['RE-C', 'Batal', 'SPX-RE-C', 'KAOS-HITAM-M', 1],
      ['RE-D', 'Selesai', 'SPX-RE-D', 'TOPI-01', 1],
    ]);
    expect(lineOf(afternoon, 'RE-A', 'TOPI-01')).toMatchObject({
      state: 'already_shipped',
      problem: MARKETPLACE_MESSAGES.alreadyShipped,
    });
    // A cancellation of an imported order is a change, not a plain 'Sudah ada'.
    expect(lineOf(afternoon, 'RE-B', 'TOPI-01')).toMatchObject({
      state: 'existing',
      status_change: { from: 'perlu_dikirim', to: 'batal', kept: false },
      problem: null,
    });
    expect(lineOf(afternoon, 'RE-C', 'KAOS-HITAM-M')).toMatchObject({
      state: 'existing',
      status_change: { from: 'dikirim', to: 'batal', kept: true },
      problem: MARKETPLACE_MESSAGES.cancelledAfterShipping,
    });
    expect(lineOf(afternoon, 'RE-D', 'TOPI-01')).toMatchObject({
      status_change: { from: 'dikirim', to: 'selesai', kept: false },
    });
    expect(afternoon.summary).toMatchObject({
      total: 5,
      existing: 4,
      already_shipped: 1,
      status_changed: 2,
      // Both lines of A, and C.
      status_kept: 3,
    });

    // The added line is no problem to resolve: the commit goes ahead without skipping.
    expect(await commit(afternoon.id)).toMatchObject({
      created_orders: 0,
      created_lines: 0,
      skipped: { already_shipped: 1 },
    });
    const a = await order('RE-A');
    expect(a).toMatchObject({ status: 'dikirim', resi_number: 'SPX-RE-A' });
    expect(a.lines.map((line) => line.sku)).toEqual(['KAOS-HITAM-M']);
    expect(await order('RE-B')).toMatchObject({ status: 'batal', status_text: 'Batal' });
    // The marketplace's words are kept for display; Gudang's status stays.
    expect(await order('RE-C')).toMatchObject({ status: 'dikirim', status_text: 'Batal' });
    expect(await order('RE-D')).toMatchObject({ status: 'selesai' });
  });

  it('never takes a returned order back, and a completed one not back to shipped', async () => {
    const { rows } = await server.database.db.execute<{ id: number }>(
      sql`select id from outgoing_goods where resi_number = 'SPX-RE-A'`,
    );
    const returned = await server.call('POST', '/api/returns', server.actors.adminToken, {
      resi_number: 'SPX-RE-A',
      date: '2026-11-29',
      reason: 'Ditolak pembeli',
      lines: [{ outgoing_goods_id: Number(rows[0]?.id), quantity: 2, condition: 'good' }],
    });
    expect(returned.statusCode).toBe(201);
    expect(await order('RE-A')).toMatchObject({ status: 'retur' });

    const late = await preview([
      ['RE-A', 'Sedang Dikirim', 'SPX-RE-A', 'KAOS-HITAM-M', 2],
      ['RE-D', 'Sedang Dikirim', 'SPX-RE-D', 'TOPI-01', 1],
    ]);
    expect(lineOf(late, 'RE-A', 'KAOS-HITAM-M').status_change).toEqual({
      from: 'retur',
      to: 'dikirim',
      kept: true,
    });
    await commit(late.id);
    expect(await order('RE-A')).toMatchObject({ status: 'retur' });
    expect(await order('RE-D')).toMatchObject({ status: 'selesai' });
  });
});

describe('re-importing an order whose quantity changed in the file', () => {
  it('keeps the imported line and says the file and Gudang differ', async () => {
    await commit((await preview([['RE-Q', 'Perlu Dikirim', 'SPX-RE-Q', 'TOPI-01', 1]])).id);
    const again = await preview([['RE-Q', 'Perlu Dikirim', 'SPX-RE-Q', 'TOPI-01', 3]]);
    expect(lineOf(again, 'RE-Q', 'TOPI-01')).toMatchObject({
      state: 'existing',
      quantity: 3,
      problem: MARKETPLACE_MESSAGES.quantityKept(3, 1),
    });
    await commit(again.id);
    expect((await order('RE-Q')).lines.map((line) => line.quantity)).toEqual([1]);
    // The same quantity again: a plain 'Sudah ada'.
    const same = await preview([['RE-Q', 'Perlu Dikirim', 'SPX-RE-Q', 'TOPI-01', 1]]);
    expect(lineOf(same, 'RE-Q', 'TOPI-01')).toMatchObject({ state: 'existing', problem: null });
  });
});
