import { makeStore } from '@gudang/api-client';
import type { DailyPoint, RestockOrderInput, RestockRow, Role } from '@gudang/api-client';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { setupServer } from 'msw/node';
import { BestSellersChart, MovementChart, chartRange, perWeek } from './movement-charts';
import { RestockSection } from './restock-section';

// Typing in dialogs with user-event is slow on a busy machine.
jest.setTimeout(20_000);

const rows: RestockRow[] = [
  {
    product_code: 'KP-001',
    product_name: 'Kopi Arabica',
    current_stock: 5,
    reserved_stock: 0,
    min_stock: 10,
    avg_daily_out: 1.5,
    days_of_cover: 3.3,
    on_order: 0,
    suggested_quantity: 16,
    purchase_price: 12500,
  },
  {
    product_code: 'TH-001',
    product_name: 'Teh Melati',
    current_stock: 8,
    reserved_stock: 11,
    min_stock: 10,
    avg_daily_out: 0,
    days_of_cover: null,
    on_order: 27,
    suggested_quantity: 2,
    purchase_price: 0,
  },
];

const orderBodies: RestockOrderInput[] = [];
const settingsBodies: unknown[] = [];
let targetDays = 14;
let restockReads = 0;
let dailyQueries: string[] = [];

const server = setupServer(
  http.get('*/api/restock', () => {
    restockReads += 1;
    return HttpResponse.json({
      data: rows,
      pagination: { page: 1, limit: 10, total: 2, totalPages: 1 },
    });
  }),
  http.get('*/api/settings', () =>
    HttpResponse.json({ shopTimezone: 'Asia/Jakarta', targetStockDays: targetDays }),
  ),
  http.put('*/api/settings', async ({ request }) => {
    const body = (await request.json()) as { targetStockDays: number };
    settingsBodies.push(body);
    targetDays = body.targetStockDays;
    return HttpResponse.json({ shopTimezone: 'Asia/Jakarta', targetStockDays: targetDays });
  }),
  http.post('*/api/orders/from-restock', async ({ request }) => {
    const body = (await request.json()) as RestockOrderInput;
    orderBodies.push(body);
    return HttpResponse.json(
      { message: `${body.items.length} order berhasil dibuat`, data: [] },
      {
        status: 201,
      },
    );
  }),
  http.get('*/api/dashboard/daily', ({ request }) => {
    const url = new URL(request.url);
    dailyQueries.push(url.search);
    const days: DailyPoint[] = [
      { date: '2026-11-23', incoming: 7, outgoing: 3 },
      { date: '2026-11-24', incoming: 0, outgoing: 11 },
    ];
    return HttpResponse.json(days);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  orderBodies.length = 0;
  settingsBodies.length = 0;
  targetDays = 14;
  restockReads = 0;
  dailyQueries = [];
});
afterAll(() => server.close());

function renderAs(role: Role, ui: ReactElement) {
  const store = makeStore({
    auth: { user: { id: 1, email: `${role}@gudang.test`, name: role, role }, status: 'signedIn' },
  });
  return renderWithProviders(ui, { store });
}

describe('RestockSection', () => {
  it('lists what needs restocking with days of cover and the suggestion', async () => {
    renderAs('admin', <RestockSection manager={false} />);
    const table = await screen.findByRole('table', { name: 'Perlu Restock' });
    await waitFor(() => expect(within(table).getByText('Kopi Arabica (KP-001)')).toBeVisible());
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('3,3 hari');
    expect(first).toHaveTextContent('16');
    expect(second).toHaveTextContent('Belum ada penjualan');
    // What is ordered and not yet received, beside the suggestion it was taken from.
    expect(within(table).getByRole('columnheader', { name: 'Sudah Dipesan' })).toBeInTheDocument();
    expect(second).toHaveTextContent('27');
    // Tersedia beside Stok: the units marketplace orders hold (8 - 11), red when oversold.
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    const tersedia = within(second as HTMLElement).getAllByRole('cell')[
      headers.indexOf('Tersedia')
    ];
    expect(tersedia).toHaveTextContent('-3');
    expect(within(tersedia as HTMLElement).getByTitle('Stok kurang')).toBeInTheDocument();
    // The target the suggestions follow, shown; only the manager changes it.
    expect(await screen.findByText('14 hari')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ubah Target' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Perlu Restock (2)' })).toBeInTheDocument();
    // The admin sees no order button, no choice and no price.
    expect(screen.queryByRole('button', { name: 'Buat Order' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(table).queryByRole('columnheader', { name: 'Harga Beli' })).toBeNull();
    expect(within(table).queryByText(/Rp/)).toBeNull();
  });

  it('lets the manager order the chosen products with edited quantity and price', async () => {
    const { user } = renderAs('manager', <RestockSection manager />);
    const choose = await screen.findByRole('checkbox', { name: 'Pilih Kopi Arabica' });
    expect(await screen.findByText('14 hari')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buat Order' })).toBeDisabled();
    await user.click(choose);
    await user.click(screen.getByRole('button', { name: 'Buat Order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buat Order dari Saran Restock' });
    const quantity = within(dialog).getByLabelText('Jumlah');
    expect(quantity).toHaveValue('16');
    expect(within(dialog).getByLabelText('Harga')).toHaveValue('12.500');
    await user.clear(quantity);
    await user.type(quantity, '1.200');
    await user.click(within(dialog).getByRole('button', { name: 'Simpan Order' }));
    await waitFor(() =>
      expect(orderBodies).toEqual([
        { items: [{ product_code: 'KP-001', quantity: 1200, price: 12500 }] },
      ]),
    );
    expect(await screen.findByText('1 order berhasil dibuat')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Target Persediaan (issue 42 m14)', () => {
  it('lets the manager change it in a dialog focused on its field; the list is read again', async () => {
    const { user } = renderAs('manager', <RestockSection manager />);
    expect(await screen.findByText('14 hari')).toBeInTheDocument();
    await waitFor(() => expect(restockReads).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Ubah Target' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah Target Persediaan' });
    const field = within(dialog).getByLabelText('Target Persediaan');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('14');
    await user.clear(field);
    await user.type(field, '400');
    expect(
      within(dialog).getByText('Target Persediaan maksimal 365', { exact: false }),
    ).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '21{Enter}');
    await waitFor(() => expect(settingsBodies).toEqual([{ targetStockDays: 21 }]));
    expect(await screen.findByText('Pengaturan berhasil disimpan')).toBeInTheDocument();
    expect(await screen.findByText('21 hari')).toBeInTheDocument();
    await waitFor(() => expect(restockReads).toBe(2));
  });
});

describe('charts', () => {
  it('draws a period per day, or per week for a year, with its numbers as a table', async () => {
    renderAs('admin', <MovementChart period="week" today="2026-11-24" />);
    const table = await screen.findByRole('table', {
      name: 'Barang Masuk dan Keluar per Hari',
      hidden: true,
    });
    await waitFor(() =>
      expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(3),
    );
    // 2026-11-24 is a Tuesday: the week started on Monday the 23rd.
    expect(dailyQueries).toEqual(['?startDate=2026-11-23&endDate=2026-11-24']);
    expect(within(table).getAllByRole('row', { hidden: true })[2]).toHaveTextContent('11');
  });

  it('sums a year per week, each named by its Monday', () => {
    expect(chartRange('year', '2026-11-24')).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-11-24',
      weekly: true,
    });
    expect(
      perWeek([
        { date: '2026-11-22', incoming: 1, outgoing: 2 },
        { date: '2026-11-23', incoming: 3, outgoing: 4 },
        { date: '2026-11-29', incoming: 5, outgoing: 6 },
      ]),
    ).toEqual([
      { date: '2026-11-16', incoming: 1, outgoing: 2 },
      { date: '2026-11-23', incoming: 8, outgoing: 10 },
    ]);
  });

  it('shows the 5 best sellers as bars and a table', () => {
    renderAs(
      'admin',
      <BestSellersChart
        products={[1, 2, 3, 4, 5, 6].map((n) => ({
          name: `Produk ${n}`,
          code: `P-${n}`,
          total_out: 100 - n,
        }))}
      />,
    );
    const table = screen.getByRole('table', { name: '5 Barang Terlaris', hidden: true });
    // The bars are HTML at the page's text size, not a scaled-down SVG.
    const figure = screen.getByRole('figure', { name: '5 Barang Terlaris' });
    expect(figure.querySelector('svg')).toBeNull();
    const bars = within(figure).getAllByRole('listitem', { hidden: true });
    expect(bars.map((bar) => bar.textContent)).toEqual([
      'Produk 199',
      'Produk 298',
      'Produk 397',
      'Produk 496',
      'Produk 595',
    ]);
    expect(within(table).getAllByRole('row', { hidden: true })).toHaveLength(6);
    expect(within(table).queryByText('Produk 6 (P-6)')).not.toBeInTheDocument();
  });
});
