// The kill switch (issue 49): `?disable-remotes=orders,finance` on any page URL (kept for the tab
// until `?disable-remotes=` clears it) and the manager's setting `disabled_remotes` (for
// everyone) start the shell without those remotes: their menu items disabled with
// 'Dinonaktifkan sementara', their pages a panel, and not one of their files requested.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { storageStateOf, tokenOf } from './accounts';

test.use({ storageState: storageStateOf('manager') });

/** The paths of every request for `remote`'s files (its manifest, remoteEntry.js, chunks). */
function remoteRequests(target: Page | BrowserContext, remote: string): string[] {
  const paths: string[] = [];
  target.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(`/remotes/${remote}/`)) paths.push(pathname);
  });
  return paths;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

test('?disable-remotes= starts the tab without the remotes until an empty one clears it', async ({
  page,
}) => {
  const orders = remoteRequests(page, 'orders');
  const finance = remoteRequests(page, 'finance');
  await page.goto('/pick-batches?disable-remotes=orders,finance');
  const panel = page.getByRole('main').getByRole('alert');
  await expect(panel).toContainText('Dinonaktifkan sementara');
  await expect(panel).toContainText('Modul Daftar Ambil dinonaktifkan sementara di tab ini');
  await expect(panel.getByRole('button', { name: 'Coba lagi' })).toHaveCount(0);
  for (const label of ['List Order', 'Scan Kirim', 'Pembukuan', 'Penghasilan Marketplace']) {
    const item = menu(page).getByRole('link', { name: label });
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await expect(item).toHaveAccessibleDescription('Dinonaktifkan sementara');
  }
  // The other remotes work.
  await menu(page).getByRole('link', { name: 'Barang Masuk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Barang Masuk' })).toBeVisible();
  // A later address of the tab, without the parameter, keeps the switch.
  await page.goto('/settlements');
  await expect(page.getByRole('main').getByRole('alert')).toContainText(
    'Modul Penghasilan Marketplace dinonaktifkan sementara di tab ini',
  );
  expect(orders).toEqual([]);
  expect(finance).toEqual([]);

  await page.goto('/order-list?disable-remotes=');
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
  ).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Pembukuan' })).toHaveAttribute(
    'href',
    '/pembukuan',
  );
  expect(orders.some((path) => path.endsWith('/remoteEntry.js'))).toBe(true);
});

test("the manager's setting switches a remote off for everyone; an admin cannot set it", async ({
  page,
  browser,
  request,
}) => {
  const managerToken = await tokenOf(request, 'manager');
  const adminToken = await tokenOf(request, 'admin');
  const refused = await request.put('/api/settings', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { disabled_remotes: ['finance'] },
  });
  expect(refused.status()).toBe(403);
  const shell = await request.put('/api/settings', {
    headers: { authorization: `Bearer ${managerToken}` },
    data: { disabled_remotes: ['shell'] },
  });
  expect(shell.status()).toBe(400);
  expect(await shell.json()).toEqual({ message: "Modul 'shell' tidak dapat dinonaktifkan" });

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Nonaktifkan modul' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nonaktifkan modul sementara' });
  await dialog.getByRole('checkbox', { name: /^finance/ }).check();
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(page.getByText('Pengaturan berhasil disimpan')).toBeVisible();
  // Switched on again whatever happens below: other specs use the finance remote.
  try {
    await expect(menu(page).getByRole('link', { name: 'Pembukuan' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    // Another manager's fresh tab: no parameter, the setting alone.
    const other = await browser.newContext({ storageState: storageStateOf('manager') });
    try {
      const finance = remoteRequests(other, 'finance');
      const tab = await other.newPage();
      await tab.goto('/pembukuan');
      await expect(tab.getByRole('main').getByRole('alert')).toContainText(
        'Modul Pembukuan dinonaktifkan sementara oleh manager untuk semua pengguna',
      );
      await expect(
        menu(tab).getByRole('link', { name: 'Penghasilan Marketplace' }),
      ).toHaveAttribute('aria-disabled', 'true');
      await expect(menu(tab).getByRole('link', { name: 'List Order' })).toHaveAttribute(
        'href',
        '/order-list',
      );
      expect(finance).toEqual([]);
    } finally {
      await other.close();
    }
  } finally {
    const cleared = await request.put('/api/settings', {
      headers: { authorization: `Bearer ${managerToken}` },
      data: { disabled_remotes: [] },
    });
    expect(cleared.status()).toBe(200);
  }
  await page.goto('/pembukuan');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();
});
