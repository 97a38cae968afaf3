import { makeStore, signedIn } from '@gudang/api-client';
import type { SettingsInput, SettingsResponse } from '@gudang/api-client';
import type {
  MarketplaceStore,
  SettlementCheckRow,
  SettlementRow,
  SettlementSummaryRow,
} from '@gudang/api-client/contract';
import { addDaysIso, todayIso } from '@gudang/shared-ui';
import { renderWithProviders, setViewportWidth } from '@gudang/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router-dom';
import { C1_COLUMNS, SUMMARY_ROWS, checkRow, noFees, settlementRow } from './settlement-fixtures';
import { SettlementsPage } from './settlements-page';

const SLOW = { timeout: 5000 };
jest.setTimeout(20_000);

const today = todayIso();
const DEFAULT_START = addDaysIso(today, -30);

const store = (id: number, overrides: Partial<MarketplaceStore> = {}): MarketplaceStore => ({
  id,
  channel: 'shopee',
  name: 'cbmajwastore',
  buffer: null,
  effective_buffer: 0,
  is_default: true,
  order_count: 3,
  ...overrides,
});

const SETTINGS: SettingsResponse = {
  targetStockDays: 14,
  reserve_unpaid: false,
  buffer_shopee: 0,
  buffer_tiktok: 0,
  buffer_lazada: 0,
  buffer_tokopedia: 0,
  buffer_bigseller: 0,
  settlement_check_days: 14,
  settlement_tolerance_percent: 2,
} as SettingsResponse;

let rows: SettlementRow[] = [];
let summary: SettlementSummaryRow[] = [];
let weekly: SettlementSummaryRow[] = [];
let checks: SettlementCheckRow[] = [];
let settings: SettingsResponse = SETTINGS;
const listQueries: Record<string, string>[] = [];
const summaryQueries: Record<string, string>[] = [];
const checkQueries: Record<string, string>[] = [];
const saved: SettingsInput[] = [];

const paged = <T,>(data: T[], url: URL) => {
  const limit = Number(url.searchParams.get('limit') ?? 10);
  const page = Number(url.searchParams.get('page') ?? 1);
  return {
    data: data.slice((page - 1) * limit, page * limit),
    pagination: { page, limit, total: data.length, totalPages: Math.ceil(data.length / limit) },
  };
};

const server = setupServer(
  http.get('*/api/settlements', ({ request }) => {
    const url = new URL(request.url);
    listQueries.push(Object.fromEntries(url.searchParams));
    return HttpResponse.json(paged(rows, url));
  }),
  http.get('*/api/settlements/summary', ({ request }) => {
    const url = new URL(request.url);
    summaryQueries.push(Object.fromEntries(url.searchParams));
    return HttpResponse.json({
      data: url.searchParams.get('group') === 'week' ? weekly : summary,
    });
  }),
  http.get('*/api/settlements/checks', ({ request }) => {
    const url = new URL(request.url);
    checkQueries.push(Object.fromEntries(url.searchParams));
    return HttpResponse.json(paged(checks, url));
  }),
  http.get('*/api/marketplace-stores', () =>
    HttpResponse.json({
      data: [
        store(3),
        store(5, { name: 'Toko Kedua', is_default: false }),
        store(4, { channel: 'tiktok', name: 'TikTok Shop' }),
        store(6, { channel: 'bigseller', name: 'BigSeller' }),
      ],
    }),
  ),
  http.get('*/api/settings', () => HttpResponse.json(settings)),
  http.put('*/api/settings', async ({ request }) => {
    const body = (await request.json()) as SettingsInput;
    saved.push(body);
    settings = { ...settings, ...body };
    return HttpResponse.json(settings);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  rows = [
    settlementRow(1),
    settlementRow(2, {
      order_number: '260827FDRXQNA9',
      store: 'Toko Kedua',
      store_id: 5,
      price: 50970,
      price_before: 50970,
      fees: { ...noFees(), komisi: -5199, layanan: -4588, proses: -1250, pembayaran: -917 },
      fee_columns: {},
      // The file says 40.016 released: 1.000 more than its money adds up to.
      released: 40016,
      difference: 1000,
      matched_order_id: null,
    }),
  ];
  summary = SUMMARY_ROWS;
  weekly = [];
  checks = [];
  settings = SETTINGS;
});
afterEach(() => {
  server.resetHandlers();
  listQueries.length = 0;
  summaryQueries.length = 0;
  checkQueries.length = 0;
  saved.length = 0;
});
afterAll(() => server.close());

function Url() {
  return <output aria-label="url">{useLocation().search}</output>;
}

function renderPage(route = '/settlements') {
  const reduxStore = makeStore();
  reduxStore.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'Budi Manager', role: 'manager' },
    }),
  );
  return renderWithProviders(
    <>
      <SettlementsPage />
      <Url />
    </>,
    { store: reduxStore, route },
  );
}

const url = () => screen.getByRole('status', { name: 'url' }).textContent ?? '';
const ordersTable = () => screen.getByRole('table', { name: 'Pesanan Cair' });
const rowOf = (text: string) => within(ordersTable()).getByRole('row', { name: new RegExp(text) });

describe('Penghasilan Marketplace: the settled orders', () => {
  it('asks for the last 30 days of releases, page 1 of 10, and shows each order with its breakdown', async () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Penghasilan Marketplace' })).toBeInTheDocument();
    await screen.findByRole('row', { name: /2608235DUJYERU/ }, SLOW);
    expect(listQueries[0]).toEqual({
      startDate: DEFAULT_START,
      endDate: today,
      page: '1',
      limit: '10',
    });
    expect(screen.getByLabelText('Tanggal Mulai')).toHaveValue(DEFAULT_START);
    expect(screen.getByLabelText('Tanggal Akhir')).toHaveValue(today);
    expect(
      within(ordersTable())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'No. Pesanan',
      'Tanggal Dilepas',
      'Harga Produk',
      'Biaya',
      'Dana Dilepas',
      'Selisih',
      'Pesanan Gudang',
      'Aksi',
    ]);

    const first = rowOf('2608235DUJYERU');
    expect(first).toHaveTextContent('Shopee · cbmajwastore');
    expect(first).toHaveTextContent('20/11/2026');
    expect(within(first).getByText('Rp 151.213')).toBeInTheDocument();
    // The four categories with money, with the contract's labels; shipping (0) is left out.
    const fees = within(first).getByRole('list');
    expect(
      within(fees)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Komisi / biaya admin-Rp 15.597',
      'Biaya layanan & program-Rp 13.762',
      'Biaya proses pesanan-Rp 1.250',
      'Biaya pembayaran-Rp 2.752',
    ]);
    // The file's own column names on hover.
    expect(within(fees).getAllByRole('listitem')[1]).toHaveAttribute(
      'title',
      C1_COLUMNS.layanan.join(', '),
    );
    // 15.597 + 13.762 + 1.250 + 2.752 = 33.361, 22,06% of 151.213.
    expect(first).toHaveTextContent('Total Biaya: -Rp 33.361 (22,06% dari harga)');
    expect(within(first).getByText('Rp 117.852')).toBeInTheDocument();
    expect(
      within(first).getByRole('link', { name: /Buka pesanan 2608235DUJYERU/ }),
    ).toHaveAttribute(
      'href',
      '/marketplace-orders?search=2608235DUJYERU&channel=shopee&startDate=2026-09-21&endDate=2026-11-20',
    );

    // The second does not add up: its difference in red, the row marked; no imported order.
    const second = rowOf('260827FDRXQNA9');
    expect(second).toHaveAttribute('data-highlighted', 'true');
    expect(within(second).getByText('Rp 1.000')).toHaveAttribute('data-difference', 'true');
    expect(within(second).getByText('Tanpa pesanan')).toBeInTheDocument();
    expect(within(first).getAllByRole('cell')[5]).toHaveTextContent(/^-$/);
  });

  it('opens Rincian with the file’s column names beside each category', async () => {
    const { user } = renderPage();
    await screen.findByRole('row', { name: /2608235DUJYERU/ }, SLOW);
    await user.click(within(rowOf('2608235DUJYERU')).getByRole('button', { name: 'Rincian' }));
    const dialog = screen.getByRole('dialog', { name: 'Rincian 2608235DUJYERU' });
    expect(dialog).toHaveTextContent('Harga sebelum diskon penjualRp 152.910');
    expect(dialog).toHaveTextContent('Total Biaya-Rp 33.361 (22,06%)');
    const breakdown = within(dialog).getByRole('table', { name: 'Rincian biaya' });
    const lines = within(breakdown)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(lines).toEqual([
      ['Komisi / biaya admin', 'Biaya Administrasi (termasuk PPN 11%)', '-Rp 15.597'],
      [
        'Biaya layanan & program',
        'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E), Biaya Layanan Promo XTRA',
        '-Rp 13.762',
      ],
      ['Biaya proses pesanan', 'Biaya Proses Pesanan', '-Rp 1.250'],
      ['Biaya pembayaran', 'Biaya Pembayaran', '-Rp 2.752'],
      // Shipping nets to 0, but its columns were read: shown, so that nothing is hidden.
      [
        'Ongkos kirim',
        'Ongkos Kirim yang Dibayarkan ke Jasa Kirim, Gratis Ongkir dari Shopee',
        'Rp 0',
      ],
    ]);
    // The footer's Tutup (the header's close button has the same name).
    const close = within(dialog).getAllByRole('button', { name: 'Tutup' }).at(-1);
    if (!close) throw new Error('no Tutup');
    await user.click(close);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps search, channel, store, status and dates in the URL, each back at page 1', async () => {
    const { user } = renderPage();
    await waitFor(() => expect(listQueries.length).toBeGreaterThan(0), SLOW);

    await user.selectOptions(screen.getByLabelText('Channel'), 'shopee');
    await waitFor(() => expect(url()).toBe('?channel=shopee'));
    // Shopee's two stores only (not TikTok's, not BigSeller's).
    const storeField = screen.getByRole('combobox', { name: 'Toko' });
    expect(
      within(storeField)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Semua toko', 'Shopee · cbmajwastore', 'Shopee · Toko Kedua']);
    await user.selectOptions(storeField, '5');
    await user.selectOptions(screen.getByLabelText('Status'), 'difference');
    fireEvent.change(screen.getByLabelText('Tanggal Mulai'), { target: { value: '2026-11-01' } });
    await user.type(screen.getByPlaceholderText('Cari no. pesanan...'), '2608');
    await waitFor(
      () =>
        expect(listQueries.at(-1)).toEqual({
          startDate: '2026-11-01',
          endDate: today,
          channel: 'shopee',
          store_id: '5',
          status: 'difference',
          search: '2608',
          page: '1',
          limit: '10',
        }),
      SLOW,
    );
    expect(url()).toContain('store_id=5');
    expect(url()).not.toContain('page=');

    // Another channel forgets the store (a store is of one channel); Reset the rest.
    await user.selectOptions(screen.getByLabelText('Channel'), 'tiktok');
    await waitFor(() => expect(url()).not.toContain('store_id'));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(url()).toBe('?status=difference&search=2608'));
    // Typing into the debounced search and five filters: slow on a busy machine.
  }, 40_000);
  it('offers 10, 20 and 50 per page, the choice in the URL and back at page 1', async () => {
    rows = Array.from({ length: 25 }, (_, index) =>
      settlementRow(index + 1, { order_number: `26080${String(index + 1).padStart(2, '0')}PAGED` }),
    );
    const { user } = renderPage('/settlements?page=2');
    await screen.findByRole('row', { name: /2608011PAGED/ }, SLOW);
    const size = screen.getByRole('combobox', { name: 'Jumlah item per halaman' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50']);
    await user.selectOptions(size, '20');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ page: '1', limit: '20' }), SLOW);
    expect(url()).toContain('limit=20');
    expect(url()).not.toContain('page=');
    await waitFor(() => expect(within(ordersTable()).getAllByRole('row')).toHaveLength(21), SLOW);
    await user.selectOptions(size, '50');
    await waitFor(() => expect(listQueries.at(-1)).toMatchObject({ page: '1', limit: '50' }), SLOW);
    await waitFor(() => expect(within(ordersTable()).getAllByRole('row')).toHaveLength(26), SLOW);
    // Two page sizes of a table of up to 50 rows: slow on a busy machine.
  }, 40_000);
});

describe('Penghasilan Marketplace: Ringkasan', () => {
  it('shows per channel and store the sales, each fee category, released and fee %, with their total', async () => {
    weekly = [
      {
        ...SUMMARY_ROWS[0],
        week: '2026-11-09',
        fees: { ...noFees(), komisi: -5199, layanan: -4588, proses: -1250, pembayaran: -917 },
      } as SettlementSummaryRow,
      {
        ...SUMMARY_ROWS[0],
        week: '2026-11-16',
        fees: { ...noFees(), komisi: -15597, layanan: -13762, proses: -1250, pembayaran: -2752 },
      } as SettlementSummaryRow,
      {
        ...SUMMARY_ROWS[1],
        week: '2026-11-16',
        fees: { ...noFees(), komisi: -6970, proses: -1250, afiliasi: -2000, ongkir: 500 },
      } as SettlementSummaryRow,
    ];
    const { user } = renderPage('/settlements?tab=ringkasan');
    const table = await screen.findByRole('table', { name: 'Ringkasan Penghasilan' }, SLOW);
    await within(table).findByText('Rp 202.183', {}, SLOW);
    expect(summaryQueries).toEqual(
      expect.arrayContaining([
        { startDate: DEFAULT_START, endDate: today },
        { startDate: DEFAULT_START, endDate: today, group: 'week' },
      ]),
    );
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Rincian', 'Shopee · cbmajwastore', 'TikTok Shop · TikTok Shop', 'Total']);
    const line = (label: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${label}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(line('Pesanan')).toEqual(['Pesanan', '2', '1', '3']);
    expect(line('Penjualan')).toEqual(['Penjualan', 'Rp 202.183', 'Rp 100.000', 'Rp 302.183']);
    expect(line('Komisi / biaya admin')).toEqual([
      'Komisi / biaya admin',
      '-Rp 20.796',
      '-Rp 6.970',
      '-Rp 27.766',
    ]);
    expect(line('Komisi afiliasi')).toEqual(['Komisi afiliasi', 'Rp 0', '-Rp 2.000', '-Rp 2.000']);
    expect(line('Total Biaya')).toEqual(['Total Biaya', '-Rp 45.315', '-Rp 10.220', '-Rp 55.535']);
    expect(line('Dana Dilepas')).toEqual(['Dana Dilepas', 'Rp 156.868', 'Rp 89.780', 'Rp 246.648']);
    // The total's % from the sums: 55.535 / 302.183 = 18,38%, not the mean of 22,41 and 10,22.
    expect(line('Biaya \\(%\\)')).toEqual(['Biaya (%)', '22,41%', '10,22%', '18,38%']);
    // Categories without money in the period are left out.
    expect(within(table).queryByRole('row', { name: /^Pajak/ })).not.toBeInTheDocument();

    // Fee % per channel, from the summary.
    const perChannel = screen.getByRole('figure', { name: 'Biaya (%) per Channel' });
    await user.click(within(perChannel).getByText('Lihat tabel'));
    const channelRows = within(within(perChannel).getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(channelRows).toEqual([
      'ShopeeRp 202.183-Rp 45.315' + '22,41%',
      'TikTok ShopRp 100.000-Rp 10.220' + '10,22%',
    ]);

    // The weekly fees: both channels summed per week, oldest first, bars stacked per category.
    const weeklyChart = screen.getByRole('figure', { name: 'Biaya per Kategori per Minggu' });
    await user.click(within(weeklyChart).getByText('Lihat tabel'));
    const weekTable = within(weeklyChart).getByRole('table');
    expect(
      within(weekTable)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([
      'Minggu mulai',
      'Komisi / biaya admin',
      'Biaya layanan & program',
      'Biaya proses pesanan',
      'Biaya pembayaran',
      'Ongkos kirim',
      'Komisi afiliasi',
    ]);
    expect(
      within(weekTable)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['9/11/2026', '-Rp 5.199', '-Rp 4.588', '-Rp 1.250', '-Rp 917', 'Rp 0', 'Rp 0'],
      // 15.597 + 6.970; 1.250 x 2; TikTok's shipping subsidy +500 is money in.
      ['16/11/2026', '-Rp 22.567', '-Rp 13.762', '-Rp 2.500', '-Rp 2.752', 'Rp 500', '-Rp 2.000'],
    ]);
    const bars = weeklyChart.querySelectorAll('g[data-week]');
    expect(bars).toHaveLength(2);
    // Shipping is money in both weeks: not drawn, and said so.
    expect(bars[1]?.querySelectorAll('rect')).toHaveLength(5);
    expect(weeklyChart).toHaveTextContent('Nilai positif (uang masuk ke penjual) tidak digambar');
  });

  it('gives a phone a card per channel and store with its figures', async () => {
    const restore = setViewportWidth(375);
    try {
      renderPage('/settlements?tab=ringkasan');
      const cards = await screen.findByRole('list', { name: 'Ringkasan Penghasilan' }, SLOW);
      const items = within(cards).getAllByRole('listitem');
      // Two stores and their total.
      expect(items).toHaveLength(3);
      expect(items[0]).toHaveTextContent('TokoShopee · cbmajwastore');
      expect(items[0]).toHaveTextContent('PenjualanRp 202.183');
      expect(items[0]).toHaveTextContent('Biaya (%)22,41%');
      expect(items[2]).toHaveTextContent('TokoTotal');
      expect(items[2]).toHaveTextContent('Dana DilepasRp 246.648');
    } finally {
      restore();
    }
  });

  it('says when the period has no income', async () => {
    summary = [];
    renderPage('/settlements?tab=ringkasan');
    // The summary's table and both charts.
    await waitFor(
      () =>
        expect(
          screen.getAllByText('Belum ada penghasilan marketplace pada periode ini'),
        ).toHaveLength(3),
      SLOW,
    );
    // No empty drawing above the words: the per-channel chart has no bar list.
    const perChannel = screen.getByRole('figure', { name: 'Biaya (%) per Channel' });
    expect(perChannel.querySelector('ol')).toBeNull();
  });
});

describe('Penghasilan Marketplace: Perlu dicek', () => {
  it('lists each order with its reason and a link to it, filtered by reason', async () => {
    checks = [
      checkRow(),
      checkRow({
        kind: 'no_order',
        order_number: '2611209ZZZZZZ',
        order_id: null,
        settlement_id: 5,
        date: '2026-11-20',
        price: 60000,
        released: 52000,
        reason: 'Penghasilan tanpa pesanan yang diimpor di Gudang',
      }),
      checkRow({
        kind: 'underpaid',
        order_number: '2611107YYYYYY',
        order_id: 80,
        settlement_id: 6,
        date: '2026-11-10',
        price: 100000,
        released: 70000,
        expected: 88000,
        reason: 'Dana Rp 70.000, perkiraan Rp 88.000: kurang 18% dari harga (toleransi 2%)',
      }),
    ];
    const { user } = renderPage('/settlements?tab=perlu-dicek');
    const table = await screen.findByRole('table', { name: 'Perlu dicek' }, SLOW);
    await within(table).findByText('2610015ABCDEF', {}, SLOW);
    expect(checkQueries[0]).toEqual({
      startDate: DEFAULT_START,
      endDate: today,
      page: '1',
      limit: '10',
    });
    const unsettled = within(table).getByRole('row', { name: /2610015ABCDEF/ });
    expect(within(unsettled).getByText('Belum cair')).toBeInTheDocument();
    expect(unsettled).toHaveTextContent(
      'Dikirim 01/10/2026, 59 hari lalu, belum ada penghasilan (batas 14 hari)',
    );
    expect(within(unsettled).getByRole('link', { name: '2610015ABCDEF' })).toHaveAttribute(
      'href',
      '/marketplace-orders?search=2610015ABCDEF&channel=shopee&startDate=2026-08-02&endDate=2026-10-01',
    );
    // No imported order: no link.
    const noOrder = within(table).getByRole('row', { name: /2611209ZZZZZZ/ });
    expect(within(noOrder).queryByRole('link')).not.toBeInTheDocument();
    expect(within(noOrder).getByText('Tanpa pesanan di Gudang')).toBeInTheDocument();
    const underpaid = within(table).getByRole('row', { name: /2611107YYYYYY/ });
    expect(within(underpaid).getByText('Dana kurang dari perkiraan')).toBeInTheDocument();
    expect(within(underpaid).getByText('Rp 88.000')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Alasan'), 'underpaid');
    await waitFor(() => expect(checkQueries.at(-1)?.kind).toBe('underpaid'));
    expect(url()).toBe('?tab=perlu-dicek&kind=underpaid');
  });

  it('saves the two settings, refusing a value out of bounds', async () => {
    const { user } = renderPage('/settlements?tab=perlu-dicek');
    const days = await screen.findByLabelText(/Batas hari belum cair/, {}, SLOW);
    const tolerance = screen.getByLabelText(/Toleransi selisih \(%\)/);
    expect(days).toHaveValue('14');
    expect(tolerance).toHaveValue('2');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(saved).toEqual([]);
    expect(
      await screen.findByText(/Batas hari belum cair harus lebih dari 0/, {}, SLOW),
    ).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '21');
    await user.clear(tolerance);
    await user.type(tolerance, '5');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await screen.findByText('Pengaturan berhasil disimpan', {}, SLOW);
    expect(saved).toEqual([{ settlement_check_days: 21, settlement_tolerance_percent: 5 }]);
    // 'Perlu dicek' is asked again under the new settings.
    await waitFor(() => expect(checkQueries.length).toBeGreaterThan(1), SLOW);
  });

  it('takes the defaults while none is saved', async () => {
    settings = {
      ...SETTINGS,
      settlement_check_days: undefined,
      settlement_tolerance_percent: undefined,
    };
    renderPage('/settlements?tab=perlu-dicek');
    expect(await screen.findByLabelText(/Batas hari belum cair/, {}, SLOW)).toHaveValue('14');
    expect(screen.getByLabelText(/Toleransi selisih \(%\)/)).toHaveValue('2');
  });
});
