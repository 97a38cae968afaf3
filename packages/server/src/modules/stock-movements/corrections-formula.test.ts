// The grown stock formula (docs/adr/0016-returns-and-adjustments.md) on one hand-computed
// case: initial 10, +6 in, -4 out, +1 returned good, 1 returned damaged (no move), -2 from a count.
// The dashboard, the recalculation, the stock report and the stock card must all say 11.
import type {
  DashboardStats,
  ProductLedger,
  ReportResponse,
  StockOpnameSaved,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../lib/dates';
import { insertProduct, setupTestServer, stockOf, type TestProduct } from '../../testing/fixtures';

const server = setupTestServer();
const today = todayIn('Asia/Jakarta');
let product: TestProduct;

beforeAll(async () => {
  product = await insertProduct(server.database, {
    stock: 10,
    code: 'RUMUS',
    name: 'Produk Rumus',
  });
  const token = server.actors.managerToken;
  const incoming = await server.call('POST', '/api/incoming-goods', token, {
    product_code: 'RUMUS',
    resi_number: 'MASUK-1',
    quantity: 6,
    platform: 'Supplier',
    date: '2026-10-05',
  });
  expect(incoming.statusCode).toBe(201);
  const outgoing = await server.call('POST', '/api/outgoing-goods', token, {
    product_code: 'RUMUS',
    barcode: product.barcodeId,
    resi_number: 'KELUAR-1',
    quantity: 4,
    date: '2026-10-10',
  });
  expect(outgoing.statusCode).toBe(201);
  const outgoingId = (outgoing.json() as { data: { id: number } }).data.id;
  const returned = await server.call('POST', '/api/returns', token, {
    resi_number: 'KELUAR-1',
    date: '2026-10-12',
    reason: 'Tidak jadi',
    lines: [{ outgoing_goods_id: outgoingId, quantity: 1, condition: 'good' }],
  });
  expect(returned.statusCode).toBe(201);
  const damaged = await server.call('POST', '/api/returns', token, {
    resi_number: 'KELUAR-1',
    date: '2026-10-12',
    reason: 'Pecah',
    lines: [{ outgoing_goods_id: outgoingId, quantity: 1, condition: 'damaged' }],
  });
  expect(damaged.statusCode).toBe(201);
  expect(await stockOf(server.database, product.id)).toBe(13);
  const opname = await server.call('POST', '/api/stock-opname', token, {
    name: 'Rumus',
    scope: { type: 'all' },
  });
  const sessionId = (opname.json() as StockOpnameSaved).data.id;
  await server.call('POST', `/api/stock-opname/${sessionId}/counts`, token, {
    product_code: 'RUMUS',
    set: 11,
  });
  expect((await server.call('POST', `/api/stock-opname/${sessionId}/post`, token)).statusCode).toBe(
    200,
  );
  expect(await stockOf(server.database, product.id)).toBe(11);
});

it('the dashboard shows the two new terms and a calculated stock equal to the stock', async () => {
  const stats = (
    await server.call('GET', '/api/dashboard/stats', server.actors.managerToken)
  ).json() as DashboardStats;
  expect(stats).toMatchObject({
    totalStock: 11,
    totalInitialStock: 10,
    totalIncomingGoods: 6,
    totalOutgoingGoods: 4,
    totalReturned: 1,
    totalAdjusted: -2,
    calculatedStock: 11,
  });
  expect(stats.stockConsistency).toMatchObject({ isConsistent: true, difference: 0 });
});

it('the recalculation repairs a drifted stock to 11', async () => {
  await server.database.db.execute(
    sql`update products set current_stock = 99 where id = ${product.id}`,
  );
  const response = await server.call(
    'POST',
    '/api/utils/recalculate-stock',
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ updated: 1 });
  expect(await stockOf(server.database, product.id)).toBe(11);
  const stats = (
    await server.call('GET', '/api/dashboard/stats', server.actors.managerToken)
  ).json() as DashboardStats;
  expect(stats.stockConsistency).toMatchObject({ isConsistent: true, difference: 0 });
});

it('the stock report has Retur and Penyesuaian columns and calculated_stock includes them', async () => {
  const report = async (start: string, end: string) =>
    (
      (
        await server.call(
          'GET',
          `/api/reports?type=stock&startDate=${start}&endDate=${end}`,
          server.actors.managerToken,
        )
      ).json() as ReportResponse
    ).stockReport;
  expect(await report('2026-10-01', today)).toEqual([
    expect.objectContaining({
      code: 'RUMUS',
      stock_at_start: 10,
      total_incoming: 6,
      total_outgoing: 4,
      total_returned: 1,
      total_adjusted: -2,
      calculated_stock: 11,
    }),
  ]);
  // Starting inside the month: the edge rows before the start count in stock_at_start.
  expect(await report('2026-10-11', '2026-10-31')).toEqual([
    expect.objectContaining({
      stock_at_start: 12,
      total_incoming: 0,
      total_outgoing: 0,
      total_returned: 1,
      total_adjusted: 0,
      calculated_stock: 13,
    }),
  ]);
  // Only the adjustment in range (today's month).
  const [row] = await report(today, today);
  expect(row).toMatchObject({ stock_at_start: 13, total_adjusted: -2, calculated_stock: 11 });
});

it('the stock card has its own return and adjustment lines with the running balance', async () => {
  const ledger = async (start: string) =>
    (
      (
        await server.call(
          'GET',
          `/api/products/${product.id}/ledger?startDate=${start}&endDate=${today}`,
          server.actors.managerToken,
        )
      ).json() as { data: ProductLedger }
    ).data;
  const card = await ledger('2026-10-01');
  expect(card.opening_balance).toBe(10);
  expect(card.entries.map(({ type, quantity, balance }) => ({ type, quantity, balance }))).toEqual([
    { type: 'incoming', quantity: 6, balance: 16 },
    { type: 'outgoing', quantity: -4, balance: 12 },
    { type: 'return', quantity: 1, balance: 13 },
    { type: 'adjustment', quantity: -2, balance: 11 },
  ]);
  expect(card.entries[2]).toMatchObject({ resi_number: 'KELUAR-1', reason: 'Tidak jadi' });
  expect(card.entries[3]).toMatchObject({ resi_number: '', reason: 'Stok opname: Rumus' });
  expect(card).toMatchObject({
    total_incoming: 6,
    total_outgoing: 4,
    total_returned: 1,
    total_adjusted: -2,
    closing_balance: 11,
  });
  // From the day after the return: its balance is in the opening.
  expect((await ledger('2026-10-13')).opening_balance).toBe(13);
});
