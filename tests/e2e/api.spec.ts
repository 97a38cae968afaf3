import { expect, test } from '@playwright/test';
import { ACCOUNTS } from './accounts';

test('the API signs a manager in, verifies the token and documents itself', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });

  const login = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  expect(login.status()).toBe(200);
  const { token, user } = await login.json();
  expect(user).toMatchObject({
    email: ACCOUNTS.manager.email,
    role: 'manager',
    name: 'Manajer Demo',
  });
  expect(user).not.toHaveProperty('password_hash');

  const verify = await request.get('/api/auth/verify', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(verify.status()).toBe(200);
  expect((await verify.json()).user).toEqual(user);

  const anonymous = await request.get('/api/auth/verify');
  expect(anonymous.status()).toBe(401);

  const docs = await request.get('/api/docs/json');
  expect(docs.status()).toBe(200);
  expect(Object.keys((await docs.json()).paths)).toContain('/api/auth/login');
});

test('the API documentation page renders', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByText('/api/auth/login').first()).toBeVisible();
});

test('deep links reload into the app', async ({ request }) => {
  const res = await request.get('/products');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['cache-control']).toContain('no-cache');
});

test('list routes read an empty parameter as no filter; text that is not UTF-8 is refused', async ({
  request,
}) => {
  const login = await request.post('/api/auth/login', { data: ACCOUNTS.manager });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  // A client built from docs/product.md sends every filter, empty when unset: answered as if absent.
  const pairs: [string, string][] = [
    ['/api/activity-logs?action=&search=&page=1', '/api/activity-logs?page=1'],
    ['/api/products?search=&sort=', '/api/products'],
    ['/api/orders?search=&startDate=&endDate=', '/api/orders'],
    ['/api/pembukuan?search=&startDate=&endDate=', '/api/pembukuan'],
    ['/api/incoming-goods?search=&sort=', '/api/incoming-goods'],
  ];
  for (const [empty, absent] of pairs) {
    const [withEmpty, without] = [
      await request.get(empty, { headers }),
      await request.get(absent, { headers }),
    ];
    expect({ url: empty, status: withEmpty.status() }).toEqual({ url: empty, status: 200 });
    // Other tests write at the same time: the same page and size (the server test compares the
    // whole answers).
    const [a, b] = [(await withEmpty.json()).pagination, (await without.json()).pagination];
    expect({ page: a.page, limit: a.limit }).toEqual({ page: b.page, limit: b.limit });
  }
  // Bytes that are not UTF-8, in a query and in a JSON body: 400, nothing stored.
  const query = await request.get('/api/products?search=%FF', { headers });
  expect(query.status()).toBe(400);
  expect(await query.json()).toEqual({ message: 'Pencarian berisi karakter yang tidak diizinkan' });
  const body = await request.post('/api/products', {
    headers: { ...headers, 'content-type': 'application/json' },
    data: Buffer.concat([
      Buffer.from('{"barcode_id":"UTF8-X","code":"UTF8-X","name":"Kaos '),
      Buffer.from([0xff]),
      Buffer.from('","initial_stock":1,"category":"Uji","brand":"Uji"}'),
    ]),
  });
  expect(body.status()).toBe(400);
  expect(await body.json()).toEqual({
    message: 'Nama Barang berisi karakter yang tidak diizinkan',
  });
  // A Barcode ID CODE128 cannot draw, and a right-to-left override in a name.
  const product = { code: 'ASCII-X', initial_stock: 1, category: 'Uji', brand: 'Uji' };
  const barcode = await request.post('/api/products', {
    headers,
    data: { ...product, barcode_id: 'BC ÄÖ 123', name: 'Kaos' },
  });
  expect(await barcode.json()).toEqual({
    message: 'Barcode ID hanya boleh berisi huruf, angka dan tanda baca ASCII',
  });
  const bidi = await request.post('/api/products', {
    headers,
    data: { ...product, barcode_id: 'BIDI-X', name: 'Kaos \u202egpj.exe' },
  });
  expect(bidi.status()).toBe(400);
});
