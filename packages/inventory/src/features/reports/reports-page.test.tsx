import { makeStore, signedIn } from '@gudang/api-client';
import type { ReportResponse, Role } from '@gudang/api-client';
import { addDaysIso, formatDate, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation, useNavigate } from 'react-router-dom';
import { ReportsPage } from './reports-page';

const EMPTY: ReportResponse = { stockReport: [], incomingReport: [], outgoingReport: [] };

const stockReport: ReportResponse = {
  ...EMPTY,
  stockReport: [
    {
      code: 'KP-001',
      name: 'Kopi "Gayo", 1kg',
      category: 'Minuman',
      brand: '=HYPERLINK("http://evil.test")',
      stock_at_start: 1200,
      total_incoming: 30,
      total_outgoing: 5,
      total_returned: 2,
      total_adjusted: -3,
      calculated_stock: 1224,
    },
  ],
};

const incomingReport: ReportResponse = {
  ...EMPTY,
  incomingReport: [
    {
      date: '2026-03-05',
      product_code: 'TH-002',
      product_name: 'Teh Melati',
      category: 'Minuman',
      brand: 'Sosro',
      quantity: 12,
      platform: 'Shopee',
      resi_number: 'SPX123',
    },
  ],
};

let answer: ReportResponse = stockReport;
const requests: URLSearchParams[] = [];

const server = setupServer(
  http.get('*/api/reports', ({ request }) => {
    requests.push(new URL(request.url).searchParams);
    return HttpResponse.json(answer);
  }),
  // The stock report on screen: the server's pages of the same rows.
  http.get('*/api/reports/stock', ({ request }) => {
    const params = new URL(request.url).searchParams;
    requests.push(params);
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const rows = answer.stockReport;
    return HttpResponse.json({
      data: rows.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  answer = stockReport;
  requests.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderAs(role: Role, route = '/reports') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  return renderWithProviders(
    <>
      <ReportsPage />
      <Url />
    </>,
    { store, route },
  );
}

function Url() {
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="url">{useLocation().search}</output>
      <button onClick={() => void navigate(-1)}>back</button>
    </>
  );
}
const url = () => screen.getByRole('status', { name: 'url' });

const lastRequest = () => Object.fromEntries(requests[requests.length - 1] ?? []);

describe('ReportsPage', () => {
  it('loads the stock report of 7 days before to 7 days after today and shows its columns', async () => {
    renderAs('admin');
    const table = await screen.findByRole('table', { name: 'Laporan Stok' });
    const row = await within(table).findByRole('row', { name: /KP-001/ });
    const today = todayIso();
    // The screen's stock report: the server's first page (GET /api/reports/stock).
    expect(lastRequest()).toEqual({
      startDate: addDaysIso(today, -7),
      endDate: addDaysIso(today, 7),
      includeEmpty: 'true',
      page: '1',
      limit: '50',
    });
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveValue(addDaysIso(today, -7));
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveValue(addDaysIso(today, 7));
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Kode',
      'Nama Barang',
      'Kategori',
      'Merk',
      'Stok Awal',
      'Masuk',
      'Keluar',
      'Retur',
      'Penyesuaian',
      'Stok Akhir',
    ]);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'KP-001',
      'Kopi "Gayo", 1kg',
      'Minuman',
      '=HYPERLINK("http://evil.test")',
      '1.200',
      '30',
      '5',
      '2',
      '-3',
      '1.224',
    ]);
    // Category and brand wrap between words; mid-word only when one word alone is wider than the
    // line, which a table column never is (WholeWords).
    expect(within(row).getByText('Minuman')).toHaveStyle({
      overflowWrap: 'break-word',
      wordBreak: 'normal',
    });
  });

  it('reloads when the type or a date changes', async () => {
    const { user } = renderAs('manager');
    await screen.findByRole('row', { name: /KP-001/ });

    answer = incomingReport;
    await user.selectOptions(screen.getByLabelText('Jenis Laporan'), 'Laporan Barang Masuk');
    const table = await screen.findByRole('table', { name: 'Laporan Barang Masuk' });
    const row = await within(table).findByRole('row', { name: /SPX123/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      formatDate('2026-03-05'),
      'TH-002',
      'Teh Melati',
      'Minuman',
      'Sosro',
      '12',
      'Shopee',
      'SPX123',
    ]);
    expect(lastRequest()).toMatchObject({ type: 'incoming' });
    expect(lastRequest()).not.toHaveProperty('includeEmpty');

    fireEvent.change(screen.getByLabelText('Tanggal Mulai'), { target: { value: '2026-01-01' } });
    await waitFor(() => expect(lastRequest()).toMatchObject({ startDate: '2026-01-01' }));
    fireEvent.change(screen.getByLabelText('Tanggal Akhir'), { target: { value: '2026-02-01' } });
    await waitFor(() =>
      expect(lastRequest()).toMatchObject({
        type: 'incoming',
        startDate: '2026-01-01',
        endDate: '2026-02-01',
      }),
    );
  });

  it('does not ask for a reversed period and says why', async () => {
    renderAs('manager');
    await screen.findByRole('row', { name: /KP-001/ });
    const before = requests.length;
    fireEvent.change(screen.getByLabelText('Tanggal Mulai'), {
      target: { value: addDaysIso(todayIso(), 30) },
    });
    expect(
      await screen.findByText('Tanggal mulai tidak boleh setelah tanggal akhir'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    expect(requests).toHaveLength(before);
    // No report was read for that period: not its empty state.
    expect(screen.queryByText('Tidak ada data untuk periode yang dipilih')).toBeNull();
    expect(
      screen.getByText('Perbaiki periode di atas untuk menampilkan laporan'),
    ).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    answer = EMPTY;
    renderAs('manager');
    expect(
      await screen.findByText('Tidak ada data untuk periode yang dipilih'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('says that the report failed to load, not that it is empty, and retries', async () => {
    server.use(
      http.get('*/api/reports/stock', () => HttpResponse.json({}, { status: 500 }), {
        once: true,
      }),
    );
    const { user } = renderAs('manager');
    expect(await screen.findByText('Gagal memuat laporan')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada data untuk periode yang dipilih')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('row', { name: /KP-001/ })).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat laporan')).not.toBeInTheDocument();
  });

  it('exports the on-screen columns as an escaped CSV with a BOM', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    const { user } = renderAs('manager');
    await screen.findByRole('row', { name: /KP-001/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    const today = todayIso();
    expect(names).toEqual([`laporan-stock-${addDaysIso(today, -7)}-${addDaysIso(today, 7)}.csv`]);
    expect(await screen.findByText('Laporan berhasil diunduh')).toBeInTheDocument();
    const [blob] = blobs;
    if (!blob) throw new Error('no file was saved');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFF"Kode","Nama Barang","Kategori","Merk","Stok Awal","Masuk","Keluar","Retur","Penyesuaian","Stok Akhir"\r\n' +
        // A negative adjustment stays a number a spreadsheet sums; typed text is guarded.
        '"KP-001","Kopi ""Gayo"", 1kg","Minuman","\'=HYPERLINK(""http://evil.test"")","1200","30","5","2","-3","1224"\r\n',
    );
  });

  // 120 rows rendered page by page: over jest's default 5 s on a shared, busy machine.
  it('shows a long report a page at a time, and exports every row', async () => {
    const [first] = stockReport.stockReport;
    if (!first) throw new Error('no row');
    answer = {
      ...EMPTY,
      stockReport: Array.from({ length: 120 }, (_, index) => ({
        ...first,
        code: `KP-${String(index + 1).padStart(3, '0')}`,
        brand: 'Kapal Api',
      })),
    };
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderAs('manager');
    const table = await screen.findByRole('table', { name: 'Laporan Stok' });
    await within(table).findByRole('row', { name: /KP-001/ });
    expect(within(table).getAllByRole('row')).toHaveLength(51); // header + 50
    expect(within(table).queryByRole('row', { name: /KP-051/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await within(table).findByRole('row', { name: /KP-051/ })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /KP-001/ })).not.toBeInTheDocument();
    // The server paged it: the screen asked for the second page only.
    expect(lastRequest()).toMatchObject({ page: '2', limit: '50' });

    // The CSV asks for every row (GET /api/reports) when it is made.
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(lastRequest()).toMatchObject({ type: 'stock', includeEmpty: 'true' });
    const [blob] = blobs;
    if (!blob) throw new Error('no file was saved');
    const lines = (await blob.text()).trim().split('\r\n');
    expect(lines).toHaveLength(121); // header + every row
  }, 20_000);

  it('prints a layout with the title, the period and the print date, without the page controls', async () => {
    const seen: {
      onBody: boolean;
      text: string;
      buttons: number;
      heading: boolean;
      headers: (string | null)[];
    }[] = [];
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Laporan Stok' });
      seen.push({
        onBody: sheet.parentElement === document.body,
        text: sheet.textContent ?? '',
        buttons: within(sheet).queryAllByRole('button').length,
        heading: within(sheet).queryByRole('heading', { name: 'Laporan Stok' }) !== null,
        headers: within(sheet)
          .queryAllByRole('columnheader')
          .map((cell) => cell.textContent),
      });
    });
    const { user } = renderAs('manager');
    await screen.findByRole('row', { name: /KP-001/ });
    expect(screen.queryByRole('document', { name: 'Laporan Stok' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Print' }));

    await waitFor(() => expect(seen).toHaveLength(1));
    const today = todayIso();
    const period = `Periode: ${formatDate(addDaysIso(today, -7))} - ${formatDate(addDaysIso(today, 7))}`;
    expect(seen[0]).toMatchObject({ onBody: true, buttons: 0, heading: true });
    expect(seen[0]?.text).toContain(period);
    expect(seen[0]?.text).toMatch(/Dicetak pada: \S+, \d{1,2} \S+ \d{4}/);
    expect(seen[0]?.text).toContain('KP-001');
    // The paper reads the stock formula in the screen's order: Retur and Penyesuaian before Akhir.
    expect(seen[0]?.headers.slice(4)).toEqual([
      'Stok Awal',
      'Masuk',
      'Keluar',
      'Retur',
      'Penyesuaian',
      'Stok Akhir',
    ]);
    // The layout is gone again once the dialog closes.
    expect(screen.queryByRole('document', { name: 'Laporan Stok' })).not.toBeInTheDocument();
  });

  it('asks for one report per date the user typed, not one per keystroke', async () => {
    renderAs('admin');
    await screen.findByRole('row', { name: /KP-001/ });
    expect(requests).toHaveLength(1);
    const start = screen.getByLabelText('Tanggal Mulai');
    // What Chromium's date input sends while '01112026' is typed into dd/mm/yyyy.
    for (const value of ['2026-11-01', '2026-11-01', '0002-11-01', '0020-11-01', '0202-11-01']) {
      fireEvent.change(start, { target: { value } });
    }
    fireEvent.change(start, { target: { value: '2026-11-01' } });
    await waitFor(() => expect(url()).toHaveTextContent('startDate=2026-11-01'));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(lastRequest()).toMatchObject({ startDate: '2026-11-01' });
    // Nothing more arrives later.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(requests).toHaveLength(2);
  });

  it('keeps type and dates in the URL, so reload and Back keep them', async () => {
    answer = incomingReport;
    const { user } = renderAs(
      'manager',
      '/reports?type=incoming&startDate=2026-01-01&endDate=2026-02-01',
    );
    await screen.findByRole('table', { name: 'Laporan Barang Masuk' });
    expect(lastRequest()).toMatchObject({
      type: 'incoming',
      startDate: '2026-01-01',
      endDate: '2026-02-01',
    });
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveValue('2026-01-01');
    answer = stockReport;
    await user.selectOptions(screen.getByLabelText('Jenis Laporan'), 'Laporan Stok');
    expect(url()).toHaveTextContent(/^\?startDate=2026-01-01&endDate=2026-02-01$/);
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByLabelText('Jenis Laporan')).toHaveValue('incoming');
  });

  it('keeps the page and page size in the URL, and starts another report on its first page', async () => {
    const [first] = stockReport.stockReport;
    if (!first) throw new Error('no row');
    answer = {
      ...EMPTY,
      stockReport: Array.from({ length: 45 }, (_, index) => ({
        ...first,
        code: `KP-${String(index + 1).padStart(3, '0')}`,
      })),
    };
    const { user } = renderAs('manager', '/reports?page=2&limit=20');
    const table = await screen.findByRole('table', { name: 'Laporan Stok' });
    expect(await within(table).findByRole('row', { name: /KP-021/ })).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ page: '2', limit: '20' });
    expect(await screen.findByRole('combobox', { name: 'Jumlah item per halaman' })).toHaveValue(
      '20',
    );

    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(url()).toHaveTextContent(/^\?page=3&limit=20$/));
    expect(await within(table).findByRole('row', { name: /KP-041/ })).toBeInTheDocument();
    expect(lastRequest()).toMatchObject({ page: '3', limit: '20' });
    // Back walks to the page before, as on every list.
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(await within(table).findByRole('row', { name: /KP-021/ })).toBeInTheDocument();

    // A new page size starts at page 1; the default size (50) stays out of the URL.
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Jumlah item per halaman' }),
      '50',
    );
    await waitFor(() => expect(url()).toHaveTextContent(/^$/));
    expect(lastRequest()).toMatchObject({ page: '1', limit: '50' });

    // Another type or period starts on its first page.
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Jumlah item per halaman' }),
      '10',
    );
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(url()).toHaveTextContent(/^\?limit=10&page=2$/));
    answer = incomingReport;
    await user.selectOptions(screen.getByLabelText('Jenis Laporan'), 'Laporan Barang Masuk');
    await waitFor(() => expect(url()).toHaveTextContent(/^\?limit=10&type=incoming$/));
    expect(await screen.findByRole('row', { name: /SPX123/ })).toBeInTheDocument();
  });

  it('moves a page past the end of the report to its last page', async () => {
    answer = incomingReport;
    renderAs('manager', '/reports?type=incoming&page=9');
    expect(await screen.findByRole('row', { name: /SPX123/ })).toBeInTheDocument();
    await waitFor(() => expect(url()).toHaveTextContent(/^\?type=incoming$/));
  });

  it('prints long names wrapped, and codes and numbers kept whole', async () => {
    const cells: { name?: string; code?: string; stock?: string; brand?: string } = {};
    jest.spyOn(window, 'print').mockImplementation(() => {
      const sheet = screen.getByRole('document', { name: 'Laporan Stok' });
      const row = within(sheet).getByRole('row', { name: /KP-001/ });
      const [code, name, , brand, stock] = within(row).getAllByRole('cell');
      cells.brand = brand ? getComputedStyle(brand).overflowWrap : undefined;
      cells.name = code && name ? getComputedStyle(name).overflowWrap : undefined;
      cells.code = code ? getComputedStyle(code).whiteSpace : undefined;
      cells.stock = stock ? getComputedStyle(stock).whiteSpace : undefined;
    });
    const { user } = renderAs('manager');
    await screen.findByRole('row', { name: /KP-001/ });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(cells.name).toBe('anywhere'));
    expect(cells).toEqual({
      name: 'anywhere',
      code: 'nowrap',
      stock: 'nowrap',
      brand: 'break-word',
    });
  });
});
