import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { baseApi, makeStore } from '@gudang/api-client';
import type { Order, OrderList, OrderSummaryList } from '@gudang/api-client';
import { ordersApi } from './orders-api';

const order: Order = {
  id: 3,
  date: '2026-11-20',
  product_id: 7,
  product_code: 'KP-001',
  product_name: 'Kaos Polos Hitam',
  category: 'Pakaian',
  brand: 'Gudang',
  quantity: 2,
  price: 12500.5,
  resi_number: 'RESI-1',
  bank: null,
};
const orders: OrderList = {
  data: [order],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};
const summary: OrderSummaryList = {
  data: [
    {
      product_code: 'KP-001',
      product_name: 'Kaos Polos Hitam',
      category: 'Pakaian',
      brand: 'Gudang',
      total_quantity: 2,
      total_orders: 1,
      average_price: 12500.5,
    },
  ],
  pagination: { page: 1, limit: 5, total: 1, totalPages: 1 },
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Counts the GETs of the list and the summary; answers every write with 200. */
function countReads() {
  const reads = { list: 0, summary: 0 };
  server.use(
    http.get('/api/orders', () => {
      reads.list += 1;
      return HttpResponse.json(orders);
    }),
    http.get('/api/orders/summary', () => {
      reads.summary += 1;
      return HttpResponse.json(summary);
    }),
    http.post('/api/orders', () =>
      HttpResponse.json({ message: 'Order berhasil ditambahkan', data: order }, { status: 201 }),
    ),
    http.put('/api/orders/:id', () =>
      HttpResponse.json({ message: 'Order berhasil diperbarui', data: order }),
    ),
    http.delete('/api/orders/:id', () => HttpResponse.json({ message: 'Order berhasil dihapus' })),
  );
  return reads;
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
};

/** Every query and mutation RTK has started, and any started while those finish, has ended. */
const settled = async (store: ReturnType<typeof makeStore>) => {
  for (;;) {
    await new Promise((r) => setTimeout(r, 0)); // a tag invalidation dispatches its refetches
    const running = [
      ...store.dispatch(baseApi.util.getRunningQueriesThunk()),
      ...store.dispatch(baseApi.util.getRunningMutationsThunk()),
    ];
    if (running.length === 0) return;
    await Promise.allSettled(running);
  }
};

test('getOrders and getOrderSummary send the range, search and paging as query parameters', async () => {
  const seen: Record<string, Record<string, string>> = {};
  server.use(
    http.get('/api/orders', ({ request }) => {
      seen.list = Object.fromEntries(new URL(request.url).searchParams);
      return HttpResponse.json(orders);
    }),
    http.get('/api/orders/summary', ({ request }) => {
      seen.summary = Object.fromEntries(new URL(request.url).searchParams);
      return HttpResponse.json(summary);
    }),
  );
  const store = makeStore();
  const query = { startDate: '2026-11-13', endDate: '2026-11-27', search: 'kaos', page: 2 };
  const list = await store.dispatch(
    ordersApi.endpoints.getOrders.initiate({ ...query, limit: 20 }, { subscribe: false }),
  );
  const rows = await store.dispatch(
    ordersApi.endpoints.getOrderSummary.initiate({ ...query, limit: 5 }, { subscribe: false }),
  );
  expect(seen.list).toEqual({
    startDate: '2026-11-13',
    endDate: '2026-11-27',
    search: 'kaos',
    page: '2',
    limit: '20',
  });
  expect(seen.summary).toEqual({ ...seen.list, limit: '5' });
  expect(list.isSuccess && rows.isSuccess).toBe(true);
});

test('getIncomingForComparison sends the product codes and the range', async () => {
  let params: Record<string, string> = {};
  const incoming = {
    product_name: 'Kaos Polos Hitam',
    product_code: 'KP-001',
    resi_number: 'RESI-1',
    quantity: 2,
    date: '2026-11-21',
  };
  server.use(
    http.get('/api/incoming-goods/for-comparison', ({ request }) => {
      params = Object.fromEntries(new URL(request.url).searchParams);
      return HttpResponse.json({ data: [incoming] });
    }),
  );
  const result = await makeStore().dispatch(
    ordersApi.endpoints.getIncomingForComparison.initiate(
      { productCodes: 'KP-001,KP-002', startDate: '2026-11-10', endDate: '2026-11-30' },
      { subscribe: false },
    ),
  );
  expect(params).toEqual({
    productCodes: 'KP-001,KP-002',
    startDate: '2026-11-10',
    endDate: '2026-11-30',
  });
  expect(result.isSuccess).toBe(true);
});

test.each([
  [
    'createOrder',
    (store: ReturnType<typeof makeStore>) =>
      store.dispatch(
        ordersApi.endpoints.createOrder.initiate({
          date: '2026-11-20',
          product_code: 'KP-001',
          quantity: 2,
          price: 1,
          resi_number: 'R',
        }),
      ),
  ],
  [
    'updateOrder',
    (store: ReturnType<typeof makeStore>) =>
      store.dispatch(
        ordersApi.endpoints.updateOrder.initiate({
          id: 3,
          body: {
            date: '2026-11-20',
            product_code: 'KP-001',
            quantity: 2,
            price: 1,
            resi_number: 'R',
          },
        }),
      ),
  ],
  [
    'deleteOrder',
    (store: ReturnType<typeof makeStore>) =>
      store.dispatch(ordersApi.endpoints.deleteOrder.initiate(3)),
  ],
] as const)('%s refreshes the order list and the summary once', async (_name, write) => {
  const reads = countReads();
  const store = makeStore();
  const query = { startDate: '2026-11-13', endDate: '2026-11-27', page: 1, limit: 10 };
  const list = store.dispatch(ordersApi.endpoints.getOrders.initiate(query));
  const rows = store.dispatch(ordersApi.endpoints.getOrderSummary.initiate(query));
  await Promise.all([list, rows]);
  expect(reads).toEqual({ list: 1, summary: 1 });

  await write(store).unwrap();
  await until(() => reads.list === 2 && reads.summary === 2);
  // Settled: no second round of refetches after the first.
  await settled(store);
  expect(reads).toEqual({ list: 2, summary: 2 });
  list.unsubscribe();
  rows.unsubscribe();
});

test('the comparison is fetched again when the incoming list changes, and not on an order save', async () => {
  countReads();
  let reads = 0;
  server.use(
    http.get('/api/incoming-goods/for-comparison', () => {
      reads += 1;
      return HttpResponse.json({ data: [] });
    }),
  );
  const store = makeStore();
  const query = { productCodes: 'KP-001', startDate: '2026-11-10', endDate: '2026-11-30' };
  const comparison = store.dispatch(ordersApi.endpoints.getIncomingForComparison.initiate(query));
  await comparison;
  await store.dispatch(ordersApi.endpoints.deleteOrder.initiate(3)).unwrap();
  await settled(store);
  expect(reads).toBe(1);

  store.dispatch(baseApi.util.invalidateTags([{ type: 'Incoming', id: 'LIST' }]));
  await until(() => reads === 2);
  expect(reads).toBe(2);
  comparison.unsubscribe();
});
