import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storageStateOf, tokenOf } from './accounts';

// One product of its own, so that the stock numbers are this test's alone.
const suffix = Date.now().toString().slice(-7);
const product = {
  barcode_id: `8990${suffix}`,
  code: `MOV-${suffix}`,
  name: `Barang Gerak ${suffix}`,
  initial_stock: 20,
  category: 'Uji',
  brand: 'MerkGerak',
};
const incomingResi = `SPXIN${suffix}`;
const outgoingResi = `SPXOUT${suffix}`;

async function api<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

async function stockOf(request: APIRequestContext, token: string): Promise<number> {
  const body = await api<{ data: Array<{ code: string; current_stock: number }> }>(
    request,
    token,
    `/api/products?search=${product.code}`,
  );
  return body.data.find((p) => p.code === product.code)?.current_stock ?? NaN;
}

type TodayStats = { incomingGoods: number; outgoingGoods: number; totalStock: number };
const todayStats = (request: APIRequestContext, token: string) =>
  api<TodayStats>(request, token, '/api/dashboard/stats?period=today');

/** The quantities of this product's own records in a movement list: other specs cannot move it. */
async function movedOf(request: APIRequestContext, token: string, list: string): Promise<number> {
  const body = await api<{ data: Array<{ product_code: string; quantity: number }> }>(
    request,
    token,
    `/api/${list}?search=${product.code}&limit=50`,
  );
  return body.data
    .filter((row) => row.product_code === product.code)
    .reduce((sum, row) => sum + row.quantity, 0);
}

const rowOf = (page: Page, resi: string) => page.getByRole('row', { name: new RegExp(resi) });

test.describe.configure({ mode: 'serial' });

let managerToken: string;

test.beforeAll(async ({ request }) => {
  managerToken = await tokenOf(request, 'manager');
  const res = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${managerToken}` },
    data: product,
  });
  expect(res.status()).toBe(201);
});

test.describe('as admin', () => {
  test.use({ storageState: storageStateOf('admin') });

  test('records incoming and outgoing goods; edit and delete are disabled', async ({
    page,
    request,
  }) => {
    await page.goto('/incoming-goods');
    await page.getByRole('button', { name: 'Tambah Barang Masuk' }).click();
    const incoming = page.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await incoming.getByRole('combobox', { name: 'Produk' }).fill(product.code);
    await page.getByRole('option', { name: new RegExp(product.code) }).click();
    await expect(incoming.getByLabel('Nama Barang')).toHaveValue(product.name);
    await incoming.getByLabel('Nomor Resi').fill(incomingResi);
    await incoming.getByLabel('Jumlah').fill('5');
    await incoming.getByLabel('Platform').fill('Shopee');
    await incoming.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Barang masuk berhasil ditambahkan')).toBeVisible();
    await expect(rowOf(page, incomingResi)).toContainText('+5');
    await expect(
      rowOf(page, incomingResi).getByRole('button', {
        name: 'Hanya manager yang dapat mengedit data',
      }),
    ).toBeDisabled();
    await expect(
      rowOf(page, incomingResi).getByRole('button', {
        name: 'Hanya manager yang dapat menghapus data',
      }),
    ).toBeDisabled();

    await page.goto('/outgoing-goods');
    await page.getByRole('button', { name: 'Tambah Barang Keluar' }).click();
    const outgoing = page.getByRole('dialog', { name: 'Tambah Barang Keluar' });
    // A USB scanner types into the focused barcode field and presses Enter.
    await expect(outgoing.getByLabel('Barcode')).toBeFocused();
    await page.keyboard.type(product.barcode_id);
    await page.keyboard.press('Enter');
    await expect(outgoing.getByLabel('Nama Barang')).toHaveValue(product.name);
    await expect(outgoing.getByRole('status', { name: 'Info stok' })).toContainText('25');
    await outgoing.getByLabel('Nomor Resi').fill(outgoingResi);
    await outgoing.getByLabel('Jumlah').fill('3');
    await outgoing.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Barang keluar berhasil ditambahkan')).toBeVisible();
    await expect(rowOf(page, outgoingResi)).toContainText('-3');
    await expect(
      rowOf(page, outgoingResi).getByRole('button', {
        name: 'Hanya manager yang dapat menghapus data',
      }),
    ).toBeDisabled();

    // The same resi again is refused in the form.
    await page.getByRole('button', { name: 'Tambah Barang Keluar' }).click();
    const again = page.getByRole('dialog', { name: 'Tambah Barang Keluar' });
    await expect(again.getByLabel('Barcode')).toBeFocused();
    await page.keyboard.type(product.barcode_id);
    await page.keyboard.press('Enter');
    await expect(again.getByLabel('Nama Barang')).toHaveValue(product.name);
    await again.getByLabel('Nomor Resi').fill(outgoingResi);
    await again.getByLabel('Jumlah').fill('1');
    await expect(again.getByText('Nomor resi ini sudah digunakan sebelumnya!')).toBeVisible();
    await expect(again.getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await again.getByRole('button', { name: 'Batal' }).click();

    expect(await stockOf(request, managerToken)).toBe(22);
    // This product's own movements (the day's totals are shared with the specs running beside).
    expect(await movedOf(request, managerToken, 'incoming-goods')).toBe(5);
    expect(await movedOf(request, managerToken, 'outgoing-goods')).toBe(3);
  });

  test('records damaged goods with a known barcode, and an unknown one once filled by hand', async ({
    page,
  }) => {
    await page.goto('/damaged-goods');
    await page.getByRole('button', { name: 'Tambah Barang Rusak' }).click();
    const form = page.getByRole('dialog', { name: 'Tambah Barang Rusak' });
    await form.getByLabel('Barcode (Scan Required)').fill(product.barcode_id);
    await expect(form.getByText(`Produk ditemukan: ${product.name}`)).toBeVisible();
    await expect(form.getByLabel('Kode Barang')).toHaveValue(product.code);
    await form.getByLabel('Jumlah Rusak').fill('1');
    await form
      .getByLabel('Alasan Kerusakan')
      .fill('Kemasan sobek saat pengiriman dari gudang pusat');
    await form.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Barang rusak berhasil ditambahkan')).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(product.code) }).first()).toContainText(
      'Kemasan sobek saat pengiriman ...',
    );

    await page.getByRole('button', { name: 'Tambah Barang Rusak' }).click();
    const unknown = page.getByRole('dialog', { name: 'Tambah Barang Rusak' });
    await unknown.getByLabel('Barcode (Scan Required)').fill('TIDAKADA-0000');
    await unknown.getByLabel('Jumlah Rusak').fill('1');
    await unknown.getByLabel('Alasan Kerusakan').fill('Pecah');
    await unknown.getByRole('button', { name: 'Simpan' }).click();
    // Refused while the product's data is missing, with the message that invites filling it.
    await expect(
      page.getByText(
        'Barcode tidak ditemukan dalam database! Silakan isi data secara manual atau perbaiki barcode.',
      ),
    ).toBeVisible();
    await expect(unknown).toBeVisible();
    // Filled by hand, as invited: accepted.
    await unknown.getByLabel('Kode Barang').fill('X-1');
    await unknown.getByLabel('Nama Barang').fill('Tidak dikenal');
    await unknown.getByLabel('Kategori').fill('Uji');
    await unknown.getByLabel('Merk').fill('Uji');
    await unknown.getByRole('button', { name: 'Simpan' }).click();
    await expect(unknown).toBeHidden();
    await expect(page.getByRole('row', { name: /TIDAKADA-0000/ }).first()).toContainText(
      'Tidak dikenal',
    );
  });
});

test.describe('as manager', () => {
  test.use({ storageState: storageStateOf('manager') });

  test('sees the new stock, then edits and deletes the movements', async ({ page, request }) => {
    await page.goto(`/products?search=${product.code}`);
    await expect(
      page.getByRole('row', { name: new RegExp(product.code) }).getByText('Stok: 22'),
    ).toBeVisible();

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Hari Ini' }).click();
    const stats = await todayStats(request, managerToken);
    await expect(page.getByRole('group', { name: 'Barang Masuk' })).toContainText(
      new Intl.NumberFormat('id-ID').format(stats.incomingGoods),
    );

    await page.goto(`/incoming-goods?search=${incomingResi}`);
    await rowOf(page, incomingResi).getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Barang Masuk' });
    await expect(edit.getByLabel('Nomor Resi')).toHaveValue(incomingResi);
    await edit.getByLabel('Jumlah').fill('6');
    await edit.getByRole('button', { name: 'Simpan' }).click();
    await expect(page.getByText('Data berhasil diperbarui')).toBeVisible();
    await expect(rowOf(page, incomingResi)).toContainText('+6');

    await page.goto(`/outgoing-goods?search=${outgoingResi}`);
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Apakah Anda yakin ingin menghapus data ini?');
      void dialog.accept();
    });
    await rowOf(page, outgoingResi).getByRole('button', { name: 'Hapus' }).click();
    await expect(page.getByText('Data berhasil dihapus')).toBeVisible();
    await expect(page.getByText('Tidak ada data barang keluar')).toBeVisible();

    expect(await stockOf(request, managerToken)).toBe(26);
  });
});
