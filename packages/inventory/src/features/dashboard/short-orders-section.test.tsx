import { makeStore, restockApi } from '@gudang/api-client';
import type { Role } from '@gudang/api-client';
import { ShortOrderList } from '@gudang/api-client/contract';
import type { ShortOrder } from '@gudang/api-client/contract';
import { matchesContract, renderWithProviders } from '@gudang/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router-dom';
import { ShortOrdersSection } from './short-orders-section';

const order = (id: number, date: string, overrides: Partial<ShortOrder> = {}): ShortOrder => ({
  order_id: id,
  channel: 'shopee',
  store: 'Toko Utama',
  order_number: `SHP-${id}`,
  resi_number: `SPX${id}`,
  date,
  products: [{ product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 3, short: 2 }],
  ...overrides,
});

// Oldest first, as the server sends them; twelve in all, so two pages of ten.
let orders: ShortOrder[] = [];
const queries: URLSearchParams[] = [];

const server = setupServer(
  http.get('*/api/dashboard/short-orders', ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    return HttpResponse.json(
      matchesContract(ShortOrderList, {
        data: orders.slice((page - 1) * limit, page * limit),
        pagination: {
          page,
          limit,
          total: orders.length,
          totalPages: Math.ceil(orders.length / limit),
        },
      }),
    );
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  orders = [
    order(7, '2026-11-02', {
      channel: 'tiktok',
      store: 'Toko Kedua',
      order_number: '578123456789012345',
      resi_number: null,
      products: [
        { product_code: 'KP-001', product_name: 'Kopi Arabica', quantity: 3, short: 1 },
        { product_code: 'TH-001', product_name: 'Teh Melati', quantity: 5, short: 5 },
      ],
    }),
    ...Array.from({ length: 11 }, (_, i) => order(20 + i, '2026-11-05')),
  ];
});
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
});
afterAll(() => server.close());

function Url() {
  const location = useLocation();
  return <output aria-label="url">{`${location.pathname}${location.search}`}</output>;
}

function renderAs(role: Role, route = '/dashboard') {
  const store = makeStore({
    auth: { user: { id: 1, email: `${role}@gudang.test`, name: role, role }, status: 'signedIn' },
  });
  return renderWithProviders(
    <>
      <ShortOrdersSection />
      <Url />
    </>,
    { store, route },
  );
}

const table = () => screen.getByRole('table', { name: 'Pesanan Kurang Stok' });

describe('ShortOrdersSection', () => {
  it('lists the orders the stock cannot fill, oldest first, with the units short and the count', async () => {
    renderAs('admin');
    expect(
      await screen.findByRole('heading', { name: 'Pesanan Kurang Stok (12)' }),
    ).toBeInTheDocument();
    await within(table()).findByText('578123456789012345');
    const [, first, second] = within(table()).getAllByRole('row');
    expect(first).toHaveTextContent('TikTok Shop');
    expect(first).toHaveTextContent('Toko Kedua');
    expect(first).toHaveTextContent('Kopi Arabica (KP-001): kurang 1 dari 3');
    expect(first).toHaveTextContent('Teh Melati (TH-001): kurang 5 dari 5');
    expect(second).toHaveTextContent('SHP-20');
    expect(second).toHaveTextContent('SPX20');
    expect(second).toHaveTextContent('kurang 2 dari 3');
    expect(queries[0]?.get('page')).toBe('1');
    expect(queries[0]?.get('limit')).toBe('10');
  });

  it('links each order to Pesanan Marketplace, found by its number on its channel and date', async () => {
    const { user } = renderAs('manager');
    const link = await within(await screen.findByRole('table')).findByRole('link', {
      name: '578123456789012345',
    });
    const href = new URL(link.getAttribute('href') ?? '', 'http://gudang.test');
    expect(href.pathname).toBe('/marketplace-orders');
    expect(href.searchParams.get('search')).toBe('578123456789012345');
    expect(href.searchParams.get('channel')).toBe('tiktok');
    expect(href.searchParams.get('startDate')).toBe('2026-11-02');
    expect(href.searchParams.get('endDate')).toBe('2026-11-02');
    await user.click(link);
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent(
      /^\/marketplace-orders\?search=578123456789012345&channel=tiktok/,
    );
  });

  it('pages through the orders, the page kept in the URL beside the period', async () => {
    const { user } = renderAs('admin', '/dashboard?period=week');
    await within(await screen.findByRole('table')).findByText('SHP-28');
    expect(within(table()).queryByText('SHP-29')).toBeNull();
    await user.click(screen.getByRole('button', { name: '2' }));
    await within(table()).findByText('SHP-29');
    expect(within(table()).getByText('SHP-30')).toBeInTheDocument();
    expect(queries[queries.length - 1]?.get('page')).toBe('2');
    expect(screen.getByRole('status', { name: 'url' })).toHaveTextContent(
      '/dashboard?period=week&shortPage=2',
    );
    // The badge counts them all, not the page.
    expect(screen.getByRole('heading', { name: 'Pesanan Kurang Stok (12)' })).toBeInTheDocument();
  });

  it('shows no pager for one page and the empty text when every order can be filled', async () => {
    orders = [];
    renderAs('admin');
    expect(
      await within(await screen.findByRole('table')).findByText(
        'Tidak ada pesanan yang kurang stok',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pesanan Kurang Stok (0)' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('reads the list again when the orders or the stock change elsewhere', async () => {
    const { store } = renderAs('admin');
    await within(await screen.findByRole('table')).findByText('SHP-20');
    const reads = queries.length;
    // An import committed in Pesanan Marketplace (the orders remote's tag).
    orders = [order(40, '2026-11-09')];
    store.dispatch(restockApi.util.invalidateTags([{ type: 'MarketplaceOrder', id: 'LIST' }]));
    await within(table()).findByText('SHP-40');
    expect(screen.getByRole('heading', { name: 'Pesanan Kurang Stok (1)' })).toBeInTheDocument();
    // Barang Masuk filled it: a stock write invalidates 'Product'.
    orders = [];
    store.dispatch(restockApi.util.invalidateTags(['Product']));
    await within(table()).findByText('Tidak ada pesanan yang kurang stok');
    expect(queries.length).toBe(reads + 2);
  });

  it('says the list failed to load, not that there is none, and retries', async () => {
    let fail = true;
    server.use(
      http.get('*/api/dashboard/short-orders', () =>
        fail
          ? HttpResponse.json({ message: 'boom' }, { status: 500 })
          : HttpResponse.json(
              matchesContract(ShortOrderList, {
                data: [order(1, '2026-11-01')],
                pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
              }),
            ),
      ),
    );
    const { user } = renderAs('admin');
    expect(await screen.findByText('Gagal memuat data')).toBeInTheDocument();
    expect(screen.queryByText('Tidak ada pesanan yang kurang stok')).toBeNull();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Coba lagi' }));
    await waitFor(() => expect(within(table()).getByText('SHP-1')).toBeInTheDocument());
  });
});
