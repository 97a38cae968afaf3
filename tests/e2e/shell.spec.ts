import { expect, test, type Page } from '@playwright/test';
import { ACCOUNTS, storageStateOf } from './accounts';

const MANAGER_MENU = [
  'Dashboard',
  'Data Produk',
  'Barang Masuk',
  'Barang Keluar',
  'Barang Rusak',
  'Stok Opname',
  'Buat Barcode',
  'Laporan',
  'List Order',
  'Pesanan Marketplace',
  'Daftar Ambil',
  'Scan Kirim',
  'Retur',
  'Pembukuan',
  'Penghasilan Marketplace',
  'Log Aktivitas',
  'Pengguna',
  'Deploy',
];
const ADMIN_MENU = [
  'Dashboard',
  'Barang Masuk',
  'Barang Keluar',
  'Barang Rusak',
  'Stok Opname',
  'Laporan',
  'Pesanan Marketplace',
  'Daftar Ambil',
  'Scan Kirim',
  'Retur',
];
const MANAGER_ONLY = [
  '/products',
  '/barcode-generator',
  '/order-list',
  '/pembukuan',
  '/settlements',
  '/activity-logs',
  '/users',
];

const menuLabels = (page: Page) => page.getByRole('navigation').getByRole('link').allInnerTexts();

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Masuk' }).click();
}

test.describe('signed out', () => {
  test('the login page shows the spec texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('Inventory Management')).toBeVisible();
    await expect(page.getByText('Masuk ke akun Anda')).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('required', '');
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '');
    await expect(page.getByRole('button', { name: 'Masuk' })).toBeEnabled();
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, ACCOUNTS.admin.email, 'salah-sekali');
    await expect(page.getByText('Email atau password salah')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an anonymous visitor of /reports signs in and lands on /reports', async ({ page }) => {
    await page.goto('/reports');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Laporan' })).toBeVisible();
  });

  test('sign in, see the menu, sign out', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, ACCOUNTS.manager.email, ACCOUNTS.manager.password);
    // Back where the visitor was going: '/', which is the dashboard.
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText(ACCOUNTS.manager.email)).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('manager', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('sees exactly the menu items in the spec order', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation').getByRole('link')).toHaveCount(MANAGER_MENU.length);
    expect(await menuLabels(page)).toEqual(MANAGER_MENU);
    await expect(page.getByText('manager', { exact: true })).toBeVisible();
  });

  test('a signed-in visit to /login goes to /dashboard', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('opens every menu item and each shows its remote page', async ({ page }) => {
    const titles: Record<string, string> = {
      Dashboard: 'Dashboard',
      'Data Produk': 'Data Produk',
      'Barang Masuk': 'Barang Masuk',
      'Barang Keluar': 'Barang Keluar',
      'Barang Rusak': 'Barang Rusak',
      'Buat Barcode': 'Generator Barcode',
      Laporan: 'Laporan',
      'List Order': 'List Order Barang',
      'Pesanan Marketplace': 'Pesanan Marketplace',
      'Scan Kirim': 'Scan Kirim',
      'Stok Opname': 'Stok Opname',
      Retur: 'Retur',
      Pembukuan: 'Pembukuan',
      'Penghasilan Marketplace': 'Penghasilan Marketplace',
      'Log Aktivitas': 'Log Aktivitas',
      Pengguna: 'Pengguna',
      Deploy: 'Deploy',
    };
    await page.goto('/dashboard');
    for (const label of MANAGER_MENU) {
      await page.getByRole('navigation').getByRole('link', { name: label }).click();
      await expect(
        // Exact: a page's own sections ('Sesi Stok Opname', 'Daftar Retur') name it too.
        page.getByRole('main').getByRole('heading', { name: titles[label], exact: true }),
      ).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(label);
    }
  });

  test('the header shows today in Indonesian long format', async ({ page }) => {
    await page.goto('/dashboard');
    const today = new Intl.DateTimeFormat('id-ID', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Asia/Jakarta',
    }).format(new Date());
    await expect(page.getByRole('banner')).toContainText(today);
    expect(today).toMatch(/^[A-Z][a-z]+, \d{1,2} [A-Z][a-z]+ \d{4}$/);
  });

  test('a remote whose manifest is blocked shows the error panel; other areas still open', async ({
    page,
  }) => {
    await page.route('**/remotes/orders/**/mf-manifest.json', (route) => route.abort());
    await page.goto('/order-list');
    await expect(page.getByRole('button', { name: 'Coba lagi' })).toBeVisible();
    await expect(page.getByRole('navigation').getByRole('link')).toHaveCount(MANAGER_MENU.length);
    await page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' }).click();
    await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();
    // Once the manifest can be fetched again, retry loads the page.
    await page.unroute('**/remotes/orders/**/mf-manifest.json');
    await page.getByRole('navigation').getByRole('link', { name: 'List Order' }).click();
    await page.getByRole('button', { name: 'Coba lagi' }).click();
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
    ).toBeVisible();
  });
});

test.describe('admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('sees exactly Dashboard, Barang Masuk, Barang Keluar, Barang Rusak, Laporan, Pesanan Marketplace, Scan Kirim', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('navigation').getByRole('link')).toHaveCount(ADMIN_MENU.length);
    expect(await menuLabels(page)).toEqual(ADMIN_MENU);
  });

  for (const path of MANAGER_ONLY) {
    test(`is sent from ${path} to /dashboard`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('main').getByRole('heading', { name: 'Dashboard' }),
      ).toBeVisible();
    });
  }
});

test.describe('phone-sized screen', () => {
  test.use({ storageState: storageStateOf('manager'), viewport: { width: 390, height: 844 } });

  test('the sidebar collapses behind a toggle', async ({ page }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation');
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Buka menu' }).click();
    await expect(nav).toBeVisible();
    await nav.getByRole('link', { name: 'Barang Masuk' }).click();
    await expect(page).toHaveURL(/\/incoming-goods$/);
    await expect(
      page.getByRole('main').getByRole('heading', { name: 'Barang Masuk' }),
    ).toBeVisible();
  });
});
