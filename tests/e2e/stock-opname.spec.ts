import { expect, test, type APIRequestContext } from '@playwright/test';
import { storageStateOf, tokenOf } from './accounts';

// Stok Opname: a small session over one category, counted by scanning, posted by the
// manager, and its adjustment seen on the dashboard.
const suffix = Date.now().toString().slice(-7);
const category = `Opname${suffix}`;
const product = {
  barcode_id: `8994${suffix}`,
  code: `OPN-${suffix}`,
  name: `Barang Opname ${suffix}`,
  initial_stock: 5,
  category,
  brand: 'MerkOpname',
  purchase_price: 2500,
};

async function statsOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/dashboard/stats?period=all', { headers });
  return (await res.json()) as { totalAdjusted: number; totalReturned: number };
}

const idInteger = (value: number) => new Intl.NumberFormat('id-ID').format(value);

test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

test('a small count session is scanned, posted by the manager and shown on the dashboard', async ({
  page,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  expect((await request.post('/api/products', { headers: manager, data: product })).status()).toBe(
    201,
  );
  const before = await statsOf(request, manager);

  await page.goto('/stock-opname');
  await page.getByRole('button', { name: 'Sesi Baru' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sesi Stok Opname Baru' });
  await dialog.getByLabel(/Nama Sesi/).fill(`Opname ${suffix}`);
  await dialog.getByLabel('Cakupan').selectOption({ label: 'Kategori' });
  await dialog.getByLabel(/^Kategori/).selectOption({ label: category });
  await dialog.getByRole('button', { name: 'Mulai Sesi' }).click();
  await expect(page.getByText('Sesi stok opname berhasil dibuat')).toBeVisible();
  await expect(page).toHaveURL(/sesi=\d+/);

  // Three scans of the barcode: +1 each, the focus stays in the scan field.
  const scan = page.getByLabel('Scan barcode');
  await expect(scan).toBeFocused();
  for (let i = 0; i < 3; i += 1) {
    await scan.fill(product.barcode_id);
    await scan.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: `${product.name}: ${i + 1}` }),
    ).toBeVisible();
  }
  await expect(scan).toBeFocused();
  await expect(page.getByLabel(`Jumlah fisik ${product.name}`)).toHaveValue('3');

  await page.getByRole('button', { name: 'Tinjauan' }).click();
  const review = page.getByRole('table', { name: 'Produk yang sudah dihitung' });
  const row = review.getByRole('row', { name: new RegExp(product.name) });
  await expect(row).toContainText('3');
  await expect(row).toContainText('5');
  await expect(row).toContainText('-2');

  page.once('dialog', (dialogEvent) => void dialogEvent.accept());
  await page.getByRole('button', { name: 'Posting' }).click();
  await expect(page.getByText('Stok opname berhasil diposting')).toBeVisible();
  await expect(page.getByText('Sesi ini sudah ditutup dan hanya dapat dilihat.')).toBeVisible();

  // The adjustment is in Penyesuaian Stok and on the dashboard.
  await page.getByRole('button', { name: 'Kembali ke daftar sesi' }).click();
  const adjustments = page.getByRole('table', { name: 'Penyesuaian Stok' });
  await expect(adjustments.getByRole('row', { name: new RegExp(product.name) })).toContainText(
    `Stok opname: Opname ${suffix}`,
  );

  const after = await statsOf(request, manager);
  expect(after.totalAdjusted).toBe(before.totalAdjusted - 2);
  await page.goto('/dashboard');
  const box = page.getByRole('region', { name: 'Perhitungan Stok' });
  await expect(box).toContainText('Total Penyesuaian');
  await expect(box.locator('div', { hasText: 'Total Penyesuaian' }).locator('dd')).toHaveText(
    idInteger(after.totalAdjusted),
  );
  await expect(box.getByTestId('stock-formula')).toContainText(
    `${after.totalAdjusted < 0 ? '-' : '+'} ${idInteger(Math.abs(after.totalAdjusted))} =`,
  );
});
