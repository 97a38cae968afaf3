// Stok Opname through the API: scope resolution, counting by barcode or code (add
// and set), three counters in parallel losing no scan, a sale between count and post not undone,
// post all or nothing, uncounted products left alone (or counted 0), cancel, read-only sessions,
// and the adjustments' list.
import {
  DEFAULT_SHOP_TIMEZONE,
  OPNAME_MESSAGES,
  type OpnameCountSaved,
  type StockAdjustmentList,
  type StockOpnameList,
  type StockOpnameResponse,
  type StockOpnameSaved,
  VALIDATION_MESSAGES,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { todayIn } from '../../lib/dates';
import {
  INCOMING,
  inconsistentProducts,
  insertProduct,
  postMovement,
  latestLog,
  setupTestServer,
  snapshot,
  stockOf,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

async function start(
  name: string,
  scope: { type: string; value?: string; product_codes?: string[] },
): Promise<StockOpnameSaved['data']> {
  const response = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
    name,
    scope,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as StockOpnameSaved).data;
}

const count = (id: number, body: Record<string, unknown>, token?: string) =>
  server.call('POST', `/api/stock-opname/${id}/counts`, token ?? server.actors.adminToken, body);

const post = (id: number, body?: Record<string, unknown>) =>
  server.call('POST', `/api/stock-opname/${id}/post`, server.actors.managerToken, body);

const session = async (id: number) =>
  (
    (
      await server.call('GET', `/api/stock-opname/${id}`, server.actors.adminToken)
    ).json() as StockOpnameResponse
  ).data;

async function adjustmentsOf(product: TestProduct) {
  const { rows } = await server.database.db.execute<{ quantity: number; reason: string }>(
    sql`select quantity, reason from stock_adjustments where product_id = ${product.id} order by id`,
  );
  return rows.map((row) => ({ quantity: Number(row.quantity), reason: row.reason }));
}

async function sell(product: TestProduct, quantity: number) {
  const response = await server.call('POST', '/api/outgoing-goods', server.actors.adminToken, {
    product_code: product.code,
    barcode: product.barcodeId,
    resi_number: `OPN-SALE-${product.id}-${Math.random().toString(36).slice(2)}`,
    quantity,
    date: '2026-11-20',
  });
  expect(response.statusCode).toBe(201);
}

describe('POST /api/stock-opname', () => {
  it('fixes the scope by category, brand or chosen products; refuses an empty scope', async () => {
    await insertProduct(server.database, {
      stock: 1,
      category: 'Opname Cat',
      brand: 'Opname Merk',
    });
    await insertProduct(server.database, { stock: 2, category: 'opname cat', brand: 'Lain' });
    const chosen = await insertProduct(server.database, {
      stock: 3,
      category: 'X',
      brand: 'Opname Merk',
    });
    expect((await start('Kategori', { type: 'category', value: 'OPNAME CAT' })).products).toBe(2);
    expect((await start('Merk', { type: 'brand', value: 'opname merk' })).products).toBe(2);
    const picked = await start('Pilih', { type: 'products', product_codes: [chosen.code] });
    expect(picked).toMatchObject({ products: 1, status: 'open', counted_products: 0 });
    expect(picked.lines).toEqual([
      expect.objectContaining({
        product_code: chosen.code,
        counted: null,
        expected: 3,
        difference: null,
      }),
    ]);
    expect((await latestLog(server.database, 'START_STOCK_OPNAME'))?.details).toBe(
      'Memulai stok opname "Pilih": produk terpilih, 1 produk',
    );

    const missing = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
      name: 'Kosong',
      scope: { type: 'category', value: 'Tidak Ada Kategori' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(OPNAME_MESSAGES.scopeEmpty);
    const noValue = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
      name: 'Tanpa nilai',
      scope: { type: 'brand' },
    });
    expect(noValue.statusCode).toBe(400);
    expect(noValue.json().message).toBe(OPNAME_MESSAGES.scopeValue);
    const unknown = await server.call('POST', '/api/stock-opname', server.actors.adminToken, {
      name: 'Kode salah',
      scope: { type: 'products', product_codes: ['TIDAK-ADA'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(OPNAME_MESSAGES.productUnknown('TIDAK-ADA'));
  });

  it("names a blank or missing session name 'Nama Sesi' (not a product's name)", async () => {
    for (const body of [{ name: '  ', scope: { type: 'all' } }, { scope: { type: 'all' } }]) {
      const response = await server.call(
        'POST',
        '/api/stock-opname',
        server.actors.adminToken,
        body,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(VALIDATION_MESSAGES.required('Nama Sesi'));
    }
  });
});

describe('POST /api/stock-opname/:id/counts', () => {
  it('adds per scan by barcode, sets by code, and records the stock at that moment', async () => {
    const product = await insertProduct(server.database, { stock: 7 });
    const opname = await start('Hitung', { type: 'products', product_codes: [product.code] });
    const scanned = await count(opname.id, { barcode: product.barcodeId.toLowerCase(), add: 1 });
    expect(scanned.statusCode).toBe(200);
    expect((scanned.json() as OpnameCountSaved).data).toMatchObject({
      product_code: product.code,
      counted: 1,
      expected: 7,
      difference: -6,
    });
    await count(opname.id, { barcode: product.barcodeId, add: 2 });
    const set = await count(opname.id, { product_code: product.code, set: 9 });
    expect((set.json() as OpnameCountSaved).data).toMatchObject({ counted: 9, difference: 2 });
  });

  it('three counters scanning in parallel lose no scan', async () => {
    const product = await insertProduct(server.database, { stock: 100 });
    const opname = await start('Paralel', { type: 'products', product_codes: [product.code] });
    const tokens = [server.actors.adminToken, server.actors.managerToken, server.actors.adminToken];
    const scans = tokens.flatMap((token) =>
      Array.from({ length: 15 }, () =>
        count(opname.id, { barcode: product.barcodeId, add: 1 }, token),
      ),
    );
    const results = await Promise.all(scans);
    expect(results.every((result) => result.statusCode === 200)).toBe(true);
    expect((await session(opname.id)).lines[0]?.counted).toBe(45);
  });

  it('refuses a product outside the scope, an unknown barcode, and both or neither of add/set', async () => {
    const inside = await insertProduct(server.database, { stock: 1 });
    const outside = await insertProduct(server.database, { stock: 1, name: 'Di Luar' });
    const opname = await start('Batas', { type: 'products', product_codes: [inside.code] });
    const other = await count(opname.id, { product_code: outside.code, add: 1 });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(OPNAME_MESSAGES.notInScope('Di Luar'));
    const unknown = await count(opname.id, { barcode: 'TIDAK-ADA', add: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(OPNAME_MESSAGES.barcodeNotFound);
    const both = await count(opname.id, { product_code: inside.code, add: 1, set: 2 });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe(OPNAME_MESSAGES.oneAmount);
    const neither = await count(opname.id, { add: 1 });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe(OPNAME_MESSAGES.oneProduct);
  });

  it('refuses a typed count when another phone changed the count it saw, naming the other count (issue 42 m5)', async () => {
    const product = await insertProduct(server.database, { stock: 50, name: 'Rok Plisket' });
    const opname = await start('Dua HP', { type: 'products', product_codes: [product.code] });
    // Both phones show the product uncounted; phone A types 60, then phone B types 54.
    const phoneA = await count(opname.id, { product_code: product.code, set: 60, seen: null });
    expect(phoneA.statusCode).toBe(200);
    const phoneB = await count(
      opname.id,
      { product_code: product.code, set: 54, seen: null },
      server.actors.managerToken,
    );
    expect(phoneB.statusCode).toBe(409);
    expect(phoneB.json().message).toBe(OPNAME_MESSAGES.countChanged('Rok Plisket', 60));
    expect(phoneB.json().message).toContain('menjadi 60');
    expect((await session(opname.id)).lines[0]?.counted).toBe(60);
    // Phone B, now showing 60, decides: its number replaces it.
    const again = await count(opname.id, { product_code: product.code, set: 54, seen: 60 });
    expect(again.statusCode).toBe(200);
    expect((again.json() as OpnameCountSaved).data.counted).toBe(54);
    // A scan in between changes the count too: a typed number that saw 54 is refused.
    await count(opname.id, { barcode: product.barcodeId, add: 1 });
    const stale = await count(opname.id, { product_code: product.code, set: 10, seen: 54 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(OPNAME_MESSAGES.countChanged('Rok Plisket', 55));
    expect((await session(opname.id)).lines[0]?.counted).toBe(55);
  });
});

describe('POST /api/stock-opname/:id/post', () => {
  it('writes one adjustment per difference, leaves uncounted products alone, and closes the session', async () => {
    const more = await insertProduct(server.database, { stock: 5, code: 'OPN-LEBIH' });
    const less = await insertProduct(server.database, { stock: 5, code: 'OPN-KURANG' });
    const same = await insertProduct(server.database, { stock: 5 });
    const uncounted = await insertProduct(server.database, { stock: 5 });
    const codes = [more, less, same, uncounted].map((p) => p.code);
    const opname = await start('Opname Bulanan', { type: 'products', product_codes: codes });
    await count(opname.id, { product_code: more.code, set: 8 });
    await count(opname.id, { product_code: less.code, set: 3 });
    await count(opname.id, { product_code: same.code, set: 5 });
    const response = await post(opname.id);
    expect(response.statusCode).toBe(200);
    const saved = response.json() as StockOpnameSaved;
    expect(saved.message).toBe(OPNAME_MESSAGES.posted);
    expect(saved.data).toMatchObject({
      status: 'posted',
      adjustments: 2,
      posted_by: expect.any(String),
    });
    expect(await stockOf(server.database, more.id)).toBe(8);
    expect(await stockOf(server.database, less.id)).toBe(3);
    expect(await stockOf(server.database, same.id)).toBe(5);
    expect(await stockOf(server.database, uncounted.id)).toBe(5);
    expect(await adjustmentsOf(more)).toEqual([
      { quantity: 3, reason: 'Stok opname: Opname Bulanan' },
    ]);
    expect(await adjustmentsOf(less)).toEqual([
      { quantity: -2, reason: 'Stok opname: Opname Bulanan' },
    ]);
    expect(await adjustmentsOf(uncounted)).toEqual([]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
    expect((await latestLog(server.database, 'POST_STOCK_OPNAME'))?.details).toBe(
      'Memposting stok opname "Opname Bulanan": 2 penyesuaian (OPN-KURANG -2, OPN-LEBIH +3)',
    );

    // Read-only afterwards: counts, a second post and a cancel answer 409.
    const again = await count(opname.id, { product_code: more.code, add: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OPNAME_MESSAGES.readOnly('diposting'));
    expect((await post(opname.id)).statusCode).toBe(409);
    const cancel = await server.call(
      'POST',
      `/api/stock-opname/${opname.id}/cancel`,
      server.actors.managerToken,
    );
    expect(cancel.statusCode).toBe(409);
  });

  it('zero_uncounted marks the uncounted products as counted 0', async () => {
    const counted = await insertProduct(server.database, { stock: 4 });
    const gone = await insertProduct(server.database, { stock: 6 });
    const opname = await start('Nol', {
      type: 'products',
      product_codes: [counted.code, gone.code],
    });
    await count(opname.id, { product_code: counted.code, set: 4 });
    const response = await post(opname.id, { zero_uncounted: true });
    expect(response.statusCode).toBe(200);
    expect(await stockOf(server.database, gone.id)).toBe(0);
    expect(await adjustmentsOf(gone)).toEqual([{ quantity: -6, reason: 'Stok opname: Nol' }]);
    expect(await stockOf(server.database, counted.id)).toBe(4);
  });

  it('keeps the posted value: a later receipt moving the cost does not change it (issue 42 m4)', async () => {
    const product = await insertProduct(server.database, { stock: 7 });
    await server.database.db.execute(
      sql`update products set purchase_price = 48000, starting_cost = 48000 where id = ${product.id}`,
    );
    const opname = await start('Nilai tetap', { type: 'products', product_codes: [product.code] });
    await count(opname.id, { product_code: product.code, set: 6 });
    const manager = async () =>
      (
        (
          await server.call('GET', `/api/stock-opname/${opname.id}`, server.actors.managerToken)
        ).json() as StockOpnameResponse
      ).data;
    expect((await manager()).difference_value).toBe(-48000);
    const posted = await post(opname.id);
    expect(posted.statusCode).toBe(200);
    expect((posted.json() as StockOpnameSaved).data.difference_value).toBe(-48000);
    // 27 more at 52.000 on 6 at 48.000, received after the post (today, as the adjustment): the
    // cost moves to 51.272,73.
    await postMovement(server, INCOMING, product, {
      quantity: 27,
      purchase_price: 52000,
      date: todayIn(DEFAULT_SHOP_TIMEZONE),
    });
    const { rows } = await server.database.db.execute<{ cost: unknown }>(
      sql`select purchase_price as cost from products where id = ${product.id}`,
    );
    expect(Number(rows[0]?.cost)).toBeCloseTo(51272.73, 2);
    const after = await manager();
    expect(after.difference_value).toBe(-48000);
    expect(after.lines[0]).toMatchObject({ purchase_price: 48000, difference: -1 });
  });

  it('does not undo a sale recorded between the count and the post', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const opname = await start('Jual di tengah', {
      type: 'products',
      product_codes: [product.code],
    });
    // 9 on the shelf while the system says 10: one unit is missing.
    await count(opname.id, { product_code: product.code, set: 9 });
    await sell(product, 3);
    expect(await stockOf(server.database, product.id)).toBe(7);
    expect((await post(opname.id)).statusCode).toBe(200);
    // 9 counted - 3 sold afterwards = 6; the sale stays.
    expect(await stockOf(server.database, product.id)).toBe(6);
    expect(await adjustmentsOf(product)).toEqual([
      { quantity: -1, reason: 'Stok opname: Jual di tengah' },
    ]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('is all or nothing: a product that would go negative refuses the whole post, naming it', async () => {
    const fine = await insertProduct(server.database, { stock: 5 });
    const short = await insertProduct(server.database, {
      stock: 3,
      name: 'Sepatu Minus',
      code: 'OPN-MINUS',
    });
    const opname = await start('Semua atau tidak', {
      type: 'products',
      product_codes: [fine.code, short.code],
    });
    await count(opname.id, { product_code: fine.code, set: 7 });
    await count(opname.id, { product_code: short.code, set: 0 });
    // The 3 counted as missing were sold meanwhile: posting -3 would leave -3.
    await sell(short, 3);
    const before = await snapshot(server.database);
    const response = await post(opname.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      OPNAME_MESSAGES.negativeStock('Sepatu Minus (OPN-MINUS)', -3),
    );
    expect(await snapshot(server.database)).toEqual(before);
    expect(await adjustmentsOf(fine)).toEqual([]);
    expect((await session(opname.id)).status).toBe('open');
  });

  it('is for the manager only', async () => {
    const product = await insertProduct(server.database, { stock: 1 });
    const opname = await start('Peran', { type: 'products', product_codes: [product.code] });
    const response = await server.call(
      'POST',
      `/api/stock-opname/${opname.id}/post`,
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(OPNAME_MESSAGES.managerOnlyPost);
  });
});

describe('POST /api/stock-opname/:id/cancel', () => {
  it('discards the counts: nothing moves, the session is read-only', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    const opname = await start('Batal', { type: 'products', product_codes: [product.code] });
    await count(opname.id, { product_code: product.code, set: 1 });
    const response = await server.call(
      'POST',
      `/api/stock-opname/${opname.id}/cancel`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(200);
    expect((response.json() as StockOpnameSaved).data.status).toBe('cancelled');
    expect(await stockOf(server.database, product.id)).toBe(5);
    expect((await count(opname.id, { product_code: product.code, add: 1 })).statusCode).toBe(409);
    expect((await latestLog(server.database, 'CANCEL_STOCK_OPNAME'))?.details).toBe(
      'Membatalkan stok opname "Batal"',
    );
  });
});

describe('lists', () => {
  it('sessions by status, newest first; adjustments searched by product and date', async () => {
    const list = (
      await server.call('GET', '/api/stock-opname?status=posted', server.actors.adminToken)
    ).json() as StockOpnameList;
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((s) => s.status === 'posted')).toBe(true);
    const adjustments = (
      await server.call('GET', '/api/stock-adjustments?search=OPN-LEBIH', server.actors.adminToken)
    ).json() as StockAdjustmentList;
    expect(adjustments.data).toEqual([
      expect.objectContaining({
        product_code: 'OPN-LEBIH',
        quantity: 3,
        reason: 'Stok opname: Opname Bulanan',
      }),
    ]);
    const old = (
      await server.call(
        'GET',
        '/api/stock-adjustments?endDate=2020-01-01',
        server.actors.adminToken,
      )
    ).json() as StockAdjustmentList;
    expect(old.data).toEqual([]);
  });
});
