import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { storageStateOf, tokenOf } from './accounts';

const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `BRC-${suffix}`,
  code: `BRC${suffix}`,
  name: `Barang Barcode ${suffix}`,
  initial_stock: 5,
  category: 'Uji',
  brand: 'MerkBarcode',
};

// The expected PNG size comes from jsbarcode's own CODE128 encoder: bars 2 px per module
// (Sedang), 10 px margins, 80 px bars + 5 px text margin + 20 px text.
type Encoder = new (text: string, options: object) => { encode(): { data: string } };
const { CODE128 } = (
  createRequire(__filename)('jsbarcode/bin/barcodes') as { default: { CODE128: Encoder } }
).default;
const SEDANG = { width: 2, height: 80, margin: 10, fontSize: 20, textMargin: 5 };
const expectedSize = (text: string) => ({
  width: new CODE128(text, {}).encode().data.length * SEDANG.width + 2 * SEDANG.margin,
  height: SEDANG.height + SEDANG.textMargin + SEDANG.fontSize + 2 * SEDANG.margin,
});

let managerToken: string;

test.beforeAll(async ({ request }) => {
  managerToken = await tokenOf(request, 'manager');
  const res = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${managerToken}` },
    data: product,
  });
  expect(res.status()).toBe(201);
});

test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

test('downloads the barcode of a product as a PNG of the Sedang size and logs it', async ({
  page,
  request,
}) => {
  await page.goto('/barcode-generator');
  await page.getByRole('combobox', { name: 'Pilih Produk' }).fill(product.code);
  await page.getByRole('option', { name: new RegExp(product.code) }).click();
  await expect(page.getByLabel('Barcode', { exact: true })).toHaveValue(product.barcode_id);
  await expect(page.getByLabel('Ukuran')).toHaveValue('sedang');
  const preview = page.getByRole('region', { name: 'Pratinjau' });
  await expect(preview.getByText(product.name)).toBeVisible();
  await expect(preview.getByRole('img', { name: `Barcode ${product.barcode_id}` })).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`barcode-${product.barcode_id}.png`);
  await expect(page.getByText('Barcode berhasil diunduh')).toBeVisible();

  const png = readFileSync(await download.path());
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }).toEqual(
    expectedSize(product.barcode_id),
  );

  // The download is logged as GENERATE_BARCODE.
  await expect(async () => {
    const res = await request.get(
      `/api/activity-logs?action=GENERATE_BARCODE&search=${product.code}`,
      { headers: { Authorization: `Bearer ${managerToken}` } },
    );
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
  }).toPass();
});

test('refuses text CODE128 cannot encode and prints a sheet of copies', async ({ page }) => {
  await page.goto('/barcode-generator');
  const field = page.getByLabel('Barcode', { exact: true });
  await field.fill('Kopi ☕');
  await expect(page.getByText('Gagal membuat barcode')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled();

  await field.fill('RAK-A1');
  await expect(page.getByText('Gagal membuat barcode')).toBeHidden();
  await page.getByLabel('Jumlah Salinan').fill('24');
  // Headless Chromium has no print dialog: count the drawn labels of the sheet instead.
  await page.evaluate(() => {
    window.print = () => {
      const labels = [
        ...document.querySelectorAll('[data-print-area] [data-testid="barcode-label"]'),
      ];
      const drawn = labels.filter((label) => label.querySelector('svg rect'));
      document.body.dataset.printedLabels = String(drawn.length);
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-printed-labels', '24');
});

// A4 at 96 CSS px per inch, less the print layout's 12 mm page margins: 186 x 273 mm.
const MM = 96 / 25.4;
const PRINTABLE = { width: Math.floor(186 * MM), height: Math.floor(273 * MM) };

test('prints 24 labels on one A4 page, three or more across', async ({ page }) => {
  await page.goto('/barcode-generator');
  await page.getByRole('combobox', { name: 'Pilih Produk' }).fill(product.code);
  await page.getByRole('option', { name: new RegExp(product.code) }).click();
  await page.getByLabel('Jumlah Salinan').fill('24');
  // Headless Chromium has no print dialog: keep a copy of the sheet the app printed.
  await page.evaluate(() => {
    window.print = () => {
      const area = document.querySelector('[data-print-area]');
      if (!area) return;
      const copy = area.cloneNode(true) as HTMLElement;
      copy.dataset.kept = '';
      document.body.append(copy);
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  await expect(page.locator('[data-kept] [data-testid="barcode-label"]')).toHaveCount(24);
  // Laid out as printed: print media, the printable width of an A4 page.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize(PRINTABLE);
  const sheet = await page.locator('[data-kept]').evaluate((area) => {
    const boxes = [...area.querySelectorAll('[data-testid="barcode-label"]')].map((label) =>
      label.getBoundingClientRect(),
    );
    return {
      across: new Set(boxes.map((box) => Math.round(box.left))).size,
      height:
        Math.max(...boxes.map((box) => box.bottom)) - Math.min(...boxes.map((box) => box.top)),
      right: Math.max(...boxes.map((box) => box.right)),
      drawn: area.querySelectorAll('[data-testid="barcode-label"] svg rect').length > 0,
    };
  });
  expect(sheet.drawn).toBe(true);
  expect(sheet.across).toBeGreaterThanOrEqual(3);
  expect(sheet.right).toBeLessThanOrEqual(PRINTABLE.width);
  expect(sheet.height).toBeLessThanOrEqual(PRINTABLE.height);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('Download and Print stay together: Print never wraps alone', async ({ page }) => {
    await page.goto('/barcode-generator');
    await page.getByLabel('Barcode', { exact: true }).fill('RAK-A1');
    const download = await page.getByRole('button', { name: 'Download' }).boundingBox();
    const print = await page.getByRole('button', { name: 'Print' }).boundingBox();
    if (!download || !print) throw new Error('buttons not laid out');
    expect(Math.round(print.y)).toBe(Math.round(download.y));
    expect(print.x).toBeGreaterThan(download.x);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
});
