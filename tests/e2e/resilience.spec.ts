import { expect, test, type Page } from '@playwright/test';
import { storageStateOf } from './accounts';

test.use({ storageState: storageStateOf('manager') });

test("the shell's JavaScript comes compressed (Content-Encoding, Vary)", async ({ page }) => {
  const scripts: { url: string; encoding?: string; vary?: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const headers = await response.allHeaders();
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      vary: headers.vary,
    });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const main = scripts.find((s) => /^\/shell\/[^/]+\/main\.js$/.test(new URL(s.url).pathname));
  expect(main?.encoding).toMatch(/^(br|gzip)$/);
  expect(main?.vary).toMatch(/Accept-Encoding/i);
  const remoteChunks = scripts.filter((s) => new URL(s.url).pathname.startsWith('/remotes/'));
  expect(remoteChunks.some((s) => s.encoding === 'br' || s.encoding === 'gzip')).toBe(true);
});

test('a remote that never answers shows the named panel within the timeout; the rest works', async ({
  page,
}) => {
  // The orders remote's manifest is asked for and never answered.
  await page.route('**/remotes/orders/**/mf-manifest.json', () => undefined);
  await page.goto('/order-list');
  const panel = page.getByRole('alert');
  await expect(panel).toContainText(
    'Modul List Order gagal dimuat. Periksa koneksi internet, lalu tekan Coba lagi. (Kode untuk admin: orders',
    {
      timeout: 25_000,
    },
  );
  await expect(page.getByRole('button', { name: 'Coba lagi' })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();
  // Once it answers again, 'Coba lagi' loads the page.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.getByRole('navigation').getByRole('link', { name: 'List Order' }).click();
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
  ).toBeVisible();
});

/**
 * Requests for `pattern` at their first URL never get an answer (a request the browser never
 * cancels): only a retry under a new URL (the shell's /_r<n>/ paths) can get through.
 */
async function hangFirstUrls(page: Page, pattern: string) {
  await page.route(pattern, (route) =>
    route.request().url().includes('/_r') ? route.continue() : undefined,
  );
}

test("a hung page chunk shows the panel at the chunk timeout; 'Coba lagi' loads it under a new URL", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await hangFirstUrls(page, '**/remotes/orders/**/__federation_expose_OrderList*.js');
  // The hung chunk's <script> may hold the load event.
  await page.goto('/order-list', { waitUntil: 'domcontentloaded' });
  // One chunk timeout (10 s), not two: a hung chunk is not retried at the same URL.
  await expect(page.getByRole('alert')).toContainText('Modul List Order gagal dimuat.', {
    timeout: 16_000,
  });
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
  ).toBeVisible();
});

test("a hung remote entry recovers with 'Coba lagi' (a new URL, not a wait behind the hung request)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await hangFirstUrls(page, '**/remotes/orders/**/remoteEntry.js');
  await page.goto('/order-list', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('alert')).toContainText('Modul List Order gagal dimuat.', {
    timeout: 16_000,
  });
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
  ).toBeVisible();
});

test("after one 'Coba lagi', later pages load as usual: no new URLs, and Scan Kirim renders after Pesanan Marketplace", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await hangFirstUrls(page, '**/remotes/orders/**/__federation_expose_OrderList*.js');
  await page.goto('/order-list', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('alert')).toContainText('Modul List Order gagal dimuat.', {
    timeout: 16_000,
  });
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'List Order Barang' })).toBeVisible();

  // The retry belonged to List Order: the pages opened next register nothing again.
  const retried: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('/mf-manifest.json') && pathname.includes('/_r')) retried.push(pathname);
  });
  const menu = page.getByRole('navigation');
  for (const label of ['Pesanan Marketplace', 'Scan Kirim', 'Data Produk']) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(main.getByRole('heading', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(retried).toEqual([]);
  expect(errors).toEqual([]);
});

test("a hung /remotes.json: 'Coba lagi' aborts the stuck read and asks again, not behind it", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The list at its own URL (index.html's preload and the first read) never answers; a read that
  // asks afresh does.
  await page.route('**/remotes.json*', (route) =>
    new URL(route.request().url()).search === '' ? undefined : route.continue(),
  );
  await page.goto('/dashboard', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('alert')).toContainText('Daftar modul gagal dimuat.', {
    timeout: 16_000,
  });
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});
