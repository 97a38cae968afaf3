// Scan Kirim through the API: the package by resi, shipping all or nothing, one package one resi,
// the marketplace's price in Pembukuan, the manager's shipping of a selection.
import type {
  CheckResiResponse,
  PackedToday,
  PackingShipResult,
  PackingView,
  PembukuanList,
  ShipOrdersResult,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  inconsistentProducts,
  insertProduct,
  latestLog,
  setupTestServer,
  snapshot,
  stockOf,
  type TestProduct,
} from '../../testing/fixtures';

const server = setupTestServer();

let counter = 0;

interface LineSpec {
  sku: string;
  variation?: string;
  quantity: number;
  unit_price: number | null;
}

/** A marketplace order as an import leaves it. */
async function insertOrder(
  resi: string | null,
  lines: readonly LineSpec[],
  fields: { status?: string; status_text?: string; channel?: string } = {},
): Promise<number> {
  counter += 1;
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total)
    values (${fields.channel ?? 'shopee'}, ${`ORD-${counter}`}, ${resi},
            ${fields.status ?? 'perlu_dikirim'}, ${fields.status_text ?? 'Perlu Dikirim'},
            '2026-11-20', 0)
    returning id`);
  const id = Number(rows[0]?.id);
  for (const line of lines)
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity,
                                           unit_price)
      values (${id}, ${line.sku}, ${line.variation ?? ''}, ${line.sku}, ${line.quantity},
              ${line.unit_price})`);
  return id;
}

async function setPrice(product: TestProduct, selling: number, purchase = 0) {
  await server.database.db.execute(
    sql`update products set selling_price = ${selling}, purchase_price = ${purchase}
         where id = ${product.id}`,
  );
}

async function mapSku(sku: string, items: { product_code: string; quantity: number }[]) {
  const response = await server.call('PUT', '/api/sku-mappings', server.actors.managerToken, {
    channel: null,
    sku,
    variation: null,
    items,
  });
  expect(response.statusCode).toBe(200);
}

const view = (resi: string, token = server.actors.adminToken) =>
  server.call('GET', `/api/packing/${encodeURIComponent(resi)}`, token);

const ship = (resi: string, scans: { barcode: string; quantity: number }[], token?: string) =>
  server.call(
    'POST',
    `/api/packing/${encodeURIComponent(resi)}/ship`,
    token ?? server.actors.adminToken,
    { scans },
  );

async function orderState(id: number) {
  const { rows } = await server.database.db.execute<{
    status: string;
    shipped_at: unknown;
    shipped_by: number | null;
    shipped_by_name: string | null;
  }>(sql`select status, shipped_at, shipped_by, shipped_by_name from marketplace_orders
          where id = ${id}`);
  return rows[0];
}

let kaos: TestProduct;
let topi: TestProduct;
let tas: TestProduct;

beforeAll(async () => {
  kaos = await insertProduct(server.database, { stock: 40, code: 'KAOS', name: 'Kaos Hitam' });
  topi = await insertProduct(server.database, { stock: 10, code: 'TOPI', name: 'Topi Navy' });
  tas = await insertProduct(server.database, { stock: 2, code: 'TAS', name: 'Tas Kanvas' });
  await setPrice(kaos, 60_000, 35_000);
  await setPrice(topi, 20_000, 8_000);
  await setPrice(tas, 90_000, 50_000);
  // 'Paket isi 3' of Kaos; a combo of Kaos and Topi.
  await mapSku('KAOS-PAKET3', [{ product_code: 'KAOS', quantity: 3 }]);
  await mapSku('COMBO-KT', [
    { product_code: 'KAOS', quantity: 1 },
    { product_code: 'TOPI', quantity: 1 },
  ]);
});

describe('GET /api/packing/:resi', () => {
  it('opens the order of the resi in any case, bundles expanded and summed per product', async () => {
    const id = await insertOrder('SPXID0001', [
      { sku: 'kaos', quantity: 1, unit_price: 55_000 },
      { sku: 'KAOS-PAKET3', quantity: 2, unit_price: 150_000 },
      { sku: 'COMBO-KT', quantity: 1, unit_price: 70_000 },
    ]);
    const response = await view('spxid0001');
    expect(response.statusCode).toBe(200);
    const body = response.json() as PackingView;
    expect(body.order).toEqual({
      id,
      channel: 'shopee',
      order_number: expect.stringMatching(/^ORD-/) as unknown,
      resi_number: 'SPXID0001',
      status: 'perlu_dikirim',
      status_text: 'Perlu Dikirim',
      date: '2026-11-20',
      skipped_lines: [],
    });
    expect(body.lines).toEqual([
      {
        product_code: 'KAOS',
        product_name: 'Kaos Hitam',
        barcode_id: kaos.barcodeId,
        quantity: 1 + 6 + 1,
        current_stock: 40,
      },
      {
        product_code: 'TOPI',
        product_name: 'Topi Navy',
        barcode_id: topi.barcodeId,
        quantity: 1,
        current_stock: 10,
      },
    ]);
    expect(body.shipped).toBeNull();
  });

  it('says a resi that is not in Pesanan Marketplace', async () => {
    const response = await view('TIDAK-ADA-123');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Resi tidak ditemukan di Pesanan Marketplace' });
  });

  it('names a SKU that maps to no product', async () => {
    await insertOrder('SPXID-UNMAPPED', [{ sku: 'ENTAH-APA', quantity: 1, unit_price: 1 }]);
    const response = await view('SPXID-UNMAPPED');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'SKU ENTAH-APA belum dipetakan ke produk' });
  });
});

describe('POST /api/packing/:resi/ship', () => {
  it('records one Barang Keluar per product with the resi, the stock, the order and the log', async () => {
    const id = await insertOrder('JNT-0002', [
      { sku: 'KAOS', quantity: 2, unit_price: 55_000 },
      { sku: 'TOPI', quantity: 1, unit_price: 18_500 },
    ]);
    const kaosBefore = await stockOf(server.database, kaos.id);
    const topiBefore = await stockOf(server.database, topi.id);
    // Scans in any letter case, one barcode in two scans.
    const response = await ship('jnt-0002', [
      { barcode: kaos.barcodeId.toLowerCase(), quantity: 1 },
      { barcode: topi.barcodeId, quantity: 1 },
      { barcode: kaos.barcodeId, quantity: 1 },
    ]);
    expect(response.statusCode).toBe(201);
    const { outgoing } = response.json() as PackingShipResult;
    expect(outgoing.map((row) => [row.product_code, row.quantity, row.resi_number])).toEqual([
      ['KAOS', 2, 'JNT-0002'],
      ['TOPI', 1, 'JNT-0002'],
    ]);
    expect(await stockOf(server.database, kaos.id)).toBe(kaosBefore - 2);
    expect(await stockOf(server.database, topi.id)).toBe(topiBefore - 1);
    expect(await inconsistentProducts(server.database)).toEqual([]);
    const state = await orderState(id);
    expect(state?.status).toBe('dikirim');
    expect(state?.shipped_at).not.toBeNull();
    expect(state?.shipped_by).toBe(server.actors.admin.id);
    expect(state?.shipped_by_name).toBe(server.actors.admin.name);
    const log = await latestLog(server.database, 'PACK_ORDER');
    // The channel as the pages name it ('Shopee'), not its code.
    expect(log?.details).toMatch(
      /^Paket Shopee ORD-\S+ resi JNT-0002 dikirim: Kaos Hitam \(KAOS\) x2, Topi Navy \(TOPI\) x1$/,
    );
    expect(log?.userName).toBe(server.actors.admin.name);

    // Pembukuan takes the marketplace's price after discount, not the product's default.
    const books = await server.call(
      'GET',
      '/api/pembukuan?search=JNT-0002&limit=10',
      server.actors.managerToken,
    );
    const rows = (books.json() as PembukuanList).data;
    const byCode = new Map(rows.map((row) => [row.code, row]));
    expect(byCode.get('KAOS')).toMatchObject({
      selling_price: 55_000,
      purchase_price: 35_000,
      discount: 0,
      margin: (55_000 - 35_000) * 2,
    });
    expect(byCode.get('TOPI')).toMatchObject({ selling_price: 18_500, margin: 18_500 - 8_000 });

    // The records of one package are not duplicates of each other.
    const check = await server.call(
      'GET',
      `/api/outgoing-goods/check-resi/JNT-0002?excludeId=${outgoing[0]?.id}`,
      server.actors.adminToken,
    );
    expect((check.json() as CheckResiResponse).isDuplicate).toBe(false);
    // A new record (another package) with that resi is one.
    const fresh = await server.call(
      'GET',
      '/api/outgoing-goods/check-resi/jnt-0002',
      server.actors.adminToken,
    );
    expect((fresh.json() as CheckResiResponse).duplicates).toHaveLength(2);

    // Scanning it again says when and by whom; GET shows it shipped.
    const again = await ship('JNT-0002', [
      { barcode: kaos.barcodeId, quantity: 2 },
      { barcode: topi.barcodeId, quantity: 1 },
    ]);
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toMatch(
      new RegExp(
        `^Resi ini sudah dikirim pada \\d{1,2} \\S+ \\d{4}.* oleh ${server.actors.admin.name}$`,
      ),
    );
    expect((await view('JNT-0002')).json()).toMatchObject({
      order: { status: 'dikirim' },
      shipped: { by: server.actors.admin.name },
    });
  });

  it('refuses scans that are not the order, naming what is missing, over or foreign', async () => {
    await insertOrder('JNT-0003', [
      { sku: 'KAOS', quantity: 2, unit_price: 50_000 },
      { sku: 'TOPI', quantity: 1, unit_price: 20_000 },
    ]);
    const before = await snapshot(server.database);
    const missing = await ship('JNT-0003', [{ barcode: kaos.barcodeId, quantity: 2 }]);
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ message: 'Kurang 1 Topi Navy' });
    const over = await ship('JNT-0003', [
      { barcode: kaos.barcodeId, quantity: 3 },
      { barcode: topi.barcodeId, quantity: 1 },
      { barcode: tas.barcodeId, quantity: 1 },
    ]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      message: `Kelebihan 1 Kaos Hitam; Barcode ${tas.barcodeId} tidak ada dalam pesanan ini`,
    });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('writes nothing when the last product is short of stock, naming it', async () => {
    const id = await insertOrder('JNT-0004', [
      { sku: 'KAOS', quantity: 1, unit_price: 50_000 },
      { sku: 'TAS', quantity: 3, unit_price: 80_000 },
    ]);
    const before = await snapshot(server.database);
    const response = await ship('JNT-0004', [
      { barcode: kaos.barcodeId, quantity: 1 },
      { barcode: tas.barcodeId, quantity: 3 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Stok Tas Kanvas tidak mencukupi. Stok tersedia: 2',
    });
    // Kaos (the lower id, covered by its stock) is not sold either: nothing is written.
    expect(await snapshot(server.database)).toEqual(before);
    expect((await orderState(id))?.shipped_at).toBeNull();
  });

  it('sells nothing when the order changed after it was read (ship_package)', async () => {
    const id = await insertOrder('JNT-0041', [{ sku: 'TOPI', quantity: 1, unit_price: 19_000 }]);
    const version = async () => {
      const { rows } = await server.database.db.execute<{ v: string }>(
        sql`select xmin::text as v from marketplace_orders where id = ${id}`,
      );
      return rows[0]?.v ?? '';
    };
    const read = await version();
    // A re-import changes the order after the packer read it.
    await server.database.db.execute(
      sql`update marketplace_orders set status_text = 'Siap Dikirim' where id = ${id}`,
    );
    const sale = (seen: string) =>
      server.database.db.execute<{
        order_ok: boolean;
        enough: boolean;
        sold_id: number | null;
      }>(sql`
        select order_ok, enough, sold_id from ship_package(
          ${JSON.stringify([{ product_id: topi.id, quantity: 1, parts: [{ quantity: 1, price: null }] }])}::jsonb, ${id}::integer,
          ${seen}, 'JNT-0041', '2026-11-20'::date, now(), ${server.actors.admin.id}::integer,
          'Admin', 'admin@example.test', 'paket')`);
    const before = await snapshot(server.database);
    const stale = await sale(read);
    expect(stale.rows).toEqual([{ order_ok: false, enough: null, sold_id: null }]);
    expect(await snapshot(server.database)).toEqual(before);
    expect((await orderState(id))?.shipped_at).toBeNull();
    // As it is now, it sells.
    const fresh = await sale(await version());
    expect(fresh.rows).toEqual([{ order_ok: true, enough: true, sold_id: topi.id }]);
    expect((await orderState(id))?.status).toBe('dikirim');
  });

  it('lets exactly one of two parallel ships of a resi win', async () => {
    await insertOrder('JNT-0005', [{ sku: 'TOPI', quantity: 2, unit_price: 19_000 }]);
    const stock = await stockOf(server.database, topi.id);
    const scans = [{ barcode: topi.barcodeId, quantity: 2 }];
    const results = await Promise.all([
      ship('JNT-0005', scans),
      ship('JNT-0005', scans, server.actors.managerToken),
    ]);
    const codes = results.map((result) => result.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const loser = results.find((result) => result.statusCode === 409);
    expect((loser?.json() as { message: string }).message).toMatch(/^Resi ini sudah dikirim pada /);
    expect(await stockOf(server.database, topi.id)).toBe(stock - 2);
    const { rows } = await server.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outgoing_goods where resi_number = 'JNT-0005'`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('splits a bundle and a combo price over their items (by default prices)', async () => {
    await insertOrder('JNT-0006', [
      { sku: 'KAOS-PAKET3', quantity: 1, unit_price: 150_000 },
      { sku: 'COMBO-KT', quantity: 2, unit_price: 72_000 },
    ]);
    const response = await ship('JNT-0006', [
      { barcode: kaos.barcodeId, quantity: 5 },
      { barcode: topi.barcodeId, quantity: 2 },
    ]);
    expect(response.statusCode).toBe(201);
    const books = await server.call(
      'GET',
      '/api/pembukuan?search=JNT-0006&limit=10',
      server.actors.managerToken,
    );
    const byCode = new Map((books.json() as PembukuanList).data.map((row) => [row.code, row]));
    // Paket isi 3 at 150.000: 3 x 50.000. Combo at 72.000 split 60.000 : 20.000 -> 54.000 and
    // 18.000. Kaos: (150.000 + 2 x 54.000) / 5 = 51.600.
    expect(byCode.get('KAOS')).toMatchObject({ quantity: 5, selling_price: 51_600 });
    expect(byCode.get('TOPI')).toMatchObject({ quantity: 2, selling_price: 18_000 });
  });

  it('records a price that does not divide into its units to the sen, in two records', async () => {
    // 'Paket isi 3' sold at 125.000: 125.000 / 3 = 41.666,666... One record of 3 x 41.666,67
    // would be 125.000,01; the records are 2 x 41.666,67 + 1 x 41.666,66 = 125.000,00.
    // The combo at 99.999,99 splits 3 : 1 by default prices (60.000 : 20.000): 74.999,9925 and
    // 24.999,9975, whole sen 74.999,99 and 24.999,99, the sen left to the larger remainder
    // (Topi): 74.999,99 + 25.000,00.
    const id = await insertOrder('JNT-SEN-1', [
      { sku: 'KAOS-PAKET3', quantity: 1, unit_price: 125_000 },
    ]);
    await insertOrder('JNT-SEN-2', [
      { sku: 'KAOS-PAKET3', quantity: 1, unit_price: 125_000 },
      { sku: 'COMBO-KT', quantity: 1, unit_price: 99_999.99 },
    ]);
    const response = await ship('JNT-SEN-1', [{ barcode: kaos.barcodeId, quantity: 3 }]);
    expect(response.statusCode).toBe(201);
    const outgoing = (response.json() as PackingShipResult).outgoing;
    expect(outgoing.map(({ product_id, quantity }) => ({ product_id, quantity }))).toEqual([
      { product_id: kaos.id, quantity: 2 },
      { product_id: kaos.id, quantity: 1 },
    ]);
    const records = async (resi: string) => {
      const { rows } = await server.database.db.execute<{
        product_id: number;
        quantity: number;
        selling_price: string;
      }>(sql`select product_id, quantity, selling_price::text as selling_price from outgoing_goods
              where resi_number = ${resi} order by id`);
      return rows.map((row) => ({
        product_id: Number(row.product_id),
        quantity: Number(row.quantity),
        selling_price: row.selling_price,
      }));
    };
    expect(await records('JNT-SEN-1')).toEqual([
      { product_id: kaos.id, quantity: 2, selling_price: '41666.67' },
      { product_id: kaos.id, quantity: 1, selling_price: '41666.66' },
    ]);
    expect((await orderState(id))?.status).toBe('dikirim');
    // Pembukuan: selling value 125.000,00 and margin 125.000 - 3 x 35.000 = 20.000,00 exactly.
    const books = await server.call(
      'GET',
      '/api/pembukuan?search=JNT-SEN-1&limit=10',
      server.actors.managerToken,
    );
    const list = books.json() as PembukuanList;
    expect(list.data.map((row) => [row.quantity, row.selling_price, row.margin])).toEqual(
      expect.arrayContaining([
        [2, 41_666.67, 13_333.34],
        [1, 41_666.66, 6_666.66],
      ]),
    );
    expect(list.data.reduce((sum, row) => sum + Math.round(row.margin * 100), 0)).toBe(2_000_000);

    // Kaos: 125.000 + 74.999,99 = 199.999,99 for 4 units (4 x 49.999,9975): 3 x 50.000,00 +
    // 1 x 49.999,99. Topi: 25.000,00. Together 224.999,99, the two lines' total.
    const second = await ship('JNT-SEN-2', [
      { barcode: kaos.barcodeId, quantity: 4 },
      { barcode: topi.barcodeId, quantity: 1 },
    ]);
    expect(second.statusCode).toBe(201);
    expect(await records('JNT-SEN-2')).toEqual([
      { product_id: kaos.id, quantity: 3, selling_price: '50000.00' },
      { product_id: kaos.id, quantity: 1, selling_price: '49999.99' },
      { product_id: topi.id, quantity: 1, selling_price: '25000.00' },
    ]);
    // One package: one PACK_ORDER entry naming each product once.
    expect((await latestLog(server.database, 'PACK_ORDER'))?.details).toMatch(
      /resi JNT-SEN-2 dikirim: Kaos Hitam \(KAOS\) x4, Topi Navy \(TOPI\) x1$/,
    );
  });

  it("refuses a cancelled order with Gudang's word for its status, and an unknown resi", async () => {
    await insertOrder('JNT-0007', [{ sku: 'TOPI', quantity: 1, unit_price: 1 }], {
      status: 'batal',
      status_text: 'Dibatalkan',
    });
    const before = await snapshot(server.database);
    const cancelled = await ship('JNT-0007', [{ barcode: topi.barcodeId, quantity: 1 }]);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: 'Pesanan berstatus Batal tidak dapat dikirim' });
    expect(await snapshot(server.database)).toEqual(before);
    const unknown = await ship('TIDAK-ADA-9', [{ barcode: topi.barcodeId, quantity: 1 }]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Resi tidak ditemukan di Pesanan Marketplace' });
  });
});

describe('one package, one resi', () => {
  it('refuses to pack an order whose resi a hand-entered Barang Keluar uses', async () => {
    const hand = await server.call('POST', '/api/outgoing-goods', server.actors.adminToken, {
      product_code: 'KAOS',
      barcode: kaos.barcodeId,
      resi_number: 'JNT-HAND-1',
      quantity: 1,
      date: '2026-11-20',
    });
    expect(hand.statusCode).toBe(201);
    await insertOrder('jnt-hand-1', [{ sku: 'TOPI', quantity: 1, unit_price: 20_000 }]);
    const before = await snapshot(server.database);
    const response = await ship('JNT-HAND-1', [{ barcode: topi.barcodeId, quantity: 1 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('refuses a hand-entered Barang Keluar with the resi of a packed package', async () => {
    await insertOrder('JNT-PACK-1', [{ sku: 'TOPI', quantity: 1, unit_price: 20_000 }]);
    expect((await ship('JNT-PACK-1', [{ barcode: topi.barcodeId, quantity: 1 }])).statusCode).toBe(
      201,
    );
    const before = await snapshot(server.database);
    const hand = await server.call('POST', '/api/outgoing-goods', server.actors.adminToken, {
      product_code: 'KAOS',
      barcode: kaos.barcodeId,
      resi_number: 'jnt-pack-1',
      quantity: 1,
      date: '2026-11-20',
    });
    expect(hand.statusCode).toBe(409);
    expect(hand.json()).toEqual({ message: 'Nomor resi sudah digunakan sebelumnya!' });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('is the database rule: a second package with the resi is refused below the service', async () => {
    await insertOrder('JNT-DB-1', [{ sku: 'TOPI', quantity: 1, unit_price: 20_000 }]);
    const first = await ship('JNT-DB-1', [{ barcode: topi.barcodeId, quantity: 1 }]);
    expect(first.statusCode).toBe(201);
    const other = await insertOrder(null, []);
    // In any letter case (the constraint's index is led by the lowered resi's hash: 0024).
    for (const resi of ['JNT-DB-1', 'jnt-db-1'])
      await expect(
        server.database.db.execute(sql`
          insert into outgoing_goods (product_id, date, resi_number, quantity, barcode,
                                      marketplace_order_id)
          values (${kaos.id}, '2026-11-20', ${resi}, 1, ${kaos.barcodeId}, ${other})`),
      ).rejects.toMatchObject({ cause: { code: '23P01' } });
    // The package's own order may add a record with its resi.
    const firstOrder = await server.database.db.execute<{ id: number }>(
      sql`select id from marketplace_orders where resi_number = 'JNT-DB-1'`,
    );
    await server.database.db.execute(sql`
      insert into outgoing_goods (product_id, date, resi_number, quantity, barcode,
                                  marketplace_order_id)
      values (${kaos.id}, '2026-11-20', 'Jnt-Db-1', 1, ${kaos.barcodeId},
              ${firstOrder.rows[0]?.id})`);
  });
});

describe('POST /api/marketplace-orders/ship', () => {
  it('ships each order all or nothing and reports the refused with reasons', async () => {
    const good = await insertOrder('BATCH-1', [{ sku: 'KAOS', quantity: 1, unit_price: 49_000 }]);
    const short = await insertOrder('BATCH-2', [{ sku: 'TAS', quantity: 5, unit_price: 1 }]);
    const noResi = await insertOrder(null, [{ sku: 'KAOS', quantity: 1, unit_price: 1 }]);
    const kaosBefore = await stockOf(server.database, kaos.id);
    const response = await server.call(
      'POST',
      '/api/marketplace-orders/ship',
      server.actors.managerToken,
      { ids: [good, short, noResi, 999_999] },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json() as ShipOrdersResult).toEqual({
      shipped: [good],
      refused: [
        { id: short, message: 'Stok Tas Kanvas tidak mencukupi. Stok tersedia: 2' },
        { id: noResi, message: 'Pesanan ini belum memiliki nomor resi' },
        { id: 999_999, message: 'Pesanan tidak ditemukan' },
      ],
    });
    expect(await stockOf(server.database, kaos.id)).toBe(kaosBefore - 1);
    expect(await stockOf(server.database, tas.id)).toBe(2);
    expect((await orderState(short))?.shipped_at).toBeNull();
  });

  it('is the manager’s alone', async () => {
    const response = await server.call(
      'POST',
      '/api/marketplace-orders/ship',
      server.actors.adminToken,
      { ids: [1] },
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/packing', () => {
  it('lists today’s packages, newest first, with their count', async () => {
    const response = await server.call('GET', '/api/packing', server.actors.adminToken);
    expect(response.statusCode).toBe(200);
    const body = response.json() as PackedToday;
    expect(body.count).toBe(body.data.length);
    expect(body.data.map((row) => row.resi_number)).toEqual(
      expect.arrayContaining(['JNT-0002', 'JNT-0006', 'BATCH-1']),
    );
    const jnt2 = body.data.find((row) => row.resi_number === 'JNT-0002');
    expect(jnt2).toMatchObject({ quantity: 3, shipped_by: server.actors.admin.name });
    const times = body.data.map((row) => row.shipped_at);
    expect(times).toEqual([...times].sort().reverse());
  });
});
