import { makeStore, signedIn } from '@gudang/api-client';
import type { ReturnList, Role, SettingsInput } from '@gudang/api-client';
import type {
  MarketplaceReturnRow,
  MarketplaceReturnSummaryRow,
  MarketplaceStore,
} from '@gudang/api-client/contract';
import { addDaysIso, todayIso } from '@gudang/shared-ui';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router-dom';
import * as XLSX from 'xlsx';
import { marketplaceStore } from '../marketplace-orders/marketplace-fixtures';
import { boardRow, summaryRow } from './marketplace-returns-fixtures';
import { ReturnsPage } from './returns-page';

const SLOW = { timeout: 5000 };
jest.setTimeout(20_000);

// The loss list: a refund-only of 2 units, cost Rp 60.000, fees not refunded Rp 7.500, a claim
// paid of Rp 5.000: loss 60.000 + 7.500 - 5.000 = Rp 62.500.
const refundOnly = boardRow(1, {
  resi: 'JNT-578000111',
  compensation_amount: 5000,
  fees_lost: 7500,
  loss: 62500,
  claim_deadline: '2026-12-15',
});
const awaiting = boardRow(2, {
  type: 'return_refund',
  list: 'awaiting',
  status: 'diajukan',
  status_text: 'Awaiting buyer shipment',
  quantity: 1,
  refund_amount: 0,
  refunded_at: null,
  return_tracking: 'JX1234567890',
  loss: null,
});
const received = boardRow(3, {
  channel: 'shopee',
  store_id: 1,
  store: 'Shopee',
  type: 'return_refund',
  list: 'received',
  quantity: 3,
  retur_id: 17,
  received_at: '2026-11-25',
  received_good: 2,
  received_damaged: 1,
  loss: null,
});
const ROWS: Record<string, MarketplaceReturnRow[]> = {
  not_received: [refundOnly],
  awaiting: [awaiting],
  received: [received],
};

// Per channel and store; the total: 3 requests, 4 units, Rp 155.000 refunded, Rp 62.500 lost.
const SUMMARY: MarketplaceReturnSummaryRow[] = [
  summaryRow({
    returns: 2,
    units: 3,
    refunds: 135000,
    loss: 62500,
    not_received: 1,
    awaiting: 1,
  }),
  summaryRow({
    channel: 'shopee',
    store_id: 1,
    store: 'Shopee',
    returns: 1,
    units: 1,
    refunds: 20000,
    received: 1,
  }),
];

const stores: MarketplaceStore[] = [
  marketplaceStore(1, { name: 'Shopee', is_default: true }),
  marketplaceStore(2, { channel: 'tiktok', name: 'TikTok Shop', is_default: true }),
  marketplaceStore(5, { channel: 'tiktok', name: 'Toko Kedua' }),
];

const listRequests: URLSearchParams[] = [];
const summaryRequests: URLSearchParams[] = [];
const settingsSaved: SettingsInput[] = [];
// A refund-only of an order Gudang never shipped: its cost, so its loss, is unknown.
const unknownCost = boardRow(4, { order_number: '999000111', cost: null, loss: 0 });
let lossRows: MarketplaceReturnRow[] = [refundOnly, unknownCost];

const emptyReturns: ReturnList = {
  data: [],
  pagination: { page: 1, limit: 10, total: 0, totalPages: 0 },
};

const server = setupServer(
  http.get('*/api/marketplace-returns/summary', ({ request }) => {
    summaryRequests.push(new URL(request.url).searchParams);
    return HttpResponse.json({ data: SUMMARY });
  }),
  http.get('*/api/marketplace-returns', ({ request }) => {
    const params = new URL(request.url).searchParams;
    listRequests.push(params);
    const list = params.get('list') ?? 'not_received';
    const limit = Number(params.get('limit') ?? 10);
    const page = Number(params.get('page') ?? 1);
    const all = list === 'not_received' ? lossRows : (ROWS[list] ?? []);
    return HttpResponse.json({
      data: all.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: all.length, totalPages: Math.ceil(all.length / limit) },
    });
  }),
  http.get('*/api/marketplace-stores', () => HttpResponse.json({ data: stores })),
  http.get('*/api/settings', () =>
    HttpResponse.json({
      targetStockDays: 30,
      reserve_unpaid: false,
      buffer_shopee: 0,
      buffer_tiktok: 0,
      buffer_lazada: 0,
      buffer_tokopedia: 0,
      buffer_bigseller: 0,
      return_check_days: 14,
    }),
  ),
  http.put('*/api/settings', async ({ request }) => {
    settingsSaved.push((await request.json()) as SettingsInput);
    return HttpResponse.json({ return_check_days: 7 });
  }),
  http.get('*/api/returns', () => HttpResponse.json(emptyReturns)),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  listRequests.length = 0;
  summaryRequests.length = 0;
  settingsSaved.length = 0;
  lossRows = [refundOnly, unknownCost];
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function Url() {
  return <output data-testid="url">{useLocation().search}</output>;
}

function renderAs(role: Role, route = '/returns?tab=dari-marketplace') {
  const store = makeStore();
  store.dispatch(
    signedIn({ token: 'token', user: { id: 1, email: `${role}@gudang.test`, name: role, role } }),
  );
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ReturnsPage />
      <Url />
    </>,
    { store, route },
  );
  return { user };
}

const url = () => screen.getByTestId('url').textContent ?? '';
const lastList = () => listRequests.at(-1);
const listTable = (name: string) => screen.findByRole('table', { name });

describe('Dari Marketplace', () => {
  it('is a tab of Retur in the URL; the loss list shows its loss and claim deadline', async () => {
    const today = todayIso();
    const { user } = renderAs('manager', '/returns');
    const tabs = await screen.findByRole('tablist', { name: 'Retur' });
    // The Retur scan stays the first tab.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Scan Retur', 'Dari Marketplace']);
    expect(within(tabs).getByRole('tab', { name: 'Scan Retur' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText('Scan resi')).toBeInTheDocument();
    expect(listRequests).toHaveLength(0);

    await user.click(within(tabs).getByRole('tab', { name: 'Dari Marketplace' }));
    expect(url()).toBe('?tab=dari-marketplace');
    const table = await listTable('Dana kembali, barang tidak kembali');
    const row = (await within(table).findByText('578000111')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Rp 62.500')).toBeInTheDocument();
    expect(within(row).getByText('Rp 62.500')).toHaveAttribute(
      'title',
      'Modal Rp 60.000 + biaya tidak kembali Rp 7.500 - kompensasi Rp 5.000',
    );
    expect(within(row).getByText('15/12/2026')).toBeInTheDocument();
    // The original order's resi under its number (issue 46).
    expect(within(row).getByText('JNT-578000111')).toBeInTheDocument();
    expect(within(row).getByText('JNT-578000111').closest('[data-resi]')).toHaveTextContent(
      'Resi JNT-578000111',
    );
    expect(within(row).getByText('Pengembalian Dana Saja')).toBeInTheDocument();
    expect(within(row).getByText('Rp 90.000')).toBeInTheDocument();
    const unknown = within(table).getByText('999000111').closest('tr') as HTMLElement;
    expect(within(unknown).getByText('Belum ada Barang Keluar pesanan ini')).toBeInTheDocument();
    expect(within(unknown).queryByText('Rp 0')).toBeNull();
    expect(screen.queryByLabelText('Scan resi')).toBeNull();
    // The requests of the last 30 days, the first list, 10 a page.
    expect(lastList()?.get('list')).toBe('not_received');
    expect(lastList()?.get('startDate')).toBe(addDaysIso(today, -30));
    expect(lastList()?.get('endDate')).toBe(today);
    expect(lastList()?.get('limit')).toBe('10');
    // The setting's N days are said under the lists.
    expect(
      await screen.findByText(/lebih dari 14 hari setelah dana dikembalikan/),
    ).toBeInTheDocument();
    // Back to the scan: the board's URL stays behind.
    await user.click(screen.getByRole('tab', { name: 'Scan Retur' }));
    expect(url()).toBe('');
    expect(await screen.findByLabelText('Scan resi')).toBeInTheDocument();
  });

  it('totals the period per channel and store, with their total', async () => {
    renderAs('manager');
    const totals = await screen.findByRole('table', { name: 'Ringkasan Pengembalian' });
    const line = async (label: string) =>
      ((await within(totals).findByText(label)).closest('tr') as HTMLElement).textContent;
    expect(await line('TikTok Shop · TikTok Shop')).toBe(
      'TikTok Shop · TikTok Shop23Rp 135.000Rp 62.500110',
    );
    expect(await line('Shopee · Shopee')).toBe('Shopee · Shopee11Rp 20.000Rp 0001');
    expect(await line('Total')).toBe('Total34Rp 155.000Rp 62.500111');
    // Each list's count is on its button.
    const lists = screen.getByRole('group', { name: 'Daftar pengembalian' });
    expect(
      within(lists).getByRole('button', { name: 'Dana kembali, barang tidak kembali 1' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the list, channel, store, dates and search in the URL and asks for them', async () => {
    const today = todayIso();
    const { user } = renderAs('manager');
    await listTable('Dana kembali, barang tidak kembali');

    await user.click(screen.getByRole('button', { name: /^Menunggu barang kembali/ }));
    const waiting = await listTable('Menunggu barang kembali');
    expect(await within(waiting).findByText('JX1234567890')).toBeInTheDocument();
    expect(url()).toContain('list=awaiting');
    expect(lastList()?.get('list')).toBe('awaiting');
    // Only the loss list exports.
    expect(screen.queryByRole('button', { name: 'Export Excel' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Channel'), 'TikTok Shop');
    await waitFor(() => expect(url()).toContain('channel=tiktok'));
    // The stores of that channel only.
    const storeSelect = screen.getByLabelText('Toko');
    expect(
      within(storeSelect)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Semua toko', 'TikTok Shop · TikTok Shop', 'TikTok Shop · Toko Kedua']);
    await user.selectOptions(storeSelect, 'TikTok Shop · Toko Kedua');
    await waitFor(() => expect(url()).toContain('store_id=5'));

    const start = screen.getByLabelText('Tanggal Mulai');
    await user.clear(start);
    await user.type(start, addDaysIso(today, -60));
    await waitFor(() => expect(url()).toContain(`startDate=${addDaysIso(today, -60)}`));

    await user.type(screen.getByPlaceholderText(/^Cari no. pesanan/), 'JX123');
    await waitFor(() => expect(url()).toContain('search=JX123'), SLOW);
    await waitFor(() => expect(lastList()?.get('search')).toBe('JX123'));
    const asked = lastList();
    expect(asked?.get('list')).toBe('awaiting');
    expect(asked?.get('channel')).toBe('tiktok');
    expect(asked?.get('store_id')).toBe('5');
    expect(asked?.get('startDate')).toBe(addDaysIso(today, -60));
    // The totals follow the same filters as the list, the search included (issue 46).
    await waitFor(() => expect(summaryRequests.at(-1)?.get('search')).toBe('JX123'));
    const totals = summaryRequests.at(-1);
    expect(totals?.get('channel')).toBe('tiktok');
    expect(totals?.get('store_id')).toBe('5');
    expect(totals?.get('startDate')).toBe(addDaysIso(today, -60));
    expect(screen.getByText(/Pencarian "JX123"\./)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Jumlah pengembalian per halaman/), '50');
    await waitFor(() => expect(lastList()?.get('limit')).toBe('50'));
    expect(url()).toContain('limit=50');
  });

  it("says so when the parcel held another number of units than its order's requests name", async () => {
    ROWS.received = [{ ...received, quantity: 1, order_requested_units: 1 }];
    try {
      renderAs('manager', '/returns?tab=dari-marketplace&list=received');
      const table = await listTable('Sudah diterima');
      const row = (await within(table).findByText('578000113')).closest('tr') as HTMLElement;
      expect(within(row).getByText('2 Baik, 1 Rusak')).toBeInTheDocument();
      expect(within(row).getByText('Pengajuan: 1 unit')).toBeInTheDocument();
    } finally {
      ROWS.received = [received];
    }
  });

  it('opens a shared link on its list: the Retur record and the condition received', async () => {
    renderAs('manager', '/returns?tab=dari-marketplace&list=received&limit=20');
    const table = await listTable('Sudah diterima');
    const row = (await within(table).findByText('578000113')).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 Baik, 1 Rusak')).toBeInTheDocument();
    // As many as its order's requests name: no word on the units.
    expect(within(row).queryByText(/Pengajuan/)).toBeNull();
    expect(within(row).getByText('Retur #17')).toBeInTheDocument();
    expect(within(row).getByText('25/11/2026')).toBeInTheDocument();
    expect(lastList()?.get('list')).toBe('received');
    expect(lastList()?.get('limit')).toBe('20');
  });

  it('gives an admin the Retur scan only: no tab and no board asked for', async () => {
    renderAs('admin');
    expect(await screen.findByLabelText('Scan resi')).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Impor File Pengembalian' })).toBeNull();
    await screen.findByText('Tidak ada data retur');
    expect(listRequests).toHaveLength(0);
    expect(summaryRequests).toHaveLength(0);
  });

  it('exports the whole loss list to Excel with the total loss', async () => {
    // 105 requests: two pages of the largest size the API gives.
    lossRows = Array.from({ length: 105 }, (_, index) =>
      boardRow(index + 1, { loss: 1000, cost: 1000, order_number: `ORD-${index + 1}` }),
    );
    lossRows[0] = { ...refundOnly, order_number: 'ORD-1' };
    const files: { blob: Blob; name: string }[] = [];
    let blob: Blob | undefined;
    URL.createObjectURL = jest.fn((value: Blob) => {
      blob = value;
      return 'blob:returns';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      if (blob) files.push({ blob, name: this.download });
    });
    const { user } = renderAs('manager');
    await within(await listTable('Dana kembali, barang tidak kembali')).findByText('ORD-1');
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(await screen.findByText('Data berhasil diexport ke Excel', {}, SLOW)).toBeVisible();
    const pages = listRequests.filter((params) => params.get('limit') === '100');
    expect(pages.map((params) => params.get('page'))).toEqual(['1', '2']);
    expect(pages.every((params) => params.get('list') === 'not_received')).toBe(true);
    const today = todayIso();
    expect(files.map((file) => file.name)).toEqual([
      `pengembalian-tidak-kembali-${addDaysIso(today, -30)}-${today}.xlsx`,
    ]);
    const file = files[0];
    if (!file) throw new Error('no file');
    const book = XLSX.read(new Uint8Array(await file.blob.arrayBuffer()), { type: 'array' });
    const sheet = book.Sheets['Barang Tidak Kembali'];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toContain('Kerugian');
    const lossAt = (rows[0] ?? []).indexOf('Kerugian');
    expect(rows[1]?.[4]).toBe('ORD-1');
    expect(rows[1]?.[lossAt]).toBe(62500);
    expect(rows).toHaveLength(1 + 105 + 1);
    // 62.500 + 104 x 1.000 = 166.500.
    expect(rows.at(-1)?.[0]).toBe('Total Kerugian');
    expect(rows.at(-1)?.[lossAt]).toBe(166500);
  });

  it("saves the N days of 'Batas hari barang retur kembali'", async () => {
    const { user } = renderAs('manager');
    const field = await screen.findByLabelText(/Batas hari barang retur kembali/);
    expect(field).toHaveValue('14');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(screen.getByText('Batas hari barang retur kembali wajib diisi')).toBeInTheDocument();
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(settingsSaved).toEqual([{ return_check_days: 7 }]));
    expect(await screen.findByText('Pengaturan berhasil disimpan')).toBeInTheDocument();
  });
});
