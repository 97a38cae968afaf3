import { expect, test } from '@playwright/test';
import { ownSession } from './accounts';

// Pengguna (issue 42): the manager adds a packer, the packer signs in on another device, the
// manager deactivates them, and the packer's open session ends at once: the next request sends
// that browser to the login page, where signing in again says why.
test.use({
  storageState: async ({ baseURL }, provide) => {
    await provide(await ownSession(baseURL ?? '', 'manager'));
  },
});

test('a manager adds an admin, who signs in elsewhere and is signed out by a deactivation', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `packer-${Date.now()}@toko.test`;
  const name = `Packer E2E ${Date.now() % 100_000}`;
  const password = 'rahasia-packer-1';

  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Pengguna' }).click();
  await expect(page).toHaveURL(/\/users$/);
  await page.getByRole('button', { name: 'Tambah Pengguna' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tambah Pengguna' });
  await dialog.getByLabel('Nama').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Peran').selectOption('admin');
  // Too short first: the rule of the user command, said before anything is sent.
  await dialog.getByLabel('Password Pertama').fill('pendek');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog.getByText('Password minimal 8 karakter')).toBeVisible();
  await dialog.getByLabel('Password Pertama').fill(password);
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Pengguna berhasil ditambahkan')).toBeVisible();
  const table = page.getByRole('table', { name: 'Daftar pengguna' });
  const row = table.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Admin');
  await expect(row).toContainText('Aktif');

  // The packer on another device.
  // Signed out: a context made in a test takes the file's options, the manager's session too.
  const other = await browser.newContext({
    baseURL: baseURL ?? '',
    storageState: { cookies: [], origins: [] },
  });
  try {
    const packer = await other.newPage();
    await packer.goto('/login');
    await packer.getByLabel('Email').fill(email);
    await packer.getByLabel('Password').fill(password);
    await packer.getByRole('button', { name: 'Masuk' }).click();
    await expect(packer).toHaveURL(/\/dashboard$/);
    const menu = packer.getByRole('navigation');
    await expect(menu.getByRole('link', { name: 'Barang Masuk' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pengguna' })).toHaveCount(0);

    // The manager deactivates them.
    page.once('dialog', (question) => {
      expect(question.message()).toContain(`Nonaktifkan ${name}?`);
      void question.accept();
    });
    await row.getByRole('button', { name: `Nonaktifkan ${name}` }).click();
    await expect(
      page.getByText('Pengguna dinonaktifkan: semua sesinya telah diakhiri'),
    ).toBeVisible();
    await expect(row).toContainText('Nonaktif');

    // The packer's next request is refused: that browser goes to the login page (a request the
    // open page makes by itself may already have taken it there).
    await packer.goto('/incoming-goods');
    await expect(packer).toHaveURL(/\/login$/);
    await packer.getByLabel('Email').fill(email);
    await packer.getByLabel('Password').fill(password);
    await packer.getByRole('button', { name: 'Masuk' }).click();
    await expect(packer.getByRole('alert')).toHaveText(
      'Akun ini dinonaktifkan. Hubungi manager toko.',
    );
    await expect(packer).toHaveURL(/\/login$/);
  } finally {
    await other.close();
  }
});
