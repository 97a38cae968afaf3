import { makeProduct } from '@gudang/api-client/testing';
import { MESSAGES, makeStore, signedIn } from '@gudang/api-client';
import type { IncomingGoods, IncomingGoodsInput, Role } from '@gudang/api-client';
import { addDaysIso, formatDate, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { IncomingGoodsPage } from './incoming-goods-page';

const SLOW = { timeout: 3000 };

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

// Typing whole forms with user-event is slow on a busy machine.
jest.setTimeout(20_000);

const row = (id: number, resi: string, quantity: number): IncomingGoods => ({
  id,
  date: '2026-03-05',
  product_id: 1,
  product_code: 'KP-001',
  product_name: 'Kopi Arabica',
  category: 'Minuman',
  brand: 'Kapal Api',
  barcode: 'BC001',
  resi_number: resi,
  quantity,
  platform: 'Shopee',
});

const kopi = makeProduct({
  id: 1,
  barcode_id: 'BC001',
  code: 'KP-001',
  name: 'Kopi Arabica',
  initial_stock: 10,
  current_stock: 10,
  category: 'Minuman',
  brand: 'Kapal Api',
});

let rows: IncomingGoods[] = [];
const listRequests: URL[] = [];
const resiChecks: URL[] = [];
const posted: IncomingGoodsInput[] = [];
const deleted: string[] = [];

const server = setupServer(
  http.get('*/api/incoming-goods', ({ request }) => {
    listRequests.push(new URL(request.url));
    return HttpResponse.json({
      data: rows,
      pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
    });
  }),
  http.get('*/api/incoming-goods/check-resi/:resi', ({ request, params }) => {
    resiChecks.push(new URL(request.url));
    return HttpResponse.json({
      isDuplicate: params.resi === 'RESI-USED',
      duplicates: [],
    });
  }),
  http.post('*/api/incoming-goods', async ({ request }) => {
    const body = (await request.json()) as IncomingGoodsInput;
    posted.push(body);
    return HttpResponse.json(
      { message: 'Barang masuk berhasil ditambahkan', data: row(9, body.resi_number, 3) },
      { status: 201 },
    );
  }),
  http.delete('*/api/incoming-goods/:id', ({ params }) => {
    deleted.push(String(params.id));
    return HttpResponse.json({ message: 'Data berhasil dihapus' });
  }),
  http.get('*/api/products', () =>
    HttpResponse.json({
      data: [kopi],
      pagination: { page: 1, limit: 20, total: 1, totalPages: 1 },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  rows = [];
  listRequests.length = 0;
  resiChecks.length = 0;
  posted.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderAs(role: Role, route = '/incoming-goods') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(<IncomingGoodsPage />, { store, route });
}

describe('IncomingGoodsPage', () => {
  it('lists the records with +quantity and marks rows whose resi repeats on the page', async () => {
    rows = [row(1, 'R-1', 5), row(2, 'R-2', 7), row(3, 'R-1', 2)];
    renderAs('manager');

    const table = screen.getByRole('table', { name: 'Barang Masuk' });
    expect(await within(table).findByText('+5')).toBeInTheDocument();
    expect(within(table).getByText('+7')).toBeInTheDocument();
    expect(within(table).getAllByText(formatDate('2026-03-05'))).toHaveLength(3);
    expect(screen.getByText('dari 3 item')).toBeInTheDocument();

    const bodyRows = within(table).getAllByRole('row').slice(1);
    const marked = bodyRows.map((tr) => tr.getAttribute('data-highlighted') === 'true');
    expect(marked).toEqual([true, false, true]);
    expect(within(nth(bodyRows, 0)).getByText('Duplikat')).toBeInTheDocument();
    expect(within(nth(bodyRows, 1)).queryByText('Duplikat')).not.toBeInTheDocument();
    // Category and brand wrap between words; mid-word only when one word alone is wider than the
    // line, which a table column never is (WholeWords).
    expect(within(nth(bodyRows, 0)).getByText('Minuman')).toHaveStyle({
      overflowWrap: 'break-word',
      wordBreak: 'normal',
    });
    expect(within(nth(bodyRows, 0)).getByText('Kapal Api')).toHaveStyle({
      overflowWrap: 'break-word',
      wordBreak: 'normal',
    });
    // The resi is shown whole, continued on the next line when long, never cut (issue 42 m19).
    const resi = within(nth(bodyRows, 1)).getByText('R-2');
    expect(resi).toHaveStyle({ whiteSpace: 'normal', wordBreak: 'break-all' });
    expect(resi).not.toHaveStyle({ textOverflow: 'ellipsis' });
    expect(resi).not.toHaveStyle({ overflow: 'hidden' });
  });

  it('shows the empty state', async () => {
    renderAs('manager');
    expect(await screen.findByText('Tidak ada data barang masuk')).toBeInTheDocument();
  });

  it('says that the list failed to load, not that it is empty, and retries', async () => {
    server.use(
      http.get('*/api/incoming-goods', () => HttpResponse.json({}, { status: 500 }), {
        once: true,
      }),
    );
    rows = [row(1, 'R-1', 5)];
    const { user } = renderAs('manager');
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada data barang masuk')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('+5')).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat data')).not.toBeInTheDocument();
  });

  it('keeps search, sort and page size in the URL query and sends them to the server', async () => {
    const { user } = renderAs('manager', '/incoming-goods?search=kopi&sort=brand_desc&limit=20');
    await waitFor(() => expect(listRequests).toHaveLength(1));
    const first = nth(listRequests, 0).searchParams;
    expect(first.get('search')).toBe('kopi');
    expect(first.get('sort')).toBe('brand_desc');
    expect(first.get('limit')).toBe('20');
    expect(screen.getByRole('searchbox', { name: 'Cari barang masuk...' })).toHaveValue('kopi');

    await user.selectOptions(screen.getByLabelText('Urutkan'), 'Tanggal (Terbaru)');
    await waitFor(() => expect(listRequests).toHaveLength(2));
    expect(nth(listRequests, 1).searchParams.has('sort')).toBe(false);
  });

  it('disables edit and delete for an admin, with the reason as tooltip', async () => {
    rows = [row(1, 'R-1', 5)];
    renderAs('admin');
    await screen.findByText('+5');

    const edit = screen.getByRole('button', { name: 'Hanya manager yang dapat mengedit data' });
    const remove = screen.getByRole('button', { name: 'Hanya manager yang dapat menghapus data' });
    expect(edit).toBeDisabled();
    expect(remove).toBeDisabled();
    expect(edit.parentElement).toHaveAttribute('title', 'Hanya manager yang dapat mengedit data');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('lets a manager delete after the confirmation', async () => {
    rows = [row(4, 'R-4', 5)];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');
    await screen.findByText('+5');

    await user.click(screen.getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus data ini?');
    expect(await screen.findByText('Data berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['4']);
  });

  it('opens Tambah Barang Masuk with the focus in its first field, Produk (issue 42 m12)', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    expect(within(dialog).getByRole('combobox', { name: 'Produk' })).toHaveFocus();
  });

  it('marks a used resi red and disables Simpan', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });

    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-USED');
    expect(
      await within(dialog).findByText('Nomor resi ini sudah digunakan sebelumnya!', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();

    await user.type(within(dialog).getByLabelText('Nomor Resi'), '-2');
    await waitFor(
      () => expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeEnabled(),
      SLOW,
    );
    expect(
      within(dialog).queryByText('Nomor resi ini sudah digunakan sebelumnya!'),
    ).not.toBeInTheDocument();
  });

  it('checks the resi of an edited record without that record', async () => {
    rows = [row(6, 'R-6', 5)];
    const { user } = renderAs('manager');
    await screen.findByText('+5');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Barang Masuk' });
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveValue('5');

    await waitFor(() => expect(resiChecks).toHaveLength(1), SLOW);
    expect(nth(resiChecks, 0).pathname).toMatch(/\/check-resi\/R-6$/);
    expect(nth(resiChecks, 0).searchParams.get('excludeId')).toBe('6');
  });

  // One supplier package holds several products under one resi (ADR 0014): the live check
  // asks for the chosen product, and only its own earlier receipt marks the resi red.
  it('checks the resi for the chosen product: another product may share it', async () => {
    const usedBy: Record<string, string> = { 'PO-20261128-46': 'KP-002', 'PO-KOPI': 'KP-001' };
    server.use(
      http.get('*/api/incoming-goods/check-resi/:resi', ({ request, params }) => {
        const url = new URL(request.url);
        resiChecks.push(url);
        const owner = usedBy[String(params.resi)];
        const code = url.searchParams.get('product_code');
        return HttpResponse.json({
          isDuplicate: owner !== undefined && (code === null || code === owner),
          duplicates: [],
        });
      }),
    );
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    const resi = within(dialog).getByLabelText('Nomor Resi');
    await user.type(resi, 'PO-20261128-46');
    await waitFor(
      () =>
        expect(resiChecks.map((url) => url.searchParams.get('product_code'))).toContain('KP-001'),
      SLOW,
    );
    const asked = resiChecks.filter((url) => url.pathname.endsWith('/PO-20261128-46'));
    expect(asked.map((url) => url.searchParams.get('product_code'))).toEqual(['KP-001']);
    expect(resi).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Nomor resi ini sudah digunakan sebelumnya!')).toBeNull();

    // The same product again under a resi it was received with: a double entry, marked red.
    await user.clear(resi);
    await user.type(resi, 'PO-KOPI');
    expect(
      await within(dialog).findByText('Nomor resi ini sudah digunakan sebelumnya!', {}, SLOW),
    ).toBeInTheDocument();
    expect(resi).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('adds a record: the picker fills the product, the body is posted and a toast confirms', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    expect(within(dialog).getByLabelText('Tanggal')).toHaveValue(todayIso());

    const picker = within(dialog).getByRole('combobox', { name: 'Produk' });
    expect(picker).toHaveAttribute('placeholder', 'Cari dan pilih produk...');
    await user.type(picker, 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica');
    expect(within(dialog).getByLabelText('Kategori')).toHaveValue('Minuman');
    expect(within(dialog).getByLabelText('Merk')).toHaveValue('Kapal Api');

    const quantity = within(dialog).getByLabelText('Jumlah');
    await user.type(quantity, '0');
    expect(quantity).toHaveAccessibleDescription('Jumlah harus lebih dari 0');
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-NEW');
    await user.type(within(dialog).getByLabelText('Platform'), 'Shopee');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Barang masuk berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        product_code: 'KP-001',
        product_name: 'Kopi Arabica',
        category: 'Minuman',
        brand: 'Kapal Api',
        resi_number: 'RESI-NEW',
        quantity: 3,
        platform: 'Shopee',
        date: todayIso(),
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clearing the product empties name, category and brand; saving without one is refused', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.click(within(dialog).getByRole('button', { name: 'Hapus pilihan' }));
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('');
    expect(within(dialog).getByLabelText('Merk')).toHaveValue('');

    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'R-X');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Platform'), 'Lazada');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Pilih produk terlebih dahulu')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('names a resi no barcode can hold (an emoji) at its field and posts nothing', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'R-X \u{1F4E6}');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Platform'), 'Lazada');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(
      await within(dialog).findByText(
        'Nomor Resi hanya boleh berisi huruf, angka dan tanda baca ASCII',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toEqual([]);
  });

  it('answers an empty form with the spec messages and posts nothing', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByText('Pilih produk terlebih dahulu')).toBeInTheDocument();
    expect(within(dialog).getByText('Jumlah harus lebih dari 0')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Wajib diisi')).toHaveLength(2);
    expect(posted).toEqual([]);
  });

  it('after picking a product the focus goes to Nomor Resi, and Enter there to Jumlah', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW);
    // Keyboard only: arrow down to the option and Enter.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica');
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveFocus();

    await user.keyboard('RESI-77{Enter}');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveFocus();
    // Enter in Nomor Resi moved on; it did not submit the half-filled form.
    expect(within(dialog).queryByText('Wajib diisi')).not.toBeInTheDocument();
    await user.keyboard('4');
    await user.click(within(dialog).getByLabelText('Platform'));
    await user.keyboard('Shopee');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang masuk berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([expect.objectContaining({ resi_number: 'RESI-77', quantity: 4 })]);
  });

  async function fillForm(quantity: string) {
    const result = renderAs('admin');
    const { user } = result;
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'R-Q');
    await user.type(within(dialog).getByLabelText('Jumlah'), quantity);
    await user.type(within(dialog).getByLabelText('Platform'), 'Lazada');
    return { ...result, dialog };
  }

  it('posts 1.000 typed in Jumlah as 1000', async () => {
    const { user, dialog } = await fillForm('1.000');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveValue('1.000');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang masuk berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([expect.objectContaining({ quantity: 1000 })]);
  });

  it("posts 'Harga Beli' when typed (left empty, none is sent: see 'adds a record')", async () => {
    const { user, dialog } = await fillForm('3');
    expect(posted).toEqual([]);
    const price = within(dialog).getByLabelText('Harga Beli');
    expect(price).toHaveValue('');
    await user.type(price, '12.500,5');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang masuk berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([expect.objectContaining({ quantity: 3, purchase_price: 12500.5 })]);
  });

  it("refuses a 'Harga Beli' that is not money and posts nothing", async () => {
    const { user, dialog } = await fillForm('3');
    await user.type(within(dialog).getByLabelText('Harga Beli'), '12,345');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Harga Beli')).toHaveAccessibleDescription(/Harga Beli/);
    expect(posted).toEqual([]);
  });

  it.each([
    ['2.5', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['2,5', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['12e', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['-1', 'Jumlah harus lebih dari 0'],
    ['1.000.001', 'Jumlah maksimal 1.000.000'],
  ])('refuses Jumlah %j with a message and posts nothing', async (text, message) => {
    const { user, dialog } = await fillForm(text);
    const quantity = within(dialog).getByLabelText('Jumlah');
    expect(quantity).toHaveValue(text);
    expect(quantity).toHaveAccessibleDescription(message);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(quantity).toHaveValue(text);
    expect(quantity).toHaveAccessibleDescription(message);
    expect(posted).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Tambah Barang Masuk' })).toBeInTheDocument();
  });

  it('limits the inputs by the contract and leaves validation to the app', async () => {
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Platform')).toHaveAttribute('maxlength', '100');
    const date = within(dialog).getByLabelText('Tanggal');
    expect(date).toHaveAttribute('min', '2000-01-01');
    expect(date).toHaveAttribute('max', addDaysIso(todayIso(), 366));
    await user.clear(date);
    await user.type(date, '1999-12-31');
    expect(date).toHaveAccessibleDescription(/^Tanggal harus antara 1\/1\/2000 dan /);
  });

  it('shows the server message when saving fails', async () => {
    server.use(
      http.post('*/api/incoming-goods', () =>
        HttpResponse.json({ message: 'Produk tidak ditemukan' }, { status: 400 }),
      ),
    );
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'R-Y');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Platform'), 'Lazada');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Tambah Barang Masuk' })).toBeInTheDocument();
  });

  it('asks for the product again when its Kode changed since it was picked, keeping the rest', async () => {
    // Another user renamed the product's Kode: the API (which names products by Kode) refuses once.
    server.use(
      http.post(
        '*/api/incoming-goods',
        () => HttpResponse.json({ message: 'Produk tidak ditemukan' }, { status: 400 }),
        { once: true },
      ),
    );
    const { user } = renderAs('admin');
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Masuk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Masuk' });
    const picker = within(dialog).getByRole('combobox', { name: 'Produk' });
    await user.type(picker, 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'R-Z');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Platform'), 'Lazada');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText(MESSAGES.productPickAgain)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('');
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveValue('R-Z');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveValue('2');
    expect(posted).toEqual([]);

    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
    expect(within(dialog).queryByText(MESSAGES.productPickAgain)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ resi_number: 'R-Z', quantity: 2, platform: 'Lazada' });
  });
});
