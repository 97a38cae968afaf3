import { makeProduct } from '@gudang/api-client/testing';
import { makeStore, signedIn } from '@gudang/api-client';
import type { IncomingForComparison, Order, OrderInput, OrderSummaryRow } from '@gudang/api-client';
import { MODAL_TEXTS, addDaysIso, formatDate, todayIso } from '@gudang/shared-ui';
import { renderWithProviders, setViewportWidth } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as XLSX from 'xlsx';
import { OrderListPage } from './order-list-page';

const SLOW = { timeout: 3000 };

function nth<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const today = todayIso();
const defaultStart = addDaysIso(today, -7);
const defaultEnd = addDaysIso(today, 7);

const order = (id: number, changes: Partial<Order> = {}): Order => ({
  id,
  date: '2026-03-05',
  product_id: 1,
  product_code: 'KP-001',
  product_name: 'Kopi Arabica',
  category: 'Minuman',
  brand: 'Kapal Api',
  quantity: 3,
  price: 12500.5,
  resi_number: `R-${id}`,
  bank: 'BCA',
  ...changes,
});

const summaryRow: OrderSummaryRow = {
  product_code: 'KP-001',
  product_name: 'Kopi Arabica',
  category: 'Minuman',
  brand: 'Kapal Api',
  total_quantity: 1234,
  total_orders: 12,
  average_price: 12500.6,
};

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

let orders: Order[] = [];
let summary: OrderSummaryRow[] = [];
let incoming: IncomingForComparison[] = [];
const orderRequests: URL[] = [];
const summaryRequests: URL[] = [];
const comparisonRequests: URL[] = [];
const posted: OrderInput[] = [];
const put: { id: string; body: OrderInput }[] = [];
const deleted: string[] = [];

function paged<T>(rows: readonly T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 10);
  return {
    data: rows.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
  };
}

const server = setupServer(
  http.get('*/api/orders', ({ request }) => {
    const url = new URL(request.url);
    orderRequests.push(url);
    return HttpResponse.json(paged(orders, url));
  }),
  http.get('*/api/orders/summary', ({ request }) => {
    const url = new URL(request.url);
    summaryRequests.push(url);
    return HttpResponse.json(paged(summary, url));
  }),
  http.get('*/api/incoming-goods/for-comparison', ({ request }) => {
    comparisonRequests.push(new URL(request.url));
    return HttpResponse.json({ data: incoming });
  }),
  http.post('*/api/orders', async ({ request }) => {
    const body = (await request.json()) as OrderInput;
    posted.push(body);
    return HttpResponse.json(
      { message: 'Order berhasil ditambahkan', data: order(99) },
      { status: 201 },
    );
  }),
  http.put('*/api/orders/:id', async ({ request, params }) => {
    put.push({ id: String(params.id), body: (await request.json()) as OrderInput });
    return HttpResponse.json({ message: 'Order berhasil diperbarui', data: order(1) });
  }),
  http.delete('*/api/orders/:id', ({ params }) => {
    deleted.push(String(params.id));
    return HttpResponse.json({ message: 'Order berhasil dihapus' });
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
  orders = [];
  summary = [];
  incoming = [];
  orderRequests.length = 0;
  summaryRequests.length = 0;
  comparisonRequests.length = 0;
  posted.length = 0;
  put.length = 0;
  deleted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage(route = '/order-list') {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'manager', role: 'manager' },
    }),
  );
  return renderWithProviders(<OrderListPage />, { store, route });
}

/** The element whose whole text is `text`, though part of it sits in an inner element. */
const textOf = (text: string) => (_content: string, element: Element | null) =>
  element?.tagName === 'SPAN' &&
  element.textContent === text &&
  [...element.children].every((child) => child.textContent !== text);

const detailTable = () => screen.getByRole('table', { name: 'Detail Order' });
const summaryTable = () => screen.getByRole('table', { name: 'Ringkasan Order' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('OrderListPage', () => {
  it('asks for both lists over the default window: 7 days before to 7 days after today', async () => {
    renderPage();
    await waitFor(() => expect(orderRequests).toHaveLength(1));
    await waitFor(() => expect(summaryRequests).toHaveLength(1));
    expect(Object.fromEntries(nth(orderRequests, 0).searchParams)).toEqual({
      startDate: defaultStart,
      endDate: defaultEnd,
      page: '1',
      limit: '10',
    });
    expect(Object.fromEntries(nth(summaryRequests, 0).searchParams)).toEqual({
      startDate: defaultStart,
      endDate: defaultEnd,
      page: '1',
      limit: '5',
    });
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveValue(defaultStart);
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveValue(defaultEnd);
    expect(screen.queryByText(/^Filter aktif/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('shows the empty state in both tables', async () => {
    renderPage();
    expect(await within(summaryTable()).findByText('Tidak ada data order')).toBeInTheDocument();
    expect(await within(detailTable()).findByText('Tidak ada data order')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Fitur ini sedang disiapkan' })).toBeNull();
  });

  it('lists the summary with the average in Rupiah without decimals and its own page sizes', async () => {
    summary = [summaryRow, { ...summaryRow, product_code: 'KP-002', product_name: 'Teh' }];
    const { user } = renderPage();
    const table = summaryTable();
    await within(table).findByText('KP-002');
    const first = nth(bodyRows(table), 0);
    expect(cells(first).map((cell) => cell.textContent)).toEqual([
      'KP-001',
      'Kopi Arabica',
      'Minuman',
      'Kapal Api',
      '1.234',
      '12',
      'Rp 12.501',
    ]);
    const region = screen.getByRole('region', { name: 'Ringkasan Order' });
    expect(within(region).getByText('dari 2 item')).toBeInTheDocument();
    const size = within(region).getByRole('combobox', { name: 'Jumlah produk per halaman' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '20', '50']);
    await user.selectOptions(size, '20');
    await waitFor(() => expect(summaryRequests.at(-1)?.searchParams.get('limit')).toBe('20'));
    // The detail list keeps its own page size.
    expect(orderRequests.at(-1)?.searchParams.get('limit')).toBe('10');
  });

  it('searches the summary and the detail separately', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(orderRequests).toHaveLength(1));
    await user.type(
      screen.getByRole('searchbox', { name: 'Cari ringkasan order...' }),
      'kopi{Enter}',
    );
    await waitFor(() => expect(summaryRequests.at(-1)?.searchParams.get('search')).toBe('kopi'));
    expect(orderRequests.at(-1)?.searchParams.has('search')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Cari order...' }), 'R-7{Enter}');
    await waitFor(() => expect(orderRequests.at(-1)?.searchParams.get('search')).toBe('R-7'));
    expect(summaryRequests.at(-1)?.searchParams.get('search')).toBe('kopi');
  });

  it('lists the orders: the stored date, total = price x quantity, a dash for no bank', async () => {
    orders = [
      order(1),
      order(2, { bank: null, quantity: 2, price: 0.1, date: '2026-12-31' }),
      order(3, { quantity: 25, price: 45000 }),
    ];
    renderPage();
    const table = detailTable();
    await within(table).findByText('R-1');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Tanggal',
      'Kode',
      'Nama Barang',
      'Kategori',
      'Merk',
      'Jumlah',
      'Harga',
      'Total',
      'Resi',
      'Bank',
      'Aksi',
    ]);
    const [first, second] = bodyRows(table).map(cells);
    expect(first?.slice(0, 10).map((cell) => cell.textContent)).toEqual([
      '5/3/2026',
      'KP-001',
      'Kopi Arabica',
      'Minuman',
      'Kapal Api',
      '3',
      'Rp 12.500,50',
      'Rp 37.501,50',
      'R-1',
      'BCA',
    ]);
    // 31 December stays 31 December: never shifted a day.
    expect(second?.[0]).toHaveTextContent('31/12/2026');
    expect(second?.[7]).toHaveTextContent('Rp 0,20');
    expect(second?.[9]).toHaveTextContent('-');
    // A whole amount without ',00', so that the table fits 1366 px in comparison mode.
    const third = cells(nth(bodyRows(table), 2));
    expect(third.slice(6, 8).map((cell) => cell.textContent)).toEqual([
      'Rp 45.000',
      'Rp 1.125.000',
    ]);
  });

  it('pages the detail list with 10, 20, 50 and a pager', async () => {
    orders = Array.from({ length: 25 }, (_, i) => order(i + 1));
    const { user } = renderPage();
    const region = screen.getByRole('region', { name: 'Detail Order' });
    await within(region).findByText('R-1');
    expect(within(region).getByText('dari 25 item')).toBeInTheDocument();
    const size = within(region).getByRole('combobox', { name: 'Jumlah order per halaman' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50']);
    await user.click(within(region).getByRole('button', { name: '3' }));
    expect(await within(region).findByText('R-21')).toBeInTheDocument();
    expect(orderRequests.at(-1)?.searchParams.get('page')).toBe('3');
  });

  it('goes back to the last page when the page asked for is past it', async () => {
    orders = Array.from({ length: 25 }, (_, i) => order(i + 1));
    renderPage('/order-list?page=5');
    const region = screen.getByRole('region', { name: 'Detail Order' });
    // Two requests one after the other (page 5, then the last page): more than findByText's
    // default second on a loaded machine (CI ran this beside the e2e workers once).
    expect(await within(region).findByText('R-21', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(orderRequests.map((url) => url.searchParams.get('page'))).toEqual(['5', '3']);
  });

  it('filters by another range with a notice, and Reset returns to the default', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(orderRequests).toHaveLength(1));
    const start = screen.getByLabelText('Tanggal Mulai');
    await user.clear(start);
    await user.type(start, '2026-01-01');
    await waitFor(() =>
      expect(orderRequests.at(-1)?.searchParams.get('startDate')).toBe('2026-01-01'),
    );
    expect(summaryRequests.at(-1)?.searchParams.get('startDate')).toBe('2026-01-01');
    // The tables' loading notices are statuses too while the new range loads.
    expect(await screen.findByText(/^Filter aktif/)).toHaveTextContent(
      `Filter aktif: 1/1/2026 - ${formatDate(defaultEnd)}`,
    );

    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(start).toHaveValue(defaultStart));
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveValue(defaultEnd);
    expect(screen.queryByText(/^Filter aktif/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('refuses a start after the end and fetches nothing for it', async () => {
    const { user } = renderPage(`/order-list?startDate=${defaultEnd}&endDate=${defaultStart}`);
    expect(
      await screen.findByText('Tanggal mulai tidak boleh setelah tanggal akhir'),
    ).toBeInTheDocument();
    expect(orderRequests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(orderRequests).toHaveLength(1));
  });

  describe('comparison mode', () => {
    const compared = () => {
      orders = [
        order(1, { date: '2026-03-05', resi_number: 'R-1', quantity: 3 }),
        order(2, { date: '2026-03-05', resi_number: 'R-2', quantity: 3 }),
        order(3, { date: '2026-03-05', resi_number: 'R-3', quantity: 3 }),
        order(4, { date: '2026-03-05', product_code: 'KP-002', resi_number: 'R-4' }),
      ];
      incoming = [
        {
          product_code: 'KP-001',
          product_name: 'Kopi',
          resi_number: 'R-1',
          quantity: 3,
          date: '2026-03-07',
        },
        {
          product_code: 'KP-001',
          product_name: 'Kopi',
          resi_number: 'R-2',
          quantity: 5,
          date: '2026-03-06',
        },
        {
          product_code: 'KP-001',
          product_name: 'Kopi',
          resi_number: 'X-9',
          quantity: 1,
          date: '2026-03-05',
        },
      ];
    };

    it('is off at first: no Status column and no incoming goods read', async () => {
      compared();
      renderPage();
      await within(detailTable()).findByText('R-1');
      expect(within(detailTable()).queryByRole('columnheader', { name: 'Status' })).toBeNull();
      expect(comparisonRequests).toHaveLength(0);
    });

    it('is kept in the URL (compare=1): a reload or a shared link opens it on', async () => {
      compared();
      const { user } = renderPage('/order-list?compare=1');
      const table = await waitFor(detailTable);
      expect(
        await within(table).findByRole('columnheader', { name: 'Status' }, SLOW),
      ).toBeInTheDocument();
      expect(await within(table).findByText('Exact Match', {}, SLOW)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sembunyikan Perbandingan' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await user.click(screen.getByRole('button', { name: 'Sembunyikan Perbandingan' }));
      expect(within(table).queryByRole('columnheader', { name: 'Status' })).toBeNull();
    });

    it('labels each order, flags mismatched fields red and gives no-match rows a red background', async () => {
      compared();
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Tampilkan Perbandingan' }));
      expect(screen.getByRole('button', { name: 'Sembunyikan Perbandingan' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      const table = detailTable();
      expect(await within(table).findByText('Exact Match', {}, SLOW)).toBeInTheDocument();

      // The distinct codes of the orders shown, over the range widened by the 3-day tolerance.
      const query = nth(comparisonRequests, 0).searchParams;
      expect(query.get('productCodes')).toBe('KP-001,KP-002');
      expect(query.get('startDate')).toBe(addDaysIso(defaultStart, -3));
      expect(query.get('endDate')).toBe(addDaysIso(defaultEnd, 3));

      const rows = bodyRows(table);
      const status = rows.map((row) => within(row).getByText(/Match$|Product/).textContent);
      expect(status).toEqual(['Exact Match', 'Product+Resi', 'Product Only', 'No Match']);
      const flaggedOf = (row: HTMLElement) =>
        [...row.querySelectorAll('[data-mismatch="true"]')].map((cell) => cell.textContent);
      expect(flaggedOf(nth(rows, 0))).toEqual([]);
      expect(flaggedOf(nth(rows, 1))).toEqual(['3']);
      expect(flaggedOf(nth(rows, 2))).toEqual(['3', 'R-3']);
      expect(flaggedOf(nth(rows, 3))).toEqual([
        formatDate('2026-03-05'),
        'KP-002',
        'Kopi Arabica',
        '3',
        'R-4',
      ]);
      expect(within(nth(rows, 1)).getByText('3')).toHaveStyle({ color: '#991b1b' });
      expect(rows.map((row) => row.getAttribute('data-highlighted'))).toEqual([
        null,
        null,
        null,
        'true',
      ]);
      expect(nth(rows, 3)).toHaveStyle({ background: '#fee2e2' });

      // The closest incoming record for non-exact matches, not for exact ones.
      expect(within(nth(rows, 0)).queryByText(/^Resi /)).toBeNull();
      expect(within(nth(rows, 1)).getByText(textOf('Resi R-2'))).toBeInTheDocument();
      expect(
        within(nth(rows, 1)).getByText(`Jumlah 5 · ${formatDate('2026-03-06')}`),
      ).toBeInTheDocument();
      expect(within(nth(rows, 2)).getByText(textOf('Resi X-9'))).toBeInTheDocument();
      expect(
        within(nth(rows, 2)).getByText(`Jumlah 1 · ${formatDate('2026-03-05')}`),
      ).toBeInTheDocument();
      expect(within(nth(rows, 3)).queryByText(/^Resi /)).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Sembunyikan Perbandingan' }));
      expect(within(table).queryByRole('columnheader', { name: 'Status' })).toBeNull();
      expect(table.querySelector('[data-mismatch="true"]')).toBeNull();
      expect(table.querySelector('[data-highlighted="true"]')).toBeNull();
    });

    it('reads the incoming goods again for another range', async () => {
      compared();
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Tampilkan Perbandingan' }));
      await waitFor(() => expect(comparisonRequests).toHaveLength(1));
      const end = screen.getByLabelText('Tanggal Akhir');
      await user.clear(end);
      await user.type(end, addDaysIso(today, 10));
      await waitFor(() =>
        expect(comparisonRequests.at(-1)?.searchParams.get('endDate')).toBe(addDaysIso(today, 13)),
      );
    });

    it('a failed read silently compares with nothing', async () => {
      compared();
      server.use(
        http.get('*/api/incoming-goods/for-comparison', () =>
          HttpResponse.json({ message: 'x' }, { status: 500 }),
        ),
      );
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Tampilkan Perbandingan' }));
      await waitFor(
        () => expect(within(detailTable()).getAllByText('No Match')).toHaveLength(4),
        SLOW,
      );
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.queryByText('Gagal memuat data')).toBeNull();
    });

    it('becomes cards with the status on a phone', async () => {
      const restore = setViewportWidth(375);
      try {
        compared();
        const { user } = renderPage();
        const list = await screen.findByRole('list', { name: 'Detail Order' });
        await user.click(screen.getByRole('button', { name: 'Tampilkan Perbandingan' }));
        expect(await within(list).findByText('Exact Match', {}, SLOW)).toBeInTheDocument();
        const cards = within(list).getAllByRole('listitem');
        expect(nth(cards, 3)).toHaveAttribute('data-highlighted', 'true');
      } finally {
        restore();
      }
    });
  });

  describe('the order modal', () => {
    it('closes at once when untouched, and asks before typed data is thrown away', async () => {
      const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
      const { user } = renderPage();
      const open = async () => {
        await user.click(screen.getByRole('button', { name: 'Tambah Order' }));
        return screen.getByRole('dialog', { name: 'Tambah Order' });
      };
      await user.click(within(await open()).getByRole('button', { name: 'Batal' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(confirm).not.toHaveBeenCalled();

      const dialog = await open();
      await user.type(within(dialog).getByLabelText('Nomor Resi'), 'JNE-9');
      await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
      expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
      expect(dialog).toBeInTheDocument();
      await user.keyboard('{Escape}');
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(dialog).toBeInTheDocument();
      confirm.mockReturnValue(true);
      await user.click(within(dialog).getByRole('button', { name: 'Tutup' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('adds an order: today by default, the product from the picker, the price read id-ID', async () => {
      const { user } = renderPage();
      await user.click(screen.getByRole('button', { name: 'Tambah Order' }));
      const dialog = screen.getByRole('dialog', { name: 'Tambah Order' });
      // The first field takes the focus on opening (issue 42 m12).
      expect(within(dialog).getByRole('combobox', { name: 'Produk' })).toHaveFocus();
      expect(within(dialog).getByLabelText('Tanggal')).toHaveValue(today);

      await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
      await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
      expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica');
      expect(within(dialog).getByLabelText('Merk')).toHaveValue('Kapal Api');
      await user.type(within(dialog).getByLabelText('Jumlah'), '1.000');
      await user.type(within(dialog).getByLabelText('Harga'), '12.500,50');
      await user.type(within(dialog).getByLabelText('Nomor Resi'), ' RESI-NEW ');
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

      expect(await screen.findByText('Order berhasil ditambahkan')).toBeInTheDocument();
      expect(posted).toEqual([
        {
          date: today,
          product_code: 'KP-001',
          product_name: 'Kopi Arabica',
          category: 'Minuman',
          brand: 'Kapal Api',
          quantity: 1000,
          price: 12500.5,
          resi_number: 'RESI-NEW',
          bank: null,
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The save refreshes both lists.
      await waitFor(() => expect(orderRequests).toHaveLength(2));
      await waitFor(() => expect(summaryRequests).toHaveLength(2));
    });

    it('answers an empty form with messages and posts nothing', async () => {
      const { user } = renderPage();
      await user.click(screen.getByRole('button', { name: 'Tambah Order' }));
      const dialog = screen.getByRole('dialog', { name: 'Tambah Order' });
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(within(dialog).getByText('Pilih produk terlebih dahulu')).toBeInTheDocument();
      expect(within(dialog).getByLabelText('Jumlah')).toHaveAccessibleDescription(
        'Jumlah harus lebih dari 0',
      );
      expect(within(dialog).getByLabelText('Harga')).toHaveAccessibleDescription('Wajib diisi');
      expect(within(dialog).getByLabelText('Nomor Resi')).toHaveAccessibleDescription(
        'Wajib diisi',
      );
      expect(within(dialog).getByLabelText('Bank')).not.toHaveAttribute('aria-invalid');
      expect(dialog.querySelector('form')).toHaveAttribute('novalidate');
      expect(posted).toEqual([]);
    });

    it('names a resi no barcode can hold (an emoji) at its field and posts nothing', async () => {
      const { user } = renderPage();
      await user.click(screen.getByRole('button', { name: 'Tambah Order' }));
      const dialog = screen.getByRole('dialog', { name: 'Tambah Order' });
      await user.type(within(dialog).getByRole('combobox', { name: 'Produk' }), 'Kopi');
      await user.click(await within(dialog).findByRole('option', { name: /Kopi Arabica/ }, SLOW));
      await user.type(within(dialog).getByLabelText('Jumlah'), '1');
      await user.type(within(dialog).getByLabelText('Harga'), '12.500');
      await user.type(within(dialog).getByLabelText('Nomor Resi'), 'RESI-\u{1F4E6}');
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(within(dialog).getByLabelText('Nomor Resi')).toHaveAccessibleDescription(
        'Nomor Resi hanya boleh berisi huruf, angka dan tanda baca ASCII',
      );
      expect(posted).toEqual([]);
    });

    it.each([
      ['Jumlah', '2,5', 'Jumlah harus bilangan bulat lebih dari 0'],
      // The dot groups thousands: the message says that the decimal sign is the comma.
      [
        'Harga',
        '12.5',
        'Harga: pakai koma untuk desimal, misalnya 12,5 (titik adalah pemisah ribuan)',
      ],
      [
        'Harga',
        '-1',
        'Harga harus berupa angka 0 atau lebih, dengan paling banyak 2 angka desimal',
      ],
    ])('refuses %s %j with a message', async (label, text, message) => {
      const { user } = renderPage();
      await user.click(screen.getByRole('button', { name: 'Tambah Order' }));
      const dialog = screen.getByRole('dialog', { name: 'Tambah Order' });
      const field = within(dialog).getByLabelText(label);
      await user.type(field, text);
      expect(field).toHaveAccessibleDescription(message);
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(field).toHaveValue(text);
      expect(posted).toEqual([]);
    });

    it('edits an order: prefilled, the quantity and price shown id-ID, and Batal closes it', async () => {
      orders = [order(1, { price: 1250000.5, quantity: 1200, bank: null })];
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(within(detailTable()).getByRole('button', { name: 'Edit' }));
      const dialog = screen.getByRole('dialog', { name: 'Edit Order' });
      expect(within(dialog).getByLabelText('Nama Barang')).toHaveValue('Kopi Arabica');
      expect(within(dialog).getByLabelText('Tanggal')).toHaveValue('2026-03-05');
      expect(within(dialog).getByLabelText('Jumlah')).toHaveValue('1.200');
      expect(within(dialog).getByLabelText('Harga')).toHaveValue('1.250.000,50');
      expect(within(dialog).getByLabelText('Bank')).toHaveValue('');

      await user.type(within(dialog).getByLabelText('Bank'), 'Mandiri');
      await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText('Order berhasil diperbarui')).toBeInTheDocument();
      expect(put).toEqual([
        {
          id: '1',
          body: expect.objectContaining({ price: 1250000.5, quantity: 1200, bank: 'Mandiri' }),
        },
      ]);

      await user.click(within(detailTable()).getByRole('button', { name: 'Edit' }));
      await user.click(screen.getByRole('button', { name: 'Batal' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('shows the server message when saving fails and keeps the modal open', async () => {
      server.use(
        http.put('*/api/orders/:id', () =>
          HttpResponse.json({ message: 'Produk tidak ditemukan' }, { status: 400 }),
        ),
      );
      orders = [order(1)];
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(within(detailTable()).getByRole('button', { name: 'Edit' }));
      await user.click(screen.getByRole('button', { name: 'Simpan' }));
      expect(await screen.findByText('Produk tidak ditemukan')).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Edit Order' })).toBeInTheDocument();
    });
  });

  it('deletes an order after the spec confirmation', async () => {
    orders = [order(4)];
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = renderPage();
    await within(detailTable()).findByText('R-4');
    await user.click(within(detailTable()).getByRole('button', { name: 'Hapus' }));
    expect(confirm).toHaveBeenCalledWith('Apakah Anda yakin ingin menghapus order ini?');
    expect(deleted).toEqual([]);
    await user.click(within(detailTable()).getByRole('button', { name: 'Hapus' }));
    expect(await screen.findByText('Order berhasil dihapus')).toBeInTheDocument();
    expect(deleted).toEqual(['4']);
  });

  describe('export', () => {
    let files: { blob: Blob; name: string }[] = [];
    beforeEach(() => {
      files = [];
      let blob: Blob | undefined;
      URL.createObjectURL = jest.fn((value: Blob) => {
        blob = value;
        return 'blob:orders';
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        if (blob) files.push({ blob, name: this.download });
      });
    });

    async function sheetOf(file: { blob: Blob }) {
      const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), { type: 'array' });
      const sheet = book.Sheets['Order List'];
      if (!sheet) throw new Error('no sheet');
      return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    }

    it('exports every order of the filter to Excel, page by page, not only the page shown', async () => {
      orders = Array.from({ length: 130 }, (_, i) => order(i + 1));
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Export Excel' }));
      expect(
        await screen.findByText('Data berhasil diexport ke Excel', {}, SLOW),
      ).toBeInTheDocument();
      const exportPages = orderRequests.filter((url) => url.searchParams.get('limit') === '100');
      expect(exportPages.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
      expect(files).toHaveLength(1);
      expect(nth(files, 0).name).toBe(`order-list-${today}.xlsx`);
      const rows = await sheetOf(nth(files, 0));
      expect(rows).toHaveLength(131);
      expect(rows[130]).toEqual([
        expect.any(Number),
        'KP-001',
        'Kopi Arabica',
        'Minuman',
        'Kapal Api',
        3,
        12500.5,
        37501.5,
        'R-130',
        'BCA',
        '',
      ]);
    });

    it('names the range in the file and fills Status while comparing', async () => {
      orders = [order(1), order(2, { product_code: 'KP-002' })];
      incoming = [
        {
          product_code: 'KP-001',
          product_name: 'Kopi',
          resi_number: 'R-1',
          quantity: 3,
          date: '2026-03-05',
        },
      ];
      const { user } = renderPage('/order-list?startDate=2026-03-01&endDate=2026-03-31');
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Tampilkan Perbandingan' }));
      await within(detailTable()).findByText('Exact Match', {}, SLOW);
      await user.click(screen.getByRole('button', { name: 'Export Excel' }));
      await screen.findByText('Data berhasil diexport ke Excel', {}, SLOW);
      expect(nth(files, 0).name).toBe(`order-list-${today}_2026-03-01_2026-03-31.xlsx`);
      const rows = await sheetOf(nth(files, 0));
      expect(rows.slice(1).map((row) => row[10])).toEqual(['Exact Match', 'No Match']);
    });

    it('prints every order under the title Laporan Order List with the period', async () => {
      orders = [order(1), order(2)];
      let printedText = '';
      let kept: string[] = [];
      let keptStyle = '';
      let nameWrap = '';
      jest.spyOn(window, 'print').mockImplementation(() => {
        const area = document.querySelector('[data-print-area]');
        printedText = area?.textContent ?? '';
        const cells = [...(area?.querySelectorAll('tbody tr:first-child td[data-keep]') ?? [])];
        kept = cells.map((cell) => cell.textContent ?? '');
        keptStyle = cells[0] ? getComputedStyle(cells[0]).whiteSpace : '';
        const headers = [...(area?.querySelectorAll('thead th') ?? [])].map((th) => th.textContent);
        const name =
          area?.querySelectorAll('tbody tr:first-child td')[headers.indexOf('Nama Barang')];
        nameWrap = name ? getComputedStyle(name).overflowWrap : '';
      });
      const { user } = renderPage();
      await within(detailTable()).findByText('R-1');
      await user.click(screen.getByRole('button', { name: 'Export PDF' }));
      await waitFor(() => expect(printedText).not.toBe(''));
      expect(printedText).toContain('Laporan Order List');
      expect(printedText).toContain(
        `Periode: ${formatDate(defaultStart)} - ${formatDate(defaultEnd)}`,
      );
      expect(printedText).toContain('R-1');
      expect(printedText).toContain('R-2');
      expect(printedText).not.toContain('Aksi');
      // Codes, resi, dates and amounts never break inside in the print.
      expect(kept).toEqual([
        formatDate('2026-03-05'),
        'KP-001',
        '3',
        'Rp 12.500,50',
        'Rp 37.501,50',
        'R-1',
      ]);
      expect(keptStyle).toBe('nowrap');
      // A product's name wraps between its words ('Premium', never 'Premiu' over 'm').
      expect(nameWrap).toBe('break-word');
      await waitFor(() => expect(document.querySelector('[data-print-area]')).toBeNull());
    });
  });
});
