import { makeStore, signedIn } from '@gudang/api-client';
import type { PembukuanRow, PembukuanStats, PembukuanUpdate } from '@gudang/api-client';
import { MODAL_TEXTS, addDaysIso, formatDate, serialDate, todayIso } from '@gudang/shared-ui';
import { renderWithProviders, setViewportWidth } from '@gudang/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as XLSX from 'xlsx';
import { PembukuanPage } from './pembukuan-page';

const SLOW = { timeout: 3000 };
const today = todayIso();
const DEFAULT_START = addDaysIso(today, -7);
const DEFAULT_END = addDaysIso(today, 7);

// Typing in dialogs and reading a workbook with user-event is slow on a busy machine.
jest.setTimeout(30_000);

const row = (id: number, overrides: Partial<PembukuanRow> = {}): PembukuanRow => ({
  id,
  date: today,
  code: `KP-${String(id).padStart(3, '0')}`,
  name: `Kaos ${id}`,
  category: 'Pakaian',
  brand: 'Gudang',
  quantity: 2,
  resi_number: `JNE-${id}`,
  purchase_price: 40000,
  selling_price: 55000,
  discount: 2500,
  margin: 25000,
  ...overrides,
});

let rows: PembukuanRow[] = [];
let stats: PembukuanStats;
const listQueries: Record<string, string>[] = [];
const statsQueries: Record<string, string>[] = [];
const posted: PembukuanUpdate[] = [];
let postAnswer: () => Response = () => HttpResponse.json({});

const statsOf = (list: PembukuanRow[]): PembukuanStats => {
  const totalProfit = list.reduce((sum, r) => sum + r.margin, 0);
  return {
    totalTransactions: list.length,
    profitableTransactions: list.filter((r) => r.margin > 0).length,
    totalProfit,
    averageProfit: list.length ? totalProfit / list.length : 0,
    totalQuantity: list.reduce((sum, r) => sum + r.quantity, 0),
    totalPurchaseValue: 0,
    totalSellingValue: 0,
    totalDiscountValue: 0,
    productProfits: list
      .map((r) => ({ name: r.name, code: r.code, total_profit: r.margin }))
      .sort((a, b) => b.total_profit - a.total_profit),
  };
};

const server = setupServer(
  http.get('*/api/pembukuan', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    listQueries.push(query);
    const search = (query.search ?? '').toLowerCase();
    const found = rows.filter(
      (r) =>
        (!query.startDate || r.date >= query.startDate) &&
        (!query.endDate || r.date <= query.endDate) &&
        (!search || `${r.name} ${r.code} ${r.resi_number}`.toLowerCase().includes(search)),
    );
    const limit = Number(query.limit ?? 10);
    const page = Number(query.page ?? 1);
    return HttpResponse.json({
      data: found.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) },
    });
  }),
  http.get('*/api/pembukuan/stats', ({ request }) => {
    statsQueries.push(Object.fromEntries(new URL(request.url).searchParams));
    return HttpResponse.json(stats);
  }),
  http.post('*/api/pembukuan', async ({ request }) => {
    posted.push((await request.json()) as PembukuanUpdate);
    return postAnswer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  rows = [
    row(1),
    row(2, { name: 'Topi Rugi', margin: -3000, selling_price: 38000, discount: 0 }),
    row(3, { name: 'Belum Dihargai', purchase_price: 0, selling_price: 0, discount: 0, margin: 0 }),
  ];
  stats = statsOf(rows);
});
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  statsQueries.length = 0;
  posted.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderPage(route = '/pembukuan') {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'Budi Manager', role: 'manager' },
    }),
  );
  return renderWithProviders(<PembukuanPage />, { store, route });
}

const table = () => screen.getByRole('table', { name: 'Pembukuan' });
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });
const card = (title: string) => screen.getByRole('group', { name: title });
const headline = () =>
  screen.getByText(
    (_, element) =>
      element?.tagName === 'P' && (element.textContent ?? '').startsWith('Total Keuntungan:'),
  );
const expectHeadline = (text: string) =>
  waitFor(() => expect(headline()).toHaveTextContent(`Total Keuntungan: ${text}`));

/** Saves every downloaded file instead of opening it. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let pending: Blob | undefined;
  URL.createObjectURL = jest.fn((blob: Blob) => {
    pending = blob;
    return 'blob:pembukuan';
  });
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ name: this.download, blob: pending });
  });
  return files;
}

describe('PembukuanPage', () => {
  it('asks for the default window and shows the headline, the four cards and the per-product profits', async () => {
    rows = [...rows, ...[4, 5, 6, 7].map((id) => row(id, { margin: 1000 * id }))];
    stats = statsOf(rows);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Pembukuan' })).toBeInTheDocument();
    await expectHeadline('Rp 44.000');
    expect(listQueries[0]).toEqual({
      startDate: DEFAULT_START,
      endDate: DEFAULT_END,
      page: '1',
      limit: '10',
    });
    expect(statsQueries[0]).toEqual({ startDate: DEFAULT_START, endDate: DEFAULT_END });
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveValue(DEFAULT_START);
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveValue(DEFAULT_END);

    expect(card('Total Keuntungan')).toHaveTextContent('Rp 44.000');
    expect(card('Total Keuntungan')).toHaveAttribute('data-tone', 'green');
    expect(card('Transaksi Menguntungkan')).toHaveTextContent('5dari 7 transaksi');
    expect(card('Total Transaksi')).toHaveTextContent('7');
    expect(card('Total Transaksi')).toHaveTextContent('14 unit terjual');
    expect(card('Rata-rata Keuntungan')).toHaveTextContent('Rp 6.285,71');

    const perProduct = screen.getByRole('region', { name: 'Total Keuntungan Per Produk' });
    const products = within(perProduct).getAllByRole('group');
    expect(products).toHaveLength(6);
    expect(products[0]).toHaveAccessibleName('Kaos 1');
    expect(products[0]).toHaveTextContent('Rp 25.000KP-001');
    // The seventh (the loss, smallest) is not among the first six.
    expect(within(perProduct).queryByRole('group', { name: 'Topi Rugi' })).not.toBeInTheDocument();
  });

  it('shows each transaction with the quantity negative and the margin coloured, or a dash', async () => {
    rows = [...rows, row(4, { name: 'Bersen', selling_price: 55000.5, margin: 25001 })];
    renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    const headers = within(table())
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Tanggal',
      'Kode',
      'Nama Produk',
      'Kategori',
      'Merk',
      'Jumlah Keluar',
      'No. Resi',
      'Harga Beli',
      'Harga Jual',
      'Potongan',
      'Margin',
      'Biaya Marketplace',
      'Laba Setelah Biaya',
      'Aksi',
    ]);
    const [y, m, d] = today.split('-');
    const first = rowOf('Kaos 1');
    expect(first).toHaveTextContent(`${Number(d)}/${Number(m)}/${y}`);
    expect(within(first).getByText('-2')).toBeInTheDocument();
    expect(within(first).getByText('Rp 40.000')).toBeInTheDocument();
    expect(within(first).getByText('Rp 55.000')).toBeInTheDocument();
    expect(within(first).getByText('Rp 2.500')).toBeInTheDocument();
    expect(within(first).getByText('Rp 25.000')).toHaveAttribute('data-tone', 'green');
    expect(within(first).getByText('Rp 25.000')).toHaveStyle({ color: '#15803d' });
    const loss = within(rowOf('Topi Rugi')).getByText('-Rp 3.000');
    expect(loss).toHaveAttribute('data-tone', 'red');
    expect(loss).toHaveStyle({ color: '#dc2626' });
    // Whole amounts without ',00'; cents when there are any.
    expect(within(rowOf('Bersen')).getByText('Rp 55.000,50')).toBeInTheDocument();
    const cells = within(rowOf('Belum Dihargai')).getAllByRole('cell');
    expect(cells[10]).toHaveTextContent(/^-$/);
    expect(within(cells[10] as HTMLElement).getByText('-')).toHaveAttribute('data-tone', 'grey');
  });

  it("gives the product's name the room of the columns' gaps, at most three lines with the whole name as its title (issue 42 c11)", async () => {
    rows = [row(1), row(2, { name: 'KabelDataUsbCKeLightningFastCharging20WNylonBraided2Meter' })];
    renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    const name = within(rowOf('Kaos 1')).getByText('Kaos 1');
    expect(name).toHaveAttribute('title', 'Kaos 1');
    // A name longer than its column never widens the table past its frame: it breaks where it
    // must, three lines at most, the rest cut (the title holds it whole).
    const long = within(rowOf('KabelDataUsb')).getByTitle(
      'KabelDataUsbCKeLightningFastCharging20WNylonBraided2Meter',
    );
    expect(long).toHaveStyle({ overflowWrap: 'anywhere', overflow: 'hidden' });
    expect(within(rowOf('KabelDataUsb')).getByTitle('Pakaian')).toBeInTheDocument();
    expect(within(rowOf('KabelDataUsb')).getByTitle('Gudang')).toBeInTheDocument();
    // 6 px between columns (fourteen of them at 1366 px), the kit's 12 px at the outer edges.
    const cells = within(rowOf('Kaos 1')).getAllByRole('cell');
    expect(cells[2]).toHaveStyle({ paddingLeft: '3px', paddingRight: '3px' });
    expect(cells[0]).toHaveStyle({ paddingLeft: '12px', paddingRight: '3px' });
    expect(cells[13]).toHaveStyle({ paddingLeft: '3px', paddingRight: '12px' });
    const header = within(table()).getByRole('columnheader', { name: 'Nama Produk' });
    expect(header).toHaveStyle({ paddingLeft: '3px', paddingRight: '3px' });
    expect(table()).toHaveStyle({ fontSize: '12px' });
    expect(header).toHaveStyle({ fontSize: '11px', letterSpacing: '0' });
  });

  it('shows the returned units under the quantity, beside the margin of the units kept (issue 42 m7)', async () => {
    rows = [
      row(7, { name: 'Tunik Retur', quantity: 2, returned_quantity: 1, margin: 40500 }),
      row(8, { name: 'Hijab Retur', quantity: 3, returned_quantity: 3, margin: 0 }),
    ];
    const files = captureDownloads();
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Tunik Retur/ });
    const tunik = rowOf('Tunik Retur');
    expect(within(tunik).getByText('-2')).toBeInTheDocument();
    expect(within(tunik).getByText('Retur 1')).toBeInTheDocument();
    expect(within(rowOf('Hijab Retur')).getByText('Retur 3')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await screen.findByText('Data pembukuan berhasil diexport ke Excel');
    const [file] = files;
    if (!file) throw new Error('no file');
    const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), { type: 'array' });
    const sheet = book.Sheets.Pembukuan;
    if (!sheet) throw new Error('no sheet');
    const lines = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, {
      header: 1,
      defval: null,
    });
    expect([lines[0]?.[5], lines[0]?.[11]]).toEqual(['Jumlah Keluar', 'Jumlah Retur']);
    expect([lines[1]?.[5], lines[1]?.[11]]).toEqual([2, 1]);
    expect([lines[2]?.[5], lines[2]?.[11]]).toEqual([3, 3]);

    // The edit's margin preview counts the kept units only: (55.000 - 2.500 - 40.000) x 1.
    await user.click(within(tunik).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Harga Transaksi' });
    expect(
      within(dialog).getByText(/Retur 1, margin dari 1 unit yang tidak diretur/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Rp 12\.500/)).toBeInTheDocument();
  });

  it("shows a sale 'Dana dikembalikan' with its refunded units at margin 0 and their cost as the loss (issue 46)", async () => {
    rows = [
      // 3 units, 1 refunded: margin (55.000 - 2.500 - 40.000) x 2 = 25.000; loss 40.000.
      row(21, {
        name: 'Kaos Refund',
        quantity: 3,
        returned_quantity: 0,
        refunded_quantity: 1,
        sale_status: 'dana_dikembalikan',
        margin: 25000,
        refund_loss: 40000,
        marketplace_fee: 5000,
        profit_after_fees: -20000,
        settled: true,
        fee_estimated: false,
      }),
      // The whole order refunded: margin 0 (a dash), loss 2 x 40.000.
      row(22, {
        name: 'Topi Refund',
        quantity: 2,
        returned_quantity: 0,
        refunded_quantity: 2,
        sale_status: 'dana_dikembalikan',
        margin: 0,
        refund_loss: 80000,
        marketplace_fee: 0,
        profit_after_fees: -80000,
        settled: true,
        fee_estimated: false,
      }),
      row(23, {
        name: 'Kaos Terjual',
        sale_status: 'terjual',
        refunded_quantity: 0,
        refund_loss: 0,
        marketplace_fee: 0,
        profit_after_fees: 25000,
        settled: true,
        fee_estimated: false,
      }),
    ];
    // Profit 25.000 + 0 + 25.000 = 50.000; fees 5.000; loss 120.000: 50.000 - 5.000 - 120.000.
    stats = {
      ...statsOf(rows),
      totalFees: 5000,
      feePercent: 2,
      profitAfterFees: -75000,
      refundedTransactions: 2,
      totalRefundedQuantity: 3,
      totalRefundLoss: 120000,
    };
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos Refund/ });
    const margin = (name: string) => within(rowOf(name)).getAllByRole('cell')[10] as HTMLElement;
    const refunded = rowOf('Kaos Refund');
    expect(within(refunded).getByText('Dana dikembalikan 1')).toBeInTheDocument();
    expect(margin('Kaos Refund')).toHaveTextContent(/^Rp 25\.000Kerugian Rp 40\.000$/);
    expect(within(rowOf('Topi Refund')).getByText('Dana dikembalikan 2')).toBeInTheDocument();
    expect(margin('Topi Refund')).toHaveTextContent(/^-Kerugian Rp 80\.000$/);
    expect(within(rowOf('Kaos Terjual')).queryByText(/Dana dikembalikan/)).toBeNull();
    expect(margin('Kaos Terjual')).toHaveTextContent(/^Rp 25\.000$/);

    // The edit's margin preview leaves the refunded unit out: (55.000 - 2.500 - 40.000) x 2.
    await user.click(within(refunded).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Harga Transaksi' });
    expect(
      within(dialog).getByText(
        /Dana dikembalikan 1, margin dari 2 unit yang tidak diretur dan tidak dikembalikan dananya/,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Rp 25\.000/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));

    await expectHeadline('Rp 50.000');
    const loss = card('Kerugian Dana Dikembalikan');
    expect(loss).toHaveTextContent('Rp 120.000');
    expect(loss).toHaveTextContent('2 transaksi, 3 unit belum kembali');
    expect(card('Laba Setelah Biaya')).toHaveTextContent('-Rp 75.000');
    expect(card('Laba Setelah Biaya')).toHaveTextContent(
      'Total Keuntungan dikurangi biaya marketplace dan kerugian dana dikembalikan',
    );
  });

  /** The server's row of the sales of no marketplace order. */
  const HAND_SALES = {
    channel: 'manual',
    store_id: null,
    store: null,
    sales: 30000,
    fees: 0,
    fee_percent: 0,
    profit_after_fees: 4000,
  };

  it('shows the fees per marketplace and store of the range (issue 45)', async () => {
    stats = {
      ...statsOf(rows),
      totalFees: 7000,
      feePercent: 10,
      profitAfterFees: 15000,
      feesByChannel: [
        {
          channel: 'shopee',
          store_id: 1,
          store: 'Toko Utama',
          sales: 50000,
          fees: 6000,
          fee_percent: 12,
          profit_after_fees: 9000,
        },
        HAND_SALES,
        {
          channel: 'tiktok',
          store_id: 2,
          store: 'Toko Kedua',
          sales: 20000,
          fees: 1000,
          fee_percent: 5,
          profit_after_fees: -500,
        },
        // Every unit refunded: fees on no sales are no share of them ('-', not '0%').
        {
          channel: 'lazada',
          store_id: 3,
          store: 'Toko Ketiga',
          sales: 0,
          fees: 2000,
          fee_percent: 0,
          profit_after_fees: -2000,
        },
      ],
    };
    renderPage();
    const table = await screen.findByRole('table', { name: 'Biaya Marketplace per Toko' });
    const shopee = within(table).getByRole('row', { name: /Toko Utama/ });
    expect(shopee).toHaveTextContent(/Shopee.*Toko Utama.*Rp 50\.000.*Rp 6\.000.*12.*%.*Rp 9\.000/);
    const tiktok = within(table).getByRole('row', { name: /Toko Kedua/ });
    expect(tiktok).toHaveTextContent(/TikTok.*Toko Kedua.*Rp 20\.000.*Rp 1\.000.*5.*%.*-Rp 500/);
    const hand = within(table).getByRole('row', { name: /Penjualan Langsung/ });
    expect(hand).toHaveTextContent(/Penjualan Langsung.*-.*Rp 30\.000.*Rp 0.*0.*%.*Rp 4\.000/);
    const lazada = within(table).getByRole('row', { name: /Toko Ketiga/ });
    const cells = within(lazada).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Lazada',
      'Toko Ketiga',
      'Rp 0',
      'Rp 2.000',
      '-',
      '-Rp 2.000',
    ]);
  });

  it('shows no per-store fees table when no sale belongs to a marketplace order', async () => {
    // The server's one row of hand sales ('manual') alone is no table either.
    stats = {
      ...statsOf(rows),
      feesByChannel: [HAND_SALES],
    };
    renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    expect(screen.queryByRole('table', { name: 'Biaya Marketplace per Toko' })).toBeNull();
  });

  it('shows no refund card while nothing is refunded', async () => {
    renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    await expectHeadline('Rp 22.000');
    expect(screen.queryByRole('group', { name: 'Kerugian Dana Dikembalikan' })).toBeNull();
  });

  it('says when the range holds no transactions', async () => {
    rows = [];
    stats = statsOf(rows);
    renderPage();
    expect(await screen.findByText('Tidak ada data pembukuan')).toBeInTheDocument();
    await expectHeadline('Rp 0');
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
    expect(
      screen.queryByRole('region', { name: 'Total Keuntungan Per Produk' }),
    ).not.toBeInTheDocument();
  });

  it('filters by the dates, starting again at page 1', async () => {
    rows = [row(1, { date: addDaysIso(today, -3) }), row(2, { date: today, name: 'Topi' })];
    renderPage('/pembukuan?page=1&limit=20');
    await screen.findByRole('row', { name: /Kaos 1/ });
    fireEvent.change(screen.getByLabelText('Tanggal Mulai'), {
      target: { value: addDaysIso(today, -1) },
    });
    await waitFor(() =>
      expect(within(table()).queryByRole('row', { name: /Kaos 1/ })).not.toBeInTheDocument(),
    );
    expect(rowOf('Topi')).toBeInTheDocument();
    expect(listQueries.at(-1)).toEqual({
      startDate: addDaysIso(today, -1),
      endDate: DEFAULT_END,
      page: '1',
      limit: '20',
    });
    expect(statsQueries.at(-1)).toEqual({ startDate: addDaysIso(today, -1), endDate: DEFAULT_END });

    // An end before the start is refused on the spot, without a request.
    const before = listQueries.length;
    fireEvent.change(screen.getByLabelText('Tanggal Akhir'), {
      target: { value: addDaysIso(today, -2) },
    });
    expect(
      await screen.findByText('Tanggal mulai tidak boleh setelah tanggal akhir'),
    ).toBeInTheDocument();
    expect(listQueries).toHaveLength(before);
    expect(screen.getByRole('button', { name: 'Export Excel' })).toBeDisabled();
  });

  it('searches by product with the debounced search box', async () => {
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    await user.type(screen.getByRole('searchbox', { name: 'Cari produk...' }), 'topi');
    await waitFor(() => expect(listQueries.at(-1)?.search).toBe('topi'), SLOW);
    await waitFor(
      () => expect(within(table()).getAllByRole('row')).toHaveLength(2), // header + Topi Rugi
    );
  });

  it('shows the quantity of the transaction being edited in id-ID', async () => {
    rows = [row(1, { quantity: 1500, margin: 25000 * 750 })];
    stats = statsOf(rows);
    const { user } = renderPage();
    await user.click(
      within(await screen.findByRole('row', { name: /Kaos 1/ })).getByRole('button', {
        name: 'Edit',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    expect(dialog).toHaveTextContent('JNE-1 · 1.500 unit');
    expect(within(rowOf('Kaos 1')).getByText('-1.500')).toBeInTheDocument();
  });

  it('closes Edit Harga Transaksi at once when untouched, and asks before a typed price goes', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderPage();
    await expectHeadline('Rp 22.000');
    const open = async () => {
      await user.click(within(rowOf('Kaos 1')).getByRole('button', { name: 'Edit' }));
      return screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    };
    await user.click(within(await open()).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirm).not.toHaveBeenCalled();

    const dialog = await open();
    await user.type(within(dialog).getByLabelText('Harga Jual'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(confirm).toHaveBeenCalledWith(MODAL_TEXTS.discard);
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(confirm).toHaveBeenCalledTimes(2);
    confirm.mockReturnValue(true);
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('edits the prices of one transaction: read-only id, the note, the save and the refresh', async () => {
    postAnswer = () => {
      const changed = row(1, { selling_price: 60000, discount: 0, margin: 40000 });
      rows = rows.map((r) => (r.id === 1 ? changed : r));
      stats = statsOf(rows);
      return HttpResponse.json({ message: 'Data pembukuan berhasil diperbarui', data: changed });
    };
    const { user } = renderPage();
    await expectHeadline('Rp 22.000');
    await user.click(within(rowOf('Kaos 1')).getByRole('button', { name: 'Edit' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    expect(within(dialog).getByLabelText('ID Transaksi')).toHaveValue('1');
    expect(within(dialog).getByLabelText('ID Transaksi')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Harga Beli')).toHaveValue('40.000');
    expect(within(dialog).getByLabelText('Harga Jual')).toHaveValue('55.000');
    expect(within(dialog).getByLabelText('Potongan')).toHaveValue('2.500');
    expect(dialog).toHaveTextContent('Perubahan harga hanya berlaku untuk transaksi ini.');
    expect(dialog).toHaveTextContent('Margin transaksi ini: Rp 25.000');

    await user.clear(within(dialog).getByLabelText('Harga Jual'));
    await user.type(within(dialog).getByLabelText('Harga Jual'), '60.000');
    await user.clear(within(dialog).getByLabelText('Potongan'));
    expect(dialog).toHaveTextContent('Margin transaksi ini: Rp 40.000');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));

    expect(await screen.findByText('Data pembukuan berhasil diperbarui')).toBeInTheDocument();
    expect(posted).toEqual([
      { outgoing_goods_id: 1, purchase_price: 40000, selling_price: 60000, discount: 0 },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list and the stats are read again: the new margin and the new headline.
    await expectHeadline('Rp 37.000');
    const margin = within(rowOf('Kaos 1')).getAllByRole('cell')[10] as HTMLElement;
    expect(within(margin).getByText('Rp 40.000')).toHaveAttribute('data-tone', 'green');
  });

  it('refuses a discount above the selling price at its field, without a request', async () => {
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    await user.click(within(rowOf('Kaos 1')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    await user.clear(within(dialog).getByLabelText('Harga Jual'));
    await user.type(within(dialog).getByLabelText('Harga Jual'), '50.000');
    await user.clear(within(dialog).getByLabelText('Potongan'));
    await user.type(within(dialog).getByLabelText('Potongan'), '50.001');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Potongan')).toHaveAccessibleDescription(
      'Potongan tidak boleh melebihi Harga Jual',
    );
    expect(posted).toEqual([]);
    // The whole price is a giveaway: taken.
    await user.clear(within(dialog).getByLabelText('Potongan'));
    await user.type(within(dialog).getByLabelText('Potongan'), '50.000');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Data pembukuan berhasil diperbarui')).toBeInTheDocument();
    expect(posted).toHaveLength(1);
  });

  it('refuses prices that are missing or not written the Indonesian way, without a request', async () => {
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    await user.click(within(rowOf('Kaos 1')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    await user.clear(within(dialog).getByLabelText('Harga Beli'));
    await user.clear(within(dialog).getByLabelText('Harga Jual'));
    await user.type(within(dialog).getByLabelText('Harga Jual'), '12.5');
    await user.type(within(dialog).getByLabelText('Potongan'), '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(within(dialog).getByLabelText('Harga Beli')).toHaveAccessibleDescription('Wajib diisi');
    expect(within(dialog).getByLabelText('Harga Jual')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Potongan')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog).toHaveTextContent('Margin transaksi ini: -');
    expect(posted).toEqual([]);
  });

  it("shows the server's message when the save is refused, else 'Gagal memperbarui pembukuan'", async () => {
    postAnswer = () =>
      HttpResponse.json({ message: 'Data barang keluar tidak ditemukan' }, { status: 404 });
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos 1/ });
    await user.click(within(rowOf('Kaos 1')).getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Harga Transaksi' });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Data barang keluar tidak ditemukan')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Harga Transaksi' })).toBeInTheDocument();

    postAnswer = () => HttpResponse.json({}, { status: 500 });
    await user.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Gagal memperbarui pembukuan')).toBeInTheDocument();
    expect(posted).toHaveLength(2);
  });

  it('exports every row of the range and the search to Excel, dates as dates, money as numbers, with the total profit last', async () => {
    // More rows than one page of the largest page size: the export reads them all. The search
    // filters the file as it filters the table, as List Order's export does.
    rows = [
      ...Array.from({ length: 130 }, (_, index) =>
        row(index + 1, { margin: index === 0 ? 0.1 : index === 1 ? 0.2 : 1000 }),
      ),
      row(500, { name: 'Topi Lain', margin: 99999 }),
    ];
    stats = statsOf(rows);
    const files = captureDownloads();
    const { user } = renderPage('/pembukuan?search=kaos');
    await screen.findByRole('row', { name: /Kaos 1 / });
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));

    expect(
      await screen.findByText('Data pembukuan berhasil diexport ke Excel'),
    ).toBeInTheDocument();
    expect(files.map((file) => file.name)).toEqual([
      `pembukuan-${DEFAULT_START}-${DEFAULT_END}.xlsx`,
    ]);
    const exportQueries = listQueries.filter((query) => query.limit === '100');
    expect(exportQueries.map((query) => query.page)).toEqual(['1', '2']);
    expect(exportQueries.every((query) => query.search === 'kaos')).toBe(true);

    const [file] = files;
    if (!file) throw new Error('no file');
    const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), {
      type: 'array',
      cellNF: true,
    });
    expect(book.SheetNames).toEqual(['Pembukuan']);
    const sheet = book.Sheets.Pembukuan;
    if (!sheet) throw new Error('no sheet');
    const lines = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, {
      header: 1,
      defval: null,
    });
    expect(lines[0]).toEqual([
      'Tanggal',
      'Kode',
      'Nama Produk',
      'Kategori',
      'Merk',
      'Jumlah Keluar',
      'No. Resi',
      'Harga Beli',
      'Harga Jual',
      'Potongan',
      'Margin',
      'Jumlah Retur',
      'Biaya Marketplace',
      'Laba Setelah Biaya',
      'Status Biaya',
      'Jumlah Dana Dikembalikan',
      'Kerugian Dana Dikembalikan',
    ]);
    expect(lines).toHaveLength(1 + 130 + 1);
    // A real date cell: a serial day shown d/m/yyyy, which a spreadsheet sorts as a date.
    expect(sheet.A2).toMatchObject({ t: 'n', v: serialDate(today), z: 'd/m/yyyy' });
    // SheetJS reads a date-formatted cell back as the Date of that calendar day (UTC midnight).
    expect(lines[1]).toEqual([
      new Date(`${today}T00:00:00.000Z`),
      'KP-001',
      'Kaos 1',
      'Pakaian',
      'Gudang',
      2,
      'JNE-1',
      40000,
      55000,
      2500,
      0.1,
      0,
      // A server without issue 45's and 46's fields: the fee and refund columns are empty.
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(sheet.H2).toMatchObject({ t: 'n', v: 40000 });
    expect(sheet.K2).toMatchObject({ t: 'n', v: 0.1 });
    // 0.1 + 0.2 + 128 x 1000, added exactly.
    expect(lines[131]).toEqual([
      'Total Keuntungan',
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      128000.3,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(sheet.K132).toMatchObject({ t: 'n', v: 128000.3 });
  });

  it("shows each sale's marketplace fee and the profit after it: settled, 'Belum cair' estimated, or none for a hand sale", async () => {
    rows = [
      row(11, {
        name: 'Kaos Cair',
        marketplace_fee: 6250.5,
        profit_after_fees: 18749.5,
        settled: true,
        fee_estimated: false,
      }),
      // An estimate with cents: shown in whole rupiah, exported exactly.
      row(12, {
        name: 'Kaos Belum Cair',
        marketplace_fee: 5000.4,
        profit_after_fees: 19999.6,
        settled: false,
        fee_estimated: true,
      }),
      row(13, {
        name: 'Jual Langsung',
        marketplace_fee: null,
        profit_after_fees: 25000,
        settled: false,
        fee_estimated: false,
      }),
      row(14, {
        name: 'Rugi Setelah Biaya',
        margin: 1000,
        marketplace_fee: 3000,
        profit_after_fees: -2000,
        settled: true,
        fee_estimated: false,
      }),
    ];
    // Fees 6.250,50 + 5.000,40 + 3.000 = 14.250,90 of sales 330.000: 4,32%; profit 76.000 - that.
    stats = {
      ...statsOf(rows),
      totalSellingValue: 330000,
      totalFees: 14250.9,
      feePercent: 4.32,
      profitAfterFees: 61749.1,
    };
    const files = captureDownloads();
    const { user } = renderPage();
    await screen.findByRole('row', { name: /Kaos Cair/ });
    const fee = (name: string) => within(rowOf(name)).getAllByRole('cell')[11] as HTMLElement;
    const after = (name: string) => within(rowOf(name)).getAllByRole('cell')[12] as HTMLElement;

    expect(fee('Kaos Cair')).toHaveTextContent(/^Rp 6\.250,50$/);
    expect(after('Kaos Cair')).toHaveTextContent(/^Rp 18\.749,50$/);
    expect(within(after('Kaos Cair')).getByText('Rp 18.749,50')).toHaveAttribute(
      'data-tone',
      'green',
    );
    // Not settled yet: the store's estimate, marked as one.
    expect(fee('Kaos Belum Cair')).toHaveTextContent(/^≈ Rp 5\.000Belum cair · perkiraan$/);
    expect(within(fee('Kaos Belum Cair')).getByText(/≈ Rp 5\.000/)).toHaveAttribute(
      'data-fee',
      'estimated',
    );
    expect(after('Kaos Belum Cair')).toHaveTextContent(/^≈ Rp 20\.000$/);
    // A hand sale has no marketplace fee: a dash, its profit the margin.
    expect(fee('Jual Langsung')).toHaveTextContent(/^-$/);
    expect(after('Jual Langsung')).toHaveTextContent(/^Rp 25\.000$/);
    // A margin eaten by the fee: red.
    expect(within(after('Rugi Setelah Biaya')).getByText('-Rp 2.000')).toHaveAttribute(
      'data-tone',
      'red',
    );

    expect(card('Total Biaya Marketplace')).toHaveTextContent('Rp 14.250,90');
    expect(card('Biaya (% penjualan)')).toHaveTextContent('4,32%dari penjualan Rp 330.000');
    expect(card('Laba Setelah Biaya')).toHaveTextContent('Rp 61.749,10');
    expect(card('Laba Setelah Biaya')).toHaveAttribute('data-tone', 'green');

    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    await screen.findByText('Data pembukuan berhasil diexport ke Excel');
    const [file] = files;
    if (!file) throw new Error('no file');
    const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), { type: 'array' });
    const sheet = book.Sheets.Pembukuan;
    if (!sheet) throw new Error('no sheet');
    const lines = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet, {
      header: 1,
      defval: null,
    });
    expect(lines.map((line) => line.slice(12, 15))).toEqual([
      ['Biaya Marketplace', 'Laba Setelah Biaya', 'Status Biaya'],
      [6250.5, 18749.5, 'Sudah cair'],
      [5000.4, 19999.6, 'Belum cair (perkiraan)'],
      [null, 25000, null],
      [3000, -2000, 'Sudah cair'],
      // 6.250,50 + 5.000,40 + 3.000; 18.749,50 + 19.999,60 + 25.000 - 2.000.
      [14250.9, 61749.1, null],
    ]);
  });

  it('shows the fee columns in the cards of a phone', async () => {
    rows = [
      row(12, {
        name: 'Kaos Belum Cair',
        marketplace_fee: 5000,
        profit_after_fees: 20000,
        settled: false,
        fee_estimated: true,
      }),
    ];
    const restore = setViewportWidth(375);
    try {
      renderPage();
      const cards = await screen.findByRole('list', { name: 'Pembukuan' });
      const [only] = within(cards).getAllByRole('listitem');
      expect(only).toHaveTextContent('Biaya Marketplace≈ Rp 5.000Belum cair · perkiraan');
      expect(only).toHaveTextContent('Laba Setelah Biaya≈ Rp 20.000');
    } finally {
      restore();
    }
  });

  it('says plainly that the headline and cards cover every product, whatever the search', async () => {
    renderPage('/pembukuan?search=topi');
    const period = `${formatDate(DEFAULT_START)} - ${formatDate(DEFAULT_END)}`;
    const scope = await screen.findByText(/^Ringkasan untuk semua produk/);
    expect(scope).toHaveTextContent(
      `Ringkasan untuk semua produk, periode ${period}. ` +
        'Pencarian "topi" hanya menyaring tabel dan Export Excel.',
    );
    await waitFor(() => expect(statsQueries.length).toBeGreaterThan(0));
    expect(statsQueries.every((query) => query.search === undefined)).toBe(true);
  });

  it('becomes one card per transaction on a phone', async () => {
    const restore = setViewportWidth(375);
    try {
      renderPage();
      const cards = await screen.findByRole('list', { name: 'Pembukuan' });
      expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
      expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent('Nama ProdukTopi Rugi');
    } finally {
      restore();
    }
  });
});
