import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, shopDay, storageStateOf } from './accounts';

// A product that sold out today is at the top of 'Perlu Restock'; the manager orders
// it with 'Buat Order', and the arrival recorded under the order's resi matches it exactly in
// List Order's comparison mode.
const suffix = Date.now().toString().slice(-7);
// '0' sorts before the demo shop's codes, so that among products with 0 days of cover this one
// is on the section's first rows.
const product = {
  barcode_id: `8994${suffix}`,
  code: `0RST-${suffix}`,
  name: `Restock Uji ${suffix}`,
  initial_stock: 3,
  category: 'Uji Restock',
  brand: 'MerkRestock',
};

async function managerHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  return { Authorization: `Bearer ${((await res.json()) as { token: string }).token}` };
}

test.beforeAll(async ({ request }) => {
  const headers = await managerHeaders(request);
  expect((await request.post('/api/products', { headers, data: product })).status()).toBe(201);
  // Sold out today: 3 in 30 days, 0 left, 0 days of cover.
  const sale = await request.post('/api/outgoing-goods', {
    headers,
    data: {
      product_code: product.code,
      barcode: product.barcode_id,
      resi_number: `RSTOUT${suffix}`,
      quantity: 3,
      date: shopDay(),
    },
  });
  expect(sale.status()).toBe(201);
});

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager'), viewport: { width: 1366, height: 768 } });

  test("'Perlu Restock', a chart, and 'Buat Order' that the arrival then matches", async ({
    page,
    request,
  }) => {
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Perlu Restock' });
    await expect(section.getByRole('heading', { name: /^Perlu Restock/ })).toBeVisible();
    const row = section.getByRole('row', { name: new RegExp(product.code) });
    // 0 left, min 10: max(10 - 0, ceil(0.1 x 14) - 0) = 10 suggested.
    await expect(row).toContainText('0 hari');
    // Nothing ordered yet ('Sudah Dipesan' 0), so all 10 are suggested ('Saran Order').
    await expect(row.getByRole('cell').nth(6)).toHaveText('0');
    await expect(row.getByRole('cell').nth(7)).toHaveText('10');
    await expect(
      page.getByRole('figure', { name: 'Barang Masuk dan Keluar per Hari' }),
    ).toBeVisible();
    await expect(page.getByRole('figure', { name: '5 Barang Terlaris' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Nilai Stok' })).toContainText('Rp');
    // The menu's badge counts them.
    await expect(page.getByRole('status', { name: /produk perlu restock/ })).toBeVisible();

    await row.getByRole('checkbox').check();
    await section.getByRole('button', { name: 'Buat Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buat Order dari Saran Restock' });
    await expect(dialog.getByLabel('Jumlah')).toHaveValue('10');
    await dialog.getByLabel('Jumlah').fill('4');
    await dialog.getByLabel('Harga').fill('2.500');
    await dialog.getByRole('button', { name: 'Simpan Order' }).click();
    await expect(page.getByText('1 order berhasil dibuat').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    // The order's resi is the one the supplier's goods arrive with.
    const headers = await managerHeaders(request);
    const orders = await request.get(`/api/orders?search=${product.code}`, { headers });
    const [order] = (
      (await orders.json()) as {
        data: { resi_number: string; quantity: number; price: number; date: string }[];
      }
    ).data;
    expect(order).toMatchObject({ quantity: 4, price: 2500, date: shopDay() });
    const arrival = await request.post('/api/incoming-goods', {
      headers,
      data: {
        product_code: product.code,
        resi_number: order?.resi_number,
        quantity: 4,
        platform: 'Supplier',
        date: shopDay(),
      },
    });
    expect(arrival.status()).toBe(201);
    // No price given: the matching order's.
    expect(
      ((await arrival.json()) as { data: { purchase_price: number } }).data.purchase_price,
    ).toBe(2500);

    await page.goto('/order-list');
    await page.getByRole('searchbox', { name: 'Cari order...' }).fill(product.code);
    const detail = page.getByRole('table', { name: 'Detail Order' });
    await expect(detail.getByRole('row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Tampilkan Perbandingan' }).click();
    await expect(
      detail.getByRole('row', { name: new RegExp(product.code) }).getByText('Exact Match'),
    ).toBeVisible();
  });
});
