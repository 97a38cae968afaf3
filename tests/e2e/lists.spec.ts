import { expect, test, type Page } from '@playwright/test';
import { storageStateOf } from './accounts';
import { boxOf } from './pages';

test.use({ storageState: storageStateOf('manager') });

const query = (page: Page) => new URL(page.url()).search;

test('Back and Forward walk through page, page size, sort and search; a reload keeps the state', async ({
  page,
}) => {
  await page.goto('/incoming-goods');
  const table = page.getByRole('table', { name: 'Barang Masuk' });
  const sort = page.getByRole('combobox', { name: 'Urutkan' });
  const size = page.getByRole('combobox', { name: 'Jumlah item per halaman' });
  const search = page.getByRole('searchbox', { name: 'Cari barang masuk...' });
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await expect(table.locator('tbody tr').nth(5)).toBeVisible();

  await sort.selectOption('brand');
  await expect(page).toHaveURL(/\?sort=brand$/);
  await pager.getByRole('button', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\?sort=brand&page=2$/);
  await size.selectOption('20');
  await expect(page).toHaveURL(/\?sort=brand&limit=20$/);
  // Typing is debounced: one history entry for the settled search, not one per key.
  await search.pressSequentially('Kopi', { delay: 30 });
  await expect(page).toHaveURL(/\?sort=brand&limit=20&search=Kopi$/);

  await page.goBack();
  await expect(page).toHaveURL(/\?sort=brand&limit=20$/);
  await expect(search).toHaveValue('');
  await expect(size).toHaveValue('20');
  await page.goBack();
  await expect(page).toHaveURL(/\?sort=brand&page=2$/);
  await expect(size).toHaveValue('10');
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goBack();
  await expect(page).toHaveURL(/\?sort=brand$/);
  await page.goBack();
  expect(query(page)).toBe('');
  await expect(sort).toHaveValue('date');

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/\?sort=brand&page=2$/);
  await page.reload();
  await expect(sort).toHaveValue('brand');
  await expect(pager.getByRole('button', { name: '2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/search=Kopi$/);
  await expect(search).toHaveValue('Kopi');
});

test('a failed list load says so, and Coba lagi loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/api/outgoing-goods?*', (route) =>
    fail ? route.fulfill({ status: 500, json: { message: 'x' } }) : route.continue(),
  );
  await page.goto('/outgoing-goods');
  const table = page.getByRole('table', { name: 'Barang Keluar' });
  await expect(table.getByText('Gagal memuat data')).toBeVisible();
  await expect(table.getByText('Tidak ada data barang keluar')).toHaveCount(0);
  fail = false;
  await table.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(table.locator('tbody tr').nth(3)).toBeVisible();
  await expect(table.getByText('Gagal memuat data')).toHaveCount(0);
});

test("Data Produk's sort options read as docs/product.md writes them", async ({ page }) => {
  await page.goto('/products');
  const sort = page.getByRole('combobox', { name: 'Urutkan' });
  await expect(page.getByText('Urutkan', { exact: true })).toBeVisible();
  await expect(sort.locator('option')).toHaveText([
    'Nama A-Z',
    'Merk A-Z',
    'Merk Z-A',
    'Tanggal Terbaru',
    // Issue 47 adds the shelf order.
    'Rak A-Z',
    'Rak Z-A',
  ]);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
]) {
  test(`a toast does not cover the close button of the open modal (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.route('**/api/products', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'Gagal menyimpan produk' } })
        : route.continue(),
    );
    await page.goto('/products');
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Produk' });
    await form.getByLabel('Barcode ID').fill('8990000000001');
    await form.getByLabel('Kode').fill('TOAST-1');
    await form.getByLabel('Nama Barang').fill('Uji Toast');
    await form.getByLabel('Stok Awal').fill('1');
    await form.getByLabel('Kategori').fill('Uji');
    await form.getByLabel('Merk').fill('Uji');
    await form.getByRole('button', { name: 'Simpan' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Gagal menyimpan produk' });
    await expect(toast).toBeVisible();

    const close = form.getByRole('button', { name: 'Tutup' }).first();
    const a = await boxOf(toast);
    const b = await boxOf(close);
    const overlaps =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    // The toast is at the top right, as docs/product.md says, also over a dialog.
    expect(a.y).toBeLessThan(100);
    expect(a.x + a.width).toBeGreaterThan(viewport.width - 40);
    // The form holds typed data: closing asks first.
    page.once('dialog', (question) => void question.accept());
    await close.click(); // not intercepted by the toast
    await expect(form).toBeHidden();
  });
}
