import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { ACCOUNTS, shopDay, storageStateOf, tokenOf } from './accounts';
import { importShopeeOrders } from './imports';

// Issue 48 'Offline capture': scans made with the network cut (context.setOffline) are kept on
// the phone with a client_id and sent when it is back; the server records each exactly once and
// refuses what is no longer valid, which the page lists. The shell's service worker is allowed
// here (the other specs block it), so that a reload without a network starts from its cache.
test.use({ serviceWorkers: 'allow', storageState: storageStateOf('manager') });

const suffix = Date.now().toString().slice(-7);
const RECORDED_OFFLINE = (count: number) => `Offline: ${count} scan tersimpan di perangkat ini`;

const FIRST_START_MS = 30_000;

type Headers = Record<string, string>;

interface OpnameLine {
  product_code: string;
  counted: number | null;
}

async function managerHeaders(request: APIRequestContext): Promise<Headers> {
  return { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
}

/** A product of its own category, and a count session over that category; the session's id. */
async function sessionWithProduct(
  request: APIRequestContext,
  headers: Headers,
  tag: string,
  initialStock = 20,
) {
  const product = {
    barcode_id: `OFF${tag}${suffix}`,
    code: `OFF-${tag}-${suffix}`,
    name: `Barang Offline ${tag} ${suffix}`,
    initial_stock: initialStock,
    // Words a table may wrap between (layout.spec, run beside this file, checks every list at
    // 1280 px with whatever rows other files made; one-word values never break inside a word).
    category: `Offline ${tag} ${suffix}`,
    brand: 'Merk Offline',
  };
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  const res = await request.post('/api/stock-opname', {
    headers,
    data: {
      name: `Offline ${tag} ${suffix}`,
      scope: { type: 'category', value: product.category },
    },
  });
  expect(res.status()).toBe(201);
  const { data } = (await res.json()) as { data: { id: number } };
  return { product, sessionId: data.id };
}

async function countedOf(
  request: APIRequestContext,
  headers: Headers,
  sessionId: number,
  code: string,
): Promise<number | null> {
  const res = await request.get(`/api/stock-opname/${sessionId}`, { headers });
  const { data } = (await res.json()) as { data: { lines: OpnameLine[] } };
  return data.lines.find((line) => line.product_code === code)?.counted ?? null;
}

async function scanInto(page: Page, label: string, code: string) {
  const field = page.getByRole('textbox', { name: label, exact: true });
  await field.fill(code);
  await field.press('Enter');
}

/** The worker controls the page and keeps the shell's files: a start without a network works. */
async function workerReady(page: Page) {
  await page.evaluate(async () => navigator.serviceWorker.ready);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const paths: string[] = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys())
            paths.push(new URL(request.url).pathname);
        return paths;
      }),
    )
    .toEqual(expect.arrayContaining([expect.stringMatching(/^\/shell\/[^/]+\/main\.js$/)]));
}

test('counts and a package scanned offline survive an offline reload and arrive once each', async ({
  context,
  request,
}) => {
  const headers = await managerHeaders(request);
  const { product, sessionId } = await sessionWithProduct(request, headers, 'A');
  const resi = `SPXOFF${suffix}`;
  const csv = [
    [
      'No. Pesanan',
      'Status Pesanan',
      'No. Resi',
      'Waktu Pesanan Dibuat',
      'Nama Produk',
      'Nomor Referensi SKU',
      'Harga Awal',
      'Harga Setelah Diskon',
      'Jumlah',
    ],
    [
      `2611${suffix}09`,
      'Perlu Dikirim',
      resi,
      `${shopDay()} 09:30`,
      product.name,
      product.code,
      '20000',
      '15000',
      '2',
    ],
  ]
    .map((row) => row.join(','))
    .join('\r\n');
  await importShopeeOrders(request, headers, `Order.all.off${suffix}.csv`, csv);

  const counting = await context.newPage();
  await counting.goto(`/stock-opname?sesi=${sessionId}`);
  // A first start loads the remote cold: slower than the default wait on a busy machine.
  await expect(counting.getByLabel('Scan barcode')).toBeVisible({ timeout: FIRST_START_MS });
  await workerReady(counting);
  const packing = await context.newPage();
  await packing.goto('/packing');
  await expect(packing.getByRole('textbox', { name: 'Scan resi', exact: true })).toBeVisible({
    timeout: FIRST_START_MS,
  });

  await context.setOffline(true);
  await expect(counting.getByText(RECORDED_OFFLINE(0))).toBeVisible();
  for (let i = 0; i < 3; i += 1) await scanInto(counting, 'Scan barcode', product.barcode_id);
  await expect(counting.getByText(RECORDED_OFFLINE(3))).toBeVisible();

  // The package: its resi and items scanned offline, Kirim kept (nothing shipped on the phone).
  await scanInto(packing, 'Scan resi', resi);
  const offlinePackage = packing.getByRole('region', { name: 'Paket offline' });
  await expect(offlinePackage).toBeVisible();
  for (let i = 0; i < 2; i += 1) await scanInto(packing, 'Scan barcode barang', product.barcode_id);
  await expect(offlinePackage).toContainText(`${product.barcode_id.toLowerCase()}: 2`);
  await offlinePackage.getByRole('button', { name: 'Kirim' }).click();
  await expect(packing.getByText(RECORDED_OFFLINE(1))).toBeVisible();
  await packing.close();

  // Nothing reached the server yet.
  expect(await countedOf(request, headers, sessionId, product.code)).toBeNull();
  const view = await request.get(`/api/packing/${resi}`, { headers });
  expect(((await view.json()) as { shipped: unknown }).shipped).toBeNull();

  // Reloaded without a network: the shell starts from the worker's cache, the remotes from the
  // last list read (kept by the shell), and the session goes on with the last known user (it
  // cannot be verified offline; docs/product.md point 4). The counts go on into the queue.
  const fromWorker: string[] = [];
  counting.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
  });
  await counting.reload();
  expect(await counting.evaluate(() => navigator.onLine)).toBe(false);
  await expect(counting.getByLabel('Scan barcode')).toBeVisible();
  await expect(counting.getByRole('button', { name: 'Masuk' })).toHaveCount(0);
  await expect(counting.getByText(ACCOUNTS.manager.email)).toBeVisible();
  expect(fromWorker).toContain('/stock-opname');
  expect(fromWorker).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/remotes\/inventory\/[^/]+\/remoteEntry\.js$/),
    ]),
  );
  await expect(counting.getByText(RECORDED_OFFLINE(3))).toBeVisible();
  for (let i = 0; i < 2; i += 1) await scanInto(counting, 'Scan barcode', product.barcode_id);
  await expect(counting.getByText(RECORDED_OFFLINE(5))).toBeVisible();
  expect(await countedOf(request, headers, sessionId, product.code)).toBeNull();

  // Online again: the session is verified again and the queue is sent in order, each scan once.
  const verified = counting.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/verify',
  );
  await context.setOffline(false);
  expect((await verified).status()).toBe(200);
  await expect.poll(() => countedOf(request, headers, sessionId, product.code)).toBe(5);
  await expect
    .poll(async () => {
      const res = await request.get(`/api/packing/${resi}`, { headers });
      return ((await res.json()) as { shipped: unknown }).shipped !== null;
    })
    .toBe(true);
  await expect(counting.getByText(/scan tersimpan/)).toHaveCount(0);
  await expect(counting.getByLabel(`Jumlah fisik ${product.name}`)).toHaveValue('5');

  // Exactly once: another start sends nothing again; the package left stock once (20 - 2).
  await counting.reload();
  await expect(counting.getByLabel('Scan barcode')).toBeVisible();
  await expect(counting.getByLabel(`Jumlah fisik ${product.name}`)).toHaveValue('5');
  expect(await countedOf(request, headers, sessionId, product.code)).toBe(5);
  const found = await request.get(`/api/products?search=${product.code}`, { headers });
  const { data } = (await found.json()) as { data: { code: string; current_stock: number }[] };
  expect(data.find((item) => item.code === product.code)?.current_stock).toBe(18);
});

async function openSession(context: BrowserContext, sessionId: number): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/stock-opname?sesi=${sessionId}`);
  await expect(page.getByLabel('Scan barcode')).toBeVisible({ timeout: FIRST_START_MS });
  return page;
}

test('two phones count one product, one of them offline: the counts add up', async ({
  browser,
  context,
  request,
}) => {
  const headers = await managerHeaders(request);
  const { product, sessionId } = await sessionWithProduct(request, headers, 'B');
  const online = await openSession(context, sessionId);
  const other = await browser.newContext({ storageState: storageStateOf('admin') });
  try {
    const offline = await openSession(other, sessionId);
    await other.setOffline(true);
    for (let i = 0; i < 2; i += 1) await scanInto(offline, 'Scan barcode', product.barcode_id);
    await expect(offline.getByText(RECORDED_OFFLINE(2))).toBeVisible();

    for (let i = 0; i < 3; i += 1) {
      await scanInto(online, 'Scan barcode', product.barcode_id);
      await expect(
        online.getByRole('status').filter({ hasText: `${product.name}: ${i + 1}` }),
      ).toBeVisible();
    }
    expect(await countedOf(request, headers, sessionId, product.code)).toBe(3);

    await other.setOffline(false);
    await expect.poll(() => countedOf(request, headers, sessionId, product.code)).toBe(5);
    await expect(offline.getByText(/scan tersimpan/)).toHaveCount(0);
    await expect(offline.getByLabel(`Jumlah fisik ${product.name}`)).toHaveValue('5');
  } finally {
    await other.close();
  }
});

test("a session posted while a phone was offline: that phone's late counts are refused and listed", async ({
  browser,
  request,
}) => {
  const headers = await managerHeaders(request);
  const { product, sessionId } = await sessionWithProduct(request, headers, 'C');
  const phone = await browser.newContext({ storageState: storageStateOf('admin') });
  try {
    const page = await openSession(phone, sessionId);
    await phone.setOffline(true);
    for (let i = 0; i < 2; i += 1) await scanInto(page, 'Scan barcode', product.barcode_id);
    await expect(page.getByText(RECORDED_OFFLINE(2))).toBeVisible();

    const posted = await request.post(`/api/stock-opname/${sessionId}/post`, {
      headers,
      data: {},
    });
    expect(posted.status()).toBe(200);

    await phone.setOffline(false);
    const refused = page.getByRole('region', { name: 'Scan tersimpan yang ditolak server' });
    await expect(refused.getByRole('listitem')).toHaveCount(2);
    await expect(refused.getByRole('listitem').first()).toContainText(
      `${product.barcode_id}: Sesi stok opname sudah diposting`,
    );
    await expect(page.getByText(/scan tersimpan di perangkat/)).toHaveCount(0);
    expect(await countedOf(request, headers, sessionId, product.code)).toBeNull();
  } finally {
    await phone.close();
  }
});

test('a returned package never opened online: scanned after an offline reload, recorded once online', async ({
  context,
  request,
}) => {
  const headers = await managerHeaders(request);
  const { product } = await sessionWithProduct(request, headers, 'R');
  const resi = `SPXRET${suffix}`;
  const sold = await request.post('/api/outgoing-goods', {
    headers,
    data: {
      product_code: product.code,
      barcode: product.barcode_id,
      resi_number: resi,
      quantity: 3,
      date: shopDay(),
    },
  });
  expect(sold.status()).toBe(201);

  const page = await context.newPage();
  await page.goto('/returns');
  await expect(page.getByRole('textbox', { name: 'Scan resi', exact: true })).toBeVisible({
    timeout: FIRST_START_MS,
  });
  await workerReady(page);
  await context.setOffline(true);
  // Started again without a network: the page comes from the worker, the resi cannot be read.
  await page.reload();
  await scanInto(page, 'Scan resi', resi);
  const pkg = page.getByRole('region', { name: 'Retur offline' });
  await expect(pkg).toBeVisible();
  for (let i = 0; i < 2; i += 1) await scanInto(page, 'Scan barcode barang', product.barcode_id);
  await expect(pkg).toContainText(`${product.barcode_id}: 2`);
  await pkg.getByLabel(/Alasan Retur/).fill('Paket kembali offline');
  await pkg.getByRole('button', { name: 'Simpan Retur' }).click();
  await expect(page.getByText(RECORDED_OFFLINE(1))).toBeVisible();
  const stockOf = async () => {
    const found = await request.get(`/api/products?search=${product.code}`, { headers });
    const { data } = (await found.json()) as { data: { code: string; current_stock: number }[] };
    return data.find((item) => item.code === product.code)?.current_stock;
  };
  expect(await stockOf()).toBe(17);

  // Online: the server finds the package's record by the barcode; the return is recorded once.
  await context.setOffline(false);
  await expect(page.getByText(/scan tersimpan di perangkat/)).toHaveCount(0);
  await expect.poll(stockOf).toBe(19);
  const list = await request.get(`/api/returns?search=${resi}`, { headers });
  const { data } = (await list.json()) as {
    data: { resi_number: string; quantity_good: number }[];
  };
  expect(data).toEqual([expect.objectContaining({ resi_number: resi, quantity_good: 2 })]);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Scan resi', exact: true })).toBeVisible();
  expect(await stockOf()).toBe(19);
});
