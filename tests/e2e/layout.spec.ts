import { expect, test, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS, shopDay, storageStateOf, type RoleName } from './accounts';
import { ALL_PAGES, DASHBOARD_LISTS, LIST_PAGES, boxOf } from './pages';

// Every list fits a shop's laptop (all columns and the actions visible, no sideways
// scrolling) and a phone (one card per row, nothing wider than the screen).
const LAPTOPS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 720 },
];
const PHONE = { width: 375, height: 740 };

const pageWidth = (page: Page) =>
  page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);

/** The table does not scroll inside its frame: every column is in view. */
async function expectNoInnerScroll(table: Locator) {
  const overflow = await table.evaluate((element) => {
    const frame = element.parentElement;
    return frame ? frame.scrollWidth - frame.clientWidth : Number.POSITIVE_INFINITY;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

// Rows longer than the demo's, made once before the checks, so that the checks do not depend on
// which other specs ran first: the longest barcode, code and resi a shop is likely to have.
const suffix = Date.now().toString().slice(-7);
const long = {
  barcode_id: `899${suffix}${'7'.repeat(30)}`,
  code: `PANJANG-KODE-${suffix}`,
  name: `Barang Dengan Nama Yang Sangat Panjang Sekali Untuk Uji Tata Letak ${suffix}`,
  initial_stock: 50,
  category: 'Kategori Yang Cukup Panjang',
  brand: 'Merek Yang Cukup Panjang',
};

test.beforeAll(async ({ request }) => {
  const login = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  expect((await request.post('/api/products', { headers, data: long })).status()).toBe(201);
  const date = shopDay();
  const movement = { product_code: long.code, date, quantity: 1 };
  const resi = (prefix: string) => `${prefix}${suffix}${'9'.repeat(40)}`;
  for (const [path, data] of [
    ['/api/incoming-goods', { ...movement, resi_number: resi('SPXIN'), platform: 'Shopee' }],
    ['/api/outgoing-goods', { ...movement, resi_number: resi('SPXOUT'), barcode: long.barcode_id }],
  ] as const)
    expect((await request.post(path, { headers, data })).status()).toBe(201);
  const damaged = {
    barcode_id: long.barcode_id,
    code: long.code,
    name: long.name,
    stock: 1,
    category: long.category,
    brand: long.brand,
    damage_reason: 'Kemasan penyok di beberapa bagian saat pengiriman dari gudang pusat',
    date,
  };
  const res = await request.post('/api/damaged-goods', { headers, data: damaged });
  expect(res.status()).toBe(201);
});

const heading = (page: Page, title: string) =>
  page.getByRole('main').getByRole('heading', { name: title, level: 2 });

for (const role of ['manager', 'admin'] as const satisfies readonly RoleName[]) {
  test.describe(`layout as ${role}`, () => {
    test.use({ storageState: storageStateOf(role) });

    for (const viewport of LAPTOPS) {
      test(`every list shows all its columns and actions at ${viewport.width}x${viewport.height}`, async ({
        page,
      }) => {
        await page.setViewportSize(viewport);
        for (const list of LIST_PAGES.filter((item) => item.roles.includes(role))) {
          await page.goto(list.path);
          const table = page.getByRole('table', { name: list.title });
          const buttons = table.locator('tbody tr td:last-child button');
          await expect(buttons.first()).toBeAttached(); // rows with data, not the empty row
          const headers = await table.getByRole('columnheader').allInnerTexts();
          expect(headers.at(-1)?.toUpperCase()).toBe('AKSI');

          const count = await buttons.count();
          expect(count).toBeGreaterThanOrEqual(2);
          for (let index = 0; index < count; index += 1) {
            const box = await boxOf(buttons.nth(index));
            expect(box.x + box.width, `${list.path} button ${index}`).toBeLessThanOrEqual(
              viewport.width,
            );
          }
          await expectNoInnerScroll(table);
          expect(await pageWidth(page), list.path).toBeLessThanOrEqual(viewport.width);
        }

        await page.goto('/dashboard');
        for (const name of DASHBOARD_LISTS) {
          const table = page.getByRole('table', { name });
          await expect(table.locator('tbody tr').first()).toBeVisible();
          await expectNoInnerScroll(table);
        }
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      });
    }

    test('on a phone every list is one card per row and nothing overflows sideways', async ({
      page,
    }) => {
      await page.setViewportSize(PHONE);
      for (const list of LIST_PAGES.filter((item) => item.roles.includes(role))) {
        await page.goto(list.path);
        await expect(heading(page, list.title)).toBeVisible();
        const cards = page.getByRole('list', { name: list.title }).getByRole('listitem');
        await expect(cards.first()).toBeVisible();
        await expect(page.getByRole('main').getByRole('table')).toHaveCount(0);
        // label: value lines, the actions among them
        await expect(cards.first().getByRole('term')).toContainText(['Nama Barang']);
        await expect(cards.first().getByRole('term').last()).toHaveText('Aksi');
        expect(await pageWidth(page), list.path).toBeLessThanOrEqual(PHONE.width + 1);

        // The add form fits as well.
        await page.getByRole('button', { name: list.add }).click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        const dialogOverflow = await dialog.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(dialogOverflow, `${list.path} form`).toBeLessThanOrEqual(0);
        const dialogBox = await boxOf(dialog);
        expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(PHONE.width);
        expect(await pageWidth(page), `${list.path} form`).toBeLessThanOrEqual(PHONE.width + 1);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }

      await page.goto('/dashboard');
      for (const name of DASHBOARD_LISTS) {
        await expect(page.getByRole('list', { name }).getByRole('listitem').first()).toBeVisible();
      }
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width + 1);
    });
  });
}

test.describe('the shell and the stock card', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('the dark sidebar spans the page and stays in place while the dashboard scrolls', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/dashboard');
    await expect(page.getByRole('list', { name: 'Daftar Barang Stok Habis' })).toBeVisible();
    const scrollable = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(scrollable).toBeGreaterThan(768);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

    const logout = page.getByRole('button', { name: 'Logout' });
    const menu = page.getByRole('navigation', { name: 'Menu utama' });
    await expect(logout).toBeInViewport();
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
    // The dark column reaches the bottom of the document.
    const sidebar = await page.locator('aside').evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        bottom: box.bottom + window.scrollY,
        colour: getComputedStyle(element).backgroundColor,
      };
    });
    expect(sidebar.bottom).toBeGreaterThanOrEqual(scrollable - 1);
    expect(sidebar.colour).toBe('rgb(17, 24, 39)');
  });

  test('on a phone the top bar shows each page name on one line, cut if it must be', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    for (const { path, roles } of ALL_PAGES.filter((item) => item.roles.includes('manager'))) {
      await page.goto(path);
      const name = page.getByRole('banner').getByRole('heading', { level: 1 });
      await expect(name).not.toHaveText('');
      // The lines the name takes: distinct tops of its text's boxes.
      const lines = await name.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `${path} (${roles.join(', ')})`).toBe(1);
      const box = await boxOf(name);
      expect(box.x + box.width, path).toBeLessThanOrEqual(PHONE.width);
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width + 1);
    }
  });

  test('on a phone the camera button sits beside the scan field, on Scan Kirim as on Retur', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    for (const { path, form, field } of [
      { path: '/packing', form: 'Scan resi dan barang', field: 'Scan resi' },
      { path: '/returns', form: 'Scan resi retur', field: 'Scan resi' },
    ]) {
      await page.goto(path);
      const scan = page.getByRole('form', { name: form });
      const input = await boxOf(scan.getByLabel(field, { exact: true }));
      const camera = await boxOf(scan.getByRole('button', { name: 'Scan dengan kamera' }));
      // Right of the field and level with it, not on a row of its own.
      expect(camera.x, path).toBeGreaterThanOrEqual(input.x + input.width);
      expect(camera.y, path).toBeLessThan(input.y + input.height);
      expect(camera.y + camera.height, path).toBeGreaterThan(input.y);
      expect(camera.x + camera.width, path).toBeLessThanOrEqual(PHONE.width);
    }
  });

  test('on a phone a long unknown resi in the refusal breaks inside the card, on Scan Kirim as on Retur', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const unknown = `NOSUCH${'R'.repeat(90)}`;
    for (const path of ['/packing', '/returns']) {
      await page.goto(path);
      const input = page.getByRole('textbox', { name: 'Scan resi', exact: true });
      await input.fill(unknown);
      await input.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: unknown })).toBeVisible();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width + 1);
    }
  });

  test("the stock card's empty text is readable on a phone", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/products');
    const card = page.getByRole('list', { name: 'Data Produk' }).getByRole('listitem').first();
    await card.getByRole('button', { name: 'Kartu Stok' }).click();
    const dialog = page.getByRole('dialog', { name: /Kartu Stok/ });
    await expect(dialog).toBeVisible();
    // A period with no movements: the far past of the allowed window.
    await dialog.getByLabel('Tanggal Mulai').fill('2000-01-01');
    await dialog.getByLabel('Tanggal Akhir').fill('2000-01-31');
    const empty = dialog.getByText('Tidak ada mutasi pada periode ini');
    await expect(empty).toBeVisible();
    const box = await boxOf(empty);
    // One line across the card (in its padded box), not a column of single letters.
    expect(box.width).toBeGreaterThan(250);
    expect(box.height).toBeLessThan(80);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width + 1);
  });
});
