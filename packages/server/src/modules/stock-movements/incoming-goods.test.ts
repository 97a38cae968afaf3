// What only Barang Masuk does; the rules it shares with Barang Keluar are in movements.test.ts.
import {
  INCOMING,
  inconsistentProducts,
  insertProduct,
  latestLog,
  OUTGOING,
  postMovement,
  snapshot,
  stockOf,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

const body = INCOMING.body;
const createIncoming = (product: TestProduct, fields: Record<string, unknown> = {}) =>
  postMovement(server, INCOMING, product, fields);

describe('POST /api/incoming-goods', () => {
  it('records the movement for an admin, adds to stock and logs INCOMING_GOODS', async () => {
    const product = await insertProduct(server.database, {
      stock: 3,
      name: 'Kaos Polos',
      brand: 'Hanes',
    });
    const response = await server.call(
      'POST',
      '/api/incoming-goods',
      server.actors.adminToken,
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
      // No purchase_price: an admin's answers carry no cost (lib/purchase-cost.ts).
    });
    // No List Order matches and the product has no cost: 0, as the manager reads it.
    const listed = await server.call(
      'GET',
      '/api/incoming-goods?search=SPX123',
      server.actors.managerToken,
    );
    expect(listed.json()).toMatchObject({ data: [{ resi_number: 'SPX123', purchase_price: 0 }] });
    expect(await stockOf(server.database, product.id)).toBe(8);
    const log = await latestLog(server.database, 'INCOMING_GOODS');
    expect(log).toMatchObject({
      userId: server.actors.admin.id,
      userName: server.actors.admin.name,
      details: `Barang masuk: Kaos Polos (${product.code}) +5, resi SPX123, Shopee`,
    });
  });
});

describe('PUT /api/incoming-goods/:id', () => {
  it('moves stock by the difference and logs UPDATE_INCOMING_GOODS', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const record = await createIncoming(product, { quantity: 5 });
    expect(await stockOf(server.database, product.id)).toBe(15);
    const response = await server.call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      server.actors.managerToken,
      body(product, { quantity: 2, resi_number: record.resi_number, platform: 'Tokopedia' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Data berhasil diperbarui',
      data: { id: record.id, quantity: 2, platform: 'Tokopedia', resi_number: record.resi_number },
    });
    expect(await stockOf(server.database, product.id)).toBe(12);
    const log = await latestLog(server.database, 'UPDATE_INCOMING_GOODS');
    expect(log?.details).toContain(`Barang masuk #${record.id} diperbarui`);
    expect(log?.userId).toBe(server.actors.manager.id);
  });

  it('takes the quantity back from the old product and adds it to the new one', async () => {
    const first = await insertProduct(server.database, { stock: 1 });
    const second = await insertProduct(server.database, { stock: 7 });
    const record = await createIncoming(first, { quantity: 4 });
    const response = await server.call(
      'PUT',
      `/api/incoming-goods/${record.id}`,
      server.actors.managerToken,
      body(second, { quantity: 6 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      product_id: second.id,
      product_code: second.code,
      quantity: 6,
    });
    expect(await stockOf(server.database, first.id)).toBe(1);
    expect(await stockOf(server.database, second.id)).toBe(13);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('refuses a change that would leave the product below zero and changes nothing', async () => {
    const product = await insertProduct(server.database, { stock: 0, name: 'Topi Merah' });
    const other = await insertProduct(server.database, { stock: 0 });
    const record = await createIncoming(product, { quantity: 10 });
    // 8 of the 10 have left again.
    await postMovement(server, OUTGOING, product, { quantity: 8 });
    const before = await snapshot(server.database);

    for (const fields of [{ quantity: 5 }, { product_code: other.code }]) {
      const response = await server.call(
        'PUT',
        `/api/incoming-goods/${record.id}`,
        server.actors.managerToken,
        body(product, { ...fields, resi_number: record.resi_number }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Perubahan ini membuat stok Topi Merah menjadi negatif. Stok tersedia: 2',
      });
    }
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe('DELETE /api/incoming-goods/:id', () => {
  it('takes the quantity back out of stock and logs DELETE_INCOMING_GOODS', async () => {
    const product = await insertProduct(server.database, { stock: 2 });
    const record = await createIncoming(product, { quantity: 3 });
    const url = `/api/incoming-goods/${record.id}`;
    const response = await server.call('DELETE', url, server.actors.managerToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Data berhasil dihapus' });
    expect(await stockOf(server.database, product.id)).toBe(2);
    const log = await latestLog(server.database, 'DELETE_INCOMING_GOODS');
    expect(log?.details).toContain(`Barang masuk #${record.id} dihapus`);
    const again = await server.call('DELETE', url, server.actors.managerToken);
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete when the stock has already left, and changes nothing', async () => {
    const product = await insertProduct(server.database, { stock: 0, name: 'Sepatu' });
    const record = await createIncoming(product, { quantity: 3 });
    await postMovement(server, OUTGOING, product, { quantity: 2 });
    const before = await snapshot(server.database);
    const response = await server.call(
      'DELETE',
      `/api/incoming-goods/${record.id}`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Perubahan ini membuat stok Sepatu menjadi negatif. Stok tersedia: 1',
    });
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe('GET /api/incoming-goods/for-comparison', () => {
  it('returns the incoming goods of the codes within the dates, both ends included', async () => {
    const a = await insertProduct(server.database, { code: 'CMP-A', name: 'Alpha' });
    const b = await insertProduct(server.database, { code: 'CMP-B', name: 'Beta' });
    const c = await insertProduct(server.database, { code: 'CMP-C' });
    await createIncoming(a, { resi_number: 'CMP-1', date: '2026-09-01', quantity: 1 });
    await createIncoming(a, { resi_number: 'CMP-2', date: '2026-09-10', quantity: 2 });
    await createIncoming(b, { resi_number: 'CMP-3', date: '2026-09-05', quantity: 3 });
    await createIncoming(b, { resi_number: 'CMP-4', date: '2026-09-11', quantity: 4 });
    await createIncoming(c, { resi_number: 'CMP-5', date: '2026-09-05', quantity: 5 });
    const compare = (query: string) =>
      server.call('GET', `/api/incoming-goods/for-comparison${query}`, server.actors.managerToken);
    const response = await compare(
      '?productCodes=CMP-A,%20CMP-B,,CMP-A&startDate=2026-09-01&endDate=2026-09-10',
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
    // Sent empty, or left out: no product filter, every incoming record of the range.
    const every = await compare('?productCodes=&startDate=2026-09-01&endDate=2026-09-10');
    expect(every.statusCode).toBe(200);
    const resi = (every.json() as { data: { resi_number: string }[] }).data
      .map((row) => row.resi_number)
      .filter((number) => number.startsWith('CMP-'));
    expect(resi).toEqual(['CMP-1', 'CMP-3', 'CMP-5', 'CMP-2']);
    const absent = await compare('?startDate=2026-09-01&endDate=2026-09-10');
    expect(absent.json()).toEqual(every.json());
    const badDate = await compare('?productCodes=CMP-A&startDate=2026-02-30&endDate=2026-09-10');
    expect(badDate.statusCode).toBe(400);
    expect((await compare('')).statusCode).toBe(400);
  });
});

describe('GET /api/incoming-goods', () => {
  it('searches the platform too', async () => {
    const product = await insertProduct(server.database);
    await createIncoming(product, { resi_number: 'PLT-1', platform: 'TikTok' });
    await createIncoming(product, { resi_number: 'PLT-2', platform: 'Lazada' });
    const response = await server.call(
      'GET',
      '/api/incoming-goods?search=tiktok',
      server.actors.adminToken,
    );
    expect(response.json()).toEqual({
      data: [expect.objectContaining({ resi_number: 'PLT-1', platform: 'TikTok' })],
      pagination: { page: 1, limit: 10, total: 1, totalPages: 1 },
    });
  });
});
