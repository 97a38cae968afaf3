import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { ownSession, shopDay, tokenOf } from './accounts';
import { XLSX_TYPE } from './stock-files';

// Issue 45, Penghasilan Marketplace: the manager uploads a 2026 Shopee income file of two orders
// (one imported and packed in Gudang before, one unknown to it), commits it, finds the order in
// the list with its breakdown and the store's summary; Pembukuan then shows the packed sale's
// fee and its profit after fees, and a packed sale not settled yet 'Belum cair' with an
// estimate. The admin has no such page.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8996${suffix}`,
  code: `PNG-${suffix}`,
  name: `Kemeja Penghasilan ${suffix}`,
  initial_stock: 10,
  category: 'Uji Penghasilan',
  brand: 'MerkCair',
};
const storeName = `tokocair${suffix}`;
// Shopee order numbers: 14 characters, digits and capitals.
const settled = `2611${suffix}SET`;
const unknown = `2611${suffix}UNK`;
const pending = `2611${suffix}PND`;
const resiSettled = `SPXSET${suffix}`;
const resiPending = `SPXPND${suffix}`;

const managerHeaders = async (request: APIRequestContext) => ({
  Authorization: `Bearer ${await tokenOf(request, 'manager')}`,
});

// The 2026 'Laporan Penghasilan' (shared/marketplace-files.md, section 2; the server's
// settlement-fixtures.ts): a Summary sheet naming the store, then 'Penghasilan' with two rows
// above its 33-column header and one 'Order' row per order.
const SHOPEE_C_HEADERS = [
  'No.',
  'Lihat berdasarkan',
  'No. Pesanan',
  'No. Pengajuan',
  'ID Produk',
  'Nama Produk',
  'Waktu Pesanan Dibuat',
  'Tanggal Dana Dilepaskan',
  'Metode Pelepasan Dana',
  'Tipe Pesanan',
  'Total Penghasilan',
  'Harga Produk',
  'Jumlah Pengembalian Dana ke Pembeli',
  'Ongkir Dibayar Pembeli',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim',
  'Potongan Ongkos Kirim dari Jasa Kirim',
  'Gratis Ongkir dari Shopee',
  'Ongkos Kirim Pengembalian Barang',
  'Return to Seller Fee',
  'Pengembalian Biaya Kirim',
  'Voucher disponsor oleh Penjual',
  'Cashback Koin disponsori Penjual',
  'Diskon Produk dari Shopee',
  'Voucher co-fund disponsor oleh Penjual',
  'Cashback Koin Co-fund disponsori Penjual',
  'Biaya Administrasi (termasuk PPN 11%)',
  'Biaya Proses Pesanan',
  'Biaya Pembayaran',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)',
  'Biaya Transaksi',
  'Biaya Layanan Promo XTRA',
  'Username (Pembeli)',
  'Jasa Kirim',
] as const;
type Header = (typeof SHOPEE_C_HEADERS)[number];

const released = shopDay(-1);
const idDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day}/${month}/${year}`;
};

/**
 * The settled order: Harga Produk 152.910 less the seller's voucher 1.697 = 151.213; admin
 * 15.597, processing 1.250, payment 2.752, XTRA 6.881 + 6.881 = 13.762, shipping -33.000 +
 * 33.000 = 0: released 151.213 - 33.361 = 117.852.
 */
const settledRow: Partial<Record<Header, string>> = {
  'No.': '1',
  'Lihat berdasarkan': 'Order',
  'No. Pesanan': settled,
  'ID Produk': '-',
  'Nama Produk': '-',
  'Waktu Pesanan Dibuat': shopDay(-3),
  'Tanggal Dana Dilepaskan': released,
  'Metode Pelepasan Dana': 'Saldo Penjual',
  'Tipe Pesanan': 'Normal Order',
  'Total Penghasilan': '117852',
  'Harga Produk': '152910',
  'Jumlah Pengembalian Dana ke Pembeli': '0',
  'Ongkir Dibayar Pembeli': '0',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': '-33000',
  'Potongan Ongkos Kirim dari Jasa Kirim': '0',
  'Gratis Ongkir dari Shopee': '33000',
  'Voucher disponsor oleh Penjual': '-1697',
  'Biaya Administrasi (termasuk PPN 11%)': '-15597',
  'Biaya Proses Pesanan': '-1250',
  'Biaya Pembayaran': '-2752',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)': '-6881',
  'Biaya Transaksi': '0',
  'Biaya Layanan Promo XTRA': '-6881',
  'Username (Pembeli)': 'pembelisatu',
  'Jasa Kirim': 'SPX Standard',
};
/** Not imported in Gudang: 50.970 - 5.199 - 1.250 - 917 - 2.294 - 2.294 = 39.016. */
const unknownRow: Partial<Record<Header, string>> = {
  'No.': '2',
  'Lihat berdasarkan': 'Order',
  'No. Pesanan': unknown,
  'Tanggal Dana Dilepaskan': released,
  'Total Penghasilan': '39016',
  'Harga Produk': '50970',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': '-14000',
  'Gratis Ongkir dari Shopee': '14000',
  'Biaya Administrasi (termasuk PPN 11%)': '-5199',
  'Biaya Proses Pesanan': '-1250',
  'Biaya Pembayaran': '-917',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)': '-2294',
  'Biaya Layanan Promo XTRA': '-2294',
};

function incomeFile(): Buffer {
  const row = (values: Partial<Record<Header, string>>) =>
    SHOPEE_C_HEADERS.map((header) => values[header] ?? '');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Laporan Penghasilan'],
      ['Username (Penjual)', storeName],
      ['Dari', shopDay(-30)],
      ['ke', shopDay()],
      [],
      ['Ringkasan Penghasilan', '', '', 'Rp'],
      ['3. Total yang Dilepas', '', '', '156868'],
    ]),
    'Summary',
  );
  XLSX.utils.book_append_sheet(
    book,
    XLSX.utils.aoa_to_sheet([
      ['Informasi Pesanan'],
      [],
      [...SHOPEE_C_HEADERS],
      row(settledRow),
      row(unknownRow),
    ]),
    'Penghasilan',
  );
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

let storeId = 0;
/** Reading and committing an income file runs in a worker: slow on a busy machine. */
const READ_TIMEOUT = 30_000;

/** The income file through the API, preview then commit: adds nothing when imported before. */
async function importIncome(request: APIRequestContext) {
  const headers = await managerHeaders(request);
  const upload = await request.post('/api/settlement-imports', {
    headers,
    multipart: {
      file: { name: `Income.api.${suffix}.xlsx`, mimeType: XLSX_TYPE, buffer: incomeFile() },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  expect((await request.post(`/api/settlement-imports/${id}/commit`, { headers })).status()).toBe(
    200,
  );
}

// A store of its own (the file names it), two orders imported into it and packed (Scan Kirim),
// their prices set in Pembukuan: purchase 100.000, selling 151.213, so margin 51.213 each.
test.beforeAll(async ({ request }) => {
  const headers = await managerHeaders(request);
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  const store = await request.post('/api/marketplace-stores', {
    headers,
    data: { channel: 'shopee', name: storeName },
  });
  expect(store.status()).toBe(201);
  storeId = ((await store.json()) as { data: { id: number } }).data.id;
  const csv = [
    'No. Pesanan,Status Pesanan,No. Resi,Waktu Pesanan Dibuat,Nama Produk,Nomor Referensi SKU,Harga Setelah Diskon,Jumlah',
    `${settled},Perlu Dikirim,${resiSettled},${shopDay()} 08:00,${product.name},${product.code},151213,1`,
    `${pending},Perlu Dikirim,${resiPending},${shopDay()} 08:10,${product.name},${product.code},151213,1`,
  ].join('\n');
  const upload = await request.post('/api/marketplace-imports', {
    headers,
    multipart: {
      channel: 'shopee',
      store_id: String(storeId),
      file: { name: `Order.cair.${suffix}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) },
    },
  });
  expect(upload.status()).toBe(201);
  const { id } = (await upload.json()) as { id: number };
  expect(
    (await request.post(`/api/marketplace-imports/${id}/commit`, { headers, data: {} })).status(),
  ).toBe(200);
  for (const resi of [resiSettled, resiPending]) {
    const shipped = await request.post(`/api/packing/${resi}/ship`, {
      headers,
      data: { scans: [{ barcode: product.barcode_id, quantity: 1 }] },
    });
    expect(shipped.status()).toBe(201);
  }
  const sales = await request.get('/api/pembukuan', {
    headers,
    params: { search: product.code, startDate: shopDay(), endDate: shopDay(), limit: 10 },
  });
  const { data } = (await sales.json()) as { data: { id: number }[] };
  expect(data).toHaveLength(2);
  for (const sale of data) {
    const priced = await request.post('/api/pembukuan', {
      headers,
      data: {
        outgoing_goods_id: sale.id,
        purchase_price: 100000,
        selling_price: 151213,
        discount: 0,
      },
    });
    expect(priced.status()).toBe(200);
  }
});

test.describe('as manager', () => {
  // A session of its own: the shared .auth files may be written meanwhile by another run.
  test.use({
    storageState: async ({ baseURL }, provide) =>
      provide(await ownSession(baseURL ?? '', 'manager')),
    viewport: { width: 1366, height: 768 },
  });

  test('imports a Shopee income file: preview, commit, the order with its breakdown, the summary per store, and Pembukuan after fees', async ({
    page,
  }) => {
    await page.goto('/settlements');
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Penghasilan Marketplace', level: 2 }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Impor Penghasilan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor Penghasilan Marketplace' });
    await dialog.getByLabel(/File penghasilan/).setInputFiles({
      name: `Income.sudah_dilepas.${suffix}.xlsx`,
      mimeType: XLSX_TYPE,
      buffer: incomeFile(),
    });
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    const preview = dialog.getByRole('table', { name: 'Pesanan di File' });
    // The file is read in a worker: slow on a busy machine.
    await expect(preview).toBeVisible({ timeout: READ_TIMEOUT });
    // The store is the one the file names.
    await expect(dialog).toContainText(`Shopee · Toko: ${storeName}`);
    const counts = dialog.getByLabel('Ringkasan');
    await expect(counts).toContainText('Pesanan di file2');
    await expect(counts).toContainText('Sudah ada0');
    await expect(counts).toContainText('Cocok dengan pesanan1');
    await expect(counts).toContainText('Tanpa pesanan di Gudang1');
    await expect(preview.getByRole('row', { name: new RegExp(settled) })).toContainText(
      'Rp 117.852',
    );
    await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
    const result = page.getByRole('dialog', { name: 'Hasil Impor' });
    await expect(result.getByLabel('Hasil Impor')).toContainText('Pesanan ditambahkan2', {
      timeout: READ_TIMEOUT,
    });
    await result.getByRole('button', { name: 'Selesai' }).click();

    // The same file again adds nothing: both 'Sudah ada'.
    await page.getByRole('button', { name: 'Impor Penghasilan' }).click();
    await dialog.getByLabel(/File penghasilan/).setInputFiles({
      name: `Income.sudah_dilepas.${suffix}.xlsx`,
      mimeType: XLSX_TYPE,
      buffer: incomeFile(),
    });
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(dialog.getByLabel('Ringkasan')).toContainText('Sudah ada2', {
      timeout: READ_TIMEOUT,
    });
    await expect(dialog).toContainText('Semua pesanan di file ini sudah diimpor sebelumnya');
    await dialog.getByRole('button', { name: 'Impor', exact: true }).click();
    await expect(result.getByLabel('Hasil Impor')).toContainText('Pesanan ditambahkan0', {
      timeout: READ_TIMEOUT,
    });
    await result.getByRole('button', { name: 'Selesai' }).click();

    // The settled order in the list, with its breakdown, then its Rincian.
    await page.getByRole('searchbox').fill(settled);
    const list = page.getByRole('table', { name: 'Pesanan Cair' });
    const row = list.getByRole('row', { name: new RegExp(settled) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Shopee · ${storeName}`);
    await expect(row).toContainText(idDate(released));
    await expect(row).toContainText('Rp 151.213');
    await expect(row).toContainText('Komisi / biaya admin-Rp 15.597');
    await expect(row).toContainText('Biaya layanan & program-Rp 13.762');
    await expect(row).toContainText('Biaya proses pesanan-Rp 1.250');
    await expect(row).toContainText('Biaya pembayaran-Rp 2.752');
    await expect(row).toContainText('Total Biaya: -Rp 33.361 (22,06% dari harga)');
    await expect(row).toContainText('Rp 117.852');
    await expect(
      row.getByRole('link', { name: `Buka pesanan ${settled} di Pesanan Marketplace` }),
    ).toBeVisible();
    await row.getByRole('button', { name: 'Rincian' }).click();
    const detail = page.getByRole('dialog', { name: `Rincian ${settled}` });
    await expect(detail.getByRole('row', { name: /Biaya layanan & program/ })).toContainText(
      'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E), Biaya Layanan Promo XTRA',
    );
    await detail.getByRole('button', { name: 'Tutup' }).last().click();

    // The summary of the store over the period: both orders of the file.
    await page.getByRole('tab', { name: 'Ringkasan' }).click();
    await page.getByLabel('Channel', { exact: true }).selectOption('shopee');
    await page.getByLabel('Toko', { exact: true }).selectOption(String(storeId));
    const summary = page.getByRole('table', { name: 'Ringkasan Penghasilan' });
    await expect(summary.getByRole('columnheader')).toHaveText([
      'Rincian',
      `Shopee · ${storeName}`,
    ]);
    const line = (label: string) => summary.getByRole('row', { name: new RegExp(`^${label}`) });
    await expect(line('Pesanan')).toContainText('2');
    // 151.213 + 50.970.
    await expect(line('Penjualan')).toContainText('Rp 202.183');
    // 15.597 + 5.199.
    await expect(line('Komisi / biaya admin')).toContainText('-Rp 20.796');
    // 33.361 + 11.954 = 45.315, 22,41% of 202.183; 117.852 + 39.016 released.
    await expect(line('Total Biaya')).toContainText('-Rp 45.315');
    await expect(line('Dana Dilepas')).toContainText('Rp 156.868');
    await expect(line('Biaya \\(%\\)')).toContainText('22,41%');
    await expect(page.getByRole('figure', { name: 'Biaya (%) per Channel' })).toContainText(
      'Shopee22,41%',
    );

    // The page fits the laptop screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );

    // Pembukuan: the settled sale's fee and profit after it (51.213 - 33.361 = 17.852); the
    // sale not settled yet 'Belum cair', its fee an estimate.
    await page.goto(`/pembukuan?search=${product.code}`);
    const sales = page.getByRole('table', { name: 'Pembukuan' });
    const sold = sales.getByRole('row', { name: new RegExp(resiSettled) });
    await expect(sold.getByRole('cell').nth(10)).toHaveText('Rp 51.213');
    await expect(sold.getByRole('cell').nth(11)).toHaveText('Rp 33.361');
    await expect(sold.getByRole('cell').nth(12)).toHaveText('Rp 17.852');
    const waiting = sales.getByRole('row', { name: new RegExp(resiPending) });
    await expect(waiting.getByRole('cell').nth(11)).toContainText('≈ Rp');
    await expect(waiting.getByRole('cell').nth(11)).toContainText('Belum cair · perkiraan');
    await expect(waiting.getByRole('cell').nth(12)).toContainText('≈ Rp');
    await expect(page.getByRole('group', { name: 'Total Biaya Marketplace' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Laba Setelah Biaya' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    );

    // On a phone the log's 'Impor Penghasilan Marketplace' badges wrap inside their cards
    // instead of widening the page (QA walk K: 385 px).
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/activity-logs?search=penghasilan');
    await expect(
      page
        .getByRole('list', { name: 'Log Aktivitas' })
        .getByText('Impor Penghasilan Marketplace')
        .first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  test("'Perlu dicek' names the settled order Gudang never imported, and the settings save", async ({
    page,
    request,
  }) => {
    // Not left to the test above: a failed test starts a new worker, with a store of its own.
    await importIncome(request);
    await page.goto(`/settlements?tab=perlu-dicek&channel=shopee&store_id=${storeId}`);
    await page.getByLabel('Alasan').selectOption('no_order');
    const checks = page.getByRole('table', { name: 'Perlu dicek' });
    const row = checks.getByRole('row', { name: new RegExp(unknown) });
    await expect(row).toContainText('Tanpa pesanan di Gudang');
    await expect(row.getByRole('link')).toHaveCount(0);

    const days = page.getByLabel(/Batas hari belum cair/);
    await expect(days).toHaveValue('14');
    await days.fill('21');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Pengaturan berhasil disimpan')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(/Batas hari belum cair/)).toHaveValue('21');
    await page.getByLabel(/Batas hari belum cair/).fill('14');
    await page.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Pengaturan berhasil disimpan')).toBeVisible();
  });
});

/** WCAG 2.1 AA, as a11y.spec.ts scans every page. */
async function expectNoViolations(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ') ?? ''}`),
    what,
  ).toEqual([]);
}

test.describe('as manager, accessibility', () => {
  test.use({
    storageState: async ({ baseURL }, provide) =>
      provide(await ownSession(baseURL ?? '', 'manager')),
    viewport: { width: 1366, height: 768 },
  });

  test('the tabs with their rows, Rincian and the import preview have no accessibility violations', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await importIncome(request);
    await page.goto(`/settlements?channel=shopee&store_id=${storeId}`);
    await expect(page.getByRole('table', { name: 'Pesanan Cair' }).locator('tbody tr')).toHaveCount(
      2,
    );
    await expectNoViolations(page, 'Pesanan');
    await page.getByRole('button', { name: 'Rincian' }).first().click();
    await expect(page.getByRole('table', { name: 'Rincian biaya' })).toBeVisible();
    await expectNoViolations(page, 'Rincian');
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Ringkasan' }).click();
    await expect(page.getByRole('table', { name: 'Ringkasan Penghasilan' })).toContainText(
      'Rp 202.183',
    );
    await expectNoViolations(page, 'Ringkasan');
    await page.getByRole('tab', { name: 'Perlu dicek' }).click();
    await expect(page.getByRole('table', { name: 'Perlu dicek' })).toContainText(unknown);
    await expectNoViolations(page, 'Perlu dicek');
    await page.getByRole('button', { name: 'Impor Penghasilan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Impor Penghasilan Marketplace' });
    await dialog.getByLabel(/File penghasilan/).setInputFiles({
      name: `Income.a11y.${suffix}.xlsx`,
      mimeType: XLSX_TYPE,
      buffer: incomeFile(),
    });
    await dialog.getByRole('button', { name: 'Unggah' }).click();
    await expect(dialog.getByRole('table', { name: 'Pesanan di File' })).toBeVisible({
      timeout: READ_TIMEOUT,
    });
    await expectNoViolations(page, 'import preview');
  });
});

test.describe('as admin', () => {
  test.use({
    storageState: async ({ baseURL }, provide) => provide(await ownSession(baseURL ?? '', 'admin')),
    viewport: { width: 1366, height: 768 },
  });

  test('has no Penghasilan Marketplace in the menu, and its address lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Penghasilan Marketplace' })).toHaveCount(0);
    await page.goto('/settlements');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Dashboard', level: 2 }),
    ).toBeVisible();
  });
});
