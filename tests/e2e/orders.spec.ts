import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { shopDay, storageStateOf, tokenOf } from './accounts';
import { boxOf } from './pages';

// Two products of this test's own: one whose order is matched by an incoming record two days
// later, one that has no incoming goods at all.
const suffix = Date.now().toString().slice(-7);
const matched = {
  barcode_id: `8992${suffix}`,
  code: `ORDA-${suffix}`,
  name: `Order Cocok ${suffix}`,
  initial_stock: 5,
  category: 'Uji Order',
  brand: 'MerkOrder',
};
const unmatched = {
  ...matched,
  barcode_id: `8993${suffix}`,
  code: `ORDB-${suffix}`,
  name: `Order Tanpa Barang Masuk ${suffix}`,
};
const resi = `ORDRESI${suffix}`;

test.beforeAll(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  for (const product of [matched, unmatched]) {
    expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  }
  const incoming = await request.post('/api/incoming-goods', {
    headers,
    data: {
      product_code: matched.code,
      resi_number: resi,
      quantity: 4,
      platform: 'Shopee',
      date: shopDay(2),
    },
  });
  expect(incoming.status()).toBe(201);
});

async function addOrder(
  page: Page,
  order: { code: string; quantity: string; price: string; resi: string; bank?: string },
) {
  await page.getByRole('button', { name: 'Tambah Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Order' });
  await expect(dialog.getByLabel('Tanggal')).toHaveValue(shopDay());
  await dialog.getByRole('combobox', { name: 'Produk' }).fill(order.code);
  await page.getByRole('option', { name: new RegExp(order.code) }).click();
  await dialog.getByLabel('Jumlah').fill(order.quantity);
  await dialog.getByLabel('Harga').fill(order.price);
  await dialog.getByLabel('Nomor Resi').fill(order.resi);
  if (order.bank) await dialog.getByLabel('Bank').fill(order.bank);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Order berhasil ditambahkan').first()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

  test('adds orders, compares them with incoming goods and exports them to Excel', async ({
    page,
  }) => {
    await page.goto('/order-list');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
    ).toBeVisible();

    await addOrder(page, {
      code: matched.code,
      quantity: '4',
      price: '15.000,50',
      resi,
      bank: 'BCA',
    });
    await addOrder(page, {
      code: unmatched.code,
      quantity: '2',
      price: '1.000',
      resi: `ORDNONE${suffix}`,
    });

    const detail = page.getByRole('table', { name: 'Detail Order' });
    await page.getByRole('searchbox', { name: 'Cari order...' }).fill(suffix);
    await expect(detail.getByRole('row')).toHaveCount(3);
    const matchedRow = detail.getByRole('row', { name: new RegExp(matched.code) });
    const unmatchedRow = detail.getByRole('row', { name: new RegExp(unmatched.code) });
    await expect(matchedRow).toContainText('Rp 15.000,50');
    // A whole amount without ',00' (the comparison columns then fit 1366 px).
    await expect(matchedRow).toContainText('Rp 60.002');
    await expect(unmatchedRow.getByRole('cell').nth(9)).toHaveText('-');

    // The summary has its own row per product, the average without decimals.
    const summary = page.getByRole('table', { name: 'Ringkasan Order' });
    await page.getByRole('searchbox', { name: 'Cari ringkasan order...' }).fill(matched.code);
    await expect(summary.getByRole('row', { name: new RegExp(matched.code) })).toContainText(
      'Rp 15.001',
    );

    await page.getByRole('button', { name: 'Tampilkan Perbandingan' }).click();
    await expect(matchedRow.getByText('Exact Match')).toBeVisible();
    await expect(unmatchedRow.getByText('No Match')).toBeVisible();
    await expect(unmatchedRow).toHaveAttribute('data-highlighted', 'true');
    await expect(matchedRow).not.toHaveAttribute('data-highlighted', 'true');

    // Comparison on: the actions are still inside the laptop screen, no sideways scrolling.
    const actions = matchedRow.getByRole('button', { name: 'Hapus' });
    expect((await boxOf(actions)).x + (await boxOf(actions)).width).toBeLessThanOrEqual(1366);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );
    // ... and no resi, code, date, amount or brand is broken over two lines.
    const lines = await detail.evaluate((table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
      const wanted = ['Tanggal', 'Kode', 'Merk', 'Harga', 'Total', 'Resi', 'Bank'];
      const broken: string[] = [];
      for (const row of table.querySelectorAll('tbody tr')) {
        row.querySelectorAll('td').forEach((cell, index) => {
          if (!wanted.includes(headers[index] ?? '')) return;
          // A text that wraps has one box per line.
          const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let text = texts.nextNode(); text; text = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(text);
            const tops = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
            if (tops.size > 1) broken.push(`${headers[index]}: ${cell.textContent}`);
          }
        });
      }
      return broken;
    });
    expect(lines).toEqual([]);
    expect(await detail.evaluate((table) => table.parentElement?.scrollWidth)).toBeLessThanOrEqual(
      await detail.evaluate((table) => table.parentElement?.clientWidth ?? 0),
    );

    // Comparison mode is in the URL: a reload keeps it, Back switches it off again.
    await expect(page).toHaveURL(/[?&]compare=1/);
    await page.reload();
    await expect(matchedRow.getByText('Exact Match')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sembunyikan Perbandingan' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Tampilkan Perbandingan' })).toBeVisible();
    await page.goForward();
    await expect(matchedRow.getByText('Exact Match')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`order-list-${shopDay()}.xlsx`);
    await expect(page.getByText('Data berhasil diexport ke Excel')).toBeVisible();

    const book = XLSX.read(readFileSync(await download.path()), { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Order List']);
    const sheet = book.Sheets['Order List'];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toEqual([
      'Tanggal',
      'Kode',
      'Nama Barang',
      'Kategori',
      'Merk',
      'Jumlah',
      'Harga',
      'Total',
      'Resi',
      'Bank',
      'Status',
    ]);
    const ours = rows
      .filter((row) => String(row[1]).endsWith(suffix))
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));
    expect(ours).toEqual([
      [
        expect.any(Number),
        matched.code,
        matched.name,
        'Uji Order',
        'MerkOrder',
        4,
        15000.5,
        60002,
        resi,
        'BCA',
        'Exact Match',
      ],
      [
        expect.any(Number),
        unmatched.code,
        unmatched.name,
        'Uji Order',
        'MerkOrder',
        2,
        1000,
        2000,
        `ORDNONE${suffix}`,
        '',
        'No Match',
      ],
    ]);
    // The date cells read as the shop's today, day/month/year.
    const shown = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
    const [year, month, day] = shopDay().split('-').map(Number);
    expect(shown.find((row) => row[1] === matched.code)?.[0]).toBe(`${day}/${month}/${year}`);
  });
});

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('cannot open the order list: sent to the dashboard, no menu item', async ({ page }) => {
    await page.goto('/order-list');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'List Order' }),
    ).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Tambah Order' })).toHaveCount(0);
  });
});
