import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { makeStore } from '@gudang/api-client';
import type { PembukuanList, PembukuanRow, PembukuanStats } from '@gudang/api-client';
import { pembukuanApi } from './pembukuan-api';

const row: PembukuanRow = {
  id: 41,
  date: '2026-03-05',
  code: 'KP-001',
  name: 'Kaos Polos Hitam',
  category: 'Pakaian',
  brand: 'Gudang',
  quantity: 2,
  resi_number: 'JNE-001',
  purchase_price: 40000,
  selling_price: 55000,
  discount: 2500,
  margin: 25000,
};
const list: PembukuanList = {
  data: [row],
  pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
};
const stats: PembukuanStats = {
  totalTransactions: 1,
  profitableTransactions: 1,
  totalProfit: 25000,
  averageProfit: 25000,
  totalQuantity: 2,
  totalPurchaseValue: 80000,
  totalSellingValue: 110000,
  totalDiscountValue: 5000,
  productProfits: [{ name: row.name, code: row.code, total_profit: 25000 }],
};

const calls: string[] = [];
const server = setupServer(
  http.get('/api/pembukuan', ({ request }) => {
    calls.push(`list ${new URL(request.url).search}`);
    return HttpResponse.json(list);
  }),
  http.get('/api/pembukuan/stats', ({ request }) => {
    calls.push(`stats ${new URL(request.url).search}`);
    return HttpResponse.json(stats);
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

test('getPembukuan sends the range, page and limit, and leaves out an empty search', async () => {
  const result = await makeStore().dispatch(
    pembukuanApi.endpoints.getPembukuan.initiate(
      { startDate: '2026-03-01', endDate: '2026-03-15', page: 2, limit: 20, search: '' },
      { subscribe: false },
    ),
  );
  expect(calls).toEqual(['list ?startDate=2026-03-01&endDate=2026-03-15&page=2&limit=20']);
  expect(result.data).toEqual(list);
});

test('getPembukuanStats sends only the range and reads the stats', async () => {
  const result = await makeStore().dispatch(
    pembukuanApi.endpoints.getPembukuanStats.initiate(
      { startDate: '2026-03-01', endDate: '2026-03-15' },
      { subscribe: false },
    ),
  );
  expect(calls).toEqual(['stats ?startDate=2026-03-01&endDate=2026-03-15']);
  expect(result.data).toEqual(stats);
});

test('updatePembukuan posts the prices and then refetches the rows and the stats', async () => {
  let body: unknown;
  server.use(
    http.post('/api/pembukuan', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ message: 'Data pembukuan berhasil diperbarui', data: row });
    }),
  );
  const store = makeStore();
  const range = { startDate: '2026-03-01', endDate: '2026-03-15' };
  const rows = store.dispatch(pembukuanApi.endpoints.getPembukuan.initiate(range));
  const summary = store.dispatch(pembukuanApi.endpoints.getPembukuanStats.initiate(range));
  await Promise.all([rows, summary]);
  expect(calls).toHaveLength(2);

  const update = {
    outgoing_goods_id: 41,
    purchase_price: 40000,
    selling_price: 55000,
    discount: 0,
  };
  const saved = await store.dispatch(pembukuanApi.endpoints.updatePembukuan.initiate(update));
  expect(body).toEqual(update);
  expect(saved.data?.data).toEqual(row);
  await waitFor(() => expect(calls).toHaveLength(4));
  expect(calls.slice(2).sort()).toEqual([
    'list ?startDate=2026-03-01&endDate=2026-03-15',
    'stats ?startDate=2026-03-01&endDate=2026-03-15',
  ]);
  rows.unsubscribe();
  summary.unsubscribe();
});

test('a refused update reports the server message', async () => {
  server.use(
    http.post('/api/pembukuan', () =>
      HttpResponse.json({ message: 'Data barang keluar tidak ditemukan' }, { status: 404 }),
    ),
  );
  const saved = await makeStore().dispatch(
    pembukuanApi.endpoints.updatePembukuan.initiate({
      outgoing_goods_id: 999,
      purchase_price: 1,
      selling_price: 2,
    }),
  );
  expect(saved.error).toEqual({
    status: 404,
    data: { message: 'Data barang keluar tidak ditemukan' },
  });
});
