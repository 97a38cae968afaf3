import type { InjectOptions } from 'fastify';
import type { App } from '../../app';
import {
  authHeader,
  buildTestApp,
  createTestDatabase,
  type TestDatabase,
} from '../../testing/test-app';
import {
  inconsistentProducts,
  insertProduct,
  latestLog,
  signInBoth,
  snapshot,
  stockOf,
  type Actors,
  type TestProduct,
} from './test-fixtures';

let database: TestDatabase;
let app: App;
let actors: Actors;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database);
  actors = await signInBoth(app, database);
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.destroy();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string | null, payload?: object) {
  const options: InjectOptions = { method, url, headers: token === null ? {} : authHeader(token) };
  if (payload !== undefined) options.payload = payload as Record<string, unknown>;
  return app.inject(options);
}

let resiCounter = 0;
const nextResi = () => {
  resiCounter += 1;
  return `RESI-IN-${resiCounter}`;
};

function body(product: TestProduct, fields: Record<string, unknown> = {}) {
  return {
    product_code: product.code,
    product_name: product.name,
    category: 'Kaos',
    brand: 'Merek',
    resi_number: nextResi(),
    quantity: 5,
    platform: 'Shopee',
    date: '2026-11-20',
    ...fields,
  };
}

async function createIncoming(product: TestProduct, fields: Record<string, unknown> = {}) {
  const response = await call(
    'POST',
    '/api/incoming-goods',
    actors.managerToken,
    body(product, fields),
  );
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; resi_number: string; quantity: number };
}

describe('POST /api/incoming-goods', () => {
  it('records the movement for an admin, adds to stock and logs INCOMING_GOODS', async () => {
    const product = await insertProduct(database, { stock: 3, name: 'Kaos Polos', brand: 'Hanes' });
    const response = await call(
      'POST',
      '/api/incoming-goods',
      actors.adminToken,
      body(product, {
        product_name: 'Nama palsu',
        brand: 'Merek palsu',
        resi_number: '  SPX123  ',
        platform: ' Shopee ',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { message, data } = response.json();
    expect(message).toBe('Barang masuk berhasil ditambahkan');
    expect(data).toEqual({
      id: expect.any(Number),
      date: '2026-11-20',
      product_id: product.id,
      product_code: product.code,
      product_name: 'Kaos Polos',
      category: 'Kaos',
      brand: 'Hanes',
      barcode: product.barcodeId,
      resi_number: 'SPX123',
      quantity: 5,
      platform: 'Shopee',
    });
    expect(await stockOf(database, product.id)).toBe(8);
    const log = await latestLog(database, 'INCOMING_GOODS');
    expect(log).toMatchObject({
      userId: actors.admin.id,
      userName: actors.admin.name,
      details: `Barang masuk: Kaos Polos (${product.code}) +5, resi SPX123, Shopee`,
    });
  });

  it('answers 401 without a token and writes nothing', async () => {
    const product = await insertProduct(database);
    const before = await snapshot(database);
    const response = await call('POST', '/api/incoming-goods', null, body(product));
    expect(response.statusCode).toBe(401);
    expect(await snapshot(database)).toEqual(before);
  });

  it('answers 400 "Produk tidak ditemukan" for an unknown product code', async () => {
    const before = await snapshot(database);
    const response = await call('POST', '/api/incoming-goods', actors.managerToken, {
      ...body(await insertProduct(database)),
      product_code: 'TIDAK-ADA',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Produk tidak ditemukan' });
    const after = await snapshot(database);
    expect(after.incoming).toBe(before.incoming);
    expect(after.logs).toBe(before.logs);
  });

  it.each([
    [{ quantity: 0 }, 'Jumlah harus lebih dari 0'],
    [{ quantity: -3 }, 'Jumlah harus lebih dari 0'],
    [{ quantity: 1.5 }, 'Jumlah harus lebih dari 0'],
    [{ quantity: 'abc' }, 'Jumlah harus lebih dari 0'],
    [{ quantity: 1e300 }, 'Jumlah maksimal 1000000'],
    [{ quantity: undefined }, "Field 'quantity' wajib diisi"],
    [{ resi_number: '   ' }, "Field 'resi_number' tidak valid"],
    [{ resi_number: '' }, "Field 'resi_number' wajib diisi"],
    [{ platform: undefined }, "Field 'platform' wajib diisi"],
    [{ product_code: undefined }, "Field 'product_code' wajib diisi"],
    [{ date: '2026-02-30' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: '2026-13-01' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: '0000-01-01' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: '20-11-2026' }, 'Tanggal tidak valid (format yyyy-mm-dd)'],
    [{ date: undefined }, "Field 'date' wajib diisi"],
  ])('answers 400 for %j and changes nothing', async (fields, message) => {
    const product = await insertProduct(database, { stock: 4 });
    const before = await snapshot(database);
    const response = await call(
      'POST',
      '/api/incoming-goods',
      actors.managerToken,
      body(product, fields),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await snapshot(database)).toEqual(before);
  });

  it('accepts 29 February of a leap year', async () => {
    const product = await insertProduct(database);
    const row = await createIncoming(product, { date: '2028-02-29' });
    expect(row).toMatchObject({ date: '2028-02-29' });
  });

  it('refuses a used resi (compared trimmed) with 409 and changes nothing', async () => {
    const product = await insertProduct(database, { stock: 1 });
    await createIncoming(product, { resi_number: 'DUP-1' });
    const before = await snapshot(database);
    const response = await call(
      'POST',
      '/api/incoming-goods',
      actors.adminToken,
      body(product, { resi_number: ' DUP-1 ' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(database)).toEqual(before);
  });

  it('lets exactly one of 20 parallel creates with one resi succeed', async () => {
    const product = await insertProduct(database, { stock: 0 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          'POST',
          '/api/incoming-goods',
          actors.managerToken,
          body(product, { resi_number: 'PARALLEL-RESI', quantity: 2 }),
        ),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    expect(await stockOf(database, product.id)).toBe(2);
    expect(await inconsistentProducts(database)).toEqual([]);
  });
});

describe('PUT /api/incoming-goods/:id', () => {
  it('moves stock by the difference and logs UPDATE_INCOMING_GOODS', async () => {
    const product = await insertProduct(database, { stock: 10 });
    const record = await createIncoming(product, { quantity: 5 });
    expect(await stockOf(database, product.id)).toBe(15);
    const response = await call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      actors.managerToken,
      body(product, { quantity: 2, resi_number: record.resi_number, platform: 'Tokopedia' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Data berhasil diperbarui',
      data: { id: record.id, quantity: 2, platform: 'Tokopedia', resi_number: record.resi_number },
    });
    expect(await stockOf(database, product.id)).toBe(12);
    const log = await latestLog(database, 'UPDATE_INCOMING_GOODS');
    expect(log?.details).toContain(`Barang masuk #${record.id} diperbarui`);
    expect(log?.userId).toBe(actors.manager.id);
  });

  it('takes the quantity back from the old product and adds it to the new one', async () => {
    const first = await insertProduct(database, { stock: 1 });
    const second = await insertProduct(database, { stock: 7 });
    const record = await createIncoming(first, { quantity: 4 });
    const response = await call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      actors.managerToken,
      body(second, { quantity: 6 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      product_id: second.id,
      product_code: second.code,
      quantity: 6,
    });
    expect(await stockOf(database, first.id)).toBe(1);
    expect(await stockOf(database, second.id)).toBe(13);
    expect(await inconsistentProducts(database)).toEqual([]);
  });

  it('refuses a change that would leave the product below zero and changes nothing', async () => {
    const product = await insertProduct(database, { stock: 0, name: 'Topi Merah' });
    const other = await insertProduct(database, { stock: 0 });
    const record = await createIncoming(product, { quantity: 10 });
    // 8 of the 10 have left again.
    const sold = await call('POST', '/api/outgoing-goods', actors.managerToken, {
      product_code: product.code,
      resi_number: 'OUT-FOR-IN-1',
      quantity: 8,
      barcode: product.barcodeId,
      date: '2026-11-20',
    });
    expect(sold.statusCode).toBe(201);
    const before = await snapshot(database);

    for (const fields of [{ quantity: 5 }, { product_code: other.code }]) {
      const response = await call(
        'PUT',
        `/api/incoming-goods/${record.id}`,
        actors.managerToken,
        body(product, { ...fields, resi_number: record.resi_number }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Perubahan ini membuat stok Topi Merah menjadi negatif. Stok tersedia: 2',
      });
    }
    expect(await snapshot(database)).toEqual(before);
  });

  it('keeps its own resi but refuses the resi of another record with 409', async () => {
    const product = await insertProduct(database, { stock: 0 });
    const first = await createIncoming(product);
    const second = await createIncoming(product);
    const before = await snapshot(database);
    const response = await call(
      'PUT',
      `/api/incoming-goods/${second.id}`,
      actors.managerToken,
      body(product, { resi_number: ` ${first.resi_number} `, quantity: 1 }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(database)).toEqual(before);
  });

  it('answers 403 for an admin, 404 for an unknown id, 400 for a bad body', async () => {
    const product = await insertProduct(database, { stock: 0 });
    const record = await createIncoming(product);
    const before = await snapshot(database);
    const asAdmin = await call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      actors.adminToken,
      body(product, { quantity: 1 }),
    );
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat mengedit data' });

    for (const id of [999_999, 99_999_999_999]) {
      const missing = await call(
        'PUT',
        `/api/incoming-goods/${id}`,
        actors.managerToken,
        body(product),
      );
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Data tidak ditemukan' });
    }
    const badId = await call('PUT', '/api/incoming-goods/abc', actors.managerToken, body(product));
    expect(badId.statusCode).toBe(400);
    const bad = await call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      actors.managerToken,
      body(product, { quantity: 0 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Jumlah harus lebih dari 0' });
    const noToken = await call('PUT', `/api/incoming-goods/${record.id}`, null, body(product));
    expect(noToken.statusCode).toBe(401);
    expect(await snapshot(database)).toEqual(before);
  });
});

describe('DELETE /api/incoming-goods/:id', () => {
  it('takes the quantity back out of stock and logs DELETE_INCOMING_GOODS', async () => {
    const product = await insertProduct(database, { stock: 2 });
    const record = await createIncoming(product, { quantity: 3 });
    const response = await call('DELETE', `/api/incoming-goods/${record.id}`, actors.managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Data berhasil dihapus' });
    expect(await stockOf(database, product.id)).toBe(2);
    const log = await latestLog(database, 'DELETE_INCOMING_GOODS');
    expect(log?.details).toContain(`Barang masuk #${record.id} dihapus`);
    const again = await call('DELETE', `/api/incoming-goods/${record.id}`, actors.managerToken);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete when the stock has already left, and changes nothing', async () => {
    const product = await insertProduct(database, { stock: 0, name: 'Sepatu' });
    const record = await createIncoming(product, { quantity: 3 });
    const sold = await call('POST', '/api/outgoing-goods', actors.adminToken, {
      product_code: product.code,
      resi_number: 'OUT-FOR-IN-2',
      quantity: 2,
      barcode: product.barcodeId,
      date: '2026-11-20',
    });
    expect(sold.statusCode).toBe(201);
    const before = await snapshot(database);
    const response = await call('DELETE', `/api/incoming-goods/${record.id}`, actors.managerToken);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Perubahan ini membuat stok Sepatu menjadi negatif. Stok tersedia: 1',
    });
    expect(await snapshot(database)).toEqual(before);
  });

  it('answers 403 for an admin and 401 without a token', async () => {
    const product = await insertProduct(database, { stock: 0 });
    const record = await createIncoming(product);
    const asAdmin = await call('DELETE', `/api/incoming-goods/${record.id}`, actors.adminToken);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toEqual({ message: 'Hanya manager yang dapat menghapus data' });
    expect((await call('DELETE', `/api/incoming-goods/${record.id}`, null)).statusCode).toBe(401);
    expect(await stockOf(database, product.id)).toBe(5);
  });
});

describe('GET /api/incoming-goods/check-resi/:resi', () => {
  it('reports duplicates, compared trimmed, except the excluded record', async () => {
    const product = await insertProduct(database, { name: 'Jaket' });
    const record = await createIncoming(product, { resi_number: 'CHK-1', date: '2026-10-01' });
    const found = await call(
      'GET',
      '/api/incoming-goods/check-resi/%20CHK-1%20',
      actors.adminToken,
    );
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      isDuplicate: true,
      duplicates: [{ id: record.id, product_name: 'Jaket', date: '2026-10-01' }],
    });
    const excluded = await call(
      'GET',
      `/api/incoming-goods/check-resi/CHK-1?excludeId=${record.id}`,
      actors.adminToken,
    );
    expect(excluded.json()).toEqual({ isDuplicate: false, duplicates: [] });
    const other = await call('GET', '/api/incoming-goods/check-resi/CHK-2', actors.adminToken);
    expect(other.json()).toEqual({ isDuplicate: false, duplicates: [] });
    const hugeExclude = await call(
      'GET',
      '/api/incoming-goods/check-resi/CHK-1?excludeId=99999999999',
      actors.adminToken,
    );
    expect(hugeExclude.json().isDuplicate).toBe(true);
    expect((await call('GET', '/api/incoming-goods/check-resi/CHK-1', null)).statusCode).toBe(401);
    const badExclude = await call(
      'GET',
      '/api/incoming-goods/check-resi/CHK-1?excludeId=x',
      actors.adminToken,
    );
    expect(badExclude.statusCode).toBe(400);
  });
});

describe('GET /api/incoming-goods/for-comparison', () => {
  it('returns the incoming goods of the codes within the dates, both ends included', async () => {
    const a = await insertProduct(database, { code: 'CMP-A', name: 'Alpha' });
    const b = await insertProduct(database, { code: 'CMP-B', name: 'Beta' });
    const c = await insertProduct(database, { code: 'CMP-C' });
    await createIncoming(a, { resi_number: 'CMP-1', date: '2026-09-01', quantity: 1 });
    await createIncoming(a, { resi_number: 'CMP-2', date: '2026-09-10', quantity: 2 });
    await createIncoming(b, { resi_number: 'CMP-3', date: '2026-09-05', quantity: 3 });
    await createIncoming(b, { resi_number: 'CMP-4', date: '2026-09-11', quantity: 4 });
    await createIncoming(c, { resi_number: 'CMP-5', date: '2026-09-05', quantity: 5 });
    const response = await call(
      'GET',
      '/api/incoming-goods/for-comparison?productCodes=CMP-A,%20CMP-B,,CMP-A&startDate=2026-09-01&endDate=2026-09-10',
      actors.managerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        {
          product_name: 'Alpha',
          product_code: 'CMP-A',
          resi_number: 'CMP-1',
          quantity: 1,
          date: '2026-09-01',
        },
        {
          product_name: 'Beta',
          product_code: 'CMP-B',
          resi_number: 'CMP-3',
          quantity: 3,
          date: '2026-09-05',
        },
        {
          product_name: 'Alpha',
          product_code: 'CMP-A',
          resi_number: 'CMP-2',
          quantity: 2,
          date: '2026-09-10',
        },
      ],
    });
    const none = await call(
      'GET',
      '/api/incoming-goods/for-comparison?productCodes=&startDate=2026-09-01&endDate=2026-09-10',
      actors.managerToken,
    );
    expect(none.json()).toEqual({ data: [] });
    const badDate = await call(
      'GET',
      '/api/incoming-goods/for-comparison?productCodes=CMP-A&startDate=2026-02-30&endDate=2026-09-10',
      actors.managerToken,
    );
    expect(badDate.statusCode).toBe(400);
    const missing = await call('GET', '/api/incoming-goods/for-comparison', actors.managerToken);
    expect(missing.statusCode).toBe(400);
  });
});

describe('GET /api/incoming-goods', () => {
  let zeta: TestProduct;
  let alpha: TestProduct;

  beforeAll(async () => {
    zeta = await insertProduct(database, {
      name: 'Celana 100% Katun',
      brand: 'zzz-Zeta',
      code: 'LST-Z',
    });
    alpha = await insertProduct(database, {
      name: 'Kemeja_Flanel',
      brand: 'aaa-Alpha',
      code: 'LST-A',
    });
    await createIncoming(zeta, { resi_number: 'LST-R1', date: '2030-01-02', platform: 'Lazada' });
    await createIncoming(alpha, { resi_number: 'LST-R2', date: '2030-01-03', platform: 'TikTok' });
    await createIncoming(zeta, { resi_number: 'LST-R3', date: '2030-01-03', platform: 'Lazada' });
  });

  it('lists newest first with the product fields and the pagination', async () => {
    const response = await call('GET', '/api/incoming-goods?limit=2', actors.adminToken);
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json();
    expect(data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LST-R3',
      'LST-R2',
    ]);
    expect(data[0]).toMatchObject({
      product_code: 'LST-Z',
      product_name: 'Celana 100% Katun',
      brand: 'zzz-Zeta',
    });
    expect(pagination).toMatchObject({ page: 1, limit: 2 });
    expect(pagination.totalPages).toBe(Math.ceil(pagination.total / 2));
  });

  it.each([
    ['tiktok', ['LST-R2']],
    ['lst-r1', ['LST-R1']],
    ['kemeja_', ['LST-R2']],
    ['100%', ['LST-R3', 'LST-R1']],
    ['LST-Z', ['LST-R3', 'LST-R1']],
    ['_', ['LST-R2']],
  ])('searches %j case-insensitively over name, code, resi and platform', async (search, resis) => {
    const response = await call(
      'GET',
      `/api/incoming-goods?search=${encodeURIComponent(search)}`,
      actors.adminToken,
    );
    const { data, pagination } = response.json();
    expect(data.map((row: { resi_number: string }) => row.resi_number)).toEqual(resis);
    expect(pagination.total).toBe(resis.length);
  });

  it('sorts by brand both ways, newest first within a brand', async () => {
    const asc = await call('GET', '/api/incoming-goods?search=LST-&sort=brand', actors.adminToken);
    expect(asc.json().data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LST-R2',
      'LST-R3',
      'LST-R1',
    ]);
    const descending = await call(
      'GET',
      '/api/incoming-goods?search=LST-&sort=brand_desc',
      actors.adminToken,
    );
    expect(descending.json().data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'LST-R3',
      'LST-R1',
      'LST-R2',
    ]);
  });

  it('pages through the results', async () => {
    const second = await call(
      'GET',
      '/api/incoming-goods?search=LST-&limit=2&page=2',
      actors.adminToken,
    );
    expect(second.json()).toEqual({
      data: [expect.objectContaining({ resi_number: 'LST-R1' })],
      pagination: { page: 2, limit: 2, total: 3, totalPages: 2 },
    });
    const beyond = await call('GET', '/api/incoming-goods?search=LST-&page=99', actors.adminToken);
    expect(beyond.json()).toEqual({
      data: [],
      pagination: { page: 99, limit: 10, total: 3, totalPages: 1 },
    });
    const far = await call('GET', '/api/incoming-goods?page=1e300', actors.adminToken);
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual([]);
  });

  it.each(['limit=101', 'limit=0', 'page=0', 'sort=name', 'page=abc'])(
    'answers 400 for %s',
    async (query) => {
      const response = await call('GET', `/api/incoming-goods?${query}`, actors.adminToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    },
  );

  it('answers 401 without a token', async () => {
    expect((await call('GET', '/api/incoming-goods', null)).statusCode).toBe(401);
  });
});
