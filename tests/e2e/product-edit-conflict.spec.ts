import { expect, test, type Browser } from '@playwright/test';
import { shopDay, storageStateOf, tokenOf } from './accounts';

// Two Edit Produk forms open on one product (QA, D1 and D2): a receipt recorded meanwhile keeps
// its moving-average Harga Beli when the first form saves only a new name, and the second form,
// opened before that save, is refused instead of silently putting the old name back.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8996${suffix}`,
  code: `KONF-${suffix}`,
  name: `Kemeja Flanel ${suffix}`,
  initial_stock: 9,
  category: `Konflik${suffix}`,
  brand: 'MerkKonflik',
  purchase_price: 10444.44,
  min_stock: 10,
};
const CHANGED_MEANWHILE =
  'Produk ini baru saja diubah oleh pengguna lain. Tutup form lalu buka lagi untuk melihat data terbaru.';

async function managerPage(browser: Browser) {
  const context = await browser.newContext({ storageState: storageStateOf('manager') });
  return { context, page: await context.newPage() };
}

test('two edit forms on one product: the cost a receipt moved stays, the later save is refused', async ({
  browser,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const made = await request.post('/api/products', { headers: manager, data: product });
  expect(made.status()).toBe(201);
  const { id } = ((await made.json()) as { data: { id: number } }).data;
  const stored = async () =>
    (
      (await (
        await request.get(`/api/products/barcode/${product.barcode_id}`, { headers: manager })
      ).json()) as { data: { id: number; name: string; purchase_price: number; min_stock: number } }
    ).data;

  const a = await managerPage(browser);
  const b = await managerPage(browser);
  try {
    const open = async (page: typeof a.page, name: string) => {
      await page.goto(`/products?search=${encodeURIComponent(product.code)}`);
      await page
        .getByRole('row', { name: new RegExp(name) })
        .getByRole('button', { name: 'Edit' })
        .click();
      const form = page.getByRole('dialog', { name: 'Edit Produk' });
      await expect(form.getByLabel('Nama Barang')).toHaveValue(name);
      return form;
    };
    const formA = await open(a.page, product.name);
    const formB = await open(b.page, product.name);
    await expect(formA.getByLabel('Harga Beli')).toHaveValue('10.444,44');

    // Meanwhile a Barang Masuk of 5 @ Rp 20.000 moves the moving-average cost.
    const receipt = await request.post('/api/incoming-goods', {
      headers: manager,
      data: {
        product_code: product.code,
        product_name: product.name,
        category: product.category,
        brand: product.brand,
        resi_number: `KONF-IN-${suffix}`,
        quantity: 5,
        platform: 'Supplier',
        date: shopDay(),
        purchase_price: 20000,
      },
    });
    expect(receipt.status()).toBe(201);
    const moved = (await stored()).purchase_price;
    expect(moved).toBeGreaterThan(product.purchase_price);

    // A changes only the name: saved, and the receipt's cost stays (D1).
    await formA.getByLabel('Nama Barang').fill(`${product.name} Baru`);
    await formA.getByRole('button', { name: 'Simpan' }).click();
    await expect(a.page.getByText('Produk berhasil diperbarui')).toBeVisible();
    await expect(formA).toBeHidden();
    expect(await stored()).toMatchObject({
      id,
      name: `${product.name} Baru`,
      purchase_price: moved,
    });

    // B, opened before A saved, changes only Stok Minimum: refused, its input kept (D2).
    await formB.getByLabel('Stok Minimum').fill('3');
    await formB.getByRole('button', { name: 'Simpan' }).click();
    await expect(b.page.getByText(CHANGED_MEANWHILE)).toBeVisible();
    await expect(formB).toBeVisible();
    await expect(formB.getByLabel('Stok Minimum')).toHaveValue('3');
    expect(await stored()).toMatchObject({
      name: `${product.name} Baru`,
      min_stock: product.min_stock,
      purchase_price: moved,
    });

    // As the message says: closed and opened again, the form has A's name; B's edit then saves.
    b.page.once('dialog', (dialog) => void dialog.accept());
    await formB.getByRole('button', { name: 'Batal' }).click();
    await expect(formB).toBeHidden();
    const again = await open(b.page, `${product.name} Baru`);
    await again.getByLabel('Stok Minimum').fill('3');
    await again.getByRole('button', { name: 'Simpan' }).click();
    await expect(b.page.getByText('Produk berhasil diperbarui')).toBeVisible();
    expect(await stored()).toMatchObject({
      name: `${product.name} Baru`,
      min_stock: 3,
      purchase_price: moved,
    });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

// QA walk H, item 6: a Barang Masuk edit form left open while another user deleted the record
// closed on Simpan with only 'Data tidak ditemukan' and kept showing the old row and stock.
test('an edit form whose record another user deleted closes, says so, and the list follows', async ({
  browser,
  request,
}) => {
  const manager = { Authorization: `Bearer ${await tokenOf(request, 'manager')}` };
  const gone = { ...product, barcode_id: `8997${suffix}`, code: `HAPUS-${suffix}` };
  expect((await request.post('/api/products', { headers: manager, data: gone })).status()).toBe(
    201,
  );
  const resi = `HAPUS-IN-${suffix}`;
  const receipt = await request.post('/api/incoming-goods', {
    headers: manager,
    data: {
      product_code: gone.code,
      product_name: gone.name,
      category: gone.category,
      brand: gone.brand,
      resi_number: resi,
      quantity: 4,
      platform: 'Supplier',
      date: shopDay(),
      purchase_price: 12000,
    },
  });
  expect(receipt.status()).toBe(201);
  const { id } = ((await receipt.json()) as { data: { id: number } }).data;

  const { context, page } = await managerPage(browser);
  try {
    await page.goto(`/incoming-goods?search=${resi}`);
    const row = page.getByRole('row', { name: new RegExp(resi) });
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit Barang Masuk' });
    await expect(form.getByLabel('Nomor Resi')).toHaveValue(resi);

    // Meanwhile another user deletes the receipt.
    expect((await request.delete(`/api/incoming-goods/${id}`, { headers: manager })).status()).toBe(
      200,
    );

    await form.getByLabel('Jumlah').fill('6');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Data ini sudah dihapus oleh pengguna lain')).toBeVisible();
    await expect(form).toBeHidden();
    await expect(row).toBeHidden();
    await expect(page.getByText('Tidak ada data barang masuk')).toBeVisible();
    const stock = await request.get(`/api/products/barcode/${gone.barcode_id}`, {
      headers: manager,
    });
    expect(((await stock.json()) as { data: { current_stock: number } }).data.current_stock).toBe(
      gone.initial_stock,
    );
  } finally {
    await context.close();
  }
});
