import { expect, test } from '@playwright/test';
import { storageStateOf } from './accounts';
import { keepPrintedSheet } from './print';

test.describe('Data Produk as manager', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('adds a product, finds it, edits it, opens its stock card and deletes it', async ({
    page,
  }) => {
    const suffix = Date.now().toString().slice(-7);
    const code = `E2E-${suffix}`;
    const name = `Produk Uji ${suffix}`;
    await page.goto('/products');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Data Produk' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Produk' });
    await form.getByLabel('Barcode ID').fill(`899${suffix}`);
    await form.getByLabel('Kode').fill(code);
    await form.getByLabel('Nama Barang').fill(name);
    await form.getByLabel('Stok Awal').fill('7');
    await form.getByLabel('Kategori').fill('Uji');
    await form.getByLabel('Merk').fill('MerkUji');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Produk berhasil ditambahkan')).toBeVisible();
    await expect(form).toBeHidden();

    await page.getByPlaceholder('Cari produk...').fill(code);
    await expect(page).toHaveURL(new RegExp(`search=${code}`));
    const row = page.getByRole('row', { name: new RegExp(code) });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Stok: 7')).toBeVisible();

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Produk' });
    await expect(edit.getByLabel('Kode')).toHaveValue(code);
    await edit.getByLabel('Nama Barang').fill(`${name} Baru`);
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Produk berhasil diperbarui')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(`${name} Baru`) })).toHaveCount(1);

    // The search survives a reload (filters live in the URL).
    await page.reload();
    await expect(page.getByPlaceholder('Cari produk...')).toHaveValue(code);
    await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(1);

    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('button', { name: 'Kartu Stok' })
      .click();
    const card = page.getByRole('dialog', { name: 'Kartu Stok' });
    await expect(card.getByText('Saldo Awal')).toBeVisible();
    await expect(card.getByText('Saldo Akhir')).toBeVisible();
    await card.getByRole('button', { name: 'Tutup' }).first().click();

    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Apakah Anda yakin ingin menghapus produk ini?');
      void dialog.accept();
    });
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('button', { name: 'Hapus' })
      .click();
    await expect(page.getByText('Produk berhasil dihapus')).toBeVisible();
    await expect(page.getByText('Tidak ada produk ditemukan')).toBeVisible();
  });

  test('a product with history cannot be deleted', async ({ page, request }) => {
    await page.goto('/products');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stats = await request.get('/api/dashboard/stats', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { code } = (await stats.json()).mostOutgoingProducts[0] as { code: string };
    await page.goto(`/products?search=${encodeURIComponent(code)}`);
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('button', { name: 'Hapus' })
      .click();
    await expect(
      page.getByText('Produk tidak dapat dihapus karena sudah memiliki riwayat transaksi'),
    ).toBeVisible();
  });

  test('prints the stock card alone: title, product, period, balances and movements', async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const stats = await request.get('/api/dashboard/stats', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const { code, name } = (await stats.json()).mostOutgoingProducts[0] as {
      code: string;
      name: string;
    };
    await page.goto(`/products?search=${encodeURIComponent(code)}`);
    await page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('button', { name: 'Kartu Stok' })
      .click();
    const card = page.getByRole('dialog', { name: 'Kartu Stok' });
    await expect(card.getByText('Saldo Akhir')).toBeVisible();

    await keepPrintedSheet(page);
    await card.getByRole('button', { name: 'Cetak' }).click();
    const sheet = page.locator('body > [data-print-area]');
    await expect(sheet).toHaveCount(1);
    await page.emulateMedia({ media: 'print' });
    await expect(sheet.getByRole('heading', { name: `Kartu Stok: ${name}` })).toBeVisible();
    await expect(sheet).toContainText(`Kode ${code}`);
    await expect(sheet).toContainText(/Periode: \d{1,2}\/\d{1,2}\/\d{4} - \d{1,2}\/\d{1,2}\/\d{4}/);
    await expect(sheet).toContainText(/Dicetak pada: \S+, \d{1,2} \S+ \d{4}/);
    await expect(sheet).toContainText('Saldo Awal');
    await expect(sheet).toContainText('Saldo Akhir');
    await expect(sheet.getByRole('columnheader', { name: 'Saldo' })).toBeVisible();
    // Only the sheet goes to paper: not the dialog, its dates and buttons, nor the sidebar.
    await expect(card).toBeHidden();
    await expect(page.getByRole('navigation')).toBeHidden();
  });

  test('the dashboard shows Data Konsisten on the demo data', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('status', { name: 'Data Konsisten' })).toBeVisible();
  });
});

test.describe('Data Produk as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('cannot open Data Produk, and the API refuses a product write', async ({
    page,
    request,
  }) => {
    await page.goto('/products');
    await expect(page).toHaveURL(/\/dashboard$/);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const res = await request.post('/api/products', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        barcode_id: 'x1',
        code: 'x1',
        name: 'x',
        initial_stock: 1,
        category: 'x',
        brand: 'x',
      },
    });
    expect(res.status()).toBe(403);
  });
});
