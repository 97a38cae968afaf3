import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import * as XLSX from 'xlsx';
import { ACCOUNTS, shopDay, storageStateOf } from './accounts';
import { boxOf } from './pages';

// Products of this run only; their transactions sit on a day of their own, so that the range
// of that day holds exactly them and the headline is this test's alone.
const suffix = Date.now().toString().slice(-7);
const ownDay = (() => {
  const day = new Date(Date.UTC(2001, 0, 1) + (Number(suffix) % 4000) * 86_400_000);
  return day.toISOString().slice(0, 10);
})();
const idDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day}/${month}/${year}`;
};

/** A yyyy-mm-dd date as a spreadsheet serial day. */
const serialOf = (iso: string) =>
  (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;

const product = {
  barcode_id: `8993${suffix}`,
  code: `PBK-${suffix}`,
  name: `Barang Pembukuan ${suffix}`,
  initial_stock: 20,
  category: 'Uji',
  brand: 'MerkBuku',
};
const resiA = `PBKA${suffix}`;
const resiB = `PBKB${suffix}`;

async function headersOf(request: APIRequestContext, role: 'admin' | 'manager') {
  const res = await request.post('/api/auth/login', { data: ACCOUNTS[role] });
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

// Two sales of the product on its own day, made through the API (prices not entered yet).
test.beforeAll(async ({ request }) => {
  const headers = await headersOf(request, 'manager');
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  for (const [resi, quantity] of [
    [resiA, 3],
    [resiB, 1],
  ] as const) {
    const res = await request.post('/api/outgoing-goods', {
      headers,
      data: {
        product_code: product.code,
        resi_number: resi,
        quantity,
        barcode: product.barcode_id,
        date: ownDay,
      },
    });
    expect(res.status()).toBe(201);
  }
});

/** The Margin cell (the 11th column) of a row. */
const marginOf = (row: Locator) => row.getByRole('cell').nth(10);

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

  test('edits the prices of a transaction: margin and headline change; the Excel export has every row and the total', async ({
    page,
  }) => {
    await page.goto(`/pembukuan?startDate=${ownDay}&endDate=${ownDay}`);
    const table = page.getByRole('table', { name: 'Pembukuan' });
    const rowA = table.getByRole('row', { name: new RegExp(resiA) });
    const rowB = table.getByRole('row', { name: new RegExp(resiB) });
    await expect(rowA).toContainText(idDate(ownDay));
    await expect(rowA).toContainText('-3');
    await expect(marginOf(rowA)).toHaveText('-');
    await expect(page.getByText('Total Keuntungan: Rp 0', { exact: true })).toBeVisible();
    await expect(table.locator('tbody tr')).toHaveCount(2);

    // A profit on A: (15.000 - 1.000 - 10.000) x 3.
    await rowA.getByRole('button', { name: 'Edit' }).click();
    let dialog = page.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    await expect(dialog.getByLabel('ID Transaksi')).not.toBeEditable();
    await expect(dialog).toContainText('Perubahan harga hanya berlaku untuk transaksi ini.');
    await dialog.getByLabel('Harga Beli').fill('10.000');
    await dialog.getByLabel('Harga Jual').fill('15.000');
    await dialog.getByLabel('Potongan').fill('1.000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Data pembukuan berhasil diperbarui')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(marginOf(rowA)).toHaveText('Rp 12.000');
    await expect(marginOf(rowA).locator('[data-tone]')).toHaveCSS('color', 'rgb(21, 128, 61)');
    await expect(page.getByText('Total Keuntungan: Rp 12.000', { exact: true })).toBeVisible();

    // A loss on B: (15.000 - 20.000) x 1.
    await rowB.getByRole('button', { name: 'Edit' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    await dialog.getByLabel('Harga Beli').fill('20.000');
    await dialog.getByLabel('Harga Jual').fill('15.000');
    await dialog.getByRole('button', { name: 'Simpan' }).click();
    await expect(marginOf(rowB)).toHaveText('-Rp 5.000');
    await expect(marginOf(rowB).locator('[data-tone]')).toHaveCSS('color', 'rgb(220, 38, 38)');
    await expect(page.getByText('Total Keuntungan: Rp 7.000', { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Transaksi Menguntungkan' })).toContainText(
      'dari 2 transaksi',
    );
    await expect(
      page
        .getByRole('region', { name: 'Total Keuntungan Per Produk' })
        .getByRole('group', { name: product.name }),
    ).toContainText('Rp 7.000');

    // The table and its actions fit the laptop screen.
    const tableBox = await boxOf(table);
    expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(1366);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`pembukuan-${ownDay}-${ownDay}.xlsx`);
    await expect(page.getByText('Data pembukuan berhasil diexport ke Excel')).toBeVisible();

    const book = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Pembukuan']);
    const sheet = book.Sheets.Pembukuan;
    if (!sheet) throw new Error('no sheet');
    const lines = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, {
      header: 1,
      defval: null,
    });
    expect(lines[0]).toEqual([
      'Tanggal',
      'Kode',
      'Nama Produk',
      'Kategori',
      'Merk',
      'Jumlah Keluar',
      'No. Resi',
      'Harga Beli',
      'Harga Jual',
      'Potongan',
      'Margin',
      'Jumlah Retur',
      'Biaya Marketplace',
      'Laba Setelah Biaya',
      'Status Biaya',
      'Jumlah Dana Dikembalikan',
      'Kerugian Dana Dikembalikan',
    ]);
    expect(lines).toHaveLength(4);
    const byResi = (resi: string) => lines.find((line) => line[6] === resi);
    // Tanggal is a real date cell: a serial day, shown day/month/year.
    const common = [serialOf(ownDay), product.code, product.name, 'Uji', 'MerkBuku'];
    // Hand sales: no marketplace fee, the profit after fees is the margin (issue 45).
    expect(byResi(resiA)).toEqual([
      ...common,
      3,
      resiA,
      10000,
      15000,
      1000,
      12000,
      0,
      null,
      12000,
      null,
      0,
      0,
    ]);
    expect(byResi(resiB)).toEqual([
      ...common,
      1,
      resiB,
      20000,
      15000,
      0,
      -5000,
      0,
      null,
      -5000,
      null,
      0,
      0,
    ]);
    expect(lines[3]).toEqual([
      'Total Keuntungan',
      ...Array<null>(9).fill(null),
      7000,
      null,
      0,
      7000,
      null,
      null,
      0,
    ]);
    expect(sheet.A2).toMatchObject({ t: 'n' });
    const shown = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
    expect(shown[1]?.[0]).toBe(idDate(ownDay));

    // With a search, the file holds what the table shows, as List Order's export does; the
    // cards say that they cover every product.
    await page.getByRole('searchbox', { name: 'Cari produk...' }).fill(resiA);
    await page.getByRole('searchbox', { name: 'Cari produk...' }).press('Enter');
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(page.getByText(/^Ringkasan untuk semua produk/)).toContainText(
      `Pencarian "${resiA}" hanya menyaring tabel dan Export Excel.`,
    );
    const searched = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const searchedBook = XLSX.read(readFileSync(await (await searched).path()), {
      type: 'buffer',
    });
    const searchedSheet = searchedBook.Sheets.Pembukuan;
    if (!searchedSheet) throw new Error('no sheet');
    const searchedLines = XLSX.utils.sheet_to_json<(string | number | null)[]>(searchedSheet, {
      header: 1,
      defval: null,
    });
    expect(searchedLines).toHaveLength(3);
    expect(searchedLines[1]?.[6]).toBe(resiA);
    expect(searchedLines[2]).toEqual([
      'Total Keuntungan',
      ...Array<null>(9).fill(null),
      12000,
      null,
      0,
      12000,
      null,
      null,
      0,
    ]);
  });

  test('a product made with Harga Beli and Harga Jual gives its new sale those prices', async ({
    page,
    request,
  }) => {
    const priced = {
      barcode_id: `8994${suffix}`,
      code: `PBH-${suffix}`,
      name: `Barang Berharga ${suffix}`,
    };
    await page.goto('/products');
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Produk' });
    await form.getByLabel('Barcode ID').fill(priced.barcode_id);
    await form.getByLabel('Kode').fill(priced.code);
    await form.getByLabel('Nama Barang').fill(priced.name);
    await form.getByLabel('Stok Awal').fill('10');
    await form.getByLabel('Kategori').fill('Uji');
    await form.getByLabel('Merk').fill('MerkHarga');
    await form.getByLabel('Harga Beli').fill('12.500');
    await form.getByLabel('Harga Jual').fill('20.000');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Produk berhasil ditambahkan')).toBeVisible();

    const headers = await headersOf(request, 'manager');
    const sale = await request.post('/api/outgoing-goods', {
      headers,
      data: {
        product_code: priced.code,
        resi_number: `PBH${suffix}`,
        quantity: 2,
        barcode: priced.barcode_id,
        date: shopDay(),
      },
    });
    expect(sale.status()).toBe(201);

    // The default window (7 days before to 7 days after today) holds today's sale.
    await page.goto(`/pembukuan?search=${priced.code}`);
    const row = page
      .getByRole('table', { name: 'Pembukuan' })
      .getByRole('row', { name: new RegExp(`PBH${suffix}`) });
    await expect(row).toContainText('Rp 12.500');
    await expect(row).toContainText('Rp 20.000');
    await expect(marginOf(row)).toHaveText('Rp 15.000');
  });

  test('the page and the edit form have no accessibility violations', async ({ page }) => {
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    await page.goto(`/pembukuan?startDate=${ownDay}&endDate=${ownDay}`);
    const table = page.getByRole('table', { name: 'Pembukuan' });
    await expect(table.locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('group', { name: 'Total Transaksi' })).toContainText('2');
    expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
    await table.locator('tbody tr').first().getByRole('button', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Harga Transaksi' })).toBeVisible();
    expect((await new AxeBuilder({ page }).withTags(tags).analyze()).violations).toEqual([]);
  });

  test('becomes cards on a phone, nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`/pembukuan?startDate=${ownDay}&endDate=${ownDay}`);
    const cards = page.getByRole('list', { name: 'Pembukuan' });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('cannot open Pembukuan, in the menu or through the API', async ({ page, request }) => {
    await page.goto('/pembukuan');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' })).toHaveCount(
      0,
    );
    const headers = await headersOf(request, 'admin');
    expect((await request.get('/api/pembukuan', { headers })).status()).toBe(403);
    expect((await request.get('/api/pembukuan/stats', { headers })).status()).toBe(403);
    const edit = await request.post('/api/pembukuan', {
      headers,
      data: { outgoing_goods_id: 1, purchase_price: 1, selling_price: 2 },
    });
    expect(edit.status()).toBe(403);
  });
});
