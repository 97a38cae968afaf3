import { expect, test, type Browser } from '@playwright/test';
import { shopDay, storageStateOf, tokenOf } from './accounts';

// Issue 42's minor defects that only a browser shows: two phones typing a count for one
// product, a posted stock take keeping its value after a later receipt, and a long
// resi shown whole on a phone card.
const suffix = Date.now().toString().slice(-7);
const category = `Minor${suffix}`;
const product = {
  barcode_id: `8995${suffix}`,
  code: `MNR-${suffix}`,
  name: `Rok Plisket ${suffix}`,
  initial_stock: 5,
  category,
  brand: 'MerkMinor',
  purchase_price: 2500,
};
const PHONE = { width: 375, height: 740 };

async function phone(browser: Browser, role: 'admin' | 'manager') {
  const context = await browser.newContext({
    storageState: storageStateOf(role),
    viewport: PHONE,
    hasTouch: true,
  });
  return { context, page: await context.newPage() };
}

test('two phones typing a count for one product: the second is told, nothing is lost; the posted value stays', async ({
  browser,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  expect((await request.post('/api/products', { headers: manager, data: product })).status()).toBe(
    201,
  );
  const started = await request.post('/api/stock-opname', {
    headers: manager,
    data: { name: `Dua HP ${suffix}`, scope: { type: 'category', value: category } },
  });
  expect(started.status()).toBe(201);
  const { id } = ((await started.json()) as { data: { id: number } }).data;

  const a = await phone(browser, 'admin');
  const b = await phone(browser, 'admin');
  try {
    for (const { page } of [a, b]) {
      await page.goto(`/stock-opname?sesi=${id}`);
      await expect(page.getByLabel(`Jumlah fisik ${product.name}`)).toHaveValue('');
    }
    // Phone B starts typing while the product is still uncounted on its screen.
    const fieldB = b.page.getByLabel(`Jumlah fisik ${product.name}`);
    await fieldB.click();
    await fieldB.pressSequentially('5');
    // Phone A types 60 and is done.
    const fieldA = a.page.getByLabel(`Jumlah fisik ${product.name}`);
    await fieldA.fill('60');
    await fieldA.press('Enter');
    await expect(
      a.page.getByRole('status').filter({ hasText: `${product.name}: 60` }),
    ).toBeVisible();
    // Phone B finishes 54: refused, told the other count, and shown it.
    await fieldB.pressSequentially('4');
    await fieldB.press('Enter');
    await expect(b.page.getByRole('alert')).toHaveText(
      `Hitungan ${product.name} baru saja diubah di perangkat lain menjadi 60. Jumlah Anda belum disimpan: periksa lalu ketik lagi.`,
    );
    await expect(fieldB).toHaveValue('60');
    const session = async () =>
      (
        (await (await request.get(`/api/stock-opname/${id}`, { headers: manager })).json()) as {
          data: { lines: { counted: number | null }[]; difference_value: number };
        }
      ).data;
    expect((await session()).lines[0]?.counted).toBe(60);
    // Having seen 60, phone B decides: its 54 replaces it.
    await fieldB.fill('54');
    await fieldB.press('Enter');
    await expect(
      b.page.getByRole('status').filter({ hasText: `${product.name}: 54` }),
    ).toBeVisible();
    expect((await session()).lines[0]?.counted).toBe(54);

    // m4: posted at 49 x Rp 2.500; a later receipt at Rp 5.000 moves the cost, not the value.
    const posted = await request.post(`/api/stock-opname/${id}/post`, {
      headers: manager,
      data: {},
    });
    expect(posted.status()).toBe(200);
    const receipt = await request.post('/api/incoming-goods', {
      headers: manager,
      data: {
        product_code: product.code,
        product_name: product.name,
        category,
        brand: product.brand,
        resi_number: `MNR-IN-${suffix}`,
        quantity: 10,
        platform: 'Supplier',
        date: shopDay(),
        purchase_price: 5000,
      },
    });
    expect(receipt.status()).toBe(201);
    expect((await session()).difference_value).toBe(122500);
    const m = await phone(browser, 'manager');
    try {
      await m.page.goto(`/stock-opname?sesi=${id}`);
      await expect(m.page.getByText('Total Nilai Selisih:').locator('..')).toContainText(
        '122.500,00',
      );
      await expect(
        m.page.getByText('Nilai selisih memakai harga beli saat posting dan tidak berubah lagi.'),
      ).toBeVisible();
    } finally {
      await m.context.close();
    }
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a long resi is shown whole on a phone card, not cut with an ellipsis', async ({
  browser,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const resi = `INV/20261128/MPL/${suffix}0745123`;
  const item = { ...product, barcode_id: `8996${suffix}`, code: `MNR2-${suffix}` };
  expect((await request.post('/api/products', { headers: manager, data: item })).status()).toBe(
    201,
  );
  const saved = await request.post('/api/incoming-goods', {
    headers: manager,
    data: {
      product_code: item.code,
      product_name: item.name,
      category,
      brand: item.brand,
      resi_number: resi,
      quantity: 1,
      platform: 'Tokopedia',
      date: shopDay(),
    },
  });
  expect(saved.status()).toBe(201);
  const { context, page } = await phone(browser, 'admin');
  try {
    await page.goto(`/incoming-goods?search=${encodeURIComponent(item.code)}`);
    const shown = page.getByText(resi, { exact: true });
    await expect(shown).toBeVisible();
    // Every character is drawn: nothing overflows its box and no ellipsis cuts it.
    const box = await shown.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth + 1,
      ellipsis: getComputedStyle(element).textOverflow === 'ellipsis',
    }));
    expect(box).toEqual({ cut: false, ellipsis: false });
  } finally {
    await context.close();
  }
});
