import { expect, test } from '@playwright/test';
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
  const main = scripts.find((s) => new URL(s.url).pathname === '/main.js');
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
