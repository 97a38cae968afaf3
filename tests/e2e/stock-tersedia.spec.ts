import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { ownSession, shopDay, tokenOf } from './accounts';
import { XLSX_TYPE, shopeeStockTemplate } from './stock-files';

// Stok Tersedia (issue 44), as a seller meets it: an order imported into a second Shopee store
// shows as Dipesan on Data Produk and on the stock card, the stock file's preview explains the
// number the downloaded file then holds (stock - dipesan - the store's buffer), and once Scan
// Kirim ships the package the stock goes down and Dipesan goes back to 0, Tersedia unchanged.
const suffix = Date.now().toString().slice(-7);
const kaos = {
  barcode_id: `897${suffix}`,
  code: `TSD-${suffix}`,
  name: `Kaos Tersedia ${suffix}`,
  initial_stock: 10,
  category: 'Uji Tersedia',
  brand: 'MerkTersedia',
};
const storeName = `Toko Kedua ${suffix}`;
const order = `2611${suffix}44`;
const resi = `SPXT${suffix}`;

const managerHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await tokenOf(request, 'manager')}`,
});

/** Shopee's mass update template with one row of the product, holding an old 99. */
const stockTemplate = () =>
  shopeeStockTemplate([
    {
      productId: '1000000044',
      productName: 'Kaos',
      variationId: '',
      variationName: '',
      parentSku: kaos.code,
      sku: kaos.code,
      price: 55000,
      stock: 99,
    },
  ]);

test.use({
  storageState: async ({ baseURL }, provide) => provide(await ownSession(baseURL ?? '', 'manager')),
  viewport: { width: 1366, height: 768 },
});

let storeId = 0;

test.beforeAll(async ({ request }) => {
  const headers = await managerHeaders(request);
  expect((await request.post('/api/products', { headers, data: kaos })).status()).toBe(201);
  const store = await request.post('/api/marketplace-stores', {
    headers,
    data: { channel: 'shopee', name: storeName, buffer: 1 },
  });
  expect(store.status()).toBe(201);
  storeId = ((await store.json()) as { data: { id: number } }).data.id;
  // Three units bought in the second store, not packed yet.
  const csv = [
    'No. Pesanan,Status Pesanan,No. Resi,Waktu Pesanan Dibuat,Nama Produk,Nomor Referensi SKU,Harga Setelah Diskon,Jumlah',
    `${order},Perlu Dikirim,${resi},${shopDay()} 09:30,${kaos.name},${kaos.code},50000,3`,
  ].join('\n');
  const upload = await request.post('/api/marketplace-imports', {
    headers,
    multipart: {
      channel: 'shopee',
      store_id: String(storeId),
      file: {
        name: `Order.tersedia.${suffix}.csv`,
        mimeType: 'text/csv',
        buffer: Buffer.from(csv),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  const commit = await request.post(`/api/marketplace-imports/${id}/commit`, { headers, data: {} });
  expect(commit.status()).toBe(200);
});

/** Data Produk's Stok, Dipesan and Tersedia cells of the product, as the page shows them. */
async function productNumbers(page: Page) {
  await page.goto(`/products?search=${kaos.code}`);
  const table = page.getByRole('table').first();
  const row = table.getByRole('row', { name: new RegExp(kaos.code) });
  await expect(row).toHaveCount(1);
  const headers = await table.getByRole('columnheader').allTextContents();
  const cell = (header: string) => row.getByRole('cell').nth(headers.indexOf(header));
  return { row, stock: cell('Stok'), reserved: cell('Dipesan'), available: cell('Tersedia') };
}

test('an imported order is Dipesan until shipped; the stock file writes what is free', async ({
  page,
  request,
}) => {
  const before = await productNumbers(page);
  await expect(before.stock).toContainText('10');
  await expect(before.reserved).toHaveText('3');
  await expect(before.available).toHaveText('7');

  // The stock card lists the order holding the units, with its store.
  await before.row.getByRole('button', { name: 'Kartu Stok' }).click();
  const card = page.getByRole('dialog', { name: 'Kartu Stok' });
  const holding = card.getByRole('row', { name: new RegExp(order) });
  await expect(holding).toContainText(storeName);
  await expect(holding).toContainText('3');
  await card.getByRole('button', { name: 'Tutup' }).first().click();

  // The stock file of the second store: the preview explains the number before the download.
  await page.goto('/marketplace-orders');
  await page.getByRole('button', { name: 'Perbarui Stok Marketplace' }).click();
  const dialog = page.getByRole('dialog', { name: 'Perbarui Stok Marketplace' });
  await dialog.getByLabel('File template stok (xlsx, xls, csv)').setInputFiles({
    name: `mass_update_sales_info_${suffix}.xlsx`,
    mimeType: XLSX_TYPE,
    buffer: stockTemplate(),
  });
  await dialog.getByLabel('Toko', { exact: true }).selectOption({ label: storeName });
  const preview = dialog.getByRole('table', { name: 'Stok yang akan ditulis' });
  await expect(preview.getByRole('row', { name: new RegExp(kaos.code) })).toContainText(
    'Stok 10 - dipesan 3 - cadangan 1 = 6',
  );
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Isi Stok dan Unduh' }).click();
  const download = await downloading;
  const file = await download.path();
  if (file === null) throw new Error('the download was not saved');
  const { readFileSync } = await import('node:fs');
  const filled = XLSX.read(readFileSync(file), { type: 'buffer' });
  const sheet = filled.Sheets[filled.SheetNames[0] ?? ''];
  expect(sheet?.F5?.v).toBe(kaos.code);
  expect(sheet?.H5?.v).toBe(6);

  // A hand sale of more than is free asks first (409 without the confirmation).
  const headers = await managerHeaders(request);
  const hand = {
    product_code: kaos.code,
    barcode: kaos.barcode_id,
    quantity: 8,
    resi_number: `HAND${suffix}`,
    date: shopDay(),
  };
  expect((await request.post('/api/outgoing-goods', { headers, data: hand })).status()).toBe(409);

  // Scan Kirim ships the package: stock down, Dipesan back to 0, Tersedia the same.
  const shipped = await request.post(`/api/packing/${resi}/ship`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, 'admin')}` },
    data: { scans: [{ barcode: kaos.barcode_id, quantity: 3 }] },
  });
  expect(shipped.status()).toBe(201);
  const after = await productNumbers(page);
  await expect(after.stock).toContainText('7');
  await expect(after.reserved).toHaveText('0');
  await expect(after.available).toHaveText('7');
});
