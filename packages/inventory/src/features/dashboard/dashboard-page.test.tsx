import { makeStore } from '@gudang/api-client';
import type { DashboardStats, Role } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation, useNavigate } from 'react-router-dom';
import { DashboardPage, NO_NUMBER } from './dashboard-page';

const consistent: DashboardStats = {
  totalStock: 1200,
  totalInitialStock: 1000,
  incomingGoods: 300,
  outgoingGoods: 100,
  totalIncomingGoods: 300,
  totalOutgoingGoods: 100,
  totalReturned: 0,
  totalAdjusted: 0,
  calculatedStock: 1200,
  stockConsistency: { isConsistent: true, difference: 0, checkedAt: '2026-11-21T03:04:00.000Z' },
  topStockProducts: [
    { name: 'Kopi Arabica', code: 'KP-001', stock: 500 },
    { name: 'Teh Melati', code: 'TH-001', stock: 300 },
  ],
  mostOutgoingProducts: [{ name: 'Gula Aren', code: 'GL-001', total_out: 77 }],
  outOfStockProducts: [
    { name: 'Kopi Robusta', code: 'KP-002', stock: 0 },
    { name: 'Susu Bubuk', code: 'SS-001', stock: -2 },
  ],
  topOutOfStockProducts: [{ name: 'Kopi Robusta', code: 'KP-002', stock: 0, total_outgoing: 42 }],
};

const inconsistent: DashboardStats = {
  ...consistent,
  totalStock: 1250,
  stockConsistency: { isConsistent: false, difference: 50, checkedAt: '2026-11-21T03:04:00.000Z' },
};

let stats: DashboardStats = consistent;
const periods: (string | null)[] = [];
let recalcCalls = 0;

const server = setupServer(
  http.get('*/api/dashboard/stats', ({ request }) => {
    const period = new URL(request.url).searchParams.get('period');
    periods.push(period);
    const base = period === 'all' ? stats : { ...stats, incomingGoods: 12, outgoingGoods: 5 };
    return HttpResponse.json(base);
  }),
  // The restock and chart sections, tested in restock-section.test.tsx and movement-charts.test.tsx.
  http.get('*/api/restock', () =>
    HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } }),
  ),
  http.get('*/api/dashboard/daily', () => HttpResponse.json([])),
  // Pesanan Kurang Stok, tested in short-orders-section.test.tsx.
  http.get('*/api/dashboard/short-orders', () =>
    HttpResponse.json({
      data: [
        {
          order_id: 3,
          channel: 'shopee',
          store: 'Toko Utama',
          order_number: 'SHP-0003',
          resi_number: 'SPX0003',
          date: '2026-11-20',
          products: [
            { product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 2, short: 2 },
          ],
        },
      ],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    }),
  ),
  http.get('*/api/settings', () =>
    HttpResponse.json({ shopTimezone: 'Asia/Jakarta', targetStockDays: 14 }),
  ),
  http.post('*/api/utils/recalculate-stock', () => {
    recalcCalls += 1;
    stats = consistent;
    return HttpResponse.json({ message: 'Stok berhasil dihitung ulang', updated: 3 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  stats = consistent;
  periods.length = 0;
  recalcCalls = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

function renderAs(role: Role, route = '/dashboard') {
  const store = makeStore({
    auth: { user: { id: 1, email: `${role}@gudang.test`, name: role, role }, status: 'signedIn' },
  });
  return renderWithProviders(
    <>
      <DashboardPage />
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

const card = (title: string) => screen.getByRole('group', { name: title });

describe('DashboardPage', () => {
  it('shows the four stat cards with their subtitles for period all', async () => {
    renderAs('manager');
    await waitFor(() => expect(within(card('Total Stok Barang')).getByText('1.200')).toBeVisible());
    expect(within(card('Total Stok Barang')).getByText('Stok awal: 1.000')).toBeInTheDocument();
    expect(within(card('Barang Masuk')).getByText('300')).toBeInTheDocument();
    expect(within(card('Barang Masuk')).getByText('Total: 300')).toBeInTheDocument();
    expect(within(card('Barang Keluar')).getByText('Total: 100')).toBeInTheDocument();
    expect(within(card('Stok Habis')).getByText('2')).toBeInTheDocument();
    expect(periods).toEqual(['all']);
  });

  it("shows the manager 'Nilai Stok' and the admin none", async () => {
    stats = { ...consistent, stockValue: 1500000 };
    const { unmount } = renderAs('manager');
    await waitFor(() => expect(within(card('Nilai Stok')).getByText(/1\.500\.000/)).toBeVisible());
    unmount();
    const { stockValue: _, ...forAdmin } = consistent;
    stats = forAdmin;
    renderAs('admin');
    await waitFor(() => expect(within(card('Total Stok Barang')).getByText('1.200')).toBeVisible());
    expect(screen.queryByRole('group', { name: 'Nilai Stok' })).not.toBeInTheDocument();
  });

  it.each(['admin', 'manager'] as const)(
    "shows the %s 'Pesanan Kurang Stok' with its count and the link to the order",
    async (role) => {
      renderAs(role);
      const section = await screen.findByRole('region', { name: 'Pesanan Kurang Stok' });
      expect(
        await within(section).findByRole('heading', { name: 'Pesanan Kurang Stok (1)' }),
      ).toBeInTheDocument();
      expect(within(section).getByRole('link', { name: 'SHP-0003' })).toHaveAttribute(
        'href',
        expect.stringMatching(/^\/marketplace-orders\?search=SHP-0003&/),
      );
    },
  );

  it('drops the all-time subtitles and the green banner for another period', async () => {
    const { user } = renderAs('manager');
    await screen.findByRole('status', { name: 'Data Konsisten' });
    expect(screen.getByRole('region', { name: 'Perhitungan Stok' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Minggu Ini' }));
    await waitFor(() => expect(within(card('Barang Masuk')).getByText('12')).toBeVisible());
    expect(periods).toContain('week');
    expect(screen.getByRole('button', { name: 'Minggu Ini' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card('Barang Masuk')).queryByText(/^Total:/)).not.toBeInTheDocument();
    expect(within(card('Barang Keluar')).queryByText(/^Total:/)).not.toBeInTheDocument();
    expect(within(card('Total Stok Barang')).getByText('Stok awal: 1.000')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Data Konsisten' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Perhitungan Stok' })).not.toBeInTheDocument();
  });

  it('shows the calculation in the info box', async () => {
    renderAs('manager');
    const box = await screen.findByRole('region', { name: 'Perhitungan Stok' });
    await waitFor(() => expect(within(box).getByText('1.000 + 300 - 100 = 1.200')).toBeVisible());
  });

  it('adds Retur and Penyesuaian to the info box when either is not zero', async () => {
    stats = { ...consistent, totalReturned: 12, totalAdjusted: -7, calculatedStock: 1205 };
    renderAs('manager');
    const box = await screen.findByRole('region', { name: 'Perhitungan Stok' });
    await waitFor(() =>
      expect(within(box).getByText('1.000 + 300 - 100 + 12 - 7 = 1.205')).toBeVisible(),
    );
    expect(within(box).getByText('Total Retur')).toBeVisible();
    expect(within(box).getByText('Total Penyesuaian')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Data Konsisten' })).toHaveTextContent(
      'stok awal + barang masuk - barang keluar + retur + penyesuaian.',
    );
  });

  it("keeps docs/product.md's form when nothing was returned or adjusted", async () => {
    renderAs('manager');
    const box = await screen.findByRole('region', { name: 'Perhitungan Stok' });
    await waitFor(() => expect(within(box).getByText('1.000 + 300 - 100 = 1.200')).toBeVisible());
    expect(within(box).queryByText('Total Retur')).toBeNull();
    expect(within(box).queryByText('Total Penyesuaian')).toBeNull();
    expect(screen.getByRole('status', { name: 'Data Konsisten' })).toHaveTextContent(
      'stok awal + barang masuk - barang keluar.',
    );
  });

  it('warns about inconsistent stock and recalculates after confirmation', async () => {
    stats = inconsistent;
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    const { user } = renderAs('manager');

    const banner = await screen.findByRole('alert', { name: 'Data Stok Tidak Konsisten' });
    expect(banner).toHaveTextContent('Total stok: 1.250');
    expect(banner).toHaveTextContent('Stok terhitung: 1.200');
    expect(banner).toHaveTextContent('Selisih: +50');
    // 03:04 UTC is 10.04 in the shop's Asia/Jakarta.
    expect(banner).toHaveTextContent(/Diperiksa dari data transaksi pada 21\/11\/2026,? 10[.:]04/);
    expect(screen.queryByRole('status', { name: 'Data Konsisten' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Hitung Ulang Stok' }));
    expect(confirm).toHaveBeenCalledWith(
      'Apakah Anda yakin ingin menghitung ulang stok? Operasi ini akan memperbaiki data yang tidak konsisten.',
    );
    expect(await screen.findByText('Stok berhasil dihitung ulang')).toBeInTheDocument();
    expect(recalcCalls).toBe(1);
    // The stats reload and are consistent now.
    expect(await screen.findByRole('status', { name: 'Data Konsisten' })).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: 'Data Stok Tidak Konsisten' })).toBeNull();
  });

  it('does nothing when the confirmation is refused', async () => {
    stats = inconsistent;
    jest.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = renderAs('manager');
    const banner = await screen.findByRole('alert', { name: 'Data Stok Tidak Konsisten' });
    await user.click(within(banner).getByRole('button', { name: 'Hitung Ulang Stok' }));
    expect(recalcCalls).toBe(0);
    expect(screen.getByRole('alert', { name: 'Data Stok Tidak Konsisten' })).toBeInTheDocument();
  });

  it('shows the server message when recalculation fails, else the fallback', async () => {
    stats = inconsistent;
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    server.use(
      http.post('*/api/utils/recalculate-stock', () =>
        HttpResponse.json({ message: 'Stok tidak dapat dihitung ulang' }, { status: 409 }),
      ),
    );
    const { user } = renderAs('manager');
    const banner = await screen.findByRole('alert', { name: 'Data Stok Tidak Konsisten' });
    await user.click(within(banner).getByRole('button', { name: 'Hitung Ulang Stok' }));
    expect(await screen.findByText('Stok tidak dapat dihitung ulang')).toBeInTheDocument();

    server.use(
      http.post('*/api/utils/recalculate-stock', () => new HttpResponse(null, { status: 500 })),
    );
    await user.click(within(banner).getByRole('button', { name: 'Hitung Ulang Stok' }));
    expect(await screen.findByText('Gagal menghitung ulang stok')).toBeInTheDocument();
  });

  it('shows the warning but a disabled button with the reason, as tooltip and text, to an admin', async () => {
    stats = inconsistent;
    renderAs('admin');
    const banner = await screen.findByRole('alert', { name: 'Data Stok Tidak Konsisten' });
    const button = within(banner).getByRole('button', { name: 'Hitung Ulang Stok' });
    expect(button).toBeDisabled();
    expect(button.parentElement).toHaveAttribute(
      'title',
      'Hanya manager yang dapat menghitung ulang stok',
    );
    expect(
      within(banner).getByText('Hanya manager yang dapat menghitung ulang stok'),
    ).toBeVisible();
    expect(button).toHaveAccessibleDescription('Hanya manager yang dapat menghitung ulang stok');
  });

  it('gives a manager no such reason', async () => {
    stats = inconsistent;
    renderAs('manager');
    const banner = await screen.findByRole('alert', { name: 'Data Stok Tidak Konsisten' });
    expect(within(banner).getByRole('button', { name: 'Hitung Ulang Stok' })).toBeEnabled();
    expect(within(banner).queryByText('Hanya manager yang dapat menghitung ulang stok')).toBeNull();
  });

  it('shows the three top lists and the out-of-stock grid', async () => {
    renderAs('manager');
    const topStock = await screen.findByRole('table', { name: 'Stok Terbanyak' });
    await waitFor(() => expect(within(topStock).getByText('Kopi Arabica')).toBeVisible());
    expect(within(topStock).getByText('KP-001')).toBeInTheDocument();
    expect(within(topStock).getByText('500')).toBeInTheDocument();

    const outgoing = screen.getByRole('table', { name: 'Barang Keluar Terbanyak' });
    expect(within(outgoing).getByText('Gula Aren')).toBeInTheDocument();
    expect(within(outgoing).getByText('77')).toBeInTheDocument();

    const topOut = screen.getByRole('table', { name: 'Barang Stok Habis Terbanyak' });
    expect(within(topOut).getByText('Kopi Robusta')).toBeInTheDocument();
    expect(within(topOut).getByText('42')).toBeInTheDocument();

    const grid = screen.getByRole('list', { name: 'Daftar Barang Stok Habis' });
    const items = within(grid).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Susu Bubuk');
    expect(items[1]).toHaveTextContent('SS-001');
    expect(items[1]).toHaveTextContent('Stok: -2');
  });

  it('shows the empty text and no grid when nothing is out of stock', async () => {
    stats = { ...consistent, outOfStockProducts: [], topOutOfStockProducts: [] };
    renderAs('manager');
    await screen.findByRole('status', { name: 'Data Konsisten' });
    const topOut = screen.getByRole('table', { name: 'Barang Stok Habis Terbanyak' });
    expect(within(topOut).getByText('Tidak ada barang stok habis')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Daftar Barang Stok Habis' })).toBeNull();
    expect(within(card('Stok Habis')).getByText('0')).toBeInTheDocument();
  });

  it('says the stats failed to load, with no banner, and loads them again on Coba lagi', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get(
        '*/api/dashboard/stats',
        () => HttpResponse.json({ message: 'x' }, { status: 500 }),
        { once: true },
      ),
    );
    const { user } = renderAs('manager');
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('table', { name: 'Stok Terbanyak' })).toHaveTextContent(
      'Gagal memuat data',
    );
    expect(screen.queryByText('Tidak ada barang stok habis')).toBeNull();
    expect(screen.queryByRole('alert', { name: 'Data Stok Tidak Konsisten' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Data Konsisten' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('status', { name: 'Data Konsisten' })).toBeInTheDocument();
    expect(screen.queryByText('Gagal memuat data')).toBeNull();
  });

  it('shows placeholders, not zeros, while the stats load', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/api/dashboard/stats', async () => {
        await gate;
        return HttpResponse.json(consistent);
      }),
    );
    renderAs('manager');
    for (const title of ['Total Stok Barang', 'Barang Masuk', 'Barang Keluar', 'Stok Habis']) {
      expect(within(card(title)).getByText(NO_NUMBER)).toBeInTheDocument();
      expect(within(card(title)).queryByText('0')).toBeNull();
    }
    expect(screen.queryByRole('region', { name: 'Perhitungan Stok' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Stok Terbanyak' })).toHaveTextContent(
      'Memuat data...',
    );
    expect(screen.queryByText('Tidak ada data')).toBeNull();
    expect(screen.queryByText('Tidak ada barang stok habis')).toBeNull();
    release();
    await waitFor(() => expect(within(card('Total Stok Barang')).getByText('1.200')).toBeVisible());
  });

  it('shows no numbers after a failed load', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('*/api/dashboard/stats', () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    renderAs('manager');
    expect(await screen.findByText('Statistik dashboard tidak dapat dimuat.')).toBeInTheDocument();
    for (const title of ['Total Stok Barang', 'Barang Masuk', 'Barang Keluar', 'Stok Habis']) {
      expect(within(card(title)).getByText(NO_NUMBER)).toBeInTheDocument();
    }
    expect(screen.getByText(`Stok awal: ${NO_NUMBER}`)).toBeInTheDocument();
    expect(screen.queryByTestId('stock-formula')).toBeNull();
  });

  it('keeps the period in the URL, so reload and Back keep it', async () => {
    const { user } = renderAs('manager', '/dashboard?period=month');
    await waitFor(() => expect(periods).toEqual(['month']));
    expect(screen.getByRole('button', { name: 'Bulan Ini' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Minggu Ini' }));
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent('?period=week');
    await user.click(screen.getByRole('button', { name: 'Semua Waktu' }));
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent(/^$/);
    await user.click(screen.getByRole('button', { name: 'back' }));
    expect(screen.getByRole('button', { name: 'Minggu Ini' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('never wraps a number in the top lists', async () => {
    renderAs('manager');
    const table = screen.getByRole('table', { name: 'Stok Terbanyak' });
    const cell = (await within(table).findByText('500')).closest('td');
    expect(cell).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
