import type { App } from '../../app';
import { products } from '../../db/schema';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  createTestUser,
  login,
  type TestDatabase,
} from '../../testing/test-app';

let database: TestDatabase;
let app: App;
let token: string;

// Twelve products: names P01..P12 inserted in a shuffled order, brands in three groups, created
// one day apart in insertion order, plus a few texts for the search.
const CATALOG = [
  { n: 7, brand: 'Beta', category: 'Pakaian', extra: '' },
  { n: 3, brand: 'Alfa', category: 'Pakaian', extra: '' },
  { n: 11, brand: 'Gama', category: 'Aksesoris', extra: '' },
  { n: 1, brand: 'Beta', category: 'Pakaian', extra: '' },
  { n: 9, brand: 'Alfa', category: 'Sepatu', extra: ' 100%' },
  { n: 5, brand: 'Gama', category: 'Pakaian', extra: '' },
  { n: 12, brand: 'Beta', category: 'Pakaian', extra: '' },
  { n: 2, brand: 'Alfa', category: 'Pakaian', extra: ' a_b' },
  { n: 8, brand: 'Gama', category: 'Pakaian', extra: ' axb' },
  { n: 4, brand: 'Beta', category: 'Pakaian', extra: '' },
  { n: 10, brand: 'Alfa', category: 'Pakaian', extra: '' },
  { n: 6, brand: 'Gama', category: 'Pakaian', extra: '' },
];
const name = (n: number) => `P${String(n).padStart(2, '0')}`;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  const admin = await createTestUser(database, 'admin');
  token = await login(app, admin.email, admin.password);
  await database.db.insert(products).values(
    CATALOG.map((item, index) => ({
      barcodeId: `BC${1000 + item.n}`,
      code: `KD-${item.n}`,
      name: `${name(item.n)} Barang${item.extra}`,
      initialStock: item.n,
      currentStock: item.n,
      category: item.category,
      brand: item.brand,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index)),
    })),
  );
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

interface Page {
  data: { id: number; name: string; brand: string; code: string; current_stock: number }[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}

async function list(query: string): Promise<Page> {
  const response = await app.inject({
    method: 'GET',
    url: `/api/products${query}`,
    headers: authHeader(token),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const prefixes = (page: Page) => page.data.map((product) => product.name.slice(0, 3));

describe('GET /api/products', () => {
  it('gives 10 products by name on page 1 by default, with the pagination', async () => {
    const page = await list('');
    expect(prefixes(page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(name));
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 });
    expect(page.data[0]).toMatchObject({ code: 'KD-1', current_stock: 1 });
  });

  it('pages with page and limit', async () => {
    const second = await list('?page=2');
    expect(prefixes(second)).toEqual([11, 12].map(name));
    const small = await list('?page=3&limit=5');
    expect(prefixes(small)).toEqual([11, 12].map(name));
    expect(small.pagination).toEqual({ page: 3, limit: 5, total: 12, totalPages: 3 });
    const beyond = await list('?page=9&limit=5');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(12);
    expect((await list('?limit=100')).data).toHaveLength(12);
  });

  it.each(['?limit=101', '?limit=0', '?page=0', '?limit=abc', '?sort=name', '?sort=price'])(
    'answers 400 for %s',
    async (query) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/products${query}`,
        headers: authHeader(token),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );

  it('sorts by brand A-Z and Z-A with the id as tiebreak', async () => {
    const byBrand = await list('?sort=brand&limit=100');
    expect(byBrand.data.map((product) => product.brand)).toEqual([
      ...Array(4).fill('Alfa'),
      ...Array(4).fill('Beta'),
      ...Array(4).fill('Gama'),
    ]);
    // Same brand: inserted first, smaller id, first.
    expect(prefixes(byBrand).slice(0, 4)).toEqual([3, 9, 2, 10].map(name));
    const desc = await list('?sort=brand_desc&limit=100');
    expect(desc.data.map((product) => product.id)).toEqual(
      byBrand.data.map((product) => product.id).reverse(),
    );
  });

  it('sorts by newest first', async () => {
    const page = await list('?sort=date_desc&limit=3');
    expect(prefixes(page)).toEqual([6, 10, 4].map(name));
  });

  it.each([
    ['p03', [3]], // name, case-insensitive
    ['kd-1', [1, 10, 11, 12]], // code, anywhere in the text
    ['bc1005', [5]], // barcode ID
    ['sepatu', [9]], // category
    ['GAMA', [5, 6, 8, 11]], // brand
    ['100%', [9]], // % is a character, not a wildcard
    ['a_b', [2]], // so is _
    ['tidak-ada', []],
  ])('searches %s in name, code, barcode, category and brand', async (search, expected) => {
    const page = await list(`?search=${encodeURIComponent(search)}&limit=100`);
    expect(prefixes(page)).toEqual(expected.map(name));
    expect(page.pagination.total).toBe(expected.length);
  });

  it('combines search, sort and paging', async () => {
    const page = await list('?search=alfa&sort=brand_desc&limit=2&page=2');
    expect(page.pagination).toEqual({ page: 2, limit: 2, total: 4, totalPages: 2 });
    expect(prefixes(page)).toEqual([9, 3].map(name));
  });

  it('counts the matches of a searched page past the last one, and of one with no match', async () => {
    const beyond = await list('?search=alfa&sort=date_desc&limit=2&page=3');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 3, limit: 2, total: 4, totalPages: 2 });
    const none = await list('?search=tidak-ada&page=2');
    expect(none.pagination.total).toBe(0);
  });

  it('ignores a blank search', async () => {
    expect((await list('?search=%20%20')).pagination.total).toBe(12);
  });
});
