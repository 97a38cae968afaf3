import { expect, test, type Page } from '@playwright/test';
import { storageStateOf } from './accounts';

// Issue 48 'Installable': the web app manifest, and the service worker (docs/adr/0024) that keeps
// the shell's and the remotes' versioned files, never the API or /remotes.json. The other specs
// run with service workers blocked (playwright.config.ts); this one allows them.
test.use({ serviceWorkers: 'allow', storageState: storageStateOf('manager') });

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The paths of everything the page's service worker keeps, in every cache of the origin. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

const isApi = (pathname: string) => pathname === '/api' || pathname.startsWith('/api/');

test('the manifest is linked, served and valid, with PNG icons of its sizes', async ({
  page,
  request,
}) => {
  await page.goto('/dashboard');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  if (href === null) return;
  const themeColour = await page.locator('meta[name="theme-color"]').getAttribute('content');

  const res = await request.get(href);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  expect(res.headers()['cache-control']).toBe('no-cache');
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.name).toMatch(/^Gudang\b/);
  expect(manifest.short_name).toBe('Gudang');
  expect(manifest.start_url).toBe('/dashboard');
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.theme_color).toBe(themeColour);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  for (const purpose of ['any', 'maskable'])
    for (const sizes of ['192x192', '512x512'])
      expect(manifest.icons).toContainEqual(
        expect.objectContaining({ sizes, purpose, type: 'image/png' }),
      );

  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    const body = await file.body();
    expect([...body.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});

test('the service worker registers, keeps versioned files only, and starts the shell with static files cut', async ({
  page,
  context,
  baseURL,
}) => {
  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${baseURL}/`);

  // The first start's files (loaded before the worker was there) are handed to it and kept.
  await expect
    .poll(() => cachedPaths(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/shell\/[^/]+\/main\.js$/),
        expect.stringMatching(/^\/remotes\/inventory\/[^/]+\/remoteEntry\.js$/),
      ]),
    );

  // Cut the network for everything but the API and /remotes.json (the worker's own requests
  // pass through the context's routes too).
  const cut: string[] = [];
  await context.route(
    (url) => !isApi(url.pathname) && url.pathname !== '/remotes.json',
    async (route) => {
      cut.push(new URL(route.request().url()).pathname);
      await route.abort('internetdisconnected');
    },
  );
  const fromWorker: string[] = [];
  const apiAnswers: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (response.fromServiceWorker()) fromWorker.push(pathname);
    if (isApi(pathname) && !response.fromServiceWorker()) apiAnswers.push(pathname);
  });

  await page.reload();
  // The shell started from the worker's cache: its layout, with the page's name and the menu.
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu utama' })).toBeVisible();
  // The cut was real: the page itself was asked for and refused, then answered by the worker.
  expect(cut).toContain('/dashboard');
  expect(fromWorker).toContain('/dashboard');
  expect(fromWorker).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\/shell\/[^/]+\/main\.js$/)]),
  );

  // The API went to the server, never through the worker's cache, and nothing of it is kept.
  expect(apiAnswers.length).toBeGreaterThan(0);
  expect(fromWorker.filter(isApi)).toEqual([]);
  expect(fromWorker).not.toContain('/remotes.json');
  const kept = await cachedPaths(page);
  expect(kept.filter(isApi)).toEqual([]);
  expect(kept).not.toContain('/remotes.json');
});

test('a start drops the kept files of versions that are neither live nor used by the page', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect
    .poll(() => cachedPaths(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/remotes\/inventory\/[^/]+\/remoteEntry\.js$/),
      ]),
    );
  // Files of versions that are not live any more, as a phone keeps them after a deploy.
  const stale = ['/remotes/inventory/0.0.0-old/remoteEntry.js', '/shell/0.0.0-old/main.js'];
  await page.evaluate(async (paths) => {
    const names = (await caches.keys()).filter((name) => name.startsWith('gudang-files'));
    const cache = await caches.open(names[0] ?? 'gudang-files-v1');
    for (const path of paths) await cache.put(path, new Response('// old version'));
  }, stale);
  expect(await cachedPaths(page)).toEqual(expect.arrayContaining(stale));

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect
    .poll(async () => (await cachedPaths(page)).filter((p) => stale.includes(p)))
    .toEqual([]);
  // The live versions' files stay.
  expect(await cachedPaths(page)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/shell\/[^/]+\/main\.js$/),
      expect.stringMatching(/^\/remotes\/inventory\/[^/]+\/remoteEntry\.js$/),
    ]),
  );
});

test('the pages that work offline open without a network though never opened before', async ({
  page,
  context,
}) => {
  // Scan Kirim, Retur and Stok Opname are loaded once the start has settled, and their files
  // kept (pwa/warm-offline-pages.ts): a phone that only saw the dashboard opens them offline.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(
          () => performance.getEntriesByName('gudang:offline-pages-loaded', 'mark').length,
        ),
      { timeout: 30_000 },
    )
    .toBe(1);
  await expect
    .poll(() => cachedPaths(page))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/remotes\/orders\/[^/]+\/remoteEntry\.js$/),
      ]),
    );

  await context.setOffline(true);
  const pages: [string, string][] = [
    ['/returns', 'Scan resi paket yang kembali, lalu catat barang yang diretur'],
    ['/packing', 'Cocokkan isi paket dengan pesanannya, lalu catat sebagai Barang Keluar'],
    [
      '/stock-opname',
      'Hitung stok fisik, tinjau selisihnya, lalu posting sebagai penyesuaian stok',
    ],
  ];
  for (const [path, subtitle] of pages) {
    await page.goto(path);
    await expect(page.getByText(subtitle)).toBeVisible();
    await expect(page.getByText(/gagal dimuat/)).toHaveCount(0);
  }
  await context.setOffline(false);
});
