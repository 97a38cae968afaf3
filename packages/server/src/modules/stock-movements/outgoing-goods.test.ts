// What only Barang Keluar does; the rules it shares with Barang Masuk are in movements.test.ts.
import { eq, sql } from 'drizzle-orm';
import { outgoingGoods } from '../../db/schema';
import { authHeader } from '../../testing/test-app';
import { saleBatchStats } from './outgoing-service';
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

const body = OUTGOING.body;
const createOutgoing = (product: TestProduct, fields: Record<string, unknown> = {}) =>
  postMovement(server, OUTGOING, product, fields);

describe('POST /api/outgoing-goods', () => {
  it('takes the quantity from stock for an admin and logs OUTGOING_GOODS', async () => {
    const product = await insertProduct(server.database, {
      stock: 9,
      name: 'Kaos Polos',
      brand: 'Hanes',
    });
    const response = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.adminToken,
      body(product, {
        quantity: 4,
        resi_number: ' JNT-77 ',
        barcode: ` ${product.barcodeId} `,
        product_name: 'Nama palsu',
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Barang keluar berhasil ditambahkan',
      data: {
        id: expect.any(Number),
        date: '2026-11-20',
        product_id: product.id,
        product_code: product.code,
        product_name: 'Kaos Polos',
        category: 'Kaos',
        brand: 'Hanes',
        resi_number: 'JNT-77',
        quantity: 4,
        barcode: product.barcodeId,
        current_stock: 5,
      },
    });
    expect(await stockOf(server.database, product.id)).toBe(5);
    const [stored] = await server.database.db
      .select()
      .from(outgoingGoods)
      .where(eq(outgoingGoods.resiNumber, 'JNT-77'));
    expect(stored).toMatchObject({
      barcode: product.barcodeId,
      purchasePrice: 0,
      sellingPrice: 0,
      discount: 0,
      createdBy: server.actors.admin.id,
    });
    expect(await latestLog(server.database, 'OUTGOING_GOODS')).toMatchObject({
      userId: server.actors.admin.id,
      details: `Barang keluar: Kaos Polos (${product.code}) -4, resi JNT-77`,
    });
  });

  it('logs the quantity as the app shows numbers, in id-ID', async () => {
    const product = await insertProduct(server.database, { stock: 123_456, name: 'Botol' });
    await createOutgoing(product, { quantity: 123_456, resi_number: 'JNT-BANYAK' });
    expect((await latestLog(server.database, 'OUTGOING_GOODS'))?.details).toBe(
      `Barang keluar: Botol (${product.code}) -123.456, resi JNT-BANYAK`,
    );
    const incoming = await insertProduct(server.database, { stock: 0, name: 'Gelas' });
    await postMovement(server, INCOMING, incoming, { quantity: 1000, resi_number: 'SPX-SERIBU' });
    expect((await latestLog(server.database, 'INCOMING_GOODS'))?.details).toContain(
      `Gelas (${incoming.code}) +1.000, resi SPX-SERIBU`,
    );
  });

  it('refuses a barcode that is not the product’s and changes nothing', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    const other = await insertProduct(server.database, { stock: 5 });
    const before = await snapshot(server.database);
    const response = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.managerToken,
      body(product, { barcode: other.barcodeId }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Barcode tidak sesuai dengan produk yang dipilih!',
    });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('refuses more than the stock with the available amount and changes nothing', async () => {
    const product = await insertProduct(server.database, { stock: 3 });
    const before = await snapshot(server.database);
    const response = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.managerToken,
      body(product, { quantity: 4 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Stok tidak mencukupi. Stok tersedia: 3' });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('writes the available stock as the app does, 1.000', async () => {
    const product = await insertProduct(server.database, { stock: 1000 });
    const response = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.managerToken,
      body(product, { quantity: 1001 }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Stok tidak mencukupi. Stok tersedia: 1.000' });
  });

  it('answers 400 for a body that is not JSON and changes nothing', async () => {
    const before = await snapshot(server.database);
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/outgoing-goods',
      headers: { ...authHeader(server.actors.managerToken), 'content-type': 'application/json' },
      payload: '{"product_code":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('refuses a used outgoing resi with 409; incoming resis do not count', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    await postMovement(server, INCOMING, product, { resi_number: 'SHARED-RESI' });
    await createOutgoing(product, { resi_number: 'SHARED-RESI' });
    const before = await snapshot(server.database);
    const again = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.managerToken,
      body(product, { resi_number: 'SHARED-RESI' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('never oversells: 50 parallel requests of 1 against a stock of 20', async () => {
    const product = await insertProduct(server.database, { stock: 20 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        server.call(
          'POST',
          '/api/outgoing-goods',
          index % 2 === 0 ? server.actors.adminToken : server.actors.managerToken,
          body(product, { resi_number: `RUSH-${index}` }),
        ),
      ),
    );
    const succeeded = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(succeeded).toHaveLength(20);
    expect(refused).toHaveLength(30);
    for (const response of refused) {
      expect(response.json()).toEqual({ message: 'Stok tidak mencukupi. Stok tersedia: 0' });
    }
    expect(await stockOf(server.database, product.id)).toBe(0);
    const rows = await server.database.db
      .select()
      .from(outgoingGoods)
      .where(eq(outgoingGoods.productId, product.id));
    expect(rows).toHaveLength(20);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });
});

describe('sales sent at once (written together: ADR 0019)', () => {
  const sell = (product: TestProduct, fields: Record<string, unknown>) =>
    server.call('POST', '/api/outgoing-goods', server.actors.managerToken, body(product, fields));
  const outcome = (response: Awaited<ReturnType<typeof sell>>) =>
    `${response.statusCode} ${response.statusCode === 201 ? response.json().data.current_stock : response.json().message}`;

  it('go in one batch, each with the answer it would have had alone', async () => {
    const a = await insertProduct(server.database, { stock: 5 });
    const b = await insertProduct(server.database, { stock: 1 });
    const c = await insertProduct(server.database, { stock: 3 });
    const before = saleBatchStats(server.database.db);
    const responses = await Promise.all([
      sell(a, { resi_number: 'TOGETHER-1' }),
      sell(a, { resi_number: 'TOGETHER-2', quantity: 2 }),
      sell(b, { resi_number: 'TOGETHER-3' }),
      sell(b, { resi_number: 'TOGETHER-4' }),
      sell(c, { resi_number: 'TOGETHER-5', barcode: a.barcodeId }),
      sell(c, { resi_number: 'TOGETHER-6', quantity: 3 }),
    ]);
    const after = saleBatchStats(server.database.db);
    // The first went alone; the five that arrived meanwhile, in one batch.
    expect(after.batches).toBeGreaterThan(before.batches);
    expect(after.largest).toBeGreaterThanOrEqual(5);
    expect(after.writtenAlone).toBe(before.writtenAlone);
    expect(responses.map(outcome)).toEqual([
      '201 4',
      '201 2',
      '201 0',
      '400 Stok tidak mencukupi. Stok tersedia: 0',
      '400 Barcode tidak sesuai dengan produk yang dipilih!',
      '201 0',
    ]);
    expect(await stockOf(server.database, a.id)).toBe(2);
    expect(await stockOf(server.database, b.id)).toBe(0);
    expect(await stockOf(server.database, c.id)).toBe(0);
    const logs = await server.database.db.execute<{ details: string }>(
      sql`select details from activity_logs where details like '%, resi TOGETHER-%' order by id`,
    );
    expect(logs.rows.map((row) => row.details.slice(-10))).toEqual([
      'TOGETHER-1',
      'TOGETHER-2',
      'TOGETHER-3',
      'TOGETHER-6',
    ]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('a resi used twice, or used before: that sale alone is refused, the others are written', async () => {
    const a = await insertProduct(server.database, { stock: 5 });
    const c = await insertProduct(server.database, { stock: 5 });
    await createOutgoing(a, { resi_number: 'USED-BEFORE' });
    const before = saleBatchStats(server.database.db);
    const responses = await Promise.all([
      sell(a, { resi_number: 'DUP-0' }),
      sell(a, { resi_number: 'DUP-1' }),
      sell(c, { resi_number: 'DUP-SAME' }),
      // The same product twice under one resi (another product would share the package).
      sell(c, { resi_number: 'dup-same' }),
      sell(a, { resi_number: 'used-before' }),
      sell(c, { resi_number: 'DUP-2' }),
    ]);
    // The batch was refused by the database (the resi rule) and each of its sales written alone.
    expect(saleBatchStats(server.database.db).writtenAlone).toBe(before.writtenAlone + 1);
    expect(responses.map(outcome)).toEqual([
      '201 3',
      '201 2',
      '201 4',
      '409 Nomor resi sudah digunakan sebelumnya!',
      '409 Nomor resi sudah digunakan sebelumnya!',
      '201 3',
    ]);
    expect(await stockOf(server.database, a.id)).toBe(2);
    expect(await stockOf(server.database, c.id)).toBe(3);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });
});

describe('PUT /api/outgoing-goods/:id', () => {
  it('moves stock by the difference and logs UPDATE_OUTGOING_GOODS', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const record = await createOutgoing(product, { quantity: 4 });
    const response = await server.call(
      'PUT',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
      body(product, { quantity: 7, resi_number: record.resi_number }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Data berhasil diperbarui',
      data: { id: record.id, quantity: 7, current_stock: 3 },
    });
    expect(await stockOf(server.database, product.id)).toBe(3);
    const log = await latestLog(server.database, 'UPDATE_OUTGOING_GOODS');
    expect(log?.details).toContain(`Barang keluar #${record.id} diperbarui`);
  });

  it('gives the quantity back to the old product and takes it from the new one', async () => {
    const first = await insertProduct(server.database, { stock: 5 });
    const second = await insertProduct(server.database, { stock: 8 });
    const record = await createOutgoing(first, { quantity: 5 });
    expect(await stockOf(server.database, first.id)).toBe(0);
    const response = await server.call(
      'PUT',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
      body(second, { quantity: 6 }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      product_id: second.id,
      barcode: second.barcodeId,
      current_stock: 2,
    });
    expect(await stockOf(server.database, first.id)).toBe(5);
    expect(await stockOf(server.database, second.id)).toBe(2);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('refuses an edit beyond the available stock and changes nothing', async () => {
    const product = await insertProduct(server.database, { stock: 6 });
    const other = await insertProduct(server.database, { stock: 2 });
    const record = await createOutgoing(product, { quantity: 4 });
    const before = await snapshot(server.database);

    // Same product: the record's own 4 count as available again.
    const more = await server.call(
      'PUT',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
      body(product, { quantity: 7, resi_number: record.resi_number }),
    );
    expect(more.statusCode).toBe(400);
    expect(more.json()).toEqual({ message: 'Stok tidak mencukupi. Stok tersedia: 6' });

    const moved = await server.call(
      'PUT',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
      body(other, { quantity: 3 }),
    );
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({ message: 'Stok tidak mencukupi. Stok tersedia: 2' });

    const wrongBarcode = await server.call(
      'PUT',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
      body(other, { quantity: 1, barcode: product.barcodeId }),
    );
    expect(wrongBarcode.statusCode).toBe(400);
    expect(wrongBarcode.json()).toEqual({
      message: 'Barcode tidak sesuai dengan produk yang dipilih!',
    });
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe('DELETE /api/outgoing-goods/:id', () => {
  it('puts the quantity back into stock and logs DELETE_OUTGOING_GOODS', async () => {
    const product = await insertProduct(server.database, { stock: 4 });
    const record = await createOutgoing(product, { quantity: 4 });
    expect(await stockOf(server.database, product.id)).toBe(0);
    const response = await server.call(
      'DELETE',
      `/api/outgoing-goods/${record.id}`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Data berhasil dihapus' });
    expect(await stockOf(server.database, product.id)).toBe(4);
    const log = await latestLog(server.database, 'DELETE_OUTGOING_GOODS');
    expect(log).toMatchObject({
      userId: server.actors.manager.id,
      details: `Barang keluar #${record.id} dihapus: ${product.name} (${product.code}) -4, resi ${record.resi_number}`,
    });
  });
});

describe('GET /api/outgoing-goods', () => {
  it('lists with the product’s current stock and barcode, searching and sorting', async () => {
    const product = await insertProduct(server.database, {
      stock: 9,
      name: 'Tas Ransel',
      brand: 'aaa',
    });
    const other = await insertProduct(server.database, {
      stock: 9,
      name: 'Tas Selempang',
      brand: 'zzz',
    });
    await createOutgoing(product, { resi_number: 'OLST-1', date: '2027-01-01', quantity: 2 });
    await createOutgoing(other, { resi_number: 'OLST-2', date: '2027-01-02' });
    await createOutgoing(product, { resi_number: 'OLST-3', date: '2027-01-03' });

    const response = await server.call(
      'GET',
      '/api/outgoing-goods?search=tas%20',
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(200);
    const { data, pagination } = response.json();
    expect(data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'OLST-3',
      'OLST-2',
      'OLST-1',
    ]);
    expect(data[0]).toMatchObject({
      product_name: 'Tas Ransel',
      barcode: product.barcodeId,
      current_stock: 6,
    });
    expect(pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });

    const byBrand = await server.call(
      'GET',
      '/api/outgoing-goods?search=OLST&sort=brand_desc&limit=2',
      server.actors.adminToken,
    );
    expect(byBrand.json().data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'OLST-2',
      'OLST-3',
    ]);
    expect(byBrand.json().pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });

    const byBarcode = await server.call(
      'GET',
      `/api/outgoing-goods?search=${other.barcodeId}`,
      server.actors.adminToken,
    );
    expect(byBarcode.json().data.map((row: { resi_number: string }) => row.resi_number)).toEqual([
      'OLST-2',
    ]);
    expect((await server.call('GET', '/api/outgoing-goods', null)).statusCode).toBe(401);
  });
});

describe('parallel edits and deletes', () => {
  it('keep every stock consistent and never negative, without deadlocks', async () => {
    const first = await insertProduct(server.database, { stock: 6 });
    const second = await insertProduct(server.database, { stock: 6 });
    const records = [];
    for (let index = 0; index < 6; index += 1) {
      records.push(await createOutgoing(index % 2 === 0 ? first : second, { quantity: 1 }));
    }
    // Each record moves to the other product with 3 units, or is deleted: the two products are
    // locked in opposite orders by naive code, and some edits must be refused for stock.
    const responses = await Promise.all(
      records.flatMap((record, index) => {
        const target = index % 2 === 0 ? second : first;
        return [
          server.call(
            'PUT',
            `/api/outgoing-goods/${record.id}`,
            server.actors.managerToken,
            body(target, { quantity: 3, resi_number: record.resi_number }),
          ),
          server.call('DELETE', `/api/outgoing-goods/${record.id}`, server.actors.managerToken),
        ];
      }),
    );
    for (const response of responses) {
      expect([200, 400, 404]).toContain(response.statusCode);
      if (response.statusCode === 400) {
        expect(response.json().message).toMatch(/^Stok tidak mencukupi\. Stok tersedia: [\d.]+$/);
      }
    }
    expect(await stockOf(server.database, first.id)).toBeGreaterThanOrEqual(0);
    expect(await stockOf(server.database, second.id)).toBeGreaterThanOrEqual(0);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });
});

// One hand-entered package holds several products under one resi (ADR 0014, migration 0028);
// a marketplace order's resi stays its own (ADR 0014).
describe('one package, several products', () => {
  /** A packed marketplace order's record of `product` under `resi`, as Scan Kirim writes it
   *  (its unit taken from stock too, so later checks of every product's stock still hold). */
  async function packed(product: TestProduct, resi: string): Promise<number> {
    const { rows } = await server.database.db.execute<{ id: number }>(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                      date, total)
      values ('shopee', ${`ORD-${resi}`}, ${resi}, 'dikirim', 'Dikirim', '2026-11-20', 0)
      returning id`);
    const orderId = Number(rows[0]?.id);
    await server.database.db.execute(sql`
      insert into outgoing_goods (product_id, date, resi_number, quantity, barcode,
                                  marketplace_order_id)
      values (${product.id}, '2026-11-20', ${resi}, 1, ${product.barcodeId}, ${orderId})`);
    await server.database.db.execute(
      sql`update products set current_stock = current_stock - 1 where id = ${product.id}`,
    );
    return orderId;
  }

  const check = (resi: string, query: string) =>
    server.call('GET', `/api/outgoing-goods/check-resi/${resi}?${query}`, server.actors.adminToken);

  it('keeps a marketplace package resi from hand-entered records, in check-resi too', async () => {
    const kaos = await insertProduct(server.database, { stock: 5, code: 'PKG-KAOS' });
    const topi = await insertProduct(server.database, { stock: 5, code: 'PKG-TOPI' });
    await packed(kaos, 'SPX-PKG-1');
    const before = await snapshot(server.database);
    const hand = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.adminToken,
      body(topi, { resi_number: 'spx-pkg-1' }),
    );
    expect(hand.statusCode).toBe(409);
    expect(hand.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(server.database)).toEqual(before);
    expect((await check('SPX-PKG-1', 'product_code=PKG-TOPI')).json()).toMatchObject({
      isDuplicate: true,
    });
    // Nor may another order take it, below the service.
    await expect(packed(topi, 'Spx-Pkg-1')).rejects.toMatchObject({ cause: { code: '23P01' } });
  });

  it('keeps a hand-entered package resi from a marketplace order', async () => {
    const kaos = await insertProduct(server.database, { stock: 5 });
    const topi = await insertProduct(server.database, { stock: 5 });
    await createOutgoing(kaos, { resi_number: 'JNT-HAND-PKG' });
    await createOutgoing(topi, { resi_number: 'JNT-HAND-PKG' });
    await expect(packed(kaos, 'jnt-hand-pkg')).rejects.toMatchObject({
      cause: { code: '23P01' },
    });
  });

  it('answers check-resi for the chosen product of a hand-entered package', async () => {
    const kaos = await insertProduct(server.database, { stock: 5, code: 'HND-KAOS', name: 'Kaos' });
    const topi = await insertProduct(server.database, { stock: 5, code: 'HND-TOPI' });
    const record = await createOutgoing(kaos, { resi_number: 'JNT-HND-1' });
    expect((await check('JNT-HND-1', 'product_code=HND-TOPI')).json()).toEqual({
      isDuplicate: false,
      duplicates: [],
    });
    expect((await check('JNT-HND-1', 'product_code=hnd-kaos')).json()).toEqual({
      isDuplicate: true,
      duplicates: [{ id: record.id, product_name: 'Kaos', date: '2026-11-20' }],
    });
    // The record being edited may keep its product and resi.
    expect(
      (await check('JNT-HND-1', `product_code=HND-KAOS&excludeId=${record.id}`)).json(),
    ).toMatchObject({ isDuplicate: false });
    await createOutgoing(topi, { resi_number: 'jnt-hnd-1' });
  });
});

// ADR 0014: a marketplace order's resi belongs to that order alone. A hand-entered sale under it
// would leave the order unshippable (QA walk F: Scan Kirim then answered 409 with no reason).
describe("a marketplace order's resi", () => {
  it('is refused for a hand-entered sale, in the check and on save, and the order still ships', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    await server.database.db.execute(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                      date, total)
      values ('tokopedia', 'TKP-RESI-1', 'JPRESI001', 'perlu_dikirim', 'Perlu Dikirim',
              '2026-11-20', 0)`);
    const { rows } = await server.database.db.execute<{ id: number }>(
      sql`select id from marketplace_orders where order_number = 'TKP-RESI-1'`,
    );
    const orderId = Number(rows[0]?.id);
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity)
      values (${orderId}, ${product.code}, '', ${product.name}, 1)`);
    const message =
      'Nomor resi ini milik pesanan Tokopedia TKP-RESI-1: paketnya dicatat lewat Scan Kirim, bukan di Barang Keluar';

    const check = await server.call(
      'GET',
      `/api/outgoing-goods/check-resi/jpresi001?product_code=${product.code}`,
      server.actors.adminToken,
    );
    expect(check.json()).toEqual({ isDuplicate: true, duplicates: [], message });
    const refused = await server.call(
      'POST',
      '/api/outgoing-goods',
      server.actors.adminToken,
      body(product, { resi_number: 'jpresi001' }),
    );
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: { message },
    });
    expect(await stockOf(server.database, product.id)).toBe(5);

    // A hand-entered record moved to it: refused too; its own resi stays editable.
    const hand = await createOutgoing(product, { resi_number: 'HAND-RESI-1' });
    const moved = await server.call(
      'PUT',
      `/api/outgoing-goods/${hand.id}`,
      server.actors.managerToken,
      body(product, { resi_number: 'JPRESI001' }),
    );
    expect({ status: moved.statusCode, body: moved.json() }).toEqual({
      status: 409,
      body: { message },
    });
    const kept = await server.call(
      'PUT',
      `/api/outgoing-goods/${hand.id}`,
      server.actors.managerToken,
      body(product, { resi_number: 'HAND-RESI-1', quantity: 2 }),
    );
    expect(kept.statusCode).toBe(200);

    const shipped = await server.call(
      'POST',
      '/api/packing/JPRESI001/ship',
      server.actors.adminToken,
      { scans: [{ barcode: product.barcodeId, quantity: 1 }] },
    );
    expect(shipped.statusCode).toBe(201);
    expect(await stockOf(server.database, product.id)).toBe(2);
  });
});

describe("a marketplace order's resi in a batch of sales", () => {
  it('leaves that sale out of the batch, with its reason, and writes the others in order', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    await server.database.db.execute(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text,
                                      date, total)
      values ('shopee', 'SHP-BATCH-1', 'SPXBATCH01', 'perlu_dikirim', 'Perlu Dikirim',
              '2026-11-20', 0)`);
    const sell = (resi: string) =>
      server.call(
        'POST',
        '/api/outgoing-goods',
        server.actors.managerToken,
        body(product, { resi_number: resi }),
      );
    const before = saleBatchStats(server.database.db);
    const responses = await Promise.all([
      sell('BATCH-HAND-1'),
      sell('BATCH-HAND-2'),
      sell(' spxbatch01 '),
      sell('BATCH-HAND-3'),
    ]);
    const after = saleBatchStats(server.database.db);
    expect(after.largest).toBeGreaterThanOrEqual(3);
    expect(after.writtenAlone).toBe(before.writtenAlone);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 409, 201]);
    expect(responses[2]?.json()).toEqual({
      message:
        'Nomor resi ini milik pesanan Shopee SHP-BATCH-1: paketnya dicatat lewat Scan Kirim, bukan di Barang Keluar',
    });
    expect(responses.map((response) => response.json().data?.current_stock)).toEqual([
      4,
      3,
      undefined,
      2,
    ]);
    expect(await stockOf(server.database, product.id)).toBe(2);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the movement routes', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths as Record<string, unknown>);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/incoming-goods',
        '/api/incoming-goods/{id}',
        '/api/incoming-goods/check-resi/{resi}',
        '/api/incoming-goods/for-comparison',
        '/api/outgoing-goods',
        '/api/outgoing-goods/{id}',
        '/api/outgoing-goods/check-resi/{resi}',
        '/api/damaged-goods',
        '/api/damaged-goods/{id}',
      ]),
    );
  });
});
