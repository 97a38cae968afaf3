import { makeProduct } from '@gudang/api-client/testing';
import { makeStore, signedIn } from '@gudang/api-client';
import type { OutgoingGoods, OutgoingGoodsInput, Role } from '@gudang/api-client';
import { todayIso } from '@gudang/shared-ui';
import { renderWithProviders, setViewportWidth } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { OutgoingGoodsPage } from './outgoing-goods-page';
import { CONFIRM_RESERVED_LABEL } from './outgoing-goods-form';

const SLOW = { timeout: 3000 };

const product = (id: number, name: string, stock: number) =>
  makeProduct({
    id,
    barcode_id: `BC00${id}`,
    code: `KP-00${id}`,
    name,
    initial_stock: stock,
    current_stock: stock,
    category: 'Minuman',
    brand: 'Kapal Api',
  });

const arabica = product(1, 'Kopi Arabica', 15);
const teh = product(2, 'Teh Melati', 5);
const habis = product(3, 'Kopi Luwak', 0);
const catalogue = [arabica, teh, habis];

const row = (id: number, resi: string, quantity: number, stock: number): OutgoingGoods => ({
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
  current_stock: stock,
});

let rows: OutgoingGoods[] = [];
let barcodeGate: Promise<void> = Promise.resolve();
const posted: OutgoingGoodsInput[] = [];

const server = setupServer(
  http.get('*/api/outgoing-goods', () =>
    HttpResponse.json({
      data: rows,
      pagination: { page: 1, limit: 10, total: rows.length, totalPages: 1 },
    }),
  ),
  http.get('*/api/outgoing-goods/check-resi/:resi', ({ params }) =>
    HttpResponse.json({ isDuplicate: params.resi === 'RESI-USED', duplicates: [] }),
  ),
  http.post('*/api/outgoing-goods', async ({ request }) => {
    const body = (await request.json()) as OutgoingGoodsInput;
    posted.push(body);
    return HttpResponse.json(
      { message: 'Barang keluar berhasil ditambahkan', data: row(9, body.resi_number, 1, 14) },
      { status: 201 },
    );
  }),
  http.get('*/api/products/barcode/:barcode', async ({ params }) => {
    await barcodeGate;
    const found = catalogue.find((p) => p.barcode_id === params.barcode);
    return found
      ? HttpResponse.json({ data: found })
      : HttpResponse.json({ message: 'Produk tidak ditemukan' }, { status: 404 });
  }),
  http.get('*/api/products', ({ request }) => {
    const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase();
    const data = catalogue.filter((p) => p.name.toLowerCase().includes(search));
    return HttpResponse.json({
      data,
      pagination: { page: 1, limit: 20, total: data.length, totalPages: 1 },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  rows = [];
  posted.length = 0;
  barcodeGate = Promise.resolve();
});
afterAll(() => server.close());

function renderAs(role: Role, route = '/outgoing-goods') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(<OutgoingGoodsPage />, { store, route });
}

async function openForm(role: Role = 'admin') {
  const result = renderAs(role);
  await result.user.click(screen.getByRole('button', { name: 'Tambah Barang Keluar' }));
  const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Keluar' });
  const barcode = within(dialog).getByLabelText('Barcode');
  // The field takes the focus BARCODE_AUTOFOCUS_MS after opening; type only after that.
  await waitFor(() => expect(barcode).toHaveFocus());
  return { ...result, dialog, barcode };
}

describe('OutgoingGoodsPage', () => {
  it('lists the records with -quantity, the stock badge and duplicate resi marks', async () => {
    rows = [row(1, 'R-1', 4, 15), row(2, 'R-1', 2, 0), row(3, 'R-3', 1, 7)];
    renderAs('manager');
    const table = screen.getByRole('table', { name: 'Barang Keluar' });
    expect(await within(table).findByText('-4')).toBeInTheDocument();
    expect(within(table).getByText('Stok: 15')).toBeInTheDocument();
    expect(within(table).getByText('Stok habis')).toBeInTheDocument();
    expect(within(table).getAllByText('Duplikat')).toHaveLength(2);
    const marked = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.getAttribute('data-highlighted') === 'true');
    expect(marked).toEqual([true, true, false]);
  });

  it('shows a resi on a phone card across the value, not in a column as narrow as the table one', async () => {
    rows = [row(1, 'LXAD1402114164', 1, 15)];
    const restore = setViewportWidth(375);
    try {
      renderAs('admin');
      const resi = await screen.findByText('LXAD1402114164');
      expect(resi.closest('[data-layout="cards"]')).not.toBeNull();
      expect(resi).toHaveStyle({ maxWidth: '100%', wordBreak: 'break-all' });
    } finally {
      restore();
    }
  });

  it('does not mark the records of one packed package as duplicates', async () => {
    rows = [
      { ...row(1, 'R-1', 4, 15), marketplace_order_id: 9 },
      { ...row(2, 'R-1', 2, 3), marketplace_order_id: 9 },
    ];
    renderAs('manager');
    const table = screen.getByRole('table', { name: 'Barang Keluar' });
    expect(await within(table).findByText('-4')).toBeInTheDocument();
    expect(within(table).queryByText('Duplikat')).not.toBeInTheDocument();
  });

  it('opens a new record with the resi of Scan Kirim’s link', async () => {
    renderAs('admin', '/outgoing-goods?resi=JNT%2099');
    const dialog = await screen.findByRole('dialog', { name: 'Tambah Barang Keluar' });
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveValue('JNT 99');
  });

  it('shows the empty state', async () => {
    renderAs('admin');
    expect(await screen.findByText('Tidak ada data barang keluar')).toBeInTheDocument();
  });

  it('says that the list failed to load, not that it is empty, and retries', async () => {
    server.use(
      http.get('*/api/outgoing-goods', () => HttpResponse.json({}, { status: 500 }), {
        once: true,
      }),
    );
    rows = [row(1, 'R-1', 4, 15)];
    const { user } = renderAs('admin');
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada data barang keluar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByText('-4')).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat data')).not.toBeInTheDocument();
  });

  it('gives admins greyed-out actions with the reasons', async () => {
    rows = [row(1, 'R-1', 4, 15)];
    renderAs('admin');
    await screen.findByText('-4');
    expect(
      screen.getByRole('button', { name: 'Hanya manager yang dapat mengedit data' }),
    ).toBeDisabled();
    expect(
      screen.getByRole('button', { name: 'Hanya manager yang dapat menghapus data' }),
    ).toBeDisabled();
  });

  it('focuses the barcode field and looks the product up on Enter without submitting', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica'),
    );
    expect(within(dialog).getByLabelText('Kategori')).toHaveValue('Minuman');
    expect(within(dialog).getByLabelText('Merk')).toHaveValue('Kapal Api');
    expect(within(dialog).getByRole('combobox', { name: 'Produk' })).toHaveValue(
      'Kopi Arabica (KP-001)',
    );
    expect(within(dialog).getByText('Stok tersedia: 15')).toBeInTheDocument();
    // Enter only looked up: a submit would have asked for the missing quantity.
    expect(within(dialog).queryByText('Jumlah harus lebih dari 0')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Tambah Barang Keluar' })).toBeInTheDocument();
  });

  it("shows 'Memproses barcode...' while the lookup runs and looks up after typing stops", async () => {
    let release: () => void = () => undefined;
    barcodeGate = new Promise((resolve) => {
      release = resolve;
    });
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC002');
    expect(await within(dialog).findByText('Memproses barcode...', {}, SLOW)).toBeInTheDocument();
    release();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Teh Melati'),
    );
    expect(within(dialog).queryByText('Memproses barcode...')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Stok tersisa: 5')).toBeInTheDocument();
  });

  it('an unknown barcode shows the message and clears the product', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica'),
    );
    await user.clear(barcode);
    await user.type(barcode, 'NOPE{Enter}');
    expect(
      await within(dialog).findByText('Barcode tidak ditemukan dalam database'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('refuses a quantity above the stock', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC002{Enter}');
    await within(dialog).findByText('Stok tersisa: 5');
    await user.type(within(dialog).getByLabelText('Jumlah'), '8');
    expect(within(dialog).getByText('Jumlah melebihi stok yang tersedia!')).toBeInTheDocument();
    expect(within(dialog).getByText('Maksimal: 5 unit')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('clears the quantity when the chosen product has less stock than typed', async () => {
    const { user, dialog, barcode } = await openForm();
    const quantity = within(dialog).getByLabelText('Jumlah');
    await user.type(quantity, '8');
    expect(quantity).toHaveValue('8');
    await user.type(barcode, 'BC002{Enter}');
    await within(dialog).findByText('Stok tersisa: 5');
    expect(quantity).toHaveValue('');
  });

  it('blocks a product without stock', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC003{Enter}');
    expect(
      await within(dialog).findByText('Tidak dapat menambahkan barang keluar untuk produk ini'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Stok habis')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Jumlah')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('disables out-of-stock products in the picker and flags a barcode of another product', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');

    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
    const luwak = await within(dialog).findByRole('option', { name: /Kopi Luwak/ }, SLOW);
    expect(luwak).toHaveAttribute('aria-disabled', 'true');
    await user.clear(within(dialog).getByRole('combobox', { name: 'Produk' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Teh');
    await user.click(await within(dialog).findByRole('option', { name: /Teh Melati/ }, SLOW));

    expect(
      within(dialog).getByText('Barcode tidak sesuai dengan produk yang dipilih!'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('a scanner user goes Barcode -> Nomor Resi -> Jumlah without the mouse', async () => {
    const { user, dialog, barcode } = await openForm();
    // A USB scanner types the code and Enter.
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveFocus();
    await user.keyboard('RESI-SCAN{Enter}');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveFocus();
    expect(within(dialog).queryByText('Wajib diisi')).not.toBeInTheDocument();
    await user.keyboard('3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Barang keluar berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ barcode: 'BC001', resi_number: 'RESI-SCAN', quantity: 3 }),
    ]);
  });

  it('moves to Nomor Resi after a typed barcode is found, but not out of another field', async () => {
    let release: () => void = () => undefined;
    barcodeGate = new Promise((resolve) => {
      release = resolve;
    });
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC002');
    await within(dialog).findByText('Memproses barcode...', {}, SLOW);
    // The user went on to Jumlah while the lookup ran: the answer must not pull the focus away.
    await user.click(within(dialog).getByLabelText('Jumlah'));
    release();
    await within(dialog).findByText('Stok tersisa: 5');
    expect(within(dialog).getByLabelText('Jumlah')).toHaveFocus();

    await user.clear(barcode);
    await user.type(barcode, 'BC001');
    await within(dialog).findByText('Stok tersedia: 15', {}, SLOW);
    expect(within(dialog).getByLabelText('Nomor Resi')).toHaveFocus();
  });

  it.each([
    ['2,5', 'Jumlah harus bilangan bulat lebih dari 0'],
    ['12e', 'Jumlah harus bilangan bulat lebih dari 0'],
  ])('refuses Jumlah %j with a message and posts nothing', async (text, message) => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-Q');
    const quantity = within(dialog).getByLabelText('Jumlah');
    await user.type(quantity, text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(quantity).toHaveValue(text);
    expect(quantity).toHaveAccessibleDescription(message);
    expect(posted).toEqual([]);
  });

  it('marks a used resi and disables Simpan', async () => {
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-USED');
    expect(
      await within(dialog).findByText('Nomor resi ini sudah digunakan sebelumnya!', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('names the marketplace order whose resi it is, as the server says, and disables Simpan', async () => {
    const message =
      'Nomor resi ini milik pesanan Tokopedia TKP-1: paketnya dicatat lewat Scan Kirim, bukan di Barang Keluar';
    server.use(
      http.get('*/api/outgoing-goods/check-resi/:resi', () =>
        HttpResponse.json({ isDuplicate: true, duplicates: [], message }),
      ),
    );
    const { user, dialog } = await openForm();
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'JP5042468880');
    expect(await within(dialog).findByText(message, {}, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByText('Nomor resi ini sudah digunakan sebelumnya!')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  // One hand-entered parcel holds several products under one resi (ADR 0014): the live check
  // asks for the scanned product; the server answers what it would refuse for it.
  it('checks the resi for the scanned product: another product may share the parcel', async () => {
    const checks: URL[] = [];
    server.use(
      http.get('*/api/outgoing-goods/check-resi/:resi', ({ request }) => {
        const url = new URL(request.url);
        checks.push(url);
        // JNT-PARCEL already holds Teh Melati (KP-002).
        const code = url.searchParams.get('product_code');
        return HttpResponse.json({
          isDuplicate: code === null || code === 'KP-002',
          duplicates: [],
        });
      }),
    );
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    const resi = within(dialog).getByLabelText('Nomor Resi');
    await user.type(resi, 'JNT-PARCEL');
    await waitFor(() => expect(checks).toHaveLength(1), SLOW);
    expect(checks[0]?.searchParams.get('product_code')).toBe('KP-001');
    expect(resi).not.toHaveAttribute('aria-invalid');

    // Teh Melati is already in that parcel: marked red.
    await user.clear(barcode);
    await user.type(barcode, 'BC002{Enter}');
    expect(
      await within(dialog).findByText('Nomor resi ini sudah digunakan sebelumnya!', {}, SLOW),
    ).toBeInTheDocument();
    expect(checks.at(-1)?.searchParams.get('product_code')).toBe('KP-002');
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('adds a record with a scanned barcode and confirms with a toast', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-9');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Barang keluar berhasil ditambahkan')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        product_code: 'KP-001',
        product_name: 'Kopi Arabica',
        category: 'Minuman',
        brand: 'Kapal Api',
        resi_number: 'RESI-9',
        quantity: 2,
        barcode: 'BC001',
        date: todayIso(),
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before selling units marketplace orders hold, then sends confirm_reserved', async () => {
    const toraja = { ...product(4, 'Kopi Toraja', 15), reserved_stock: 13, available_stock: 2 };
    server.use(
      http.get('*/api/products/barcode/:barcode', () => HttpResponse.json({ data: toraja })),
    );
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC004{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    // Said at once, as Data Produk's Dipesan and Tersedia say it.
    expect(within(dialog).getByRole('status', { name: 'Info stok' })).toHaveTextContent(
      '13 dipesan di marketplace, 2 bebas dijual',
    );
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-10');
    // 2 are free to sell: no question.
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    expect(within(dialog).queryByRole('note', { name: 'Stok dipesan' })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Jumlah'));
    await user.type(within(dialog).getByLabelText('Jumlah'), '4');
    const note = within(dialog).getByRole('note', { name: 'Stok dipesan' });
    expect(note).toHaveTextContent(
      'Sebagian stok ini sudah dipesan di marketplace: tersisa 2 yang bebas dijual',
    );
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
    await user.click(within(note).getByLabelText(CONFIRM_RESERVED_LABEL));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Barang keluar berhasil ditambahkan');
    expect(posted).toEqual([
      expect.objectContaining({ product_code: 'KP-004', quantity: 4, confirm_reserved: true }),
    ]);
  });

  it("shows the server's stock message when the save is refused", async () => {
    server.use(
      http.post('*/api/outgoing-goods', () =>
        HttpResponse.json({ message: 'Stok tidak mencukupi. Stok tersedia: 1' }, { status: 400 }),
      ),
    );
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    await user.type(within(dialog).getByLabelText('Jumlah'), '2');
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-10');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Stok tidak mencukupi. Stok tersedia: 1')).toBeInTheDocument();
  });

  it('after a refusal for stock, shows the stock the server has now and blocks', async () => {
    let stockNow = 15;
    server.use(
      http.get('*/api/products/barcode/:barcode', () =>
        HttpResponse.json({ data: { ...arabica, current_stock: stockNow } }),
      ),
      http.post('*/api/outgoing-goods', () => {
        // Another tab sold the rest meanwhile.
        stockNow = 0;
        return HttpResponse.json(
          { message: 'Stok tidak mencukupi. Stok tersedia: 0' },
          { status: 400 },
        );
      }),
    );
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    await user.type(within(dialog).getByLabelText('Jumlah'), '1');
    await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-11');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Stok tidak mencukupi. Stok tersedia: 0')).toBeInTheDocument();
    const stock = within(dialog).getByRole('status', { name: 'Info stok' });
    await waitFor(() => expect(stock).toHaveTextContent('Stok habis'));
    expect(within(dialog).getByRole('button', { name: 'Simpan' })).toBeDisabled();
  });

  it('clearing the product clears its barcode too', async () => {
    const { user, dialog, barcode } = await openForm();
    await user.type(barcode, 'BC001{Enter}');
    await within(dialog).findByText('Stok tersedia: 15');
    await user.click(within(dialog).getByRole('button', { name: 'Hapus pilihan' }));
    expect(barcode).toHaveValue('');
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('');
    expect(within(dialog).queryByText('Barcode tidak ditemukan dalam database')).toBeNull();
  });

  it('warns that a product without prices records Rp 0 profit, with a link for the manager', async () => {
    const priced = { ...teh, purchase_price: 10000, selling_price: 15000 };
    server.use(
      http.get('*/api/products/barcode/:barcode', ({ params }) =>
        HttpResponse.json({ data: params.barcode === 'BC002' ? priced : arabica }),
      ),
    );
    const { user, dialog, barcode } = await openForm('manager');
    await user.type(barcode, 'BC001{Enter}');
    const note = await within(dialog).findByRole('note', { name: 'Harga produk' });
    expect(note).toHaveTextContent(
      'Produk ini belum punya harga beli/jual: keuntungannya akan tercatat Rp 0',
    );
    expect(within(note).getByRole('link', { name: 'Atur harga di Data Produk' })).toHaveAttribute(
      'href',
      '/products?search=KP-001',
    );
    await user.clear(barcode);
    await user.type(barcode, 'BC002{Enter}');
    await within(dialog).findByText('Stok tersisa: 5');
    expect(within(dialog).queryByRole('note', { name: 'Harga produk' })).toBeNull();
  });

  it('gives an admin the warning without the link (only a manager sets prices)', async () => {
    // An admin's products come without their cost: only the selling price can be missing.
    const { purchase_price: _cost, ...unpriced } = arabica;
    const { purchase_price: _tehCost, ...sold } = { ...teh, selling_price: 15000 };
    server.use(
      http.get('*/api/products/barcode/:barcode', ({ params }) =>
        HttpResponse.json({ data: params.barcode === 'BC002' ? sold : unpriced }),
      ),
    );
    const { user, dialog, barcode } = await openForm('admin');
    await user.type(barcode, 'BC001{Enter}');
    const note = await within(dialog).findByRole('note', { name: 'Harga produk' });
    expect(within(note).queryByRole('link')).toBeNull();
    await user.clear(barcode);
    await user.type(barcode, 'BC002{Enter}');
    await within(dialog).findByText('Stok tersisa: 5');
    expect(within(dialog).queryByRole('note', { name: 'Harga produk' })).toBeNull();
  });

  it('shows stock in id-ID in the list and the form', async () => {
    rows = [row(1, 'R-1', 1000, 1997)];
    const big = { ...arabica, current_stock: 2000 };
    server.use(http.get('*/api/products/barcode/:barcode', () => HttpResponse.json({ data: big })));
    const { user } = renderAs('manager');
    const table = screen.getByRole('table', { name: 'Barang Keluar' });
    expect(await within(table).findByText('-1.000')).toBeInTheDocument();
    expect(within(table).getByText('Stok: 1.997')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tambah Barang Keluar' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Barang Keluar' });
    const barcode = within(dialog).getByLabelText('Barcode');
    await waitFor(() => expect(barcode).toHaveFocus());
    await user.type(barcode, 'BC001{Enter}');
    expect(await within(dialog).findByText('Stok tersedia: 2.000')).toBeInTheDocument();
  });
});
