import { expect, test, type Page } from '@playwright/test';
import { ownSession } from './accounts';

// Sign-out holds across tabs. Two pages of one browser context share localStorage,
// as two tabs of one browser do. Each test signs in for itself: Logout ends the token on the
// server.
test.use({
  storageState: async ({ baseURL }, provide) => {
    await provide(await ownSession(baseURL ?? '', 'manager'));
  },
});

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const dashboardHeading = (page: Page) =>
  page.getByRole('main').getByRole('heading', { name: 'Dashboard', level: 2 });

test('signing out in one tab signs out every open tab at once', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/dashboard');
  await second.goto('/incoming-goods?page=2');
  await expect(dashboardHeading(first)).toBeVisible();
  await expect(
    second.getByRole('main').getByRole('heading', { name: 'Barang Masuk', level: 2 }),
  ).toBeVisible();

  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  // The other tab follows without a reload or a click.
  await expect(second).toHaveURL(/\/login$/);
  await expect(second.getByRole('button', { name: 'Masuk' })).toBeVisible();
  expect(await token(second)).toBeNull();

  // And stays signed out when reloaded.
  await second.reload();
  await expect(second.getByRole('button', { name: 'Masuk' })).toBeVisible();
  expect(await token(second)).toBeNull();
});

test('a session check that ends after another tab signed out does not sign back in', async ({
  context,
}) => {
  const first = await context.newPage();
  await first.goto('/dashboard');
  await expect(dashboardHeading(first)).toBeVisible();

  // The second tab loads while its session check is held until the first tab has signed out.
  const second = await context.newPage();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let verifyStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    verifyStarted = resolve;
  });
  await second.route('**/api/auth/verify', async (route) => {
    verifyStarted();
    await held;
    await route.continue();
  });
  await second.goto('/dashboard');
  await started;
  await expect(second.getByText('Memeriksa sesi...')).toBeVisible();

  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(first).toHaveURL(/\/login$/);
  expect(await token(first)).toBeNull();

  release(); // the check of the old token: the server has ended it, and the tab stays out
  await expect(second).toHaveURL(/\/login$/);
  expect(await token(second)).toBeNull();
  await second.unroute('**/api/auth/verify');

  // Neither tab is signed in again on its next load.
  for (const page of [first, second]) {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  }
  expect(await token(first)).toBeNull();
});

test('signing in again in one tab signs the other tab in too', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/dashboard');
  await second.goto('/dashboard');
  await first.getByRole('button', { name: 'Logout' }).click();
  await expect(second).toHaveURL(/\/login$/);

  await first.getByLabel('Email').fill('manager@gudang.test');
  await first.getByLabel('Password').fill('manager123');
  await first.getByRole('button', { name: 'Masuk' }).click();
  await expect(dashboardHeading(first)).toBeVisible();
  await expect(dashboardHeading(second)).toBeVisible();
});

test('a session ended on the server while a dialog is open sends the user to the login page', async ({
  page,
  request,
}) => {
  await page.goto('/incoming-goods');
  await page.getByRole('button', { name: 'Tambah Barang Masuk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Barang Masuk' });
  await dialog.getByRole('combobox', { name: 'Produk' }).fill('RMT-003');
  await page.getByRole('option', { name: /RMT-003/ }).click();
  await dialog.getByLabel('Nomor Resi').fill('SESI-HABIS-1');
  await dialog.getByLabel('Jumlah').fill('4');
  await dialog.getByLabel('Platform').fill('Supplier');
  // Ended elsewhere (another device's 'Keluar dari semua perangkat', a role changed): Simpan
  // answers 401.
  const ended = await request.post('/api/auth/logout', {
    headers: { Authorization: `Bearer ${await token(page)}` },
  });
  expect(ended.ok()).toBe(true);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  // Not a blank page on the dialog's URL: the dialog's history entry is not stepped back over
  // the redirect.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Masuk' })).toBeVisible();
});
