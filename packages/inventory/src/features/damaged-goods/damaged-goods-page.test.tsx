import { makeProduct } from '@gudang/api-client/testing';
import { makeStore, signedIn } from '@gudang/api-client';
import type { DamagedGoods, DamagedGoodsInput, Role } from '@gudang/api-client';
import { MODAL_TEXTS, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { DamagedGoodsPage } from './damaged-goods-page';

const SLOW = { timeout: 3000 };
const LONG_REASON = 'Kemasan sobek dan isi tumpah saat pengiriman kurir';

const record = (id: number, reason: string): DamagedGoods => ({
  id,
  barcode_id: 'BC001',
  code: 'KP-001',
  name: 'Kopi Arabica',
  stock: 2,
  category: 'Minuman',
  brand: 'Kapal Api',
  damage_reason: reason,
  date: '2026-03-05',
});

const arabica = makeProduct({
  id: 1,
  barcode_id: 'BC001',
  code: 'KP-001',
  name: 'Kopi Arabica',
  initial_stock: 10,
  current_stock: 10,
  category: 'Minuman',
  brand: 'Kapal Api',
});

let rows: DamagedGoods[] = [];
const posted: DamagedGoodsInput[] = [];
const deleted: string[] = [];

const server = setupServer(
  http.get('*/api/damaged-goods', () =>
    HttpResponse.json({
      data: rows,
      pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
    }),
  ),
  http.post('*/api/damaged-goods', async ({ request }) => {
    const body = (await request.json()) as DamagedGoodsInput;
    posted.push(body);
    return HttpResponse.json(
      { message: 'Barang rusak berhasil ditambahkan', data: { id: 5, ...body } },
      { status: 201 },
    );
  }),
  http.delete('*/api/damaged-goods/:id', ({ params }) => {
    deleted.push(String(params.id));
    return HttpResponse.json({ message: 'Barang rusak berhasil dihapus' });
  }),
  http.get('*/api/products/all', () => HttpResponse.json({ data: [arabica] })),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  rows = [];
  posted.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderAs(role: Role) {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(<DamagedGoodsPage />, { store, route: '/damaged-goods' });
}

async function openForm() {
  const result = renderAs('admin');
  await result.user.click(screen.getByRole('button', { name: 'Tambah Barang Rusak' }));
  const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Rusak' });
  return { ...result, dialog, field: (label: string) => within(dialog).getByLabelText(label) };
}

describe('DamagedGoodsPage', () => {
  it('lists the records and cuts a long reason at 30 characters with the full text as tooltip', async () => {
    rows = [record(1, LONG_REASON), record(2, 'Penyok')];
    renderAs('manager');
    const table = screen.getByRole('table', { name: 'Barang Rusak' });
    const cut = await within(table).findByText(`${LONG_REASON.slice(0, 30)}...`);
    expect(cut).toHaveAttribute('title', LONG_REASON);
    expect(within(table).queryByText(LONG_REASON)).not.toBeInTheDocument();
    expect(within(table).getByText('Penyok')).not.toHaveAttribute('title');
    // Category and brand wrap between words; mid-word only when one word alone is wider than the
    // line, which a table column never is (WholeWords).
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement).getByText('Minuman'),
    ).toHaveStyle({ overflowWrap: 'break-word', wordBreak: 'normal' });
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement).getByText('Kapal Api'),
    ).toHaveStyle({ overflowWrap: 'break-word', wordBreak: 'normal' });
    expect(screen.getByText('dari 2 item')).toBeInTheDocument();
  });

  it('says under Jumlah Rusak that stock is not lowered (ADR 0004)', async () => {
    const { field } = await openForm();
    expect(field('Jumlah Rusak')).toHaveAccessibleDescription(
      'Stok produk tidak berkurang. Barang rusak yang dikeluarkan dari gudang dicatat di Barang Keluar.',
    );
  });

  it('shows the empty state', async () => {
    renderAs('manager');
    expect(await screen.findByText('Tidak ada data barang rusak')).toBeInTheDocument();
  });

  it('says that the list failed to load, not that it is empty, and retries', async () => {
    server.use(
      http.get('*/api/damaged-goods', () => HttpResponse.json({}, { status: 500 }), { once: true }),
    );
    rows = [record(1, 'Penyok')];
    const { user } = renderAs('manager');
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada data barang rusak')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('Penyok')).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat data')).not.toBeInTheDocument();
  });

  it('disables edit and delete for an admin', async () => {
    rows = [record(1, 'Penyok')];
    renderAs('admin');
    await screen.findByText('Penyok');
    expect(
      screen.getByRole('button', { name: 'Hanya manager yang dapat mengedit data' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
  });

  it('lets a manager delete with the damaged-goods message', async () => {
    rows = [record(3, 'Penyok')];
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');
    await screen.findByText('Penyok');
    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Barang rusak berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['3']);
  });

  it('opens with the focus in the barcode, so that a scan right after opening is kept', async () => {
    const { user, dialog, field } = await openForm();
    expect(field('Barcode (Scan Required)')).toHaveFocus();
    // A scanner types without a click.
    await user.keyboard('BC001');
    expect(await within(dialog).findByText('Produk ditemukan: Kopi Arabica')).toBeInTheDocument();
  });

  it('fills and locks the product fields from a known barcode, then saves', async () => {
    const { user, dialog, field } = await openForm();
    expect(field('Tanggal')).toHaveValue(todayIso());
    await user.type(field('Barcode (Scan Required)'), 'BC001');

    expect(await within(dialog).findByText('Produk ditemukan: Kopi Arabica')).toBeInTheDocument();
    expect(field('Kode Barang')).toHaveValue('KP-001');
    expect(field('Nama Barang')).toHaveValue('Kopi Arabica');
    expect(field('Kategori')).toHaveValue('Minuman');
    expect(field('Merk')).toHaveValue('Kapal Api');
    expect(field('Kode Barang')).toHaveAttribute('readonly');
    expect(field('Alasan Kerusakan')).not.toHaveAttribute('readonly');

    await user.type(field('Jumlah Rusak'), '0');
    expect(field('Jumlah Rusak')).toHaveAccessibleDescription('Jumlah Rusak harus lebih dari 0');
    await user.clear(field('Jumlah Rusak'));
    await user.type(field('Jumlah Rusak'), '2');
    await user.type(field('Alasan Kerusakan'), 'Penyok');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Barang rusak berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        barcode_id: 'BC001',
        code: 'KP-001',
        name: 'Kopi Arabica',
        stock: 2,
        category: 'Minuman',
        brand: 'Kapal Api',
        damage_reason: 'Penyok',
        date: todayIso(),
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('warns, without refusing, when Jumlah Rusak is above the product stock', async () => {
    const { user, dialog, field } = await openForm();
    await user.type(field('Barcode (Scan Required)'), 'BC001');
    expect(await within(dialog).findByText('Produk ditemukan: Kopi Arabica')).toBeInTheDocument();
    const warning = 'Lebih dari stok produk ini (10). Periksa lagi jumlahnya.';
    await user.type(field('Jumlah Rusak'), '10');
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();
    await user.type(field('Jumlah Rusak'), '0');
    expect(within(dialog).getByText(warning)).toBeInTheDocument();
    await user.type(field('Alasan Kerusakan'), 'Banjir');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Barang rusak berhasil ditambahkan')).toBeInTheDocument();
    expect(posted.at(-1)).toMatchObject({ barcode_id: 'BC001', stock: 100 });
  });

  it('marks an unknown barcode, refuses it until the product is filled by hand, then saves', async () => {
    const { user, dialog, field } = await openForm();
    await user.type(field('Barcode (Scan Required)'), 'NOPE');
    expect(
      await within(dialog).findByText('Barcode tidak ditemukan dalam database'),
    ).toBeInTheDocument();
    expect(field('Barcode (Scan Required)')).toHaveAttribute('aria-invalid', 'true');
    await user.type(field('Jumlah Rusak'), '1');
    await user.type(field('Alasan Kerusakan'), 'Pecah');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await screen.findByText(
        'Barcode tidak ditemukan dalam database! Silakan isi data secara manual atau perbaiki barcode.',
      ),
    ).toBeInTheDocument();
    expect(field('Kode Barang')).toHaveAccessibleDescription('Wajib diisi');
    expect(posted).toEqual([]);

    // Filled by hand, as the message invites: accepted.
    await user.type(field('Kode Barang'), 'X-1');
    await user.type(field('Nama Barang'), 'Barang X');
    await user.type(field('Kategori'), 'Lain');
    await user.type(field('Merk'), 'Tanpa Merk');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang rusak berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ barcode_id: 'NOPE', code: 'X-1', name: 'Barang X', stock: 1 }),
    ]);
  });

  it('clears the stale Wajib diisi of the fields a scanned barcode fills', async () => {
    const { user, dialog, field } = await openForm();
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(field('Nama Barang')).toHaveAccessibleDescription('Wajib diisi');
    await user.type(field('Barcode (Scan Required)'), 'BC001');
    await within(dialog).findByText('Produk ditemukan: Kopi Arabica');
    for (const label of ['Kode Barang', 'Nama Barang', 'Kategori', 'Merk']) {
      expect(field(label)).not.toHaveAccessibleDescription('Wajib diisi');
      expect(field(label)).not.toHaveAttribute('aria-invalid', 'true');
    }
    expect(field('Barcode (Scan Required)')).not.toHaveAttribute('aria-invalid', 'true');
    // The fields the scan does not fill keep theirs.
    expect(field('Alasan Kerusakan')).toHaveAccessibleDescription('Wajib diisi');
  });

  it('takes the product from the picker when the barcode is unknown, then saves', async () => {
    server.use(
      http.get('*/api/products', () =>
        HttpResponse.json({
          data: [arabica],
          pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
        }),
      ),
    );
    const { user, dialog, field } = await openForm();
    await user.type(field('Barcode (Scan Required)'), 'SOBEK-123');
    expect(
      await within(dialog).findByText('Barcode tidak ditemukan dalam database'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    expect(field('Barcode (Scan Required)')).toHaveValue('BC001');
    expect(field('Barcode (Scan Required)')).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).getByText('Produk ditemukan: Kopi Arabica')).toBeInTheDocument();
    expect(field('Kode Barang')).toHaveValue('KP-001');
    expect(field('Nama Barang')).toHaveValue('Kopi Arabica');
    expect(field('Kategori')).toHaveValue('Minuman');
    expect(field('Merk')).toHaveValue('Kapal Api');
    expect(field('Nama Barang')).toHaveAttribute('readonly');
    // The next thing to type is the quantity.
    expect(field('Jumlah Rusak')).toHaveFocus();

    await user.keyboard('1.000');
    await user.type(field('Alasan Kerusakan'), 'Basah');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang rusak berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ barcode_id: 'BC001', code: 'KP-001', stock: 1000 }),
    ]);
  });

  it("refuses a reason of spaces and a Jumlah Rusak of '2,5', and posts nothing", async () => {
    const { user, dialog, field } = await openForm();
    expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
    expect(field('Alasan Kerusakan')).toHaveAttribute('maxlength', '1000');
    await user.type(field('Barcode (Scan Required)'), 'BC001');
    await within(dialog).findByText('Produk ditemukan: Kopi Arabica');
    await user.type(field('Jumlah Rusak'), '2,5');
    await user.type(field('Alasan Kerusakan'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(field('Alasan Kerusakan')).toHaveAccessibleDescription('Wajib diisi');
    expect(field('Jumlah Rusak')).toHaveValue('2,5');
    expect(field('Jumlah Rusak')).toHaveAccessibleDescription(
      'Jumlah Rusak harus bilangan bulat lebih dari 0',
    );
    expect(posted).toEqual([]);
  });

  it('refuses empty fields, and Batal leaves the next form empty with today', async () => {
    const { user, dialog, field } = await openForm();
    await user.type(field('Barcode (Scan Required)'), 'BC001');
    await within(dialog).findByText('Produk ditemukan: Kopi Arabica');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Jumlah Rusak harus lebih dari 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Wajib diisi')).toBeInTheDocument();
    expect(posted).toEqual([]);

    // Something was typed: Batal asks before throwing it away.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Rusak' }));
    const again = screen.getByRole('dialog', { name: 'Tambah Barang Rusak' });
    expect(within(again).getByLabelText('Barcode (Scan Required)')).toHaveValue('');
    expect(within(again).getByLabelText('Nama Barang')).toHaveValue('');
    expect(within(again).getByLabelText('Tanggal')).toHaveValue(todayIso());
  });

  it('shows the server message when saving fails', async () => {
    server.use(http.post('*/api/damaged-goods', () => HttpResponse.json({}, { status: 500 })));
    const { user, dialog, field } = await openForm();
    await user.type(field('Barcode (Scan Required)'), 'BC001');
    await within(dialog).findByText('Produk ditemukan: Kopi Arabica');
    await user.type(field('Jumlah Rusak'), '1');
    await user.type(field('Alasan Kerusakan'), 'Pecah');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Gagal menyimpan barang rusak')).toBeInTheDocument();
  });
});
