import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ACCOUNTS, shopDay, storageStateOf } from './accounts';
import { importShopeeOrders } from './imports';

// Daftar Ambil (issue 47): a Shopee order file imported, a rack set in the product form (shown
// on Data Produk), a batch built for the file's own courier, its pick list printed (A4 and the
// 100 x 150 mm label) and looked at as paper, picked by scanning, then Scan Kirim opened from it;
// another batch's marketplace label file given its contents.
const suffix = Date.now().toString().slice(-7);
const courier = `Kurir Uji ${suffix}`;
const kaos = {
  barcode_id: `PKA${suffix}`,
  code: `PKA-${suffix}`,
  name: `Kaos Ambil ${suffix}`,
  initial_stock: 20,
  category: 'Uji Daftar Ambil',
  brand: 'MerkAmbil',
  rack: 'B-02',
};
const topi = {
  ...kaos,
  barcode_id: `PKT${suffix}`,
  code: `PKT-${suffix}`,
  name: `Topi Ambil ${suffix}`,
  initial_stock: 10,
  rack: null,
};
interface Order {
  number: string;
  resi: string;
  lines: { product: { name: string; code: string }; quantity: number }[];
}
const ORDERS: Order[] = [
  { number: `2612${suffix}01`, resi: `SPXDA${suffix}1`, lines: [{ product: kaos, quantity: 2 }] },
  {
    number: `2612${suffix}02`,
    resi: `SPXDA${suffix}2`,
    lines: [
      { product: topi, quantity: 1 },
      { product: kaos, quantity: 1 },
    ],
  },
];

/** Builds a batch of `by`'s orders in the dialog and answers its page's id. */
async function buildBatch(page: Page, by: string, orders: number): Promise<number> {
  await page.goto('/pick-batches');
  await page.getByRole('button', { name: 'Buat Daftar Ambil' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat Daftar Ambil' });
  const courierSelect = dialog.getByLabel('Kurir');
  await expect(courierSelect.locator('option', { hasText: by })).toHaveCount(1);
  await courierSelect.selectOption(by);
  await expect(dialog.getByText(`${orders} pesanan siap diambil dengan filter ini`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Buat', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/pick-batches\?batch=\d+$/);
  return Number(new URL(page.url()).searchParams.get('batch'));
}

async function login(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  const body = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${body.token}` };
}

/** Shopee's order file as CSV: orders to pack, shipped by this test's own courier. */
function shopeeCsv(orders: readonly Order[], by: string): string {
  const day = shopDay();
  const header = [
    'No. Pesanan',
    'Status Pesanan',
    'No. Resi',
    'Opsi Pengiriman',
    'Waktu Pesanan Dibuat',
    'Nama Produk',
    'Nomor Referensi SKU',
    'Harga Awal',
    'Harga Setelah Diskon',
    'Jumlah',
  ];
  const rows = orders.flatMap((order) =>
    order.lines.map((line) => [
      order.number,
      'Perlu Dikirim',
      order.resi,
      by,
      `${day} 08:30`,
      line.product.name,
      line.product.code,
      '20000',
      '15000',
      String(line.quantity),
    ]),
  );
  return [header, ...rows].map((row) => row.join(',')).join('\r\n');
}

/** Keeps what window.print() would print (the layout and every @page rule) on the page. */
async function keepPrint(page: Page) {
  await page.evaluate(() => {
    window.print = () => {
      const sheet = document.querySelector('[data-print-area]');
      if (!sheet) return;
      const rules = [...document.styleSheets]
        .flatMap((styleSheet) => [...styleSheet.cssRules])
        .map((rule) => rule.cssText)
        .filter((text) => text.includes('data-print-area') || text.includes('@page'));
      const style = document.createElement('style');
      style.setAttribute('data-kept-print', '');
      style.textContent = rules.join('\n');
      document.head.append(style);
      const copy = sheet.cloneNode(true) as HTMLElement;
      copy.setAttribute('data-kept', '');
      document.body.append(copy);
    };
  });
}

test.use({ storageState: storageStateOf('manager') });

test.beforeAll(async ({ request }) => {
  const headers = await login(request);
  for (const product of [kaos, topi]) {
    const res = await request.post('/api/products', { headers, data: product });
    expect(res.status()).toBe(201);
  }
  await importShopeeOrders(request, headers, `pick-${suffix}.csv`, shopeeCsv(ORDERS, courier));
});

test('a rack set in the product form shows on Data Produk and filters it', async ({ page }) => {
  await page.goto(`/products?search=${encodeURIComponent(topi.name)}`);
  const row = page.getByRole('row').filter({ hasText: topi.name });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Produk' });
  await dialog.getByLabel('Rak').fill('a-01');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  // Stored in capitals, in its column.
  await expect(row.getByRole('cell', { name: 'A-01', exact: true })).toBeVisible();
  await page.goto(`/products?search=${encodeURIComponent(`Ambil ${suffix}`)}&rak=a-`);
  await expect(page.getByRole('row').filter({ hasText: topi.name })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: kaos.name })).toHaveCount(0);
});

test('builds a batch, prints its pick list, picks it by scan and opens Scan Kirim', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const batchId = await buildBatch(page, courier, 2);
  const number = `DA-${String(batchId).padStart(6, '0')}`;
  await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible();

  // One line per product, by rack: Topi (A-01, set in the form above) before Kaos (B-02).
  const list = page.getByRole('table', { name: 'Daftar Barang' });
  const lines = list.locator('tbody tr');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(topi.name);
  await expect(lines.nth(0)).toContainText('A-01');
  await expect(lines.nth(1)).toContainText(kaos.name);
  await expect(lines.nth(1).locator('td').nth(4)).toHaveText('3');
  await page.screenshot({ path: `test-results/pick-batch-${suffix}.png`, fullPage: true });

  // A4: Dicetak pada, the number as CODE128, the lines and the orders; looked at as paper.
  await keepPrint(page);
  await page.getByRole('button', { name: 'Cetak A4' }).click();
  const sheet = page.locator('[data-kept]').first();
  await expect(sheet).toContainText('Dicetak pada:');
  await expect(sheet.locator(`svg[data-barcode="${number}"] rect`).first()).toBeAttached();
  await expect(sheet).toContainText(ORDERS[0]?.resi ?? '');
  await expect(sheet).toContainText('Total: 4 unit, 2 produk');
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `test-results/pick-a4-${suffix}.png`, fullPage: true });
  // On paper only the sheet: the app around it is hidden.
  await expect(page.getByRole('button', { name: 'Cetak A4' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    document.querySelectorAll('[data-kept], [data-kept-print]').forEach((node) => node.remove());
  });

  // The 100 x 150 mm label: its own @page size.
  await page.getByRole('button', { name: 'Cetak Label 100 x 150' }).click();
  const rules = await page.locator('style[data-kept-print]').last().textContent();
  expect(rules).toMatch(/size:\s*100mm 150mm/);
  await expect(page.locator('[data-kept]').first()).toContainText(topi.name);
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: `test-results/pick-label-${suffix}.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => {
    document.querySelectorAll('[data-kept], [data-kept-print]').forEach((node) => node.remove());
  });

  // Scan to pick: one unit per scan; one too many refused with the product's name.
  const scan = page.getByLabel('Scan Barcode Produk');
  await scan.fill(topi.barcode_id);
  await scan.press('Enter');
  await expect(page.getByText(`${topi.name}: 1 / 1`)).toBeVisible();
  await expect(page.getByText('1 dari 4 unit diambil')).toBeVisible();
  await scan.fill(topi.barcode_id);
  await scan.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: topi.name })).toContainText(
    'sudah diambil semua',
  );
  for (let unit = 0; unit < 3; unit += 1) {
    await scan.fill(kaos.barcode_id);
    await scan.press('Enter');
    await expect(page.getByText(`${kaos.name}: ${unit + 1} / 3`)).toBeVisible();
  }
  await expect(page.getByText('4 dari 4 unit diambil')).toBeVisible();
  await expect(page.getByText('Sudah Diambil')).toBeVisible();

  // Mulai Kemas: Scan Kirim names the batch's first resi in label order.
  await page.getByRole('button', { name: 'Mulai Kemas' }).click();
  await expect(page).toHaveURL(new RegExp(`/packing\\?batch=${batchId}$`));
  const queue = page.getByRole('region', { name: `Daftar Ambil ${number}` });
  await expect(queue).toContainText('0 dari 2 pesanan terkirim');
  await expect(queue).toContainText(`resi ${ORDERS[1]?.resi}`);
  await queue.getByRole('button', { name: 'Buka Resi Berikutnya' }).click();
  await expect(page.getByText(topi.name, { exact: false }).first()).toBeVisible();
});

test("Label dengan Isi Paket: the batch's label file comes back; an order without a label is named", async ({
  page,
  request,
}) => {
  const labelCourier = `Kurir Label ${suffix}`;
  const orders: Order[] = [
    { number: `2612${suffix}11`, resi: `SPXLB${suffix}1`, lines: [{ product: kaos, quantity: 1 }] },
    { number: `2612${suffix}12`, resi: `SPXLB${suffix}2`, lines: [{ product: topi, quantity: 1 }] },
  ];
  const [labelled, unlabelled] = orders as [Order, Order];
  const csv = shopeeCsv(orders, labelCourier);
  await importShopeeOrders(request, await login(request), `label-${suffix}.csv`, csv);
  await buildBatch(page, labelCourier, 2);

  // The marketplace's label file (100 x 150 mm), with a page for the first order only.
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const label = pdf.addPage([283.46, 425.2]);
  label.drawText(`No. Resi: ${labelled.resi}`, { x: 20, y: 380, size: 12, font });
  label.drawText(`No. Pesanan: ${labelled.number}`, { x: 20, y: 360, size: 10, font });
  const section = page.getByRole('region', { name: 'Label dengan Isi Paket' });
  await section.getByLabel('File Label (PDF)').setInputFiles({
    name: `label-${suffix}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.from(await pdf.save()),
  });
  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Buat Label' }).click();
  // The same page back, the order's contents added on it.
  const answer = await PDFDocument.load(await readFile(await (await download).path()));
  expect(answer.getPageCount()).toBe(1);
  const status = section.getByRole('status');
  await expect(status).toContainText('Semua halaman cocok dengan pesanan.');
  await expect(status).toContainText(
    '1 pesanan di daftar ambil ini tidak ada labelnya di file, jangan dikirim tanpa label:',
  );
  await expect(status.getByRole('listitem')).toHaveText([
    new RegExp(`^No\\. \\d: ${unlabelled.number} \\(resi ${unlabelled.resi}\\)$`),
  ]);
});
