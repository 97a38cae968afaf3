// The order import says an income or a return file uploaded to it is one (src/other-imports.ts),
// and still says another marketplace's order export and a file of no format as it did.
import { MARKETPLACE_MESSAGES } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  sheetOf,
  SHOPEE_ORDER_HEADERS_49,
  SHOPEE_RETURN_HEADERS,
  TIKTOK_RETURN_HEADERS,
  xlsx,
} from './modules/marketplace-returns/return-fixtures';
import { upload } from './modules/marketplace/test-helpers';
import {
  LAZADA_HEADERS,
  lazadaFile,
  line,
  settlementXlsx,
  SHOPEE_C_HEADERS,
  shopeeCFile,
  TIKTOK_HEADERS,
  tiktokFile,
} from './modules/settlements/settlement-fixtures';
import { setupTestServer } from './testing/fixtures';

const server = setupTestServer();

async function refusal(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const response = await upload(
    server,
    '/api/marketplace-imports',
    server.actors.managerToken,
    { name, data },
    fields,
  );
  expect(response.statusCode).toBe(400);
  return response.json() as { message: string; expected: unknown[] };
}

async function previews(): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from marketplace_imports_pending`,
  );
  return rows[0]?.n ?? -1;
}

const INCOME = ', bukan file pesanan. Impor file penghasilan di Penghasilan Marketplace';
const RETURNS =
  ', bukan file pesanan. Impor file pengembalian, pengiriman gagal, atau pembatalan di Retur, tab Dari Marketplace';

it('names an income file uploaded to the order import, and where it goes', async () => {
  // The order import alone said 'Kolom wajib tidak ditemukan di file Shopee: Status Pesanan, ...'.
  const shopee = settlementXlsx(shopeeCFile([line(SHOPEE_C_HEADERS, {})]));
  expect(await refusal('Income.xlsx', shopee)).toEqual({
    message: `Ini file penghasilan Shopee (Laporan Penghasilan)${INCOME}`,
    expected: [],
  });
  const tiktok = settlementXlsx(tiktokFile([line(TIKTOK_HEADERS, {})]));
  expect((await refusal('income.xlsx', tiktok)).message).toBe(
    `Ini file penghasilan TikTok Shop / Tokopedia (Order details)${INCOME}`,
  );
  const lazada = settlementXlsx(lazadaFile([line(LAZADA_HEADERS, {})]));
  expect((await refusal('lazada.xlsx', lazada, { channel: 'lazada' })).message).toBe(
    `Ini file penghasilan Lazada (Income Overview)${INCOME}`,
  );
  expect(await previews()).toBe(0);
});

it('names a return file uploaded to the order import, with or without a channel chosen', async () => {
  const shopee = xlsx(sheetOf('orders', [[...SHOPEE_RETURN_HEADERS], [...SHOPEE_RETURN_HEADERS]]));
  expect((await refusal('return.xlsx', shopee)).message).toBe(
    `Ini file Shopee Pengembalian Barang/Dana${RETURNS}`,
  );
  const failed = xlsx(
    sheetOf('orders', [
      ['No. Pesanan', 'Status pengiriman gagal', 'Alasan Pengiriman Gagal'],
      ['2611200001', 'Paket Hilang', 'Alamat tidak ditemukan'],
    ]),
  );
  const message = `Ini file Shopee Pengiriman Gagal${RETURNS}`;
  expect((await refusal('gagal.xlsx', failed)).message).toBe(message);
  expect((await refusal('gagal.xlsx', failed, { channel: 'shopee' })).message).toBe(message);
  const tiktok = xlsx(sheetOf('OrderSKUList', [[...TIKTOK_RETURN_HEADERS]]));
  expect((await refusal('tiktok.xlsx', tiktok, { channel: 'tiktok' })).message).toBe(
    `Ini file TikTok Shop Pengembalian${RETURNS}`,
  );
  expect(await previews()).toBe(0);
});

it("still says an order file with a column lost, another marketplace's, and a file of no format as before", async () => {
  // Complete for Shopee's cancellation view (No. Pesanan, Status Pesanan, Alasan Pembatalan):
  // an order export all the same, and its lost column is what to say.
  const headers = SHOPEE_ORDER_HEADERS_49.filter((header) => header !== 'Jumlah');
  expect(
    (await refusal('tanpa-jumlah.xlsx', xlsx(sheetOf('orders', [[...headers]])))).message,
  ).toBe('Kolom wajib tidak ditemukan di file Shopee: Jumlah');

  const lazada = [
    'Order Number,Seller SKU,Created at,Status',
    '400123456789,KAOS-01,2026-11-20 10:00,pending',
  ].join('\n');
  expect((await refusal('lazada.csv', Buffer.from(lazada), { channel: 'shopee' })).message).toBe(
    MARKETPLACE_MESSAGES.otherChannelFile('Lazada', 'Shopee'),
  );

  const other = await refusal('alamat.csv', Buffer.from('Nama,Alamat\nBudi,Jakarta'));
  expect(other.message).toMatch(/^Format file tidak dikenali/);
  expect(other.expected.length).toBeGreaterThan(0);
  expect(await previews()).toBe(0);
});
