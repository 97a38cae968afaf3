import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { ownSession, shopDay, tokenOf } from './accounts';
import { importShopeeOrders } from './imports';
import { XLSX_TYPE, shopeeStockTemplate, xlsx } from './stock-files';

// Issue 42, as the QA report's steps (shared/reviews/2026-11-28-newcomer-qa.md, section 4):
// M1 a re-import after Scan Kirim keeps the order shipped and shows the line added to it in the
// preview, not in the package; M3 a SKU mapped with a variation is filled in the downloaded
// stock file; M5 an order imported with a skipped line is marked incomplete on the list and in
// Scan Kirim, refused, then shipped on the manager's confirmation.
const suffix = Date.now().toString().slice(-7);
const product = (letter: string, name: string, stock: number) => ({
  barcode_id: `899${letter}${suffix}`,
  code: `MD${letter}-${suffix}`,
  name: `${name} ${suffix}`,
  initial_stock: stock,
  category: 'Uji Hari Toko',
  brand: 'MerkHari',
});
const kaos = product('1', 'Kaos Hari', 20);
const topi = product('2', 'Topi Hari', 10);
const celana = product('3', 'Celana Variasi', 28);
const jaket = product('4', 'Jaket Lewati', 9);
const sandal = { sku: `SNDL-${suffix}`, name: `Sandal Jepit ${suffix}` };

const SHOPEE_HEADERS = [
  'No. Pesanan',
  'Status Pesanan',
  'No. Resi',
  'Waktu Pesanan Dibuat',
  'Nama Produk',
  'Nomor Referensi SKU',
  'Nama Variasi',
  'Harga Setelah Diskon',
  'Jumlah',
];
type Line = { order: string; resi: string; name: string; sku: string; variation?: string };

/** A Shopee export (every cell text, as Shopee writes order numbers). */
function shopeeRows(lines: readonly Line[]): string[][] {
  return [
    SHOPEE_HEADERS,
    ...lines.map((line) => [
      line.order,
      'Perlu Dikirim',
      line.resi,
      `${shopDay()} 09:30`,
      line.name,
      line.sku,
      line.variation ?? '',
      '15000',
      '1',
    ]),
  ];
}

const managerHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await tokenOf(request, 'manager')}`,
});

test.beforeAll(async ({ request }) => {
  const headers = await managerHeaders(request);
  for (const item of [kaos, topi, celana, jaket])
    expect((await request.post('/api/products', { headers, data: item })).status()).toBe(201);
});

/** Opens Impor Pesanan and uploads an order file; answers the dialog with its preview. */
async function uploadOrders(page: Page, name: string, rows: string[][]) {
  await page.goto('/marketplace-orders');
  await page.getByRole('button', { name: 'Impor Pesanan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
  await dialog.getByLabel('File pesanan (xlsx, xls, csv)').setInputFiles({
    name,
    mimeType: XLSX_TYPE,
    buffer: xlsx(rows),
  });
  await dialog.getByRole('button', { name: 'Unggah' }).click();
  await expect(dialog.getByRole('table', { name: 'Baris File' })).toBeVisible();
  return dialog;
}

const chip = (page: Page, label: string) =>
  page
    .getByRole('dialog')
    .getByRole('group', { name: 'Ringkasan' })
    .getByRole('button', { name: new RegExp(`^${label} \\d`) });

/** A USB scanner: the code's characters, then Enter, into the focused Scan resi field. */
async function scan(page: Page, code: string) {
  await expect(
    page.getByRole('form', { name: 'Scan resi dan barang' }).getByRole('textbox'),
  ).toBeFocused();
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/** Scans a resi and waits for its package to show the product before any item is scanned. */
async function openPackage(page: Page, resi: string, productName: string) {
  await scan(page, resi);
  await expect(
    page
      .getByRole('table', { name: 'Barang dalam paket' })
      .getByText(productName, { exact: false }),
  ).toBeVisible();
}

async function searchOrders(page: Page, text: string) {
  await page.goto('/marketplace-orders');
  await page.getByRole('searchbox').fill(text);
  const list = page.getByRole('table', { name: 'Daftar Pesanan Marketplace' });
  const row = list.getByRole('row', { name: new RegExp(text) });
  await expect(row).toHaveCount(1);
  return row;
}

// Sessions of their own: the shared .auth files may be written meanwhile by a run on another port.
test.use({
  storageState: async ({ baseURL }, provide) => provide(await ownSession(baseURL ?? '', 'manager')),
  viewport: { width: 1366, height: 768 },
});

test('M1: a re-import after packing keeps the order shipped and shows the added line in the preview', async ({
  page,
  request,
}) => {
  const order = `2611${suffix}11`;
  const resi = `SPXM1${suffix}`;
  const first: Line = { order, resi, name: kaos.name, sku: kaos.code };
  const added: Line = { order, resi, name: topi.name, sku: topi.code };
  const headers = await managerHeaders(request);
  await importShopeeOrders(
    request,
    headers,
    `Order.m1.${suffix}.csv`,
    shopeeRows([first])
      .map((row) => row.join(','))
      .join('\r\n'),
  );

  await page.goto('/packing');
  await openPackage(page, resi, kaos.name);
  await scan(page, kaos.barcode_id);
  await page.getByRole('button', { name: 'Kirim', exact: true }).click();
  await expect(page.getByText(`Paket resi ${resi} berhasil dikirim`)).toBeVisible();

  // The afternoon export: still 'Perlu Dikirim' (not collected yet), and a line added.
  const dialog = await uploadOrders(page, `Order.m1b.${suffix}.xlsx`, shopeeRows([first, added]));
  await expect(chip(page, 'Sudah ada')).toHaveText('Sudah ada 1');
  await expect(chip(page, 'Paket sudah dikirim')).toHaveText('Paket sudah dikirim 1');
  const lines = dialog.getByRole('table', { name: 'Baris File' });
  await expect(lines.getByRole('row', { name: new RegExp(topi.code) })).toContainText(
    'Paket pesanan ini sudah dikirim dari Gudang tanpa barang ini',
  );
  await expect(lines.getByRole('row', { name: new RegExp(kaos.code) })).toContainText(
    'Status di file: Perlu Dikirim; tetap Dikirim (sudah dicatat Gudang)',
  );
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Hasil Impor' });
  await expect(result.getByText('Dilewati (paket sudah dikirim)')).toBeVisible();
  await result.getByRole('button', { name: 'Selesai' }).click();

  const row = await searchOrders(page, resi);
  await expect(row.getByText('Dikirim', { exact: true })).toBeVisible();
  await expect(row).not.toContainText('Perlu Dikirim');
  await row.getByRole('button', { name: 'Detail' }).click();
  const detail = page.getByRole('dialog', { name: `Pesanan ${order}` });
  const items = detail.getByRole('table', { name: 'Barang Pesanan' });
  await expect(items).toContainText(kaos.code);
  await expect(items).not.toContainText(topi.code);
});

test('M3: a SKU mapped with a variation is filled in the stock file', async ({ page }) => {
  const sku = `VAR-${suffix}-HTM-L`;
  // Mapped for one variation only, as the report's mapping form did.
  await page.goto('/marketplace-orders?tab=pemetaan-sku');
  await page.getByRole('button', { name: 'Tambah Pemetaan' }).click();
  const form = page.getByRole('dialog', { name: 'Tambah Pemetaan SKU' });
  await form.getByLabel('SKU', { exact: true }).fill(sku);
  await form.getByLabel('Variasi', { exact: true }).fill('Hitam,L');
  await form.getByRole('combobox', { name: 'Produk' }).fill(celana.code);
  await page.getByRole('option', { name: new RegExp(celana.code) }).click();
  await form.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pemetaan SKU berhasil disimpan').first()).toBeVisible();

  // Shopee's mass update template, the variation's row holding an old 99.
  const template = shopeeStockTemplate([
    {
      productId: '1000000001',
      productName: 'Celana',
      variationId: '2000000001',
      variationName: 'Hitam,L',
      parentSku: 'VAR',
      sku,
      price: 55000,
      stock: 99,
    },
  ]);
  await page.goto('/marketplace-orders');
  await page.getByRole('button', { name: 'Perbarui Stok Marketplace' }).click();
  const stockDialog = page.getByRole('dialog', { name: 'Perbarui Stok Marketplace' });
  await stockDialog.getByLabel('File template stok (xlsx, xls, csv)').setInputFiles({
    name: `mass_update_sales_info_${suffix}.xlsx`,
    mimeType: XLSX_TYPE,
    buffer: template,
  });
  const downloading = page.waitForEvent('download');
  await stockDialog.getByRole('button', { name: 'Isi Stok dan Unduh' }).click();
  const download = await downloading;
  await expect(stockDialog.getByText('Semua SKU di file terpetakan.')).toBeVisible();
  const filled = XLSX.read(await streamBytes(download), { type: 'buffer' });
  const sheet = filled.Sheets[filled.SheetNames[0] ?? ''];
  expect(sheet?.F5?.v).toBe(sku);
  expect(sheet?.H5?.v).toBe(celana.initial_stock);
});

async function streamBytes(download: { path: () => Promise<string | null> }): Promise<Buffer> {
  const { readFileSync } = await import('node:fs');
  const file = await download.path();
  if (file === null) throw new Error('the download was not saved');
  return readFileSync(file);
}

test('M5: a skipped line leaves the order incomplete, refused until the manager confirms', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const order = `2611${suffix}51`;
  const resi = `SPXM5${suffix}`;
  const dialog = await uploadOrders(
    page,
    `Order.m5.${suffix}.xlsx`,
    shopeeRows([
      { order, resi, name: jaket.name, sku: jaket.code },
      { order, resi, name: sandal.name, sku: sandal.sku },
    ]),
  );
  await expect(chip(page, 'SKU belum dipetakan')).toHaveText('SKU belum dipetakan 1');
  await dialog.getByLabel(/Lewati baris bermasalah/).check();
  await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
  const result = page.getByRole('dialog', { name: 'Hasil Impor' });
  const incomplete = result.getByText('Pesanan tidak lengkap (belum dapat dikirim)');
  await expect(incomplete).toBeVisible();
  await expect(incomplete.locator('xpath=following-sibling::dd')).toHaveText('1');
  await result.getByRole('button', { name: 'Selesai' }).click();

  // The list marks it, and the detail names the line left out.
  const row = await searchOrders(page, resi);
  await expect(row.getByText('Tidak lengkap')).toBeVisible();
  await expect(row.getByRole('checkbox')).toBeDisabled();
  await row.getByRole('button', { name: 'Detail' }).click();
  const skipped = page
    .getByRole('dialog', { name: `Pesanan ${order}` })
    .getByRole('table', { name: 'Barang yang dilewati saat impor' });
  await expect(skipped).toContainText(sandal.sku);
  await expect(skipped).toContainText(`SKU '${sandal.sku}' belum dipetakan ke produk`);

  // The admin in Scan Kirim: told what is missing, Kirim stays off, the server refuses it.
  const missing = `${sandal.name} (${sandal.sku}) x1`;
  const admin = await browser.newContext({
    storageState: await ownSession(baseURL ?? '', 'admin'),
    viewport: { width: 1366, height: 768 },
  });
  const adminPage = await admin.newPage();
  await adminPage.goto('/packing');
  await openPackage(adminPage, resi, jaket.name);
  const warning = adminPage.getByRole('alert', { name: /Pesanan ini tidak lengkap/ });
  await expect(warning).toContainText(missing);
  await expect(warning).toContainText('minta manager mengonfirmasi');
  await expect(
    adminPage.getByRole('region', { name: 'Pesanan' }).getByText('Tidak lengkap', { exact: true }),
  ).toBeVisible();
  await scan(adminPage, jaket.barcode_id);
  await expect(adminPage.getByLabel(`Jumlah discan ${jaket.name}`)).toHaveValue('1');
  await expect(adminPage.getByRole('button', { name: 'Kirim', exact: true })).toBeDisabled();
  await admin.close();

  const adminHeaders = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  const scans = [{ barcode: jaket.barcode_id, quantity: 1 }];
  const refused = await request.post(`/api/packing/${resi}/ship`, {
    headers: adminHeaders,
    data: { scans },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain(missing);
  const notAllowed = await request.post(`/api/packing/${resi}/ship`, {
    headers: adminHeaders,
    data: { scans, confirm_incomplete: true },
  });
  expect(notAllowed.status()).toBe(403);

  // The manager confirms in Scan Kirim and the package leaves; the log says without what.
  await page.goto('/packing');
  await openPackage(page, resi, jaket.name);
  await scan(page, jaket.barcode_id);
  const send = page.getByRole('button', { name: 'Kirim', exact: true });
  await expect(send).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Kirim tanpa barang ini (konfirmasi manager)' }).check();
  await send.click();
  await expect(page.getByText(`Paket resi ${resi} berhasil dikirim`)).toBeVisible();

  const headers = await managerHeaders(request);
  const logs = await request.get('/api/activity-logs?action=PACK_ORDER&limit=50', { headers });
  const { data } = (await logs.json()) as { data: { details: string }[] };
  expect(data.find((entry) => entry.details.includes(resi))?.details).toContain(
    `dikirim tanpa ${missing} (dikonfirmasi manager)`,
  );
  const products = await request.get(`/api/products?search=${jaket.code}`, { headers });
  const { data: found } = (await products.json()) as {
    data: { code: string; current_stock: number }[];
  };
  expect(found.find((p) => p.code === jaket.code)?.current_stock).toBe(jaket.initial_stock - 1);
});
