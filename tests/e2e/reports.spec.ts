import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shopDay, storageStateOf, tokenOf } from './accounts';
import { boxOf } from './pages';
import { keepPrintedSheet } from './print';

// A product of its own with movements today, so that its report row is this test's alone.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8991${suffix}`,
  code: `LAP-${suffix}`,
  name: `Barang "Laporan", ${suffix}`,
  initial_stock: 20,
  category: 'Uji',
  brand: 'MerkLaporan',
};

test.beforeAll(async ({ request }) => {
  const token = await tokenOf(request, 'manager');
  const headers = { Authorization: `Bearer ${token}` };
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  const movement = { product_code: product.code, date: shopDay() };
  const incoming = await request.post('/api/incoming-goods', {
    headers,
    data: { ...movement, resi_number: `LAPIN${suffix}`, quantity: 7, platform: 'Shopee' },
  });
  expect(incoming.status()).toBe(201);
  const outgoing = await request.post('/api/outgoing-goods', {
    headers,
    data: { ...movement, resi_number: `LAPOUT${suffix}`, quantity: 2, barcode: product.barcode_id },
  });
  expect(outgoing.status()).toBe(201);
});

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: { width: 1366, height: 768 } });

  test('downloads the stock report as CSV with a BOM, the header and the row', async ({ page }) => {
    await page.goto('/reports');
    const table = page.getByRole('table', { name: 'Laporan Stok' });
    const row = table.getByRole('row', { name: new RegExp(product.code) });
    await expect(row).toContainText('MerkLaporan');
    // The report fits the laptop screen: no sideways scrolling.
    const tableBox = await boxOf(table);
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(1366);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`laporan-stock-${shopDay(-7)}-${shopDay(7)}.csv`);
    await expect(page.getByText('Laporan berhasil diunduh')).toBeVisible();

    const bytes = readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Kode","Nama Barang","Kategori","Merk","Stok Awal","Masuk","Keluar","Retur","Penyesuaian","Stok Akhir"',
    );
    expect(lines).toContain(
      `"${product.code}","Barang ""Laporan"", ${suffix}","Uji","MerkLaporan","20","7","2","0","0","25"`,
    );
  });

  test('reloads for another type and prints a layout without the sidebar', async ({ page }) => {
    await page.goto('/reports');
    await page.getByLabel('Jenis Laporan').selectOption({ label: 'Laporan Barang Masuk' });
    const table = page.getByRole('table', { name: 'Laporan Barang Masuk' });
    await expect(table.getByRole('row', { name: new RegExp(`LAPIN${suffix}`) })).toContainText(
      'Shopee',
    );

    await keepPrintedSheet(page);
    await page.getByRole('button', { name: 'Print' }).click();
    const sheet = page.locator('body > [data-print-area]');
    await expect(sheet).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.getByRole('heading', { name: 'Laporan Barang Masuk' })).toBeVisible();
    await expect(sheet).toContainText(/Periode: \d{1,2}\/\d{1,2}\/\d{4} - \d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(sheet).toContainText(/Dicetak pada: \S+, \d{1,2} \S+ \d{4}/);
    await expect(sheet).toContainText(`LAPIN${suffix}`);
    await expect(page.getByRole('navigation')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  });
});
