// Stok Tersedia (issue 44): Dipesan derived from the open imported orders and the mappings as they
// are now, Tersedia = stock - dipesan, the stores and their buffers, the stock file's numbers,
// hand sales over Tersedia, the reservations and the short orders.
import {
  RESERVATION_MESSAGES,
  type MarketplaceImport,
  type MarketplaceOrderList,
  type MarketplaceStore,
  type Product,
  type ProductList,
  type ReservationList,
  type RestockList,
  type ShortOrderList,
  type StockFilePreview,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import {
  insertProduct,
  latestLog,
  setupTestServer,
  type TestProduct,
} from '../../testing/fixtures';
import { SHOPEE_HEADERS_48, workbook } from './fixtures/fixture-files';
import { readSheets } from './sheets';
import { upload } from './test-helpers';

// Uploads go through the sheet worker: its first start is slow on a busy machine.
jest.setTimeout(60_000);

const server = setupTestServer();
const manager = () => server.actors.managerToken;
const admin = () => server.actors.adminToken;

type Row = [order: string, status: string, resi: string, sku: string, quantity: number];

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

function shopeeFile(rows: readonly Row[], date = '2026-11-28 09:00'): Buffer {
  const cells = rows.map(([order, status, resi, sku, quantity]) => {
    const row: Record<string, string | number> = {
      'No. Pesanan': order,
      'Status Pesanan': status,
      'No. Resi': resi,
      'Waktu Pesanan Dibuat': date,
      'Nama Produk': sku,
      'Nomor Referensi SKU': sku,
      Jumlah: quantity,
      'Harga Setelah Diskon': 50000,
    };
    return SHOPEE_HEADERS_48.map((header) => row[header] ?? '');
  });
  return workbook([{ name: 'orders', rows: [[...SHOPEE_HEADERS_48], ...cells] }]);
}

async function importRows(
  rows: readonly Row[],
  fields: Record<string, string> = {},
  date?: string,
): Promise<void> {
  const response = await upload(
    server,
    '/api/marketplace-imports',
    manager(),
    { name: 'shopee.xlsx', data: shopeeFile(rows, date) },
    fields,
  );
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
  const { id } = response.json() as MarketplaceImport;
  const committed = await server.call(
    'POST',
    `/api/marketplace-imports/${id}/commit`,
    manager(),
    {},
  );
  expect({ status: committed.statusCode, body: committed.body }).toMatchObject({ status: 200 });
}

async function productOf(code: string): Promise<Product> {
  const response = await server.call('GET', `/api/products?search=${code}&limit=100`, admin());
  const found = (response.json() as ProductList).data.find((p) => p.code === code);
  if (found === undefined) throw new Error(`product ${code} not listed`);
  return found;
}

/** Stok, Dipesan, Tersedia of a product as Data Produk shows them. */
async function numbers(product: TestProduct) {
  const p = await productOf(product.code);
  return { stock: p.current_stock, reserved: p.reserved_stock, available: p.available_stock };
}

async function map(sku: string, items: { product_code: string; quantity: number }[]) {
  const response = await server.call('PUT', '/api/sku-mappings', manager(), { sku, items });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
}

async function ship(resi: string, scans: { barcode: string; quantity: number }[]) {
  const response = await server.call('POST', `/api/packing/${resi}/ship`, admin(), { scans });
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
}

async function handSale(product: TestProduct, quantity: number, confirm?: boolean) {
  return server.call('POST', '/api/outgoing-goods', admin(), {
    product_code: product.code,
    barcode: product.barcodeId,
    quantity,
    resi_number: unique('HAND'),
    date: '2026-11-28',
    ...(confirm === undefined ? {} : { confirm_reserved: confirm }),
  });
}

function stockTemplate(rows: readonly [sku: string, stock: number][]): Buffer {
  return workbook([
    {
      name: 'Sheet1',
      rows: [
        ['et_title_product_id', 'et_title_variation_sku', 'et_title_variation_stock'],
        ...rows.map(([sku, stock], index) => [String(1000 + index), sku, String(stock)]),
      ],
    },
  ]);
}

async function stockPreview(rows: readonly [string, number][], fields: Record<string, string>) {
  const response = await upload(
    server,
    '/api/marketplace-stock-file/preview',
    manager(),
    { name: 'stok.xlsx', data: stockTemplate(rows) },
    fields,
  );
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 200 });
  return response.json() as StockFilePreview;
}

async function createStore(body: Record<string, unknown>): Promise<MarketplaceStore> {
  const response = await server.call('POST', '/api/marketplace-stores', manager(), body);
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
  return (response.json() as { data: MarketplaceStore }).data;
}

/** Dipesan per product recomputed by a plain query: open perlu_dikirim lines x mapped units. */
async function plainReserved(): Promise<Map<number, number>> {
  const { rows } = await server.database.db.execute<{ id: number; held: string | number }>(sql`
    with units as (
      select o.id as order_id, i.product_id, l.quantity * i.quantity as quantity
        from marketplace_orders o
        join marketplace_order_lines l on l.order_id = o.id
        join sku_mappings m on lower(m.sku) = lower(l.sku)
        join sku_mapping_items i on i.mapping_id = m.id
       where o.status = 'perlu_dikirim' and o.shipped_at is null
      union all
      select o.id, p.id, l.quantity
        from marketplace_orders o
        join marketplace_order_lines l on l.order_id = o.id
        join products p on lower(p.code) = lower(l.sku)
       where o.status = 'perlu_dikirim' and o.shipped_at is null
         and not exists (select 1 from sku_mappings m where lower(m.sku) = lower(l.sku))
    ), per_order as (
      select u.order_id, u.product_id, sum(u.quantity) - coalesce((
               select sum(g.quantity) from outgoing_goods g
                where g.marketplace_order_id = u.order_id and g.product_id = u.product_id), 0) as held
        from units u group by u.order_id, u.product_id
    )
    select product_id as id, sum(held) as held from per_order where held > 0 group by product_id`);
  return new Map(rows.map((row) => [Number(row.id), Number(row.held)]));
}

async function reservedByFunction(): Promise<Map<number, number>> {
  const { rows } = await server.database.db.execute<{ id: number; held: string | number }>(
    sql`select product_id as id, sum(quantity) as held from reserved_lines(null) group by product_id`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.held)]));
}

/** Dipesan of some products through the function's SKU way (a page of Data Produk's). */
async function reservedOfProducts(ids: readonly number[]): Promise<Map<number, number>> {
  const { rows } = await server.database.db.execute<{ id: number; held: string | number }>(
    sql`select product_id as id, sum(quantity) as held
          from reserved_lines(${`{${ids.join(',')}}`}::integer[]) group by product_id`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.held)]));
}

/** Lines whose `open` flag (migration 0047) is not their order's state. */
async function openFlagMismatches(): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: string | number }>(sql`
    select count(*) as n from marketplace_order_lines l
      join marketplace_orders o on o.id = l.order_id
     where l.open <> (o.shipped_at is null and o.status in ('perlu_dikirim', 'belum_bayar'))`);
  return Number(rows[0]?.n);
}

describe('Dipesan and Tersedia', () => {
  it('import -> dipesan up, tersedia down; pack -> stock and dipesan down, tersedia the same', async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('KAOS') });
    const before = await numbers(kaos);
    expect(before).toEqual({ stock: 10, reserved: 0, available: 10 });
    const resi = unique('SPX');
    await importRows([[unique('ORD'), 'Perlu Dikirim', resi, kaos.code, 3]]);
    expect(await numbers(kaos)).toEqual({ stock: 10, reserved: 3, available: 7 });
    // The picker (all) and the barcode look-up carry the same numbers.
    const all = await server.call('GET', '/api/products/all', admin());
    expect((all.json() as { data: Product[] }).data.find((p) => p.id === kaos.id)).toMatchObject({
      reserved_stock: 3,
      available_stock: 7,
    });
    const byBarcode = await server.call('GET', `/api/products/barcode/${kaos.barcodeId}`, admin());
    expect(byBarcode.json()).toMatchObject({ data: { reserved_stock: 3, available_stock: 7 } });

    await ship(resi, [{ barcode: kaos.barcodeId, quantity: 3 }]);
    expect(await numbers(kaos)).toEqual({ stock: 7, reserved: 0, available: 7 });
  });

  it('a later import with the order cancelled takes it out of dipesan', async () => {
    const topi = await insertProduct(server.database, { stock: 5, code: unique('TOPI') });
    const order = unique('ORD');
    await importRows([[order, 'Perlu Dikirim', unique('SPX'), topi.code, 2]]);
    expect(await numbers(topi)).toMatchObject({ reserved: 2, available: 3 });
    await importRows([[order, 'Batal', '', topi.code, 2]]);
    expect(await numbers(topi)).toMatchObject({ reserved: 0, available: 5 });
  });

  it("keeps each line's open flag to its order's state: import, completed, shipped, cancelled", async () => {
    const kaos = await insertProduct(server.database, { stock: 20, code: unique('OPEN') });
    const shipped = unique('SPX');
    const cancelled = unique('ORD');
    await importRows([
      [unique('ORD'), 'Perlu Dikirim', shipped, kaos.code, 2],
      [cancelled, 'Perlu Dikirim', unique('SPX'), kaos.code, 3],
      [unique('ORD'), 'Selesai', unique('SPX'), kaos.code, 4],
      [unique('ORD'), 'Perlu Dikirim', unique('SPX'), kaos.code, 5],
    ]);
    // The completed order's line is closed as it is inserted; the open ones are open.
    expect(await openFlagMismatches()).toBe(0);
    expect((await reservedOfProducts([kaos.id])).get(kaos.id)).toBe(10);
    await ship(shipped, [{ barcode: kaos.barcodeId, quantity: 2 }]);
    await importRows([[cancelled, 'Batal', '', kaos.code, 3]]);
    expect(await openFlagMismatches()).toBe(0);
    expect((await reservedOfProducts([kaos.id])).get(kaos.id)).toBe(5);
    expect(await numbers(kaos)).toEqual({ stock: 18, reserved: 5, available: 13 });
  });

  it('expands a bundle of 2 x A + 1 x B, and follows a mapping changed after the import', async () => {
    const a = await insertProduct(server.database, { stock: 20, code: unique('A') });
    const b = await insertProduct(server.database, { stock: 20, code: unique('B') });
    const c = await insertProduct(server.database, { stock: 20, code: unique('C') });
    const bundle = unique('PAKET');
    await map(bundle, [
      { product_code: a.code, quantity: 2 },
      { product_code: b.code, quantity: 1 },
    ]);
    await importRows([[unique('ORD'), 'Perlu Dikirim', unique('SPX'), bundle, 3]]);
    expect(await numbers(a)).toMatchObject({ reserved: 6, available: 14 });
    expect(await numbers(b)).toMatchObject({ reserved: 3, available: 17 });

    // The bundle now holds C in place of B: the orders already imported follow at once.
    await map(bundle, [
      { product_code: a.code, quantity: 2 },
      { product_code: c.code, quantity: 1 },
    ]);
    expect(await numbers(b)).toMatchObject({ reserved: 0, available: 20 });
    expect(await numbers(c)).toMatchObject({ reserved: 3, available: 17 });
  });

  it("resolves each line by the best mapping, both ways (every product, a page's products)", async () => {
    const [p1, p2, p3, p4, p5, p6, p7] = await Promise.all(
      Array.from({ length: 7 }, () =>
        insertProduct(server.database, { stock: 50, code: unique('BEST') }),
      ),
    );
    const ps = [p1, p2, p3, p4, p5, p6, p7] as TestProduct[];
    const [a, b, c, d, e, f, g] = ps.map((p) => p.id) as number[];
    const [chan, vari] = [unique('CHAN'), unique('VARI')];
    // CHAN: every channel -> p1, Shopee's own -> p2 x2. VARI: 'Merah' -> p3, every variation ->
    // p4. p5's code as a SKU: a mapping without items (skipped) -> the product itself. p6's
    // barcode as a SKU -> p6. A TikTok mapping of p7's code for TikTok -> p7 x3, Shopee -> p7.
    await server.database.db.execute(sql`
      with m as (
        insert into sku_mappings (channel, sku, variation) values
          (null, ${chan}, null), ('shopee', ${chan.toLowerCase()}, null),
          (null, ${vari}, 'Merah'), (null, ${vari}, null), (null, ${ps[4]?.code}, null),
          ('tiktok', ${ps[6]?.code}, null)
        returning id, channel, sku, variation)
      insert into sku_mapping_items (mapping_id, product_id, quantity)
      select m.id, x.product_id, x.quantity from m join (values
          (null, ${chan}, null, ${a}::integer, 1), ('shopee', ${chan.toLowerCase()}, null, ${b}::integer, 2),
          (null, ${vari}, 'Merah', ${c}::integer, 1), (null, ${vari}, null, ${d}::integer, 1),
          ('tiktok', ${ps[6]?.code}, null, ${g}::integer, 3))
        as x(channel, sku, variation, product_id, quantity)
        on m.channel is not distinct from x.channel and m.sku = x.sku
       and m.variation is not distinct from x.variation`);
    const orders: [channel: string, sku: string, variation: string, quantity: number][] = [
      ['shopee', chan, '', 1], // p2 x2
      ['tiktok', chan.toUpperCase(), '', 1], // p1
      ['lazada', vari, ' merah ', 1], // p3
      ['lazada', vari, 'Biru', 1], // p4
      ['shopee', vari, '', 1], // p4
      ['shopee', ps[4]?.code ?? '', '', 2], // p5
      ['tokopedia', ps[5]?.barcodeId ?? '', '', 1], // p6
      ['tiktok', ps[6]?.code ?? '', '', 1], // p7 x3
      ['shopee', ps[6]?.code ?? '', '', 1], // p7
      ['shopee', unique('NOMAP'), '', 1],
    ];
    for (const [channel, sku, variation, quantity] of orders)
      await server.database.db.execute(sql`
        with o as (
          insert into marketplace_orders (channel, order_number, status, status_text, date, total)
          values (${channel}, ${unique('BEST-ORD')}, 'perlu_dikirim', 'Perlu Dikirim', '2026-11-28', 0)
          returning id)
        insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity)
        select o.id, ${sku}, ${variation}, ${sku}, ${quantity} from o`);
    const expected = new Map([
      [a, 1],
      [b, 2],
      [c, 1],
      [d, 2],
      [e, 2],
      [f, 1],
      [g, 4],
    ]);
    const everyProduct = await reservedByFunction();
    expect(new Map(ps.map((p) => [p.id, everyProduct.get(p.id)]))).toEqual(expected);
    expect(await reservedOfProducts(ps.map((p) => p.id))).toEqual(expected);
    // One product at a time (the stock card's, a hand sale's way) as well.
    for (const p of ps)
      expect((await reservedOfProducts([p.id])).get(p.id)).toBe(expected.get(p.id));
    // Closed again: the plain recomputation of the parallel test knows no precedence.
    await server.database.db.execute(
      sql`update marketplace_orders set status = 'batal' where order_number like 'BEST-ORD-%'`,
    );
  });

  it('takes off what Scan Kirim already shipped of an order (partial shipment)', async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('KAOS') });
    const order = unique('ORD');
    await importRows([[order, 'Perlu Dikirim', unique('SPX'), kaos.code, 4]]);
    // One unit of the order already left under its package (a record of the order).
    await server.database.db.execute(sql`
      insert into outgoing_goods (product_id, date, resi_number, quantity, barcode,
                                  purchase_price, selling_price, discount, marketplace_order_id)
      select ${kaos.id}, '2026-11-28', o.resi_number, 1, ${kaos.barcodeId}, 0, 0, 0, o.id
        from marketplace_orders o where o.order_number = ${order}`);
    expect(await numbers(kaos)).toMatchObject({ reserved: 3 });
  });

  it("counts unpaid orders only when 'Pesanan belum dibayar ikut dipesan' is on", async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('KAOS') });
    await importRows([[unique('ORD'), 'Belum Bayar', '', kaos.code, 2]]);
    expect(await numbers(kaos)).toMatchObject({ reserved: 0 });
    const on = await server.call('PUT', '/api/settings', manager(), { reserve_unpaid: true });
    expect({ status: on.statusCode, body: on.json() }).toMatchObject({
      status: 200,
      body: { reserve_unpaid: true },
    });
    expect(await numbers(kaos)).toMatchObject({ reserved: 2, available: 8 });
    expect((await latestLog(server.database, 'UPDATE_SETTINGS'))?.details).toBe(
      'Pesanan belum dibayar ikut dipesan tidak → ya',
    );
    await server.call('PUT', '/api/settings', manager(), { reserve_unpaid: false });
    expect(await numbers(kaos)).toMatchObject({ reserved: 0 });
  });

  it('lists the reservations of a product, oldest first, with store and order', async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('KAOS') });
    const late = unique('ORD');
    const early = unique('ORD');
    await importRows(
      [[late, 'Perlu Dikirim', unique('SPX'), kaos.code, 1]],
      {},
      '2026-11-27 10:00',
    );
    await importRows(
      [[early, 'Perlu Dikirim', unique('SPX'), kaos.code, 2]],
      {},
      '2026-11-20 10:00',
    );
    const response = await server.call(
      'GET',
      `/api/reservations?product_code=${kaos.code}`,
      admin(),
    );
    expect(response.statusCode).toBe(200);
    const list = response.json() as ReservationList;
    expect(list.data.map((r) => [r.order_number, r.quantity, r.store, r.channel])).toEqual([
      [early, 2, 'Shopee', 'shopee'],
      [late, 1, 'Shopee', 'shopee'],
    ]);
    expect(list.pagination.total).toBe(2);
    const unknown = await server.call('GET', '/api/reservations?product_code=TIDAK-ADA', admin());
    expect(unknown.statusCode).toBe(404);
  });

  it('lists the orders stock cannot fill, the oldest getting the stock first', async () => {
    const kaos = await insertProduct(server.database, { stock: 3, code: unique('KAOS') });
    const first = unique('ORD');
    const second = unique('ORD');
    await importRows(
      [[first, 'Perlu Dikirim', unique('SPX'), kaos.code, 2]],
      {},
      '2026-11-01 08:00',
    );
    await importRows(
      [[second, 'Perlu Dikirim', unique('SPX'), kaos.code, 2]],
      {},
      '2026-11-02 08:00',
    );
    expect(await numbers(kaos)).toEqual({ stock: 3, reserved: 4, available: -1 });
    const response = await server.call('GET', '/api/dashboard/short-orders?limit=100', admin());
    expect(response.statusCode).toBe(200);
    const short = (response.json() as ShortOrderList).data.filter((o) =>
      o.products.some((p) => p.product_code === kaos.code),
    );
    expect(short).toEqual([
      expect.objectContaining({
        order_number: second,
        store: 'Shopee',
        products: [{ product_code: kaos.code, product_name: kaos.name, quantity: 2, short: 1 }],
      }),
    ]);
  });
});

describe('restock reads Tersedia', () => {
  it('lists a product whose Tersedia, not Stok, falls to its minimum and suggests from it', async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('RST') });
    await server.database.db.execute(sql`update products set min_stock = 5 where id = ${kaos.id}`);
    const restock = async () => {
      const response = await server.call('GET', `/api/restock?search=${kaos.code}`, manager());
      expect(response.statusCode).toBe(200);
      return (response.json() as RestockList).data.filter((row) => row.product_code === kaos.code);
    };
    expect(await restock()).toEqual([]);
    await importRows([[unique('ORD'), 'Perlu Dikirim', unique('SPX'), kaos.code, 7]]);
    // Stok 10, dipesan 7: Tersedia 3 under the minimum 5; the suggestion fills it to 5.
    expect(await restock()).toEqual([
      expect.objectContaining({
        current_stock: 10,
        reserved_stock: 7,
        min_stock: 5,
        suggested_quantity: 2,
      }),
    ]);
    // Sold and oversold: more held than in stock covers 0 days, not a negative count.
    const hand = await server.call('POST', '/api/outgoing-goods', admin(), {
      product_code: kaos.code,
      barcode: kaos.barcodeId,
      quantity: 8,
      resi_number: unique('HAND'),
      date: new Date().toISOString().slice(0, 10),
      confirm_reserved: true,
    });
    expect(hand.statusCode).toBe(201);
    expect(await restock()).toEqual([
      expect.objectContaining({ current_stock: 2, reserved_stock: 7, days_of_cover: 0 }),
    ]);
  });
});

describe('a sale by hand over Tersedia', () => {
  const stockOf = async (product: TestProduct) => (await numbers(product)).stock;

  it('is refused (409) without confirm_reserved, written with it, never below stock 0', async () => {
    const kaos = await insertProduct(server.database, { stock: 5, code: unique('KAOS') });
    await importRows([[unique('ORD'), 'Perlu Dikirim', unique('SPX'), kaos.code, 3]]);
    // Within Tersedia: written without asking.
    expect((await handSale(kaos, 2)).statusCode).toBe(201);
    expect(await numbers(kaos)).toEqual({ stock: 3, reserved: 3, available: 0 });

    const refused = await handSale(kaos, 1);
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: expect.objectContaining({ message: RESERVATION_MESSAGES.reservedTaken(0) }),
    });
    const declined = await handSale(kaos, 1, false);
    expect(declined.statusCode).toBe(409);
    expect(await stockOf(kaos)).toBe(3);

    const confirmed = await handSale(kaos, 2, true);
    expect(confirmed.statusCode).toBe(201);
    expect(await numbers(kaos)).toEqual({ stock: 1, reserved: 3, available: -2 });
    // The stock's own guard stays: more than the stock is 400 even when confirmed.
    const over = await handSale(kaos, 2, true);
    expect(over.statusCode).toBe(400);
    expect(await stockOf(kaos)).toBe(1);
  });

  it('sales sent at once: each written whole or refused, records and stock agree', async () => {
    const kaos = await insertProduct(server.database, { stock: 6, code: unique('KAOS') });
    await importRows([[unique('ORD'), 'Perlu Dikirim', unique('SPX'), kaos.code, 2]]);
    // Free: 4. Eight sales of 1 at once (written together, ADR 0019), every second one confirmed:
    // an unconfirmed one passes only while a unit is free; stock never below 0, nothing lost.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => handSale(kaos, 1, i % 2 === 1 ? true : undefined)),
    );
    const codes = answers.map((a) => a.statusCode);
    const written = codes.filter((code) => code === 201).length;
    expect(codes.every((code) => code === 201 || code === 409 || code === 400)).toBe(true);
    expect(await stockOf(kaos)).toBe(6 - written);
    const { rows } = await server.database.db.execute<{ n: string | number }>(
      sql`select count(*) as n from outgoing_goods where product_id = ${kaos.id}`,
    );
    expect(Number(rows[0]?.n)).toBe(written);
    expect(codes.filter((code, i) => i % 2 === 0 && code === 201).length).toBeLessThanOrEqual(4);
  });

  it('refuses an edit that sells more than is free, unless confirmed', async () => {
    const kaos = await insertProduct(server.database, { stock: 5, code: unique('KAOS') });
    const sale = await handSale(kaos, 1);
    expect(sale.statusCode).toBe(201);
    const { id } = (sale.json() as { data: { id: number } }).data;
    await importRows([[unique('ORD'), 'Perlu Dikirim', unique('SPX'), kaos.code, 3]]);
    const body = {
      product_code: kaos.code,
      barcode: kaos.barcodeId,
      quantity: 2,
      resi_number: unique('HAND'),
      date: '2026-11-28',
    };
    // Stock 4, dipesan 3: one more unit (1 -> 2) is free.
    expect(
      (await server.call('PUT', `/api/outgoing-goods/${id}`, manager(), body)).statusCode,
    ).toBe(200);
    const refused = await server.call('PUT', `/api/outgoing-goods/${id}`, manager(), {
      ...body,
      quantity: 4,
    });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({
      status: 409,
      body: expect.objectContaining({ message: RESERVATION_MESSAGES.reservedTaken(0) }),
    });
    expect(await stockOf(kaos)).toBe(3);
    const confirmed = await server.call('PUT', `/api/outgoing-goods/${id}`, manager(), {
      ...body,
      quantity: 4,
      confirm_reserved: true,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await numbers(kaos)).toEqual({ stock: 1, reserved: 3, available: -2 });
  });
});

describe('stores and the stock file', () => {
  it('keeps stores per channel: default made on first use, names unique, 409 with orders', async () => {
    const listed = await server.call('GET', '/api/marketplace-stores?channel=lazada', admin());
    expect(listed.statusCode).toBe(200);
    expect((listed.json() as { data: MarketplaceStore[] }).data).toEqual([
      expect.objectContaining({ channel: 'lazada', name: 'Lazada', is_default: true }),
    ]);
    const store = await createStore({ channel: 'lazada', name: 'Toko Kedua', buffer: 4 });
    expect(store).toMatchObject({ buffer: 4, effective_buffer: 4, is_default: false });
    const again = await server.call('POST', '/api/marketplace-stores', manager(), {
      channel: 'lazada',
      name: 'toko kedua',
    });
    expect({ status: again.statusCode, body: again.json() }).toEqual({
      status: 409,
      body: { message: RESERVATION_MESSAGES.storeNameTaken('toko kedua') },
    });
    const blank = await server.call('POST', '/api/marketplace-stores', manager(), {
      channel: 'lazada',
      name: '  ',
    });
    expect(blank.statusCode).toBe(400);
    expect((blank.json() as { message: string }).message).toContain('Nama Toko');
    const byAdmin = await server.call('POST', '/api/marketplace-stores', admin(), {
      channel: 'lazada',
      name: 'Toko Admin',
    });
    expect(byAdmin.statusCode).toBe(403);

    const renamed = await server.call('PUT', `/api/marketplace-stores/${store.id}`, manager(), {
      name: 'Toko Dua',
      buffer: null,
    });
    expect(renamed.json()).toMatchObject({ data: { name: 'Toko Dua', buffer: null } });
    expect(
      (await server.call('DELETE', `/api/marketplace-stores/${store.id}`, manager())).statusCode,
    ).toBe(200);

    // The Shopee default store has the orders of the tests above.
    const shopee = await server.call('GET', '/api/marketplace-stores?channel=shopee', admin());
    const [main] = (shopee.json() as { data: MarketplaceStore[] }).data;
    expect(main?.order_count).toBeGreaterThan(0);
    const refused = await server.call('DELETE', `/api/marketplace-stores/${main?.id}`, manager());
    expect(refused.statusCode).toBe(409);
  });

  it('imports into a chosen store; two stores, two buffers in the stock file', async () => {
    const kaos = await insertProduct(server.database, { stock: 10, code: unique('KAOS') });
    const second = await createStore({ channel: 'shopee', name: unique('Toko'), buffer: 5 });
    const settings = await server.call('PUT', '/api/settings', manager(), { buffer_shopee: 2 });
    expect(settings.json()).toMatchObject({ buffer_shopee: 2 });
    const order = unique('ORD');
    await importRows([[order, 'Perlu Dikirim', unique('SPX'), kaos.code, 3]], {
      store_id: String(second.id),
    });
    const orders = await server.call('GET', `/api/marketplace-orders?search=${order}`, admin());
    expect((orders.json() as MarketplaceOrderList).data[0]).toMatchObject({
      store_id: second.id,
      store: second.name,
    });
    // The log says which store the orders went to.
    expect((await latestLog(server.database, 'IMPORT_MARKETPLACE_ORDERS'))?.details).toContain(
      `Impor pesanan Shopee (toko ${second.name}) dari file shopee.xlsx`,
    );

    // Default store: the channel's default buffer (2); the second store: its own (5).
    const main = await stockPreview([[kaos.code, 99]], {});
    expect(main.rows).toEqual([
      {
        row: 2,
        sku: kaos.code,
        variation: null,
        quantity: 5,
        explanation: 'Stok 10 - dipesan 3 - cadangan 2 = 5',
      },
    ]);
    const other = await stockPreview([[kaos.code, 99]], { store_id: String(second.id) });
    expect(other).toMatchObject({ store_id: second.id, buffer: 5 });
    expect(other.rows[0]).toMatchObject({
      quantity: 2,
      explanation: 'Stok 10 - dipesan 3 - cadangan 5 = 2',
    });
    // A buffer given wins over the store's.
    const given = await stockPreview([[kaos.code, 99]], {
      store_id: String(second.id),
      buffer: '0',
    });
    expect(given.rows[0]?.quantity).toBe(7);

    // The file itself writes the preview's number.
    const file = await upload(
      server,
      '/api/marketplace-stock-file',
      manager(),
      { name: 'stok.xlsx', data: stockTemplate([[kaos.code, 99]]) },
      { store_id: String(second.id) },
    );
    expect(file.statusCode).toBe(200);
    const read = await readSheets(file.rawPayload);
    if (!read.ok) throw new Error('the filled file cannot be read');
    expect(read.sheets[0]?.rows[1]?.[2]).toBe('2');
    await server.call('PUT', '/api/settings', manager(), { buffer_shopee: 0 });
  });

  it('refuses an unknown store or a store of another channel, nothing written', async () => {
    const lazada = await createStore({ channel: 'lazada', name: unique('Toko') });
    const before = await server.database.db.execute(sql`select count(*) from marketplace_imports`);
    for (const storeId of ['999999', 'abc', String(lazada.id)]) {
      const response = await upload(
        server,
        '/api/marketplace-imports',
        manager(),
        { name: 'shopee.xlsx', data: shopeeFile([[unique('ORD'), 'Perlu Dikirim', '', 'X', 1]]) },
        { store_id: storeId },
      );
      expect(response.statusCode).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/^Toko /);
    }
    const after = await server.database.db.execute(sql`select count(*) from marketplace_imports`);
    expect(after.rows).toEqual(before.rows);
  });
});

describe('in parallel', () => {
  it('imports, packs and hand sales at once: dipesan equals a plain recomputation', async () => {
    const products = await Promise.all(
      [30, 30, 30].map((stock) => insertProduct(server.database, { stock, code: unique('PAR') })),
    );
    const [a, b, c] = products as [TestProduct, TestProduct, TestProduct];
    const bundle = unique('PAR-PAKET');
    await map(bundle, [
      { product_code: a.code, quantity: 2 },
      { product_code: b.code, quantity: 1 },
    ]);
    // Orders to pack while the others are imported.
    const packed = Array.from({ length: 5 }, () => unique('PAR-SPX'));
    await importRows(packed.map((resi) => [unique('PAR-ORD'), 'Perlu Dikirim', resi, c.code, 1]));
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i += 1)
      work.push(
        importRows([
          [unique('PAR-ORD'), 'Perlu Dikirim', unique('PAR-SPX'), i % 2 === 0 ? bundle : c.code, 1],
        ]),
      );
    for (const resi of packed) work.push(ship(resi, [{ barcode: c.barcodeId, quantity: 1 }]));
    for (let i = 0; i < 5; i += 1) work.push(handSale(products[i % 3] as TestProduct, 1, true));
    await Promise.all(work);
    const plain = await plainReserved();
    const derived = await reservedByFunction();
    expect(derived).toEqual(plain);
    // The SKU way (a page's) agrees, and every line's open flag is its order's state.
    const byProducts = await reservedOfProducts(products.map((p) => p.id));
    for (const p of products) expect(byProducts.get(p.id)).toBe(plain.get(p.id));
    expect(await openFlagMismatches()).toBe(0);
    expect(derived.get(a.id)).toBe(20);
    expect(derived.get(b.id)).toBe(10);
    expect(derived.get(c.id)).toBe(10);
  }, 120_000);
});
