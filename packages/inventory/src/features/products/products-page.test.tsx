import { makeProduct } from '@gudang/api-client/testing';
import { makeStore } from '@gudang/api-client';
import type { Product, ProductInput, ProductLedger } from '@gudang/api-client';
import { PRODUCT_MESSAGES, ProductList, ReservationList } from '@gudang/api-client/contract';
import type { Reservation } from '@gudang/api-client/contract';
import { addDaysIso, formatDate, todayIso } from '@gudang/shared-ui';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ProductsPage } from './products-page';

const product = (id: number, name: string, stock: number, brand = 'Kapal Api') =>
  makeProduct({
    id,
    barcode_id: `BC${id}`,
    code: `KP-${String(id).padStart(3, '0')}`,
    name,
    initial_stock: stock,
    current_stock: stock,
    category: 'Minuman',
    brand,
    updated_at: '2026-01-02T03:04:05.678Z',
  });

let catalogue: Product[] = [];
// The open orders holding units, for the stock card (none unless a test says so).
let reservations: Reservation[] = [];
const reservationQueries: URLSearchParams[] = [];
let nextId = 100;
const listRequests: URLSearchParams[] = [];
const bodies: { method: string; url: string; body: unknown }[] = [];

function list(query: URLSearchParams) {
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 10);
  const search = (query.get('search') ?? '').toLowerCase();
  const found = catalogue.filter((p) => p.name.toLowerCase().includes(search));
  const sort = query.get('sort');
  if (sort === 'brand') found.sort((a, b) => a.brand.localeCompare(b.brand));
  else if (sort === 'brand_desc') found.sort((a, b) => b.brand.localeCompare(a.brand));
  else found.sort((a, b) => a.name.localeCompare(b.name));
  return {
    data: found.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) },
  };
}

const server = setupServer(
  http.get('*/api/reservations', ({ request }) => {
    const query = new URL(request.url).searchParams;
    reservationQueries.push(query);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const held = reservations.filter((line) => line.product_code === query.get('product_code'));
    return HttpResponse.json(
      matchesContract(ReservationList, {
        data: held.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: held.length, totalPages: Math.ceil(held.length / limit) },
      }),
    );
  }),
  http.get('*/api/products', ({ request }) => {
    const query = new URL(request.url).searchParams;
    listRequests.push(query);
    return HttpResponse.json(matchesContract(ProductList, list(query)));
  }),
  http.post('*/api/products', async ({ request }) => {
    const body = (await request.json()) as ProductInput;
    bodies.push({ method: 'POST', url: request.url, body });
    const saved = makeProduct({ id: nextId++, ...body, current_stock: body.initial_stock });
    catalogue.push(saved);
    return HttpResponse.json({ message: 'ok', data: saved }, { status: 201 });
  }),
  http.put('*/api/products/:id', async ({ request, params }) => {
    const body = (await request.json()) as ProductInput;
    bodies.push({ method: 'PUT', url: request.url, body });
    const id = Number(params.id);
    const updated_at = new Date().toISOString();
    catalogue = catalogue.map((p) =>
      p.id === id ? { ...p, ...body, current_stock: body.initial_stock, updated_at } : p,
    );
    return HttpResponse.json({ message: 'ok', data: catalogue.find((p) => p.id === id) });
  }),
  http.delete('*/api/products/:id', ({ request, params }) => {
    bodies.push({ method: 'DELETE', url: request.url, body: null });
    catalogue = catalogue.filter((p) => p.id !== Number(params.id));
    return HttpResponse.json({ message: 'Produk berhasil dihapus' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  catalogue = [
    product(1, 'Kopi Arabica', 25, 'Kapal Api'),
    product(2, 'Kopi Robusta', 0, 'ABC'),
    product(3, 'Kopi Luwak', 4, 'Zebra'),
  ];
  nextId = 100;
  reservations = [];
});
afterEach(() => {
  server.resetHandlers();
  reservationQueries.length = 0;
  listRequests.length = 0;
  bodies.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage(route = '/products') {
  const store = makeStore({
    auth: {
      user: { id: 1, email: 'manager@gudang.test', name: 'Manager', role: 'manager' },
      status: 'signedIn',
    },
  });
  return renderWithProviders(<ProductsPage />, { store, route });
}

const table = () => screen.getByRole('table', { name: 'Data Produk' });
const row = (name: string) => {
  const cell = within(table()).getByText(name);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
};
const lastRequest = () => listRequests[listRequests.length - 1];

describe('ProductsPage list', () => {
  it('shows the columns and stock badges in the spec colours', async () => {
    renderPage();
    await within(table()).findByText('Kopi Arabica');
    for (const header of ['Barcode ID', 'Kode', 'Nama Barang', 'Stok', 'Kategori', 'Merk', 'Aksi'])
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();

    expect(within(row('Kopi Robusta')).getByText('Stok habis')).toHaveAttribute('data-tone', 'red');
    expect(within(row('Kopi Luwak')).getByText('Stok: 4')).toHaveAttribute('data-tone', 'amber');
    expect(within(row('Kopi Arabica')).getByText('Stok: 25')).toHaveAttribute('data-tone', 'green');
    expect(within(row('Kopi Arabica')).getByText('BC1')).toBeInTheDocument();
    // Category and brand wrap between words; mid-word only when one word alone is wider than the
    // line, which a table column never is (WholeWords).
    expect(within(row('Kopi Arabica')).getByText('Minuman')).toHaveStyle({
      overflowWrap: 'break-word',
      wordBreak: 'normal',
    });
    expect(within(row('Kopi Arabica')).getByText('Kapal Api')).toHaveStyle({
      overflowWrap: 'break-word',
      wordBreak: 'normal',
    });
    expect(screen.getByText('dari 3 item')).toBeInTheDocument();
    expect(lastRequest()?.get('limit')).toBe('10');
    expect(lastRequest()?.has('sort')).toBe(false);
  });

  it('shows Dipesan and Tersedia, Tersedia in red when orders hold more than the stock', async () => {
    catalogue = [
      { ...product(1, 'Kopi Arabica', 25), reserved_stock: 3, available_stock: 22 },
      { ...product(2, 'Kopi Luwak', 2), reserved_stock: 3, available_stock: -1 },
    ];
    renderPage();
    await within(table()).findByText('Kopi Arabica');
    for (const header of ['Dipesan', 'Tersedia'])
      expect(within(table()).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(row('Kopi Arabica')).getByText('22')).toHaveStyle({ color: '#111827' });
    const oversold = within(row('Kopi Luwak')).getByText('-1');
    expect(oversold).toHaveStyle({ color: '#dc2626' });
    expect(oversold).toHaveAttribute('title', 'Stok kurang');
  });

  it('shows the empty text when nothing matches', async () => {
    catalogue = [];
    renderPage();
    expect(await screen.findByText('Tidak ada produk ditemukan')).toBeInTheDocument();
  });

  it('says that the list failed to load, not that it is empty, and retries', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/products', () => new HttpResponse(null, { status: 500 }), { once: true }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada produk ditemukan')).not.toBeInTheDocument();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await within(table()).findByText('Kopi Arabica')).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat data')).not.toBeInTheDocument();
  });

  it('searches from page 1 (debounced) and keeps the query in the URL', async () => {
    catalogue = Array.from({ length: 25 }, (_, i) => product(i + 1, `Produk ${i + 10}`, 20));
    const { user } = renderPage('/products?page=2');
    await within(table()).findByText('Produk 20');
    expect(lastRequest()?.get('page')).toBe('2');

    await user.type(screen.getByRole('searchbox', { name: 'Cari produk...' }), 'produk 3');
    await waitFor(() => expect(lastRequest()?.get('search')).toBe('produk 3'));
    expect(lastRequest()?.get('page')).toBe('1');
    // One request for the whole typed text, not one per key.
    expect(listRequests.filter((q) => q.has('search'))).toHaveLength(1);
    expect(await within(table()).findByText('Produk 30')).toBeInTheDocument();
  });

  it('reads search, sort, page size and page from the URL', async () => {
    renderPage('/products?search=kopi&sort=brand_desc&limit=20&page=1');
    await within(table()).findByText('Kopi Luwak');
    const query = lastRequest();
    expect(query?.get('search')).toBe('kopi');
    expect(query?.get('sort')).toBe('brand_desc');
    expect(query?.get('limit')).toBe('20');
    expect(screen.getByRole('searchbox', { name: 'Cari produk...' })).toHaveValue('kopi');
    expect(screen.getByRole('combobox', { name: 'Urutkan' })).toHaveValue('brand_desc');
    expect(screen.getByRole('combobox', { name: 'Jumlah item per halaman' })).toHaveValue('20');
  });

  it('sorts by brand and back to the default name order', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    const sort = screen.getByRole('combobox', { name: 'Urutkan' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Nama A-Z', 'Merk A-Z', 'Merk Z-A', 'Tanggal Terbaru', 'Rak A-Z', 'Rak Z-A']);

    await user.selectOptions(sort, 'brand');
    await waitFor(() => expect(lastRequest()?.get('sort')).toBe('brand'));
    await waitFor(() => {
      const names = within(table())
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.children[2]?.textContent);
      expect(names).toEqual(['Kopi Robusta', 'Kopi Arabica', 'Kopi Luwak']);
    });

    await user.selectOptions(sort, 'date_desc');
    await waitFor(() => expect(lastRequest()?.get('sort')).toBe('date_desc'));
    await user.selectOptions(sort, '');
    // The default order comes from the cache of the first (sort-less) request.
    await waitFor(() => {
      const names = within(table())
        .getAllByRole('row')
        .slice(1)
        .map((tr) => tr.children[2]?.textContent);
      expect(names).toEqual(['Kopi Arabica', 'Kopi Luwak', 'Kopi Robusta']);
    });
    expect(listRequests.every((q) => q.get('sort') !== '')).toBe(true);
  });

  it('changes the page size back to page 1 and pages through', async () => {
    catalogue = Array.from({ length: 25 }, (_, i) => product(i + 1, `Produk ${i + 10}`, 20));
    const { user } = renderPage();
    await within(table()).findByText('Produk 10');
    expect(screen.getByText('dari 25 item')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(11);

    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(lastRequest()?.get('page')).toBe('2'));
    await within(table()).findByText('Produk 20');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Jumlah item per halaman' }),
      '50',
    );
    await waitFor(() => expect(lastRequest()?.get('limit')).toBe('50'));
    expect(lastRequest()?.get('page')).toBe('1');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(26));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

describe('ProductsPage add, edit and delete', () => {
  it('adds a product: POST body, toast, modal closes, list refreshes', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });

    await user.type(within(dialog).getByLabelText('Barcode ID'), 'BC900');
    await user.type(within(dialog).getByLabelText('Kode'), 'TH-900');
    await user.type(within(dialog).getByLabelText('Nama Barang'), 'Kopi Baru');
    await user.type(within(dialog).getByLabelText('Stok Awal'), '12');
    // 'Stok Minimum' starts at 10; typed over here.
    const minimum = within(dialog).getByLabelText('Stok Minimum');
    expect(minimum).toHaveValue('10');
    await user.clear(minimum);
    await user.type(minimum, '25');
    await user.type(within(dialog).getByLabelText('Kategori'), 'Minuman');
    await user.type(within(dialog).getByLabelText('Merk'), 'Sariwangi');
    const requestsBefore = listRequests.length;
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Produk berhasil ditambahkan')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        method: 'POST',
        url: expect.stringMatching(/\/api\/products$/) as unknown,
        body: {
          barcode_id: 'BC900',
          code: 'TH-900',
          name: 'Kopi Baru',
          initial_stock: 12,
          min_stock: 25,
          category: 'Minuman',
          brand: 'Sariwangi',
          // Harga Beli and Harga Jual left empty: not set.
          purchase_price: 0,
          selling_price: 0,
          // Rak left empty: none.
          rack: null,
        },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await within(table()).findByText('Kopi Baru')).toBeInTheDocument();
    expect(listRequests.length).toBeGreaterThan(requestsBefore);
  });

  it('does not send an incomplete form', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    await user.type(within(dialog).getByLabelText('Barcode ID'), 'BC900');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(bodies).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Tambah Produk' })).toBeInTheDocument();
  });

  it('reads Stok Awal as typed: 1.000 is one thousand', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    for (const [label, text] of [
      ['Barcode ID', 'B1'],
      ['Kode', 'K1'],
      ['Nama Barang', 'N1'],
      ['Stok Awal', '1.000'],
      ['Kategori', 'C1'],
      ['Merk', 'M1'],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil ditambahkan')).toBeInTheDocument();
    expect(bodies[0]?.body).toMatchObject({ initial_stock: 1000 });
  });

  it.each(['-5', '2.5', '2,5', '12e'])(
    'refuses Stok Awal %j visibly, keeps it on screen and posts nothing',
    async (text) => {
      const { user } = renderPage();
      await within(table()).findByText('Kopi Arabica');
      await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
      const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
      for (const [label, typed] of [
        ['Barcode ID', 'B1'],
        ['Kode', 'K1'],
        ['Nama Barang', 'N1'],
        ['Stok Awal', text],
        ['Kategori', 'C1'],
        ['Merk', 'M1'],
      ] as const)
        await user.type(within(dialog).getByLabelText(label), typed);
      const stock = within(dialog).getByLabelText('Stok Awal');
      expect(stock).toHaveValue(text);
      expect(within(dialog).getByText('Stok Awal harus bilangan bulat 0 atau lebih')).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(stock).toHaveAttribute('aria-invalid', 'true');
      expect(bodies).toHaveLength(0);
      expect(screen.getByRole('dialog', { name: 'Tambah Produk' })).toBeInTheDocument();
    },
  );

  it('refuses a Barcode ID that CODE128 cannot draw, with the contract message', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    for (const [label, text] of [
      ['Barcode ID', 'BC ÄÖ 123'],
      ['Kode', 'K1'],
      ['Nama Barang', 'N1'],
      ['Stok Awal', '1'],
      ['Kategori', 'C1'],
      ['Merk', 'M1'],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Barcode ID')).toHaveAccessibleDescription(
      'Barcode ID hanya boleh berisi huruf, angka dan tanda baca ASCII',
    );
    expect(bodies).toHaveLength(0);
    const barcode = within(dialog).getByLabelText('Barcode ID');
    await user.clear(barcode);
    await user.type(barcode, 'BC-123 /x');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil ditambahkan')).toBeInTheDocument();
    expect(bodies[0]?.body).toMatchObject({ barcode_id: 'BC-123 /x' });
  });

  it('shows thousands the Indonesian way in the badge and the edit form', async () => {
    catalogue = [{ ...product(1, 'Kopi Arabica', 1000), initial_stock: 1000, current_stock: 2000 }];
    const { user } = renderPage();
    expect(await within(table()).findByText('Stok: 2.000')).toBeInTheDocument();
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(dialog).getByLabelText('Stok Awal')).toHaveValue('1.000');
  });

  it('moves a page past the end to the last page and rewrites the URL', async () => {
    renderPage('/products?page=9');
    expect(await within(table()).findByText('Kopi Arabica')).toBeInTheDocument();
    expect(lastRequest()?.get('page')).toBe('1');
    expect(screen.queryByText('Tidak ada produk ditemukan')).toBeNull();
  });

  it("answers a Kode of spaces with 'Wajib diisi', as every required field", async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    const form = dialog.querySelector('form');
    expect(form).toHaveAttribute('novalidate');
    for (const [label, text] of [
      ['Barcode ID', 'B1'],
      ['Kode', '   '],
      ['Nama Barang', 'N1'],
      ['Stok Awal', '3'],
      ['Kategori', 'C1'],
      ['Merk', 'M1'],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Kode')).toHaveAccessibleDescription('Wajib diisi');
    expect(within(dialog).getAllByText('Wajib diisi')).toHaveLength(1);
    expect(bodies).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Stok Awal'));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Stok Awal')).toHaveAccessibleDescription('Wajib diisi');
    expect(bodies).toHaveLength(0);
  });

  it('sends Harga Beli and Harga Jual as typed the Indonesian way', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    expect(within(dialog).getByLabelText('Harga Beli')).not.toBeRequired();
    expect(within(dialog).getByLabelText('Harga Jual')).not.toBeRequired();
    for (const [label, text] of [
      ['Barcode ID', 'B1'],
      ['Kode', 'K1'],
      ['Nama Barang', 'N1'],
      ['Stok Awal', '3'],
      ['Kategori', 'C1'],
      ['Merk', 'M1'],
      ['Harga Beli', '1.250.000'],
      ['Harga Jual', '1.500.000,50'],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil ditambahkan')).toBeInTheDocument();
    expect(bodies[0]?.body).toMatchObject({ purchase_price: 1250000, selling_price: 1500000.5 });
  });

  it.each(['12.5', '-1', '1,234'])(
    'refuses a Harga Jual of %j visibly and posts nothing',
    async (text) => {
      const { user } = renderPage();
      await within(table()).findByText('Kopi Arabica');
      await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
      const price = within(dialog).getByLabelText('Harga Jual');
      await user.type(price, text);
      expect(price).toHaveValue(text);
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(bodies).toHaveLength(0);
    },
  );

  it('prefills the default prices of the product being edited', async () => {
    catalogue = catalogue.map((p) =>
      p.id === 3 ? { ...p, purchase_price: 40000, selling_price: 55000.5 } : p,
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(dialog).getByLabelText('Harga Beli')).toHaveValue('40.000');
    expect(within(dialog).getByLabelText('Harga Jual')).toHaveValue('55.000,50');
    await user.clear(within(dialog).getByLabelText('Harga Beli'));
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil diperbarui')).toBeInTheDocument();
    // Emptied: back to 0, not set. Harga Jual, untouched, is left to the server.
    expect(bodies[0]?.body).toMatchObject({ purchase_price: 0 });
    expect(bodies[0]?.body).not.toHaveProperty('selling_price');
  });

  it('limits the text fields to the lengths of the contract', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    expect(within(dialog).getByLabelText('Barcode ID')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Kode')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveAttribute('maxlength', '200');
    expect(within(dialog).getByLabelText('Kategori')).toHaveAttribute('maxlength', '100');
    expect(within(dialog).getByLabelText('Merk')).toHaveAttribute('maxlength', '100');
  });

  it('edits a product: prefilled form, PUT body, toast', async () => {
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(dialog).getByLabelText('Barcode ID')).toHaveValue('BC3');
    expect(within(dialog).getByLabelText('Kode')).toHaveValue('KP-003');
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Luwak');
    expect(within(dialog).getByLabelText('Stok Awal')).toHaveValue('4');
    expect(within(dialog).getByLabelText('Kategori')).toHaveValue('Minuman');
    expect(within(dialog).getByLabelText('Merk')).toHaveValue('Zebra');

    const name = within(dialog).getByLabelText('Nama Barang');
    await user.clear(name);
    await user.type(name, 'Kopi Luwak Asli');
    const stock = within(dialog).getByLabelText('Stok Awal');
    await user.clear(stock);
    await user.type(stock, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Produk berhasil diperbarui')).toBeInTheDocument();
    expect(bodies[0]?.method).toBe('PUT');
    expect(bodies[0]?.url).toMatch(/\/api\/products\/3$/);
    // The fields the server keeps when absent (prices, Stok Minimum, Rak) were not touched: left
    // out. updated_at is the copy the form was opened with.
    expect(bodies[0]?.body).toEqual({
      barcode_id: 'BC3',
      code: 'KP-003',
      name: 'Kopi Luwak Asli',
      initial_stock: 40,
      category: 'Minuman',
      brand: 'Zebra',
      updated_at: '2026-01-02T03:04:05.678Z',
    });
    expect(await within(table()).findByText('Kopi Luwak Asli')).toBeInTheDocument();
    expect(within(row('Kopi Luwak Asli')).getByText('Stok: 40')).toBeInTheDocument();
  });

  it('does not send back a Harga Beli that receipts moved while the form was open', async () => {
    catalogue = catalogue.map((p) =>
      p.id === 3
        ? { ...p, purchase_price: 10444.44, selling_price: 15000, min_stock: 5, rack: 'A-01' }
        : p,
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(dialog).getByLabelText('Harga Beli')).toHaveValue('10.444,44');
    // Meanwhile a Barang Masuk moves the moving-average cost (ADR 0015).
    catalogue = catalogue.map((p) => (p.id === 3 ? { ...p, purchase_price: 12833.33 } : p));
    const name = within(dialog).getByLabelText('Nama Barang');
    await user.clear(name);
    await user.type(name, 'Kopi Luwak Asli');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil diperbarui')).toBeInTheDocument();
    const body = bodies[0]?.body;
    expect(body).toMatchObject({ name: 'Kopi Luwak Asli' });
    for (const kept of ['purchase_price', 'selling_price', 'min_stock', 'rack'])
      expect(body).not.toHaveProperty(kept);
    expect(catalogue.find((p) => p.id === 3)?.purchase_price).toBe(12833.33);
  });

  it('sends Harga Beli, Stok Minimum and Rak on an edit when the user changed them', async () => {
    catalogue = catalogue.map((p) =>
      p.id === 3 ? { ...p, purchase_price: 10444.44, min_stock: 5, rack: 'A-01' } : p,
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    for (const [label, text] of [
      ['Harga Beli', '12.000'],
      ['Stok Minimum', '3'],
      ['Rak', 'b-02'],
    ] as const) {
      await user.clear(within(dialog).getByLabelText(label));
      await user.type(within(dialog).getByLabelText(label), text);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Produk berhasil diperbarui')).toBeInTheDocument();
    expect(bodies[0]?.body).toMatchObject({ purchase_price: 12000, min_stock: 3, rack: 'B-02' });
    expect(bodies[0]?.body).not.toHaveProperty('selling_price');
  });

  it('shows a 409 for a product changed meanwhile, keeps the input, and reads the list again', async () => {
    server.use(
      http.put('*/api/products/:id', async ({ request }) => {
        bodies.push({ method: 'PUT', url: request.url, body: await request.json() });
        return HttpResponse.json({ message: PRODUCT_MESSAGES.changedMeanwhile }, { status: 409 });
      }),
    );
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    // Someone else renames it while this form is open.
    catalogue = catalogue.map((p) =>
      p.id === 3 ? { ...p, name: 'Kopi Luwak Premium', updated_at: '2026-01-03T00:00:00.000Z' } : p,
    );
    const minimum = within(dialog).getByLabelText('Stok Minimum');
    await user.clear(minimum);
    await user.type(minimum, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText(PRODUCT_MESSAGES.changedMeanwhile)).toBeInTheDocument();
    expect(bodies[0]?.body).toMatchObject({
      name: 'Kopi Luwak',
      min_stock: 3,
      updated_at: '2026-01-02T03:04:05.678Z',
    });
    expect(screen.getByRole('dialog', { name: 'Edit Produk' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Stok Minimum')).toHaveValue('3');
    expect(screen.queryByText('Produk berhasil diperbarui')).toBeNull();
    // The refusal refreshes the list: opened again, the form has the other user's change.
    expect(await within(table()).findByText('Kopi Luwak Premium')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await user.click(within(row('Kopi Luwak Premium')).getByRole('button', { name: 'Edit' }));
    const again = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(within(again).getByLabelText('Nama Barang')).toHaveValue('Kopi Luwak Premium');
  });

  it('shows the server message on a failed save and keeps the modal open', async () => {
    server.use(
      http.put('*/api/products/:id', () =>
        HttpResponse.json({ message: 'Kode barang sudah digunakan' }, { status: 409 }),
      ),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Kode barang sudah digunakan');
    const dialog = screen.getByRole('dialog', { name: 'Edit Produk' });
    expect(dialog).toBeInTheDocument();
    // The message may show a moment before the button leaves 'Menyimpan...'.
    expect(await screen.findByRole('button', { name: 'Simpan' })).toBeEnabled();
    // Also beside Kode (a phone's toast is gone before the long form is scrolled back up), until
    // the code is changed; Barcode ID, not refused, says nothing.
    const code = within(dialog).getByLabelText('Kode');
    expect(code).toHaveAccessibleDescription('Kode barang sudah digunakan');
    expect(within(dialog).getByLabelText('Barcode ID')).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(code, '-2');
    expect(code).not.toHaveAccessibleDescription('Kode barang sudah digunakan');
    await user.type(code, '{Backspace}{Backspace}');
    expect(code).toHaveAccessibleDescription('Kode barang sudah digunakan');
  });

  it('names a taken Barcode ID beside its field on a refused add', async () => {
    server.use(
      http.post('*/api/products', () =>
        HttpResponse.json({ message: 'Barcode ID sudah digunakan' }, { status: 409 }),
      ),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    await user.type(within(dialog).getByLabelText('Barcode ID'), 'BRG-1 ');
    await user.type(within(dialog).getByLabelText('Kode'), 'K-NEW');
    await user.type(within(dialog).getByLabelText('Nama Barang'), 'Teh');
    await user.type(within(dialog).getByLabelText('Stok Awal'), '1');
    await user.type(within(dialog).getByLabelText('Kategori'), 'Minuman');
    await user.type(within(dialog).getByLabelText('Merk'), 'Sosro');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Barcode ID sudah digunakan');
    expect(within(dialog).getByLabelText('Barcode ID')).toHaveAccessibleDescription(
      'Barcode ID sudah digunakan',
    );
    expect(within(dialog).getByLabelText('Kode')).not.toHaveAttribute('aria-invalid', 'true');
    // Closed and opened again: a new form, no old refusal.
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const again = screen.getByRole('dialog', { name: 'Tambah Produk' });
    await user.type(within(again).getByLabelText('Barcode ID'), 'BRG-1');
    expect(within(again).getByLabelText('Barcode ID')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the spec message when the server gives none', async () => {
    server.use(http.post('*/api/products', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Tambah Produk' }));
    const dialog = screen.getByRole('dialog', { name: 'Tambah Produk' });
    // Batal reset the form: the add form starts empty.
    expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('');
    for (const [label, text] of [
      ['Barcode ID', 'B1'],
      ['Kode', 'K1'],
      ['Nama Barang', 'N1'],
      ['Stok Awal', '0'],
      ['Kategori', 'C1'],
      ['Merk', 'M1'],
    ] as const)
      await user.type(within(dialog).getByLabelText(label), text);
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Gagal menyimpan produk')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Tambah Produk' })).toBeInTheDocument();
  });

  it('shows Menyimpan... while saving', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.put('*/api/products/:id', async () => {
        await gate;
        return HttpResponse.json({ message: 'ok', data: catalogue[0] });
      }),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Luwak');
    await user.click(within(row('Kopi Luwak')).getByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByRole('button', { name: 'Menyimpan...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Produk berhasil diperbarui')).toBeInTheDocument();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderPage();
    await within(table()).findByText('Kopi Robusta');
    await user.click(within(row('Kopi Robusta')).getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus produk ini?');
    expect(await screen.findByText('Produk berhasil dihapus')).toBeInTheDocument();
    expect(bodies[0]?.url).toMatch(/\/api\/products\/2$/);
    await waitFor(() => expect(within(table()).queryByText('Kopi Robusta')).toBeNull());
  });

  it('does not delete when the confirmation is refused', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderPage();
    await within(table()).findByText('Kopi Robusta');
    await user.click(within(row('Kopi Robusta')).getByRole('button', { name: 'Hapus' }));
    expect(bodies).toHaveLength(0);
    expect(within(table()).getByText('Kopi Robusta')).toBeInTheDocument();
  });

  it('shows the server message or the fallback when a delete fails', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(
      http.delete('*/api/products/:id', () =>
        HttpResponse.json(
          { message: 'Produk tidak dapat dihapus karena sudah memiliki riwayat transaksi' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Robusta');
    await user.click(within(row('Kopi Robusta')).getByRole('button', { name: 'Hapus' }));
    expect(
      await screen.findByText('Produk tidak dapat dihapus karena sudah memiliki riwayat transaksi'),
    ).toBeInTheDocument();

    server.use(http.delete('*/api/products/:id', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(row('Kopi Robusta')).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Gagal menghapus produk')).toBeInTheDocument();
  });
});

describe('Kartu Stok', () => {
  const today = todayIso();
  const ledger: ProductLedger = {
    product: product(1, 'Kopi Arabica', 25),
    startDate: addDaysIso(today, -30),
    endDate: today,
    opening_balance: 17,
    entries: [
      {
        id: 5,
        type: 'incoming',
        date: addDaysIso(today, -3),
        resi_number: 'RESI-IN-1',
        platform: 'Shopee',
        barcode: null,
        quantity: 10,
        balance: 27,
      },
      {
        id: 9,
        type: 'outgoing',
        date: addDaysIso(today, -1),
        resi_number: 'RESI-OUT-1',
        platform: null,
        barcode: 'BC1',
        quantity: -2,
        balance: 25,
      },
    ],
    total_incoming: 10,
    total_outgoing: 2,
    total_returned: 0,
    total_adjusted: 0,
    closing_balance: 25,
  };

  it('shows the opening balance, the movements and the closing balance', async () => {
    const ledgerQueries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/products/:id/ledger', ({ request, params }) => {
        const query = new URL(request.url).searchParams;
        ledgerQueries.push(query);
        expect(params.id).toBe('1');
        return HttpResponse.json({ data: ledger });
      }),
    );
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));

    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    expect(within(dialog).getByLabelText('Tanggal Mulai')).toHaveValue(addDaysIso(today, -30));
    expect(within(dialog).getByLabelText('Tanggal Akhir')).toHaveValue(today);
    expect(await within(dialog).findByTestId('opening-balance')).toHaveTextContent('17');
    expect(within(dialog).getByTestId('closing-balance')).toHaveTextContent('25');
    expect(ledgerQueries[0]?.get('startDate')).toBe(addDaysIso(today, -30));
    expect(ledgerQueries[0]?.get('endDate')).toBe(today);

    const movements = within(dialog).getByRole('table', { name: 'Mutasi Stok' });
    const rows = within(movements).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Masuk')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('RESI-IN-1')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Shopee')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('+10')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('27')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Keluar')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('-2')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a return and a stock adjustment as lines of their own with their reason', async () => {
    server.use(
      http.get('*/api/products/:id/ledger', () =>
        HttpResponse.json({
          data: {
            ...ledger,
            entries: [
              ...ledger.entries,
              {
                id: 3,
                type: 'return',
                date: today,
                resi_number: 'RESI-OUT-1',
                platform: null,
                barcode: null,
                quantity: 1,
                reason: 'Salah ukuran',
                balance: 26,
              },
              {
                id: 4,
                type: 'adjustment',
                date: today,
                resi_number: '',
                platform: null,
                barcode: null,
                quantity: -4,
                reason: 'Stok opname: Gudang A',
                balance: 22,
              },
            ],
            total_returned: 1,
            total_adjusted: -4,
            closing_balance: 22,
          },
        }),
      ),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));
    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    const movements = await within(dialog).findByRole('table', { name: 'Mutasi Stok' });
    const rows = within(movements).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const [, , returned, adjusted] = rows as HTMLElement[];
    expect(within(returned as HTMLElement).getByText('Retur')).toBeInTheDocument();
    expect(within(returned as HTMLElement).getByText('Salah ukuran')).toBeInTheDocument();
    expect(within(returned as HTMLElement).getByText('+1')).toBeInTheDocument();
    expect(within(adjusted as HTMLElement).getByText('Penyesuaian')).toBeInTheDocument();
    expect(within(adjusted as HTMLElement).getByText('Stok opname: Gudang A')).toBeInTheDocument();
    expect(within(adjusted as HTMLElement).getByText('-4')).toBeInTheDocument();
    expect(within(dialog).getByTestId('closing-balance')).toHaveTextContent('22');
  });

  it("shows thousands the Indonesian way and prints 'Dicetak pada'", async () => {
    server.use(
      http.get('*/api/products/:id/ledger', () =>
        HttpResponse.json({
          data: {
            ...ledger,
            opening_balance: 1000,
            entries: [{ ...ledger.entries[0], quantity: 1000, balance: 2000 }],
            closing_balance: 2000,
          },
        }),
      ),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));
    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    expect(await within(dialog).findByTestId('opening-balance')).toHaveTextContent('1.000');
    expect(within(dialog).getByTestId('closing-balance')).toHaveTextContent('2.000');
    const movements = within(dialog).getByRole('table', { name: 'Mutasi Stok' });
    expect(within(movements).getByText('+1.000')).toBeInTheDocument();
    expect(within(movements).getByText('2.000')).toBeInTheDocument();
    // On paper only: the print layout (PrintReport) says when it was printed, the screen does not.
    expect(within(dialog).queryByText(/Dicetak pada/)).toBeNull();
    const printed: { printedAt: boolean; inPrintArea: boolean }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Kartu Stok: Kopi Arabica' });
      const printedAt = within(sheet).getByText(/^Dicetak pada: \S+, \d{1,2} \S+ \d{4}$/);
      printed.push({
        printedAt: printedAt.isConnected,
        inPrintArea: printedAt.closest('[data-print-area]') !== null,
      });
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cetak' }));
    expect(printed).toEqual([{ printedAt: true, inPrintArea: true }]);
  });

  it('prints the card through the shared print layout: title, product, period, balances, table', async () => {
    server.use(http.get('*/api/products/:id/ledger', () => HttpResponse.json({ data: ledger })));
    const seen: { onBody: boolean; heading: boolean; text: string; rows: string[] }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Kartu Stok: Kopi Arabica' });
      seen.push({
        onBody: sheet.parentElement === document.body,
        heading:
          within(sheet).queryByRole('heading', { level: 1, name: 'Kartu Stok: Kopi Arabica' }) !==
          null,
        text: sheet.textContent ?? '',
        rows: within(sheet)
          .getAllByRole('row')
          .map((tr) => tr.textContent ?? ''),
      });
    });
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));
    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    await within(dialog).findByTestId('opening-balance');
    expect(
      screen.queryByRole('document', { name: 'Kartu Stok: Kopi Arabica' }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cetak' }));

    expect(seen).toHaveLength(1);
    const [sheet] = seen;
    expect(sheet).toMatchObject({ onBody: true, heading: true });
    expect(sheet?.text).toContain('Kode KP-001 · Barcode BC1');
    expect(sheet?.text).toContain(
      `Periode: ${formatDate(addDaysIso(today, -30))} - ${formatDate(today)}`,
    );
    expect(sheet?.text).toMatch(/Dicetak pada: \S+, \d{1,2} \S+ \d{4}/);
    expect(sheet?.text).toMatch(/Saldo Awal17.*Saldo Akhir25/);
    expect(sheet?.rows).toEqual([
      'TanggalJenisNomor ResiPlatformJumlahSaldo',
      `${formatDate(addDaysIso(today, -3))}MasukRESI-IN-1Shopee+1027`,
      `${formatDate(addDaysIso(today, -1))}KeluarRESI-OUT-1--225`,
    ]);
    // The layout is gone again once the dialog closes.
    expect(
      screen.queryByRole('document', { name: 'Kartu Stok: Kopi Arabica' }),
    ).not.toBeInTheDocument();
  });

  it('refetches for a new range and refuses a start after the end', async () => {
    const ledgerQueries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/products/:id/ledger', ({ request }) => {
        ledgerQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: { ...ledger, entries: [] } });
      }),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));
    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    expect(await within(dialog).findByText('Tidak ada mutasi pada periode ini')).toBeVisible();

    const start = within(dialog).getByLabelText('Tanggal Mulai');
    await user.clear(start);
    await user.type(start, '2020-01-01');
    await waitFor(() =>
      expect(ledgerQueries[ledgerQueries.length - 1]?.get('startDate')).toBe('2020-01-01'),
    );

    const count = ledgerQueries.length;
    await user.clear(start);
    await user.type(start, addDaysIso(today, 1));
    expect(
      await within(dialog).findByText('Tanggal mulai tidak boleh setelah tanggal akhir'),
    ).toBeInTheDocument();
    expect(ledgerQueries.length).toBe(count);
    expect(within(dialog).getByRole('button', { name: 'Cetak' })).toBeDisabled();
  });

  it('says which date is missing or outside the window instead of a blank card', async () => {
    const ledgerQueries: URLSearchParams[] = [];
    server.use(
      http.get('*/api/products/:id/ledger', ({ request }) => {
        ledgerQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ data: ledger });
      }),
    );
    const { user } = renderPage();
    await within(table()).findByText('Kopi Arabica');
    await user.click(within(row('Kopi Arabica')).getByRole('button', { name: 'Kartu Stok' }));
    const dialog = screen.getByRole('dialog', { name: 'Kartu Stok' });
    await within(dialog).findByTestId('opening-balance');
    const start = within(dialog).getByLabelText('Tanggal Mulai');
    const end = within(dialog).getByLabelText('Tanggal Akhir');
    expect(start).toHaveAttribute('min', '2000-01-01');
    expect(end).toHaveAttribute('max', addDaysIso(today, 366));

    await user.clear(start);
    expect(start).toHaveAccessibleDescription('Tanggal Mulai wajib diisi');
    expect(within(dialog).queryByTestId('opening-balance')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cetak' })).toBeDisabled();

    const count = ledgerQueries.length;
    await user.type(start, '1999-12-31');
    expect(start).toHaveAccessibleDescription(/^Tanggal Mulai harus antara 1\/1\/2000 dan /);
    expect(ledgerQueries.length).toBe(count);

    await user.clear(start);
    await user.type(start, addDaysIso(today, -30));
    await user.clear(end);
    expect(end).toHaveAccessibleDescription('Tanggal Akhir wajib diisi');
    await user.type(end, today);
    expect(await within(dialog).findByTestId('opening-balance')).toHaveTextContent('17');
  });

  const holding = (orderId: number, overrides: Partial<Reservation> = {}): Reservation => ({
    order_id: orderId,
    channel: 'shopee',
    store: 'Toko Utama',
    order_number: `SHP-${orderId}`,
    resi_number: `SPX${orderId}`,
    date: '2026-11-03',
    product_code: 'KP-003',
    product_name: 'Kopi Luwak',
    quantity: 1,
    ...overrides,
  });
  const openCard = async (name: string) => {
    server.use(
      http.get('*/api/products/:id/ledger', () =>
        HttpResponse.json({ data: { ...ledger, entries: [] } }),
      ),
    );
    const rendered = renderPage();
    await within(table()).findByText(name);
    await rendered.user.click(within(row(name)).getByRole('button', { name: 'Kartu Stok' }));
    return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Kartu Stok' }) };
  };

  it('shows Stok, Dipesan and Tersedia, red below 0, and the open orders that hold units', async () => {
    catalogue = [{ ...product(3, 'Kopi Luwak', 2), reserved_stock: 3, available_stock: -1 }];
    reservations = [
      holding(11, {
        channel: 'tiktok',
        store: 'Toko Kedua',
        order_number: '578123456789012345',
        resi_number: null,
        date: '2026-11-01',
        quantity: 2,
      }),
      holding(12),
    ];
    const { dialog } = await openCard('Kopi Luwak');
    expect(within(dialog).getByTestId('current-stock')).toHaveTextContent('2');
    expect(within(dialog).getByTestId('reserved-stock')).toHaveTextContent('3');
    const available = within(within(dialog).getByTestId('available-stock')).getByText('-1');
    expect(available).toHaveStyle({ color: '#dc2626' });
    expect(available).toHaveAttribute('title', 'Stok kurang');

    const orders = await within(dialog).findByRole('table', { name: 'Pesanan Terbuka' });
    const [header, first, second] = within(orders).getAllByRole('row');
    for (const name of ['Tanggal', 'Channel', 'Toko', 'No. Pesanan', 'Resi', 'Jumlah'])
      expect(within(header as HTMLElement).getByRole('columnheader', { name })).toBeVisible();
    expect(first).toHaveTextContent(formatDate('2026-11-01'));
    expect(first).toHaveTextContent('TikTok Shop');
    expect(first).toHaveTextContent('Toko Kedua');
    expect(first).toHaveTextContent('578123456789012345');
    expect(within(first as HTMLElement).getByText('-')).toBeInTheDocument();
    expect(within(first as HTMLElement).getByText('2')).toBeInTheDocument();
    expect(second).toHaveTextContent('Shopee');
    expect(second).toHaveTextContent('SPX12');
    expect(reservationQueries[0]?.get('product_code')).toBe('KP-003');
    // One page: no pager.
    expect(within(dialog).queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows Tersedia in the plain colour while the stock covers the orders', async () => {
    catalogue = [{ ...product(3, 'Kopi Luwak', 25), reserved_stock: 3, available_stock: 22 }];
    reservations = [holding(11, { quantity: 3 })];
    const { dialog } = await openCard('Kopi Luwak');
    const available = within(within(dialog).getByTestId('available-stock')).getByText('22');
    expect(available).toHaveStyle({ color: '#111827' });
    expect(available).not.toHaveAttribute('title');
    await within(dialog).findByRole('table', { name: 'Pesanan Terbuka' });
  });

  it('pages the open orders when they fill more than one page', async () => {
    catalogue = [{ ...product(3, 'Kopi Luwak', 5), reserved_stock: 12, available_stock: -7 }];
    reservations = Array.from({ length: 12 }, (_, i) => holding(100 + i));
    const { dialog, user } = await openCard('Kopi Luwak');
    const orders = await within(dialog).findByRole('table', { name: 'Pesanan Terbuka' });
    expect(within(orders).getByText('SHP-109')).toBeInTheDocument();
    expect(within(orders).queryByText('SHP-110')).toBeNull();
    const pager = within(dialog).getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pager).getByRole('button', { name: '2' }));
    expect(await within(orders).findByText('SHP-111')).toBeInTheDocument();
    expect(within(orders).queryByText('SHP-100')).toBeNull();
    expect(reservationQueries[reservationQueries.length - 1]?.get('page')).toBe('2');
  });

  it("says 'Tidak ada pesanan terbuka' in one line when no order holds units", async () => {
    catalogue = [{ ...product(3, 'Kopi Luwak', 4), reserved_stock: 0, available_stock: 4 }];
    const { dialog } = await openCard('Kopi Luwak');
    expect(await within(dialog).findByText('Tidak ada pesanan terbuka')).toBeVisible();
    expect(within(dialog).queryByRole('table', { name: 'Pesanan Terbuka' })).toBeNull();
    expect(within(dialog).getByTestId('reserved-stock')).toHaveTextContent('0');
  });
});
