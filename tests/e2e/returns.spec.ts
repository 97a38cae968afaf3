import { expect, test, type APIRequestContext } from '@playwright/test';
import { shopDay, storageStateOf, tokenOf } from './accounts';

// Retur: a package shipped through Barang Keluar comes back; its resi is scanned (a
// USB scanner types it and Enter into the focused field) and one unit goes back to stock.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8993${suffix}`,
  code: `RTR-${suffix}`,
  name: `Barang Retur ${suffix}`,
  initial_stock: 10,
  category: 'UjiRetur',
  brand: 'MerkRetur',
};
const resi = `RTROUT${suffix}`;

async function stockOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get(`/api/products?search=${product.code}`, { headers });
  const body = (await res.json()) as { data: { code: string; current_stock: number }[] };
  return body.data.find((item) => item.code === product.code)?.current_stock;
}

test.use({ storageState: storageStateOf('admin'), viewport: { width: 1366, height: 768 } });

test('an admin records a return by scanning the resi of goods shipped through Barang Keluar', async ({
  page,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  expect((await request.post('/api/products', { headers: manager, data: product })).status()).toBe(
    201,
  );
  const shipped = await request.post('/api/outgoing-goods', {
    headers: admin,
    data: {
      product_code: product.code,
      date: shopDay(),
      resi_number: resi,
      quantity: 2,
      barcode: product.barcode_id,
    },
  });
  expect(shipped.status()).toBe(201);
  expect(await stockOf(request, admin)).toBe(8);

  await page.goto('/returns');
  const scan = page.getByRole('textbox', { name: 'Scan resi', exact: true });
  await expect(scan).toBeFocused();
  await scan.fill(resi.toLowerCase());
  await scan.press('Enter');

  const lines = page.getByRole('table', { name: 'Barang Keluar resi ini' });
  const row = lines.getByRole('row', { name: new RegExp(product.name) });
  await expect(row).toBeVisible();
  await page.getByLabel(`Jumlah retur ${product.name}`).fill('1');
  await expect(page.getByLabel(`Kondisi ${product.name}`, { exact: true })).toHaveValue('good');
  await page.getByLabel(/Alasan Retur/).fill('Salah ukuran');
  await page.getByRole('button', { name: 'Simpan Retur' }).click();
  await expect(page.getByText('Retur berhasil disimpan')).toBeVisible();

  const list = page.getByRole('table', { name: 'Daftar Retur' });
  await expect(list.getByRole('row', { name: new RegExp(resi) })).toBeVisible();
  // One unit in good condition is back in stock.
  await expect.poll(() => stockOf(request, admin)).toBe(9);

  // Scanned again: one was returned, one is left.
  await scan.fill(resi);
  await scan.press('Enter');
  await expect(page.getByLabel(`Jumlah retur ${product.name}`)).toBeVisible();
  await page.getByLabel(`Jumlah retur ${product.name}`).fill('2');
  await expect(page.getByText('Maksimal 1')).toBeVisible();

  // The search of the list is in the URL.
  await page.getByPlaceholder('Cari resi, barang atau alasan...').fill(resi);
  await expect(page).toHaveURL(new RegExp(`search=${resi}`));
  await expect(list.getByRole('row')).toHaveCount(2);
});
