import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { storageStateOf, tokenOf } from './accounts';
import { boxOf } from './pages';

// The manager imports a Shopee order file, maps its unknown SKU in the preview,
// commits, and finds the orders by resi; the admin reads the list but cannot import.
const suffix = Date.now().toString().slice(-7);
const kopi = {
  barcode_id: `8994${suffix}`,
  code: `MPA-${suffix}`,
  name: `Kopi Marketplace ${suffix}`,
  initial_stock: 20,
  category: 'Uji Marketplace',
  brand: 'MerkMP',
};
const teh = {
  ...kopi,
  barcode_id: `8995${suffix}`,
  code: `MPB-${suffix}`,
  name: `Teh Paket ${suffix}`,
};
const bundleSku = `PAKET-TEH-${suffix}`;
// Shopee order numbers are long digit strings: they must stay text, never 2.5112e+13.
// Batch 0 is the manager's file, batch 1 the one imported for the admin's checks.
const orderNumber = (n: number, batch = 0) => `2511${suffix}${batch}${String(n).padStart(2, '0')}`;
const resi = (letter: string, batch = 0) => `SPXE2E${suffix}${batch}${letter}`;

const shopNow = () => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return `${parts} 10:15`;
};

/** A small Shopee 'Order.all' export: the 48-column file's headers that matter, by name. */
function shopeeFile(batch = 0): Buffer {
  const header = [
    'No. Pesanan',
    'Status Pesanan',
    'No. Resi',
    'Waktu Pesanan Dibuat',
    'SKU Induk',
    'Nama Produk',
    'Nomor Referensi SKU',
    'Nama Variasi',
    'Harga Awal',
    'Harga Setelah Diskon',
    'Jumlah',
    'Total Harga Produk',
  ];
  const when = shopNow();
  const rows = [
    [
      orderNumber(1, batch),
      'Perlu Dikirim',
      resi('A', batch),
      when,
      'KOPI',
      kopi.name,
      kopi.code,
      '',
      'Rp 20.000',
      'Rp 15.000',
      '2',
      'Rp 30.000',
    ],
    [
      orderNumber(2, batch),
      'Perlu Dikirim',
      resi('B', batch),
      when,
      'KOPI',
      kopi.name,
      kopi.code,
      '',
      '20.000',
      '15.000',
      '1',
      '15.000',
    ],
    // The second item of the same order: Shopee leaves the order's cells blank (filled down).
    [
      '',
      '',
      '',
      '',
      'TEH',
      `Paket Teh isi 2 ${suffix}`,
      bundleSku,
      'Isi 2',
      '30.000',
      '25.000',
      '1',
      '25.000',
    ],
    [
      orderNumber(3, batch),
      'Batal',
      '',
      when,
      'KOPI',
      kopi.name,
      kopi.code,
      '',
      '20.000',
      '15.000',
      '1',
      '15.000',
    ],
  ];
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'orders');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  for (const product of [kopi, teh]) {
    expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  }
});

/** WCAG 2.1 AA violations on the page as it is (the a11y spec's tags). */
async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return found.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

const counts = (page: Page) =>
  page.getByRole('dialog').getByRole('group', { name: 'Ringkasan' }).getByRole('button');
const count = (page: Page, label: string) =>
  page
    .getByRole('dialog')
    .getByRole('group', { name: 'Ringkasan' })
    .getByRole('button', {
      name: new RegExp(`^${label} \\d`),
    });

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

  test('imports a Shopee file, maps its unknown SKU in the preview, commits and finds the orders by resi', async ({
    page,
  }) => {
    await page.goto('/marketplace-orders');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Pesanan Marketplace' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Impor Pesanan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor Pesanan Marketplace' });
    await dialog.getByLabel('File pesanan (xlsx, xls, csv)').setInputFiles({
      name: `Order.all.${suffix}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: shopeeFile(),
    });
    await dialog.getByRole('button', { name: 'Unggah' }).click();

    await expect(dialog.getByText(`Order.all.${suffix}.xlsx · Shopee · 4 baris`)).toBeVisible();
    await expect(counts(page)).toHaveText([
      'Semua 4',
      'Siap 2',
      'Sudah ada 0',
      'SKU belum dipetakan 1',
      'Tidak valid 0',
      'Batal 1',
    ]);
    const lines = dialog.getByRole('table', { name: 'Baris File' });
    await expect(lines.getByText(orderNumber(1), { exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Impor', exact: true })).toBeDisabled();

    // Map the bundle: one sold unit is 2 x the tea.
    const unknown = lines.getByRole('row', { name: new RegExp(bundleSku) });
    await unknown.getByRole('button', { name: 'Petakan' }).click();
    const panel = dialog.getByRole('region', { name: `Petakan SKU ${bundleSku}` });
    await expect(panel.getByLabel('SKU', { exact: true })).toHaveValue(bundleSku);
    expect(await violations(page), 'preview with the mapping form').toEqual([]);
    await panel.getByRole('combobox', { name: 'Produk' }).fill(teh.code);
    await page.getByRole('option', { name: new RegExp(teh.code) }).click();
    await panel.getByLabel('Jumlah per unit').fill('2');
    await panel.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Pemetaan SKU berhasil disimpan').first()).toBeVisible();

    await expect(count(page, 'SKU belum dipetakan')).toHaveText('SKU belum dipetakan 0');
    await expect(count(page, 'Siap')).toHaveText('Siap 3');
    await expect(panel).toBeHidden();
    await expect(unknown).toContainText(`${teh.code} x 2`);

    // The dialog fits the laptop: nothing sideways.
    const box = await boxOf(dialog);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);

    const impor = dialog.getByRole('button', { name: 'Impor', exact: true });
    await expect(impor).toBeEnabled();
    await impor.click();
    const result = page.getByRole('dialog', { name: 'Hasil Impor' });
    await expect(result.getByRole('definition')).toHaveText(['2', '0', '3', '1', '0', '0']);
    await result.getByRole('button', { name: 'Selesai' }).click();
    await expect(result).toBeHidden();

    const list = page.getByRole('table', { name: 'Daftar Pesanan Marketplace' });
    await page.getByRole('searchbox').fill(resi('B'));
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row', { name: new RegExp(resi('B')) });
    await expect(row).toContainText(orderNumber(2));
    await expect(row).toContainText('Perlu Dikirim');
    await expect(row).toContainText('Rp 40.000,00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );

    await row.getByRole('button', { name: 'Detail' }).click();
    const detail = page.getByRole('dialog', { name: `Pesanan ${orderNumber(2)}` });
    await expect(detail.getByRole('table', { name: 'Barang Pesanan' })).toContainText(
      `${teh.code} ${teh.name} x 2`,
    );
    await detail.getByRole('button', { name: 'Tutup' }).last().click();

    await page.getByRole('searchbox').fill(resi('A'));
    await expect(list.getByRole('row', { name: new RegExp(resi('A')) })).toContainText(
      orderNumber(1),
    );

    // The same file again changes nothing: every line is already there.
    await page.getByRole('button', { name: 'Impor Pesanan' }).click();
    await dialog.getByLabel('File pesanan (xlsx, xls, csv)').setInputFiles({
      name: `Order.all.${suffix}.xlsx`,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: shopeeFile(),
    });
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(count(page, 'Sudah ada')).toHaveText('Sudah ada 3');
    await expect(count(page, 'Siap')).toHaveText('Siap 0');
  });
});

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin'), viewport: { width: 1366, height: 768 } });

  // The admin's own orders, imported through the API by the manager (nothing to map: the
  // bundle's line is left out).
  test.beforeAll(async ({ request }) => {
    const headers = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
    const upload = await request.post('/api/marketplace-imports', {
      headers,
      multipart: {
        channel: 'shopee',
        file: {
          name: `Order.all.${suffix}-1.xlsx`,
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: shopeeFile(1),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const { id } = (await upload.json()) as { id: number };
    const commit = await request.post(`/api/marketplace-imports/${id}/commit`, {
      headers,
      data: { skip_problems: true },
    });
    expect(commit.status()).toBe(200);
  });

  test('sees the list in the menu but no import, stock file or mapping edits', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Pesanan Marketplace' }).click();
    await expect(page).toHaveURL(/\/marketplace-orders$/);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Pesanan Marketplace' }),
    ).toBeVisible();
    const list = page.getByRole('table', { name: 'Daftar Pesanan Marketplace' });
    await page.getByRole('searchbox').fill(resi('A', 1));
    await expect(list.getByRole('row')).toHaveCount(2);
    const row = list.getByRole('row', { name: new RegExp(resi('A', 1)) });
    await expect(row).toContainText(orderNumber(1, 1));
    await expect(row.getByRole('button', { name: 'Detail' })).toBeEnabled();
    await expect(
      row.getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Impor Pesanan' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Perbarui Stok Marketplace' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Pemetaan SKU' }).click();
    await expect(page.getByRole('table', { name: 'Pemetaan SKU' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tambah Pemetaan' })).toHaveCount(0);
  });

  test('reads the orders as cards on a phone, nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/marketplace-orders?search=${resi('B', 1)}`);
    const cards = page.getByRole('list', { name: 'Daftar Pesanan Marketplace' });
    await expect(cards.getByRole('listitem')).toHaveCount(1);
    await expect(cards).toContainText(orderNumber(2, 1));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
