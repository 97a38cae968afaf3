import { count, eq, sql } from 'drizzle-orm';
import { activityLogs, orders } from '../../db/schema';
import {
  insertProduct,
  latestLog,
  setupTestServer,
  stockOf,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

let resiCounter = 0;

function body(product: TestProduct, fields: Record<string, unknown> = {}) {
  resiCounter += 1;
  return {
    date: '2026-10-15',
    product_code: product.code,
    product_name: product.name,
    category: 'Kaos',
    brand: 'Merek',
    quantity: 2,
    price: 15000,
    resi_number: `ORD-RESI-${resiCounter}`,
    bank: 'BCA',
    ...fields,
  };
}

/** Records `body(product, fields)` as the manager; the test fails unless it is created. */
async function createOrder(product: TestProduct, fields: Record<string, unknown> = {}) {
  const response = await server.call(
    'POST',
    '/api/orders',
    server.actors.managerToken,
    body(product, fields),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; resi_number: string };
}

/** Rows an order request may write: a refused one must leave both as they were. */
async function counts() {
  const rows = async (table: typeof orders | typeof activityLogs) =>
    (await server.database.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return { orders: await rows(orders), logs: await rows(activityLogs) };
}

async function get(url: string) {
  const response = await server.call('GET', url, server.actors.managerToken);
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('POST /api/orders', () => {
  it('records an order for the manager, finds the product by code in any case, keeps stock', async () => {
    const product = await insertProduct(server.database, {
      stock: 9,
      name: 'Kaos Order',
      code: 'ORD-Kaos-1',
      category: 'Pakaian',
      brand: 'Lokal',
    });
    const response = await server.call(
      'POST',
      '/api/orders',
      server.actors.managerToken,
      body(product, {
        product_code: ' ord-kaos-1 ',
        quantity: 3,
        price: '12500.50',
        resi_number: ' JP-ORDER-1 ',
        bank: ' Mandiri ',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe('Order berhasil ditambahkan');
    expect(data).toEqual({
      id: expect.any(Number),
      date: '2026-10-15',
      product_id: product.id,
      product_code: 'ORD-Kaos-1',
      product_name: 'Kaos Order',
      category: 'Pakaian',
      brand: 'Lokal',
      quantity: 3,
      price: 12500.5,
      resi_number: 'JP-ORDER-1',
      bank: 'Mandiri',
    });
    expect(await stockOf(server.database, product.id)).toBe(9);
    expect(await latestLog(server.database, 'CREATE_ORDER')).toMatchObject({
      userId: server.actors.manager.id,
      details:
        'Order: Kaos Order (ORD-Kaos-1) 3 x Rp 12.500,50, resi JP-ORDER-1, bank Mandiri, ' +
        'tanggal 15/10/2026',
    });
  });

  it.each([[''], ['   '], [null], [undefined]])('stores bank %j as none', async (bank) => {
    const product = await insertProduct(server.database);
    const response = await server.call(
      'POST',
      '/api/orders',
      server.actors.managerToken,
      body(product, { bank }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.bank).toBeNull();
  });

  it('keeps a price with two decimals exactly, up to the largest one', async () => {
    const product = await insertProduct(server.database);
    for (const price of [0, 0.01, 19999.99, 999_999_999_999.99]) {
      const created = await createOrder(product, { price });
      // As the database holds it, not as a JS number reads it.
      const [row] = (
        await server.database.db.execute<{ price: string }>(
          sql`select price::text as price from orders where id = ${created.id}`,
        )
      ).rows;
      expect(row?.price).toBe(price.toFixed(2));
    }
  });

  it.each([
    [{ product_code: 'TIDAK-ADA' }, "Kode Barang 'TIDAK-ADA' tidak ditemukan"],
    [{ product_code: undefined }, 'Kode Barang wajib diisi'],
    [{ product_code: '  ' }, 'Kode Barang wajib diisi'],
    [{ quantity: 0 }, 'Jumlah harus lebih dari 0'],
    [{ quantity: -2 }, 'Jumlah harus lebih dari 0'],
    [{ quantity: 1.5 }, 'Jumlah harus bilangan bulat lebih dari 0'],
    [{ quantity: undefined }, 'Jumlah wajib diisi'],
    [{ quantity: 1_000_001 }, 'Jumlah maksimal 1.000.000'],
    [{ price: -1 }, 'Harga minimal 0'],
    [
      { price: 10.005 },
      'Harga harus berupa angka 0 atau lebih, dengan paling banyak 2 angka desimal',
    ],
    [
      { price: '1.5e3' },
      'Harga harus berupa angka 0 atau lebih, dengan paling banyak 2 angka desimal',
    ],
    [{ price: 1_000_000_000_000 }, 'Harga maksimal 999.999.999.999,99'],
    [{ price: undefined }, 'Harga wajib diisi'],
    [{ resi_number: undefined }, 'Nomor Resi wajib diisi'],
    [{ resi_number: ' ' }, 'Nomor Resi wajib diisi'],
    [{ resi_number: 'R'.repeat(101) }, 'Nomor Resi maksimal 100 karakter'],
    [
      { resi_number: 'JP-1 \u{1F4E6}' },
      'Nomor Resi hanya boleh berisi huruf, angka dan tanda baca ASCII',
    ],
    [{ bank: 'B'.repeat(101) }, 'Bank maksimal 100 karakter'],
    [{ bank: 'BCA\u0000' }, 'Bank berisi karakter yang tidak diizinkan'],
    [{ date: '2026-02-30' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: undefined }, 'Tanggal wajib diisi'],
  ])('answers 400 for %j and writes nothing', async (fields, message) => {
    const product = await insertProduct(server.database, { stock: 4 });
    const before = await counts();
    const response = await server.call(
      'POST',
      '/api/orders',
      server.actors.managerToken,
      body(product, fields),
    );
    expect(response.json()).toEqual({ message });
    expect(response.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await stockOf(server.database, product.id)).toBe(4);
  });
});

describe('PUT /api/orders/:id', () => {
  it('saves an order sent back unchanged without writing or logging anything', async () => {
    const product = await insertProduct(server.database);
    const sent = body(product, { quantity: 1200, price: 15000.5 });
    const created = await server.call('POST', '/api/orders', server.actors.managerToken, sent);
    expect(created.statusCode).toBe(201);
    const order = created.json().data as { id: number };
    expect((await latestLog(server.database, 'CREATE_ORDER'))?.details).toContain(
      '1.200 x Rp 15.000,50',
    );
    const before = await counts();
    const again = await server.call(
      'PUT',
      `/api/orders/${order.id}`,
      server.actors.managerToken,
      sent,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'Order berhasil diperbarui',
      data: created.json().data,
    });
    expect(await counts()).toEqual(before);
  });

  it('changes every field for the manager, keeps both stocks and logs the old values', async () => {
    const first = await insertProduct(server.database, { stock: 5, name: 'Sepatu A' });
    const second = await insertProduct(server.database, { stock: 7, name: 'Sepatu B' });
    const { id } = await createOrder(first, { quantity: 1, price: 100, resi_number: 'PUT-1' });
    const response = await server.call(
      'PUT',
      `/api/orders/${id}`,
      server.actors.managerToken,
      body(second, {
        date: '2026-10-20',
        quantity: 4,
        price: 250.25,
        resi_number: 'PUT-2',
        bank: '',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Order berhasil diperbarui',
      data: expect.objectContaining({
        id,
        date: '2026-10-20',
        product_id: second.id,
        product_code: second.code,
        product_name: 'Sepatu B',
        quantity: 4,
        price: 250.25,
        resi_number: 'PUT-2',
        bank: null,
      }),
    });
    expect(await stockOf(server.database, first.id)).toBe(5);
    expect(await stockOf(server.database, second.id)).toBe(7);
    expect((await latestLog(server.database, 'UPDATE_ORDER'))?.details).toBe(
      `Order #${id} diperbarui: Sepatu B (${second.code}) 4 x Rp 250,25, resi PUT-2, ` +
        `tanggal 20/10/2026 (sebelumnya: Sepatu A (${first.code}) 1 x Rp 100, resi PUT-1, ` +
        `bank BCA, tanggal 15/10/2026)`,
    );
  });

  it('answers 404 for an unknown id, 400 for an unknown code, and changes nothing', async () => {
    const product = await insertProduct(server.database);
    const { id } = await createOrder(product);
    const before = await counts();
    const missing = await server.call(
      'PUT',
      '/api/orders/765432',
      server.actors.managerToken,
      body(product),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Data tidak ditemukan' });
    const unknown = await server.call(
      'PUT',
      `/api/orders/${id}`,
      server.actors.managerToken,
      body(product, { product_code: 'HILANG-1' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: "Kode Barang 'HILANG-1' tidak ditemukan" });
    const bad = await server.call(
      'PUT',
      `/api/orders/${id}`,
      server.actors.managerToken,
      body(product, { quantity: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Jumlah harus lebih dari 0' });
    expect(await counts()).toEqual(before);
  });
});

describe('DELETE /api/orders/:id', () => {
  it('deletes for the manager, keeps stock, logs DELETE_ORDER, then answers 404', async () => {
    const product = await insertProduct(server.database, { stock: 3, name: 'Topi' });
    const { id } = await createOrder(product, { quantity: 2, price: 5000, bank: null });
    const response = await server.call('DELETE', `/api/orders/${id}`, server.actors.managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Order berhasil dihapus' });
    expect(await stockOf(server.database, product.id)).toBe(3);
    expect((await latestLog(server.database, 'DELETE_ORDER'))?.details).toMatch(
      new RegExp(`^Order #${id} dihapus: Topi \\(${product.code}\\) 2 x Rp 5\\.000, resi `),
    );
    const before = await counts();
    const again = await server.call('DELETE', `/api/orders/${id}`, server.actors.managerToken);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Data tidak ditemukan' });
    expect(await counts()).toEqual(before);
  });
});

describe('manager only', () => {
  it('refuses the admin (403) and the signed-out (401) on every route, writing nothing', async () => {
    const product = await insertProduct(server.database);
    const { id } = await createOrder(product);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, string, object | undefined][] = [
      ['GET', '/api/orders', 'Anda tidak memiliki akses ke fitur ini', undefined],
      ['GET', '/api/orders/summary', 'Anda tidak memiliki akses ke fitur ini', undefined],
      ['POST', '/api/orders', 'Anda tidak memiliki akses ke fitur ini', body(product)],
      ['PUT', `/api/orders/${id}`, 'Hanya manager yang dapat mengedit data', body(product)],
      ['DELETE', `/api/orders/${id}`, 'Hanya manager yang dapat menghapus data', undefined],
    ];
    const before = await counts();
    for (const [method, url, message, payload] of routes) {
      const asAdmin = await server.call(
        method,
        url,
        server.actors.adminToken,
        payload as Record<string, unknown> | undefined,
      );
      expect({ method, url, status: asAdmin.statusCode, body: asAdmin.json() }).toEqual({
        method,
        url,
        status: 403,
        body: { message },
      });
      const signedOut = await server.call(
        method,
        url,
        null,
        payload as Record<string, unknown> | undefined,
      );
      expect({ method, url, status: signedOut.statusCode }).toEqual({ method, url, status: 401 });
    }
    expect(await counts()).toEqual(before);
  });
});

describe('GET /api/orders', () => {
  // Dates of their own (September 2025), so that the other tests' orders stay outside the range.
  const RANGE = 'startDate=2025-09-01&endDate=2025-09-30';
  const resis = async (query: string) =>
    (await get(`/api/orders?${RANGE}&${query}`)).data.map(
      (row: { resi_number: string }) => row.resi_number,
    );

  beforeAll(async () => {
    const kemeja = await insertProduct(server.database, {
      code: 'LST-KMJ',
      name: 'Kemeja Flanel',
      brand: 'Bagus',
      category: 'Atasan',
    });
    const celana = await insertProduct(server.database, {
      code: 'LST-CLN',
      name: 'Celana Jeans',
      brand: 'Denimku',
      category: 'Bawahan',
    });
    // In creation order (ids ascending).
    await createOrder(kemeja, { date: '2025-09-01', resi_number: 'LRESI-A', bank: 'BCA' });
    await createOrder(celana, { date: '2025-09-30', resi_number: 'LRESI-B', bank: null });
    await createOrder(kemeja, { date: '2025-09-15', resi_number: 'LRESI-C', bank: 'Bank 100%' });
    await createOrder(celana, { date: '2025-09-15', resi_number: 'LRESI-D', bank: 'BRI' });
    await createOrder(kemeja, { date: '2025-08-31', resi_number: 'LRESI-OUT-1', bank: 'BCA' });
    await createOrder(celana, { date: '2025-10-01', resi_number: 'LRESI-OUT-2', bank: 'BCA' });
  });

  it('lists the range newest first, the later id first within a day, both ends included', async () => {
    const page = await get(`/api/orders?${RANGE}`);
    expect(page.data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LRESI-B',
      'LRESI-D',
      'LRESI-C',
      'LRESI-A',
    ]);
    expect(page.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      date: '2025-09-30',
      product_id: expect.any(Number),
      product_code: 'LST-CLN',
      product_name: 'Celana Jeans',
      category: 'Bawahan',
      brand: 'Denimku',
      quantity: 2,
      price: 15000,
      resi_number: 'LRESI-B',
      bank: null,
    });
  });

  it('takes either end alone and a one-day range', async () => {
    const one = await get('/api/orders?startDate=2025-09-15&endDate=2025-09-15');
    expect(one.data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LRESI-D',
      'LRESI-C',
    ]);
    const until = await get('/api/orders?endDate=2025-08-31&search=LRESI');
    expect(until.data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LRESI-OUT-1',
    ]);
    const from = await get('/api/orders?startDate=2025-10-01&search=LRESI');
    expect(from.data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LRESI-OUT-2',
    ]);
  });

  it('searches product code, name, category and brand, resi and bank, in any case', async () => {
    expect(await resis('search=lst-kmj')).toEqual(['LRESI-C', 'LRESI-A']);
    expect(await resis('search=JEANS')).toEqual(['LRESI-B', 'LRESI-D']);
    expect(await resis('search=lresi-c')).toEqual(['LRESI-C']);
    // The other shown columns of the product too.
    expect(await resis('search=denimku')).toEqual(['LRESI-B', 'LRESI-D']);
    expect(await resis('search=atasan')).toEqual(['LRESI-C', 'LRESI-A']);
    expect(await resis('search=bri')).toEqual(['LRESI-D']);
    expect(await resis('search=100%25')).toEqual(['LRESI-C']);
    expect(await resis('search=%20%20')).toEqual(['LRESI-B', 'LRESI-D', 'LRESI-C', 'LRESI-A']);
    expect(await resis('search=tidak-ada-yang-cocok')).toEqual([]);
  });

  it('pages, also a searched list, and answers an empty page beyond the end', async () => {
    const second = await get(`/api/orders?${RANGE}&limit=3&page=2`);
    expect(second.data.map((row: { resi_number: string }) => row.resi_number)).toEqual(['LRESI-A']);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 4, totalPages: 2 });
    const searched = await get(`/api/orders?${RANGE}&search=kemeja&limit=1&page=2`);
    expect(searched.data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LRESI-A',
    ]);
    expect(searched.pagination).toEqual({ page: 2, limit: 1, total: 2, totalPages: 2 });
    const beyond = await get(`/api/orders?${RANGE}&page=9`);
    expect(beyond).toEqual({
      data: [],
      pagination: { page: 9, limit: 10, total: 4, totalPages: 1 },
    });
  });

  it.each([
    ['startDate=2025-09-02&endDate=2025-09-01', 'Tanggal mulai tidak boleh setelah tanggal akhir'],
    ['startDate=2025-09-31', 'Tanggal Mulai tidak valid (format yyyy-mm-dd)'],
    ['endDate=1999-12-31', 'Tanggal Akhir harus antara 2000-01-01 dan 366 hari setelah hari ini'],
    ['limit=500', 'Jumlah per halaman maksimal 100'],
    ['page=0', 'Halaman harus lebih dari 0'],
  ])('answers 400 for %s on the list and the summary', async (query, message) => {
    for (const path of ['/api/orders', '/api/orders/summary']) {
      const response = await server.call('GET', `${path}?${query}`, server.actors.managerToken);
      expect({ path, status: response.statusCode, body: response.json() }).toEqual({
        path,
        status: 400,
        body: { message },
      });
    }
  });
});

describe('GET /api/orders/summary', () => {
  // March 2025: no other test dates an order there.
  const RANGE = 'startDate=2025-03-01&endDate=2025-03-31';
  let alpha: TestProduct;

  beforeAll(async () => {
    alpha = await insertProduct(server.database, {
      code: 'SUM-A',
      name: 'Alpha',
      category: 'Tas',
      brand: 'Ransel',
    });
    const beta = await insertProduct(server.database, { code: 'SUM-B', name: 'Beta' });
    const gamma = await insertProduct(server.database, { code: 'SUM-C', name: 'Gamma' });
    const delta = await insertProduct(server.database, { code: 'SUM-D', name: 'Delta' });
    // Alpha: 2 x 10.000 + 3 x 15.000,50 + 5 x 9.999,99 = 115.001,45 for 10 units.
    await createOrder(alpha, {
      date: '2025-03-01',
      quantity: 2,
      price: 10000,
      resi_number: 'S-A1',
    });
    await createOrder(alpha, {
      date: '2025-03-10',
      quantity: 3,
      price: 15000.5,
      resi_number: 'S-A2',
    });
    await createOrder(alpha, {
      date: '2025-03-31',
      quantity: 5,
      price: 9999.99,
      resi_number: 'S-A3',
    });
    // Beta: 10 units too (ties with Alpha: by code), at one price.
    await createOrder(beta, { date: '2025-03-05', quantity: 10, price: 5000, resi_number: 'S-B1' });
    // Gamma: the most units; 1 x 100 + 20 x 1 = 120 for 21 units.
    await createOrder(gamma, { date: '2025-03-20', quantity: 1, price: 100, resi_number: 'S-G1' });
    await createOrder(gamma, { date: '2025-03-21', quantity: 20, price: 1, resi_number: 'S-G2' });
    // Outside the range: counted nowhere.
    await createOrder(alpha, { date: '2025-02-28', quantity: 50, price: 1, resi_number: 'S-X1' });
    await createOrder(delta, { date: '2025-04-01', quantity: 99, price: 1, resi_number: 'S-X2' });
  });

  it('sums per product in the range, weights the average by quantity, largest total first', async () => {
    const summary = await get(`/api/orders/summary?${RANGE}`);
    expect(summary).toEqual({
      data: [
        {
          product_code: 'SUM-C',
          product_name: 'Gamma',
          category: 'Kaos',
          brand: 'Merek',
          total_quantity: 21,
          total_orders: 2,
          // 120 / 21 = 5,714... (the unweighted mean of the prices would be 50,5)
          average_price: 5.71,
        },
        {
          product_code: 'SUM-A',
          product_name: 'Alpha',
          category: 'Tas',
          brand: 'Ransel',
          total_quantity: 10,
          total_orders: 3,
          // 115.001,45 / 10 = 11.500,145, rounded half up in numeric (a float would say ,14)
          average_price: 11500.15,
        },
        {
          product_code: 'SUM-B',
          product_name: 'Beta',
          category: 'Kaos',
          brand: 'Merek',
          total_quantity: 10,
          total_orders: 1,
          average_price: 5000,
        },
      ],
      pagination: { page: 1, limit: 10, total: 3, totalPages: 1 },
    });
  });

  it('pages the products and counts them on every page', async () => {
    const second = await get(`/api/orders/summary?${RANGE}&limit=2&page=2`);
    expect(second.data.map((row: { product_code: string }) => row.product_code)).toEqual(['SUM-B']);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, totalPages: 2 });
    const beyond = await get(`/api/orders/summary?${RANGE}&limit=2&page=5`);
    expect(beyond).toEqual({
      data: [],
      pagination: { page: 5, limit: 2, total: 3, totalPages: 2 },
    });
  });

  it('applies the search as the list does: over the orders, then sums', async () => {
    const byResi = await get(`/api/orders/summary?${RANGE}&search=s-a2`);
    expect(byResi.data).toEqual([
      expect.objectContaining({
        product_code: 'SUM-A',
        total_quantity: 3,
        total_orders: 1,
        average_price: 15000.5,
      }),
    ]);
    const byName = await get(`/api/orders/summary?${RANGE}&search=alpha`);
    expect(byName.data).toEqual([
      expect.objectContaining({ product_code: 'SUM-A', total_quantity: 10, total_orders: 3 }),
    ]);
    const none = await get(`/api/orders/summary?${RANGE}&search=tidak-ada`);
    expect(none).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0 } });
  });

  it('answers again from the same data, and sums anew after any write, also one in plain SQL', async () => {
    const first = await get(`/api/orders/summary?${RANGE}&search=sum-b`);
    expect(await get(`/api/orders/summary?${RANGE}&search=sum-b`)).toEqual(first);
    expect(first.data).toEqual([expect.objectContaining({ total_quantity: 10, total_orders: 1 })]);
    const beta = await server.database.db.execute<{ id: number }>(
      sql`select id from products where code = 'SUM-B'`,
    );
    await server.database.db.insert(orders).values({
      productId: Number(beta.rows[0]?.id),
      date: '2025-03-06',
      quantity: 5,
      price: 8000,
      resiNumber: 'S-B2',
    });
    const after = await get(`/api/orders/summary?${RANGE}&search=sum-b`);
    // 10 x 5.000 + 5 x 8.000 = 90.000 for 15 units.
    expect(after.data).toEqual([
      expect.objectContaining({ total_quantity: 15, total_orders: 2, average_price: 6000 }),
    ]);
    await server.database.db.delete(orders).where(eq(orders.resiNumber, 'S-B2'));
    expect(await get(`/api/orders/summary?${RANGE}&search=sum-b`)).toEqual(first);
  });

  it('follows an edit and a delete', async () => {
    const list = await get(`/api/orders?${RANGE}&search=S-A3`);
    const id = list.data[0].id as number;
    const edited = await server.call(
      'PUT',
      `/api/orders/${id}`,
      server.actors.managerToken,
      body(alpha, { date: '2025-03-31', quantity: 1, price: 0, resi_number: 'S-A3' }),
    );
    expect(edited.statusCode).toBe(200);
    const [afterEdit] = (await get(`/api/orders/summary?${RANGE}&search=SUM-A`)).data;
    // 20.000 + 45.001,50 + 0 = 65.001,50 for 6 units = 10.833,58333...
    expect(afterEdit).toMatchObject({
      total_quantity: 6,
      total_orders: 3,
      average_price: 10833.58,
    });
    const removed = await server.call('DELETE', `/api/orders/${id}`, server.actors.managerToken);
    expect(removed.statusCode).toBe(200);
    const [afterDelete] = (await get(`/api/orders/summary?${RANGE}&search=SUM-A`)).data;
    // 65.001,50 for 5 units.
    expect(afterDelete).toMatchObject({
      total_quantity: 5,
      total_orders: 2,
      average_price: 13000.3,
    });
  });
});
