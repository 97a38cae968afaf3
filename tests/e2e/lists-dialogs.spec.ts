import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNTS, shopDay, storageStateOf } from './accounts';

// Lists never strand the user, dialogs hold the keyboard and do not throw
// typed data away without asking. One shared list state and one shared modal: these pages
// stand for every list and every form dialog.

test.use({ storageState: storageStateOf('manager') });

async function managerHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

/** 'Showing x to y of n results' as numbers. */
async function showing(page: Page) {
  const text = await page.getByRole('navigation', { name: 'Pagination' }).innerText();
  const match = /Showing\s+([\d.]+)\s+to\s+([\d.]+)\s+of\s+([\d.]+)/.exec(text);
  if (!match) throw new Error(`no summary in: ${text}`);
  const [from, to, total] = match.slice(1).map((part) => Number(part.replace(/\./g, '')));
  return { from: from ?? NaN, to: to ?? NaN, total: total ?? NaN };
}

test.describe('D1: a page past the end', () => {
  test('a bookmarked ?page=9999 shows the last page that exists and rewrites the URL', async ({
    page,
  }) => {
    await page.goto('/outgoing-goods?page=9999');
    const table = page.getByRole('table', { name: 'Barang Keluar' });
    await expect(page).not.toHaveURL(/page=9999/);
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(table).not.toContainText('Tidak ada data');
    const last = Number(new URL(page.url()).searchParams.get('page'));
    expect(last).toBeGreaterThan(1);
    const { from, to, total } = await showing(page);
    expect(from).toBeLessThanOrEqual(total);
    expect(to).toBe(total);
    expect(from).toBe((last - 1) * 10 + 1);
    await expect(
      page
        .getByRole('navigation', { name: 'Pagination' })
        .getByRole('button', { name: String(last), exact: true }),
    ).toHaveAttribute('aria-current', 'page');
    // Replaced, not added: Back does not return to page 9999.
    await page.goBack();
    await expect(page).not.toHaveURL(/page=9999/);
  });

  test('deleting the last row of the last page goes back to the page before', async ({
    page,
    request,
  }) => {
    const headers = await managerHeaders(request);
    const mark = `E2E-D1-${Date.now()}`;
    for (let i = 1; i <= 11; i += 1) {
      const res = await request.post('/api/damaged-goods', {
        headers,
        data: {
          barcode_id: `${mark}-${i}`,
          code: `${mark}-${i}`,
          name: `Barang ${mark} ${String(i).padStart(2, '0')}`,
          stock: 1,
          category: 'Uji',
          brand: 'Uji',
          damage_reason: 'Uji halaman',
          date: shopDay(),
        },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto(`/damaged-goods?search=${mark}&page=2`);
    const table = page.getByRole('table', { name: 'Barang Rusak' });
    await expect(table.locator('tbody tr')).toHaveCount(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await table.getByRole('button', { name: 'Hapus' }).click();

    await expect(page).toHaveURL(new RegExp(`\\?search=${mark}$`));
    await expect(table.locator('tbody tr')).toHaveCount(10);
    await expect(table).not.toContainText('Tidak ada data barang rusak');
    await expect(page.getByText('dari 10 item')).toBeVisible();
  });
});

test.describe('D5 and D15: form dialogs', () => {
  const inDialog = (page: Page) =>
    page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null);

  test('Tab and Shift+Tab stay inside; Escape closes and gives the focus back', async ({
    page,
  }) => {
    await page.goto('/products');
    const opener = page.getByRole('button', { name: 'Tambah Produk' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Produk' });
    await expect(dialog.getByLabel('Barcode ID')).toBeFocused();

    // More presses than the dialog has fields: the focus never leaves it.
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inDialog(page)).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Simpan' }).focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Tutup' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Simpan' })).toBeFocused();
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog(page)).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('Back closes an open dialog instead of leaving the page', async ({ page }) => {
    await page.goto('/dashboard');
    await page.goto('/products');
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Produk' });
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('table', { name: 'Data Produk' })).toBeVisible();
    // The next Back leaves the page as usual.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('typed data: Back, Escape and Batal ask first; kept when the user says no', async ({
    page,
  }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Tambah Produk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Produk' });
    await dialog.getByLabel('Nama Barang').fill('Kopi yang belum disimpan');

    const asked: string[] = [];
    page.on('dialog', (question) => {
      asked.push(question.type());
      void question.dismiss();
    });
    await page.goBack();
    await expect.poll(() => asked.length).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Batal' }).click();
    await expect.poll(() => asked).toEqual(['confirm', 'confirm', 'confirm']);
    await expect(dialog.getByLabel('Nama Barang')).toHaveValue('Kopi yang belum disimpan');
    await expect(page).toHaveURL(/\/products$/);

    page.removeAllListeners('dialog');
    page.once('dialog', (question) => void question.accept());
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/products$/);
  });

  test('typed data: a reload gets the browser leave-the-page question', async ({ page }) => {
    await page.goto('/incoming-goods');
    await page.getByRole('button', { name: 'Tambah Barang Masuk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await dialog.getByLabel('Nomor Resi').fill('RESI-BELUM-DISIMPAN');

    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (question) => {
        resolve(question.type());
        void question.dismiss();
      });
    });
    // Dismissed, so the reload does not happen; the promise of reload() is left alone.
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(dialog.getByLabel('Nomor Resi')).toHaveValue('RESI-BELUM-DISIMPAN');
  });
});
