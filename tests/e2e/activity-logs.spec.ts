import { expect, test } from '@playwright/test';
import { ACCOUNTS, shopDay, tokenOf } from './accounts';
import { boxOf } from './pages';

const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8992${suffix}`,
  code: `LOG-${suffix}`,
  name: `Barang Log ${suffix}`,
  initial_stock: 10,
  category: 'Uji',
  brand: 'MerkLog',
};
const incomingResi = `LGIN${suffix}`;
const outgoingResi = `LGOUT${suffix}`;

// formatDateTime's date part in id-ID: d/m/yyyy, with or without leading zeros.
const idDate = (iso: string) => {
  const [year, month, day] = iso.split('-').map(Number);
  return new RegExp(`(?<!\\d)0?${day}/0?${month}/${year}(?!\\d)`);
};

test.use({ viewport: { width: 1366, height: 768 } });

test('the log shows the sign-in and the movements this test made', async ({ page, request }) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const admin = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
  expect((await request.post('/api/products', { headers: manager, data: product })).status()).toBe(
    201,
  );
  const movement = { product_code: product.code, date: shopDay() };
  const incoming = await request.post('/api/incoming-goods', {
    headers: admin,
    data: { ...movement, resi_number: incomingResi, quantity: 1000, platform: 'Tokopedia' },
  });
  expect(incoming.status()).toBe(201);
  const outgoing = await request.post('/api/outgoing-goods', {
    headers: admin,
    data: { ...movement, resi_number: outgoingResi, quantity: 1, barcode: product.barcode_id },
  });
  expect(outgoing.status()).toBe(201);

  // Sign in through the login screen: that is the LOGIN entry looked for below.
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page.goto('/activity-logs');
  const table = page.getByRole('table', { name: 'Log Aktivitas' });
  await expect(page.getByText(/^Total: [\d.]+ aktivitas$/)).toBeVisible();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const tableBox = await boxOf(table);
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(1366);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1366);
  await expect(
    page.getByRole('region', { name: 'Ringkasan aktivitas' }).getByRole('group'),
  ).toHaveCount(4);

  // The movements, found by the product code in their details.
  await page.getByPlaceholder('Cari aktivitas...').fill(product.code);
  const incomingRow = table.getByRole('row', { name: new RegExp(incomingResi) });
  const outgoingRow = table.getByRole('row', { name: new RegExp(outgoingResi) });
  // The action's badge says it in Indonesian.
  await expect(incomingRow.getByRole('cell').first()).toHaveText('Barang Masuk');
  await expect(incomingRow).toContainText(ACCOUNTS.admin.email);
  // Numbers in the details as the app shows them: the thousands dot.
  await expect(incomingRow).toContainText(`(${product.code}) +1.000, resi ${incomingResi}`);
  await expect(outgoingRow.getByRole('cell').first()).toHaveText('Barang Keluar');
  await expect(outgoingRow).toContainText(idDate(shopDay()));

  // The sign-in: the newest LOGIN is this one, by the manager, today.
  await page.getByPlaceholder('Cari aktivitas...').fill('');
  await page.getByLabel('Aksi', { exact: true }).selectOption({ label: 'Masuk' });
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  const rows = table.locator('tbody tr');
  await expect(rows.first().getByRole('cell').first()).toHaveText('Masuk');
  await expect(rows.first()).toContainText(ACCOUNTS.manager.email);
  await expect(rows.first()).toContainText(idDate(shopDay()));
  for (const text of await rows.locator('td:first-child').allTextContents())
    expect(text).toBe('Masuk');
});

test('the summary cards fit their action names on a laptop and on a phone', async ({
  page,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const code = `LOGC-${suffix}`;
  const card = { ...product, code, barcode_id: `8996${suffix}`, name: `Kartu ${suffix}` };
  expect((await request.post('/api/products', { headers: manager, data: card })).status()).toBe(
    201,
  );
  // A long action label, 'Hapus Barang Keluar' (DELETE_OUTGOING_GOODS), among this test's entries.
  const sold = await request.post('/api/outgoing-goods', {
    headers: manager,
    data: {
      product_code: code,
      date: shopDay(),
      resi_number: `LGDEL${suffix}`,
      quantity: 1,
      barcode: card.barcode_id,
    },
  });
  const { data } = (await sold.json()) as { data: { id: number } };
  expect((await request.delete(`/api/outgoing-goods/${data.id}`, { headers: manager })).ok()).toBe(
    true,
  );

  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  // Found by this run's suffix, so that other tests' entries do not push them off the page.
  await page.goto(`/activity-logs?search=${suffix}`);
  const cards = page.getByRole('region', { name: 'Ringkasan aktivitas' }).getByRole('group');
  await expect(cards.first()).toBeVisible();
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 768 });
    const clipped = await page
      .getByRole('region', { name: 'Ringkasan aktivitas' })
      .evaluate((region) =>
        [...region.querySelectorAll('[role="group"]')].flatMap((group) => {
          const title = group.firstElementChild as HTMLElement;
          const box = group.getBoundingClientRect();
          const text = title.getBoundingClientRect();
          return title.scrollWidth > title.clientWidth || text.right > box.right
            ? [title.textContent ?? '']
            : [];
        }),
      );
    expect({ width, clipped }).toEqual({ width, clipped: [] });
  }
  await expect(cards.filter({ hasText: 'Hapus Barang Keluar' })).toHaveCount(1);
});
