import { expect, test, type APIRequestContext } from '@playwright/test';
import { ownSession, shopDay, tokenOf } from './accounts';
import { XLSX_TYPE, xlsx } from './stock-files';

// Issue 46: a TikTok Shop return file imported on Retur's 'Dari Marketplace'. A refund-only order
// shows its loss in 'Dana kembali, barang tidak kembali'; a returned parcel's return tracking
// number scanned in Retur opens its order's package, and once saved the request moves to 'Sudah
// diterima'. And one Barang Keluar record returned as 2 good + 1 damaged in one save.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8994${suffix}`,
  code: `MRT-${suffix}`,
  name: `Kaos Retur Marketplace ${suffix}`,
  initial_stock: 20,
  purchase_price: 40000,
  selling_price: 65000,
  category: 'UjiReturMarketplace',
  brand: 'MerkRetur',
};
const refundOnly = { order: `5781${suffix}01`, resi: `TTA${suffix}`, quantity: 2 };
const returned = { order: `5781${suffix}02`, resi: `TTB${suffix}`, quantity: 1 };
const returnTracking = `JX${suffix}`;

/** marketplace-files.md section 6: the TikTok Shop return export's 25 columns. */
const TIKTOK_RETURN_HEADERS = [
  'Return Order ID',
  'Order ID',
  'Order Amount',
  'Order Status',
  'Order Substatus',
  'Payment Method',
  'SKU ID',
  'Seller SKU',
  'Product Name',
  'SKU Name',
  'Buyer Username',
  'Return Type',
  'Time Requested',
  'Return Reason',
  'Return unit price',
  'Return Quantity',
  'Return Logistics Tracking ID',
  'Return Status',
  'Return Sub Status',
  'Refund Time',
  'Dispute Status',
  'Appeal Status',
  'Compensation Status',
  'Compensation Amount',
  'Buyer Note',
] as const;
type ReturnHeader = (typeof TIKTOK_RETURN_HEADERS)[number];

/** A date-time as TikTok Shop writes it: dd/mm/yyyy HH:MM:SS. */
const fileTime = (day: string, time = '10:15:00') =>
  `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time}`;

const returnRow = (cells: Partial<Record<ReturnHeader, string>>) =>
  TIKTOK_RETURN_HEADERS.map((header) => cells[header] ?? '');

const managerHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await tokenOf(request, 'manager')}`,
});

async function stockOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get(`/api/products?search=${product.code}`, { headers });
  const body = (await res.json()) as { data: { code: string; current_stock: number }[] };
  return body.data.find((item) => item.code === product.code)?.current_stock;
}

test.use({
  storageState: async ({ baseURL }, provide) => provide(await ownSession(baseURL ?? '', 'manager')),
  viewport: { width: 1366, height: 768 },
});

test.beforeAll(async ({ request }) => {
  const headers = await managerHeaders(request);
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  // The two TikTok Shop orders, imported and shipped (Barang Keluar at the cost of Rp 40.000).
  const orders = xlsx([
    [
      'Order ID',
      'Order Status',
      'Seller SKU',
      'Product Name',
      'Quantity',
      'Created Time',
      'Tracking ID',
    ],
    ...[refundOnly, returned].map((order) => [
      order.order,
      'AWAITING SHIPMENT',
      product.code,
      product.name,
      String(order.quantity),
      fileTime(shopDay(-1), '09:30:00'),
      order.resi,
    ]),
  ]);
  const upload = await request.post('/api/marketplace-imports', {
    headers,
    multipart: {
      channel: 'tiktok',
      file: { name: `orders-${suffix}.xlsx`, mimeType: XLSX_TYPE, buffer: orders },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  const commit = await request.post(`/api/marketplace-imports/${id}/commit`, {
    headers,
    data: {},
  });
  expect(commit.status()).toBe(200);
  const listed = await request.get(`/api/marketplace-orders?search=5781${suffix}&limit=10`, {
    headers,
  });
  const ids = ((await listed.json()) as { data: { id: number }[] }).data.map((order) => order.id);
  expect(ids).toHaveLength(2);
  const shipped = await request.post('/api/marketplace-orders/ship', { headers, data: { ids } });
  expect(shipped.status()).toBe(200);
  expect(((await shipped.json()) as { shipped: number[] }).shipped).toHaveLength(2);
  expect(await stockOf(request, headers)).toBe(17);
});

test('a TikTok return file: the refund-only loss, then a parcel scanned back moves to Sudah diterima', async ({
  page,
  request,
}) => {
  const today = shopDay();
  const file = xlsx([
    [...TIKTOK_RETURN_HEADERS],
    returnRow({
      'Return Order ID': `RA${suffix}`,
      'Order ID': refundOnly.order,
      'Order Status': 'Completed',
      'Seller SKU': product.code,
      'Product Name': product.name,
      'Return Type': 'Refund only',
      'Time Requested': fileTime(today, '08:15:00'),
      'Return Reason': 'Barang tidak sesuai pesanan',
      'Return unit price': '65000',
      'Return Quantity': String(refundOnly.quantity),
      'Return Status': 'Refunded',
      'Refund Time': fileTime(today, '09:00:00'),
    }),
    returnRow({
      'Return Order ID': `RB${suffix}`,
      'Order ID': returned.order,
      'Order Status': 'Completed',
      'Seller SKU': product.code,
      'Product Name': product.name,
      'Return Type': 'Return and refund',
      'Time Requested': fileTime(today, '08:20:00'),
      'Return Reason': 'Salah ukuran',
      'Return unit price': '65000',
      'Return Quantity': String(returned.quantity),
      'Return Logistics Tracking ID': returnTracking,
      'Return Status': 'Buyer shipped item',
    }),
  ]);

  await page.goto('/returns');
  await page.getByRole('tab', { name: 'Dari Marketplace' }).click();
  await expect(page).toHaveURL(/tab=dari-marketplace/);
  await page.getByRole('button', { name: 'Impor File Pengembalian' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor File Pengembalian Marketplace' });
  await dialog.getByLabel('File pengembalian (xlsx, xls, csv)').setInputFiles({
    name: `return-${suffix}.xlsx`,
    mimeType: XLSX_TYPE,
    buffer: file,
  });
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  const rows = dialog.getByRole('table', { name: 'Pengembalian di File' });
  await expect(rows.getByRole('row', { name: new RegExp(returnTracking) })).toBeVisible();
  const counts = dialog.getByLabel('Ringkasan');
  await expect(counts).toContainText('Pengembalian di file2');
  await expect(counts).toContainText('Baru2');
  await expect(counts).toContainText('Cocok dengan pesanan2');
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Hasil Impor' });
  await expect(result.getByText('Pengembalian baru')).toBeVisible();
  await result.getByRole('button', { name: 'Selesai' }).click();

  // The refund-only: 2 units at the cost of Rp 40.000, no fees or claim known: Rp 80.000 lost.
  await page.getByRole('searchbox').fill(`5781${suffix}`);
  const lossList = page.getByRole('table', { name: 'Dana kembali, barang tidak kembali' });
  const lossRow = lossList.getByRole('row', { name: new RegExp(refundOnly.order) });
  await expect(lossRow).toBeVisible();
  await expect(lossRow).toContainText('Pengembalian Dana Saja');
  await expect(lossRow).toContainText('Rp 80.000');
  await expect(lossRow).toContainText('Rp 130.000');
  await expect(lossList.getByRole('row', { name: new RegExp(returned.order) })).toHaveCount(0);

  // The returned parcel is on its way back, with its return tracking number.
  await page.getByRole('button', { name: /^Menunggu barang kembali/ }).click();
  await expect(page).toHaveURL(/list=awaiting/);
  const waiting = page.getByRole('table', { name: 'Menunggu barang kembali' });
  await expect(waiting.getByRole('row', { name: new RegExp(returnTracking) })).toBeVisible();

  // It arrives: its return tracking number is scanned in Retur and opens the order's package.
  await page.getByRole('tab', { name: 'Scan Retur' }).click();
  const scan = page.getByRole('textbox', { name: 'Scan resi', exact: true });
  await expect(scan).toBeFocused();
  await page.keyboard.type(returnTracking);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Resi ${returned.resi}` })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(`Resi retur ${returnTracking}`);
  await page.getByLabel(`Jumlah retur ${product.name}`).fill('1');
  await page.getByLabel(/Alasan Retur/).fill('Salah ukuran');
  await page.getByRole('button', { name: 'Simpan Retur' }).click();
  await expect(page.getByText('Retur berhasil disimpan')).toBeVisible();
  await expect.poll(() => managerHeaders(request).then((h) => stockOf(request, h))).toBe(18);

  await page.getByRole('tab', { name: 'Dari Marketplace' }).click();
  await page.getByRole('button', { name: /^Sudah diterima/ }).click();
  await page.getByRole('searchbox').fill(`5781${suffix}`);
  const received = page.getByRole('table', { name: 'Sudah diterima' });
  const receivedRow = received.getByRole('row', { name: new RegExp(returned.order) });
  await expect(receivedRow).toBeVisible();
  await expect(receivedRow).toContainText('1 Baik');
  await page.getByRole('button', { name: /^Menunggu barang kembali/ }).click();
  await expect(
    page
      .getByRole('table', { name: 'Menunggu barang kembali' })
      .getByRole('row', { name: new RegExp(returned.order) }),
  ).toHaveCount(0);
});

test('one Barang Keluar record returned as 2 good + 1 damaged in one save', async ({
  page,
  request,
}) => {
  const headers = await managerHeaders(request);
  const resi = `SPL${suffix}`;
  const before = await stockOf(request, headers);
  const shipped = await request.post('/api/outgoing-goods', {
    headers,
    data: {
      product_code: product.code,
      date: shopDay(),
      resi_number: resi,
      quantity: 3,
      barcode: product.barcode_id,
    },
  });
  expect(shipped.status()).toBe(201);
  expect(await stockOf(request, headers)).toBe((before ?? 0) - 3);

  await page.goto('/returns');
  const scan = page.getByRole('textbox', { name: 'Scan resi', exact: true });
  await expect(scan).toBeFocused();
  await page.keyboard.type(resi);
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Pisah kondisi ${product.name}` }).click();
  await page.getByLabel(`Jumlah baik ${product.name}`).fill('2');
  await page.getByLabel(`Jumlah rusak ${product.name}`).fill('2');
  await expect(page.getByText('Maksimal 3')).toBeVisible();
  await page.getByLabel(`Jumlah rusak ${product.name}`).fill('1');
  await expect(page.getByText('maks 3')).toBeVisible();
  await page.getByLabel(/Alasan Retur/).fill('Dua baik, satu sobek');
  await page.getByRole('button', { name: 'Simpan Retur' }).click();
  await expect(page.getByText('Retur berhasil disimpan')).toBeVisible();

  const list = page.getByRole('table', { name: 'Daftar Retur' });
  const row = list.getByRole('row', { name: new RegExp(resi) });
  await expect(row).toContainText(`${product.name} (${product.code}) x2, Baik`);
  await expect(row).toContainText(`${product.name} (${product.code}) x1, Rusak`);
  // Two back to stock; the damaged one is in Barang Rusak instead.
  await expect.poll(() => stockOf(request, headers)).toBe((before ?? 0) - 1);
  const damaged = await request.get(`/api/damaged-goods?search=${product.code}`, { headers });
  const body = (await damaged.json()) as { data: { stock: number; damage_reason: string }[] };
  expect(body.data.map((item) => [item.stock, item.damage_reason])).toEqual([
    [1, `Retur ${resi}: Dua baik, satu sobek`],
  ]);
});
