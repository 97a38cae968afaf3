import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { ACCOUNTS, shopDay, storageStateOf } from './accounts';
import { importShopeeOrders } from './imports';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';

// The camera with a fake device that plays a label drawn by Gudang's own barcode
// generator (downloaded as its PNG, made into a .y4m video by Debian's ffmpeg), then Scan Kirim of
// an imported two-product order by keyboard, stock and Pembukuan read through the API, and the
// same resi scanned again.
const suffix = Date.now().toString().slice(-7);
const kaos = {
  barcode_id: `CAM${suffix}`,
  code: `SKA-${suffix}`,
  name: `Kaos Scan ${suffix}`,
  initial_stock: 20,
  category: 'Uji Scan Kirim',
  brand: 'MerkScan',
};
const topi = {
  ...kaos,
  barcode_id: `TOP${suffix}`,
  code: `SKB-${suffix}`,
  name: `Topi Scan ${suffix}`,
  initial_stock: 10,
};
const orderNumber = `2611${suffix}01`;
const resi = `SPXPK${suffix}`;
// The order's lines: 2 x Kaos at 15.000 after discount (20.000 before), 1 x Topi at 25.000.
const LINES = [
  { product: kaos, quantity: 2, before: 20_000, after: 15_000 },
  { product: topi, quantity: 1, before: 30_000, after: 25_000 },
];

const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';

let workDir = '';
let video = '';
let managerName = '';
let cameraBrowser: Browser | null = null;

async function login(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  const body = (await res.json()) as { token: string; user: { name: string } };
  managerName = body.user.name;
  return { Authorization: `Bearer ${body.token}` };
}

/** Shopee's order file as CSV: one order, two products (its SKUs are the products' codes). */
function shopeeCsv(): string {
  const day = shopDay();
  const header = [
    'No. Pesanan',
    'Status Pesanan',
    'No. Resi',
    'Waktu Pesanan Dibuat',
    'Nama Produk',
    'Nomor Referensi SKU',
    'Harga Awal',
    'Harga Setelah Diskon',
    'Jumlah',
  ];
  const rows = LINES.map((line) => [
    orderNumber,
    'Perlu Dikirim',
    resi,
    `${day} 09:30`,
    line.product.name,
    line.product.code,
    String(line.before),
    String(line.after),
    String(line.quantity),
  ]);
  return [header, ...rows].map((row) => row.join(',')).join('\r\n');
}

/** The label as Gudang's Barcode Generator draws and downloads it, as a PNG file's path. */
async function labelPng(page: Page): Promise<string> {
  await page.goto('/barcode-generator');
  await page.getByRole('combobox', { name: 'Pilih Produk' }).fill(kaos.code);
  await page.getByRole('option', { name: new RegExp(kaos.code) }).click();
  await expect(page.getByLabel('Barcode', { exact: true })).toHaveValue(kaos.barcode_id);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const target = path.join(workDir, 'label.png');
  await (await downloading).saveAs(target);
  return target;
}

test.beforeAll(async ({ request, browser }) => {
  test.setTimeout(120_000);
  const headers = await login(request);
  for (const product of [kaos, topi]) {
    expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  }
  workDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-camera-'));
  const page = await browser.newPage({ storageState: storageStateOf('manager') });
  const png = await labelPng(page);
  await page.close();
  // A still label on a white 640x480 frame, 2 s at 10 frames/s (the fake camera loops it).
  video = path.join(workDir, 'label.y4m');
  execFileSync(
    FFMPEG,
    [
      '-loglevel',
      'error',
      '-y',
      '-loop',
      '1',
      '-i',
      png,
      '-vf',
      'pad=640:480:(ow-iw)/2:(oh-ih)/2:white,format=yuv420p',
      '-r',
      '10',
      '-t',
      '2',
      '-f',
      'yuv4mpegpipe',
      video,
    ],
    { stdio: 'inherit' },
  );
  cameraBrowser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
});

test.afterAll(async () => {
  await cameraBrowser?.close();
  if (workDir !== '') rmSync(workDir, { recursive: true, force: true });
});

test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

test('the camera reads the printed label into Barang Keluar’s Barcode field', async ({
  baseURL,
}) => {
  if (cameraBrowser === null) throw new Error('no camera browser');
  const context = await cameraBrowser.newContext({
    baseURL,
    storageState: storageStateOf('manager'),
    viewport: { width: 1366, height: 768 },
    locale: 'id-ID',
    timezoneId: 'Asia/Jakarta',
  });
  try {
    const page = await context.newPage();
    await page.goto('/outgoing-goods');
    await page.getByRole('button', { name: 'Tambah Barang Keluar' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Barang Keluar' });
    await expect(form.getByLabel('Barcode')).toBeFocused();
    await form.getByRole('button', { name: 'Scan dengan kamera', exact: true }).click();
    // The code arrives with Enter: the product is looked up and Nomor Resi comes next.
    await expect(form.getByLabel('Barcode')).toHaveValue(kaos.barcode_id, { timeout: 30_000 });
    await expect(page.getByRole('dialog', { name: 'Scan dengan kamera' })).toHaveCount(0);
    await expect(form.getByLabel('Nama Barang')).toHaveValue(kaos.name);
    await expect(form.getByLabel('Nomor Resi')).toBeFocused();
  } finally {
    await context.close();
  }
});

test('Scan Kirim of an imported two-product order by keyboard; stock and Pembukuan follow', async ({
  page,
  request,
}) => {
  const headers = await login(request);
  await importShopeeOrders(request, headers, `Order.all.${suffix}.csv`, shopeeCsv());

  await page.goto('/packing');
  const scan = page.getByRole('form', { name: 'Scan resi dan barang' }).getByRole('textbox');
  await expect(scan).toBeFocused();
  // A USB scanner: the code's characters, then Enter, into the focused field.
  await page.keyboard.type(resi.toLowerCase());
  await page.keyboard.press('Enter');
  const lines = page.getByRole('table', { name: 'Barang dalam paket' });
  await expect(lines.getByText(`${kaos.name} (${kaos.code})`)).toBeVisible();
  await expect(lines.getByText(`${topi.name} (${topi.code})`)).toBeVisible();
  const send = page.getByRole('button', { name: 'Kirim', exact: true });
  await expect(send).toBeDisabled();
  for (const code of [kaos.barcode_id, topi.barcode_id, kaos.barcode_id]) {
    await expect(scan).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByLabel(`Jumlah discan ${kaos.name}`)).toHaveValue('2');
  await expect(page.getByLabel(`Jumlah discan ${topi.name}`)).toHaveValue('1');
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByText(`Paket resi ${resi} berhasil dikirim`)).toBeVisible();
  await expect(scan).toBeFocused();

  // Stock down by the quantities.
  for (const line of LINES) {
    const res = await request.get(`/api/products?search=${line.product.code}`, { headers });
    const { data } = (await res.json()) as { data: { code: string; current_stock: number }[] };
    expect(data.find((p) => p.code === line.product.code)?.current_stock).toBe(
      line.product.initial_stock - line.quantity,
    );
  }
  // Pembukuan: one record per product with the order's resi, at the marketplace's price after
  // discount (not the product's default).
  const res = await request.get(`/api/pembukuan?search=${resi}&limit=10`, { headers });
  expect(res.status()).toBe(200);
  const { data: rows } = (await res.json()) as {
    data: { code: string; quantity: number; resi_number: string; selling_price: number }[];
  };
  expect(
    rows
      .map((row) => ({ code: row.code, quantity: row.quantity, price: row.selling_price }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  ).toEqual(
    LINES.map((line) => ({
      code: line.product.code,
      quantity: line.quantity,
      price: line.after,
    })),
  );
  expect(rows.every((row) => row.resi_number === resi)).toBe(true);

  // The same resi again: shipped, when and by whom; nothing to send.
  await page.keyboard.type(resi);
  await page.keyboard.press('Enter');
  const again = page.getByRole('alert').filter({ hasText: 'Resi ini sudah dikirim pada ' });
  await expect(again).toContainText(new RegExp(` oleh ${managerName}$`));
  await expect(page.getByRole('button', { name: 'Kirim', exact: true })).toBeDisabled();
});

test('on a phone an opened order fits the screen: barcode and stock under the name', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const headers = await login(request);
  // The demo shop's orders to pack (or this file's own, shipped above): the first one listed.
  const res = await request.get('/api/marketplace-orders?limit=1', { headers });
  const [order] = ((await res.json()) as { data: { resi_number: string }[] }).data;
  expect(order).toBeDefined();
  const view = (await (
    await request.get(`/api/packing/${order?.resi_number ?? ''}`, { headers })
  ).json()) as { lines: { product_name: string; barcode_id: string; current_stock: number }[] };
  const [line] = view.lines;

  await page.goto('/packing');
  await expect(
    page.getByRole('form', { name: 'Scan resi dan barang' }).getByRole('textbox'),
  ).toBeFocused();
  await page.keyboard.type(order?.resi_number ?? '');
  await page.keyboard.press('Enter');
  const lines = page.getByRole('table', { name: 'Barang dalam paket' });
  await expect(lines.getByText(line?.product_name ?? '', { exact: false })).toBeVisible();
  await expect(
    lines.getByText(`Barcode ${line?.barcode_id ?? ''} · Stok ${line?.current_stock ?? ''}`),
  ).toBeVisible();
  await expect(lines.getByRole('columnheader', { name: 'Barcode' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
