import { makeStore, signedIn } from '@gudang/api-client';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_ACTIONS } from '@gudang/api-client';
import type { ActivityAction, ActivityLog } from '@gudang/api-client';
import { ActivityLogList } from '@gudang/api-client/contract';
import { formatDateTime } from '@gudang/shared-ui';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ActivityLogsPage } from './activity-logs-page';

const SLOW = { timeout: 3000 };

const entry = (id: number, action: ActivityAction, details: string): ActivityLog => ({
  id,
  action,
  user_name: id % 2 ? 'Budi Manager' : 'Sari Admin',
  user_email: id % 2 ? 'manager@gudang.test' : 'admin@gudang.test',
  timestamp: `2026-03-05T0${id % 10}:15:00.000Z`,
  details,
});

const LOGS: ActivityLog[] = [
  entry(9, 'LOGIN', 'Login berhasil'),
  entry(8, 'INCOMING_GOODS', 'Barang masuk KP-001 sebanyak 5'),
  entry(7, 'LOGIN', 'Login berhasil'),
  entry(6, 'DELETE_PRODUCT', 'Produk TH-002 dihapus'),
  entry(5, 'OUTGOING_GOODS', 'Barang keluar KP-001 sebanyak 2'),
  entry(4, 'GENERATE_REPORT', 'Laporan stok dibuat'),
];

const requests: Record<string, string>[] = [];
let failActions = false;

const server = setupServer(
  http.get('*/api/activity-logs', ({ request }) => {
    const query = Object.fromEntries(new URL(request.url).searchParams);
    requests.push(query);
    if (query.limit === '1000' && failActions) return HttpResponse.json({}, { status: 500 });
    const search = (query.search ?? '').toLowerCase();
    const rows = LOGS.filter(
      (log) =>
        (!query.action || log.action === query.action) &&
        (!search ||
          `${log.details} ${log.user_name} ${log.user_email}`.toLowerCase().includes(search)),
    );
    const limit = Number(query.limit ?? 10);
    const page = Number(query.page ?? 1);
    return HttpResponse.json(
      matchesContract(ActivityLogList, {
        data: rows.slice((page - 1) * limit, page * limit),
        pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
      }),
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
  failActions = false;
});
afterAll(() => server.close());

function renderPage(route = '/activity-logs') {
  const store = makeStore();
  store.dispatch(
    signedIn({
      token: 'token',
      user: { id: 1, email: 'manager@gudang.test', name: 'Budi Manager', role: 'manager' },
    }),
  );
  return renderWithProviders(<ActivityLogsPage />, { store, route });
}

const table = () => screen.getByRole('table', { name: 'Log Aktivitas' });

describe('ActivityLogsPage', () => {
  it('shows the total and the entries with badge (its Indonesian label), user, id-ID time, details and email', async () => {
    renderPage();
    const row = await within(table()).findByRole('row', { name: /Barang masuk KP-001/ });
    expect(screen.getByText('Total: 6 aktivitas')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Barang Masuk',
      'Sari Admin',
      formatDateTime('2026-03-05T08:15:00.000Z'),
      'Barang masuk KP-001 sebanyak 5',
      'admin@gudang.test',
    ]);
    expect(within(row).getByText('Barang Masuk')).toHaveAttribute('data-tone', 'green');
    const report = within(table()).getByRole('row', { name: /Laporan stok dibuat/ });
    expect(within(report).getAllByRole('cell')[0]).toHaveTextContent(/^Buat Laporan$/);
    expect(within(table()).getAllByRole('row')).toHaveLength(1 + LOGS.length);
  });

  it('counts the first four action types of the current page in four summary cards', async () => {
    renderPage();
    await within(table()).findByRole('row', { name: /Laporan stok dibuat/ });
    const summary = screen.getByRole('region', { name: 'Ringkasan aktivitas' });
    const cards = within(summary).getAllByRole('group');
    expect(cards.map((card) => card.textContent)).toEqual([
      'Masuk2di halaman ini',
      'Barang Masuk1di halaman ini',
      'Hapus Produk1di halaman ini',
      'Barang Keluar1di halaman ini',
    ]);
    expect(within(summary).getByRole('group', { name: 'Masuk' })).toHaveTextContent('2');
    expect(within(summary).queryByRole('group', { name: 'Buat Laporan' })).not.toBeInTheDocument();
  });

  it('offers Semua Aktivitas plus the distinct actions, collected once with limit 1000, and filters', async () => {
    const { user } = renderPage();
    const select = screen.getByLabelText('Aksi');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(6));
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Semua Aktivitas',
      'Barang Keluar',
      'Barang Masuk',
      'Buat Laporan',
      'Hapus Produk',
      'Masuk',
    ]);
    expect(requests.filter((query) => query.limit === '1000')).toEqual([
      { page: '1', limit: '1000' },
    ]);

    // The option's value stays the action's code, which the API filters by.
    await user.selectOptions(select, 'Masuk');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(requests[requests.length - 1]).toMatchObject({ action: 'LOGIN', page: '1' });
    expect(screen.getByText('Total: 2 aktivitas')).toBeInTheDocument();
    expect(requests.filter((query) => query.limit === '1000')).toHaveLength(1);

    await user.selectOptions(select, 'Semua Aktivitas');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(1 + LOGS.length));
    expect(requests[requests.length - 1]).not.toHaveProperty('action');
  });

  it('searches the details, user name and email', async () => {
    const { user } = renderPage();
    await within(table()).findByRole('row', { name: /Produk TH-002/ });
    await user.type(screen.getByPlaceholderText('Cari aktivitas...'), 'TH-002');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2), SLOW);
    expect(requests[requests.length - 1]).toMatchObject({ search: 'TH-002' });
  });

  it('shows the empty state', async () => {
    renderPage('/activity-logs?search=tidak-ada-yang-cocok');
    expect(await screen.findByText('Tidak ada log aktivitas ditemukan')).toBeInTheDocument();
    expect(screen.getByText('Total: 0 aktivitas')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ringkasan aktivitas' })).not.toBeInTheDocument();
  });

  it('pages with sizes 10, 20 and 50', async () => {
    const { user } = renderPage();
    await within(table()).findByRole('row', { name: /Produk TH-002/ });
    const sizes = screen.getByRole('combobox', { name: /per halaman|Tampilkan/i });
    expect(
      within(sizes)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50']);
    await user.selectOptions(sizes, '20');
    await waitFor(() => expect(requests[requests.length - 1]).toMatchObject({ limit: '20' }));
  });

  it('keeps the list when the action types cannot be collected', async () => {
    failActions = true;
    renderPage();
    await within(table()).findByRole('row', { name: /Produk TH-002/ });
    await waitFor(() => expect(requests.some((query) => query.limit === '1000')).toBe(true));
    expect(within(screen.getByLabelText('Aksi')).getAllByRole('option')).toHaveLength(1);
  });

  it('says that the log failed to load and retries', async () => {
    server.use(
      http.get('*/api/activity-logs', () => HttpResponse.json({}, { status: 500 }), { once: true }),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada log aktivitas ditemukan')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('row', { name: /Produk TH-002/ })).toBeInTheDocument();
  });

  it('has an Indonesian label for every action, none the same as another or a code', () => {
    const labels = ACTIVITY_ACTIONS.map((action) => ACTIVITY_ACTION_LABELS[action]);
    expect(labels.filter((label) => !/^[A-Z][a-z]+( [A-Za-z]+)*$/.test(label))).toEqual([]);
    expect(new Set(labels).size).toBe(ACTIVITY_ACTIONS.length);
  });
});
