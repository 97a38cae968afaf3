import { makeProduct } from './testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { List, Product } from './contract';
import { productsApi } from './products-api';
import { makeStore } from './store';

const product = makeProduct({
  id: 7,
  barcode_id: '899 001/A',
  code: 'KP-001',
  name: 'Kaos Polos Hitam',
  initial_stock: 10,
  current_stock: 4,
  category: 'Pakaian',
  brand: 'Gudang',
});
const page: List<Product> = {
  data: [product],
  pagination: { page: 2, limit: 20, total: 21, totalPages: 2 },
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

test('getProducts passes page, limit, search and sort as query parameters', async () => {
  let params: Record<string, string> = {};
  server.use(
    http.get('/api/products', ({ request }) => {
      params = Object.fromEntries(new URL(request.url).searchParams);
      return HttpResponse.json(page);
    }),
  );
  const result = await makeStore().dispatch(
    productsApi.endpoints.getProducts.initiate(
      { page: 2, limit: 20, search: 'kaos hitam', sort: 'brand_desc' },
      { subscribe: false },
    ),
  );
  expect(params).toEqual({ page: '2', limit: '20', search: 'kaos hitam', sort: 'brand_desc' });
  expect(result.data).toEqual(page);
});

test('getProducts leaves out absent and empty parameters', async () => {
  let search: string | null = 'unset';
  server.use(
    http.get('/api/products', ({ request }) => {
      search = new URL(request.url).search;
      return HttpResponse.json(page);
    }),
  );
  await makeStore().dispatch(
    productsApi.endpoints.getProducts.initiate({ search: '', page: 1 }, { subscribe: false }),
  );
  expect(search).toBe('?page=1');
});

test('getAllProducts asks GET /api/products/all with no parameters, once while cached', async () => {
  const asked: string[] = [];
  server.use(
    http.get('/api/products/all', ({ request }) => {
      const url = new URL(request.url);
      asked.push(`${request.method} ${url.pathname}${url.search}`);
      return HttpResponse.json({ data: [product] });
    }),
  );
  const store = makeStore();
  const first = store.dispatch(productsApi.endpoints.getAllProducts.initiate(undefined));
  await first;
  await store.dispatch(
    productsApi.endpoints.getAllProducts.initiate(undefined, { subscribe: false }),
  );
  expect(asked).toEqual(['GET /api/products/all']);
  first.unsubscribe();
});

test('getProductByBarcode encodes the barcode into the path', async () => {
  let barcode: string | undefined;
  server.use(
    http.get('/api/products/barcode/:barcode', ({ params }) => {
      barcode = String(params.barcode);
      return HttpResponse.json({ data: product });
    }),
  );
  const result = await makeStore().dispatch(
    productsApi.endpoints.getProductByBarcode.initiate('899 001/A', { subscribe: false }),
  );
  expect(barcode).toBe('899 001/A');
  expect(result.data).toEqual({ data: product });
});

test('getProductByBarcode reports an unknown barcode as an error', async () => {
  server.use(
    http.get('/api/products/barcode/:barcode', () =>
      HttpResponse.json({ message: 'Produk tidak ditemukan' }, { status: 404 }),
    ),
  );
  const result = await makeStore().dispatch(
    productsApi.endpoints.getProductByBarcode.initiate('000', { subscribe: false }),
  );
  expect(result.error).toEqual({ status: 404, data: { message: 'Produk tidak ditemukan' } });
});
