// Retur through the API: the resi look-up, at most shipped minus returned before over all the
// lines of a record (2 good + 1 damaged of one record in one save), five parallel returns of the
// last unit, damaged units into Barang Rusak without moving stock, the
// marketplace order's status, Pembukuan after a return, the manager's delete and its refusal.
import {
  RETURN_MESSAGES,
  type PembukuanList,
  type PembukuanStats,
  type ReturnList,
  type ReturnLookup,
  type ReturnSaved,
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
const DATE = '2026-11-20';

let resiCounter = 0;
const nextResi = () => {
  resiCounter += 1;
  return `RTR-${resiCounter}`;
};

/** A sale of the product through Barang Keluar; its record's id. */
async function sell(product: TestProduct, quantity: number, resi: string): Promise<number> {
  const response = await server.call('POST', '/api/outgoing-goods', server.actors.adminToken, {
    product_code: product.code,
    barcode: product.barcodeId,
    resi_number: resi,
    quantity,
    date: DATE,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

type Line = { outgoing_goods_id: number; quantity: number; condition: 'good' | 'damaged' };

const postReturn = (resi: string, lines: Line[], reason = 'Salah ukuran', token?: string) =>
  server.call('POST', '/api/returns', token ?? server.actors.adminToken, {
    resi_number: resi,
    date: DATE,
    reason,
    lines,
  });

async function damagedRows(code: string) {
  const { rows } = await server.database.db.execute<{ stock: number; damage_reason: string }>(
    sql`select stock, damage_reason from damaged_goods where code = ${code} order by id`,
  );
  return rows.map((row) => ({ stock: Number(row.stock), damage_reason: row.damage_reason }));
}

describe('GET /api/returns/lookup/:resi', () => {
  it('lists the Barang Keluar records of the resi, shipped and returned before, any case', async () => {
    const product = await insertProduct(server.database, { stock: 10, name: 'Kaos Lookup' });
    const resi = nextResi();
    const id = await sell(product, 3, resi);
    expect(
      (await postReturn(resi, [{ outgoing_goods_id: id, quantity: 1, condition: 'good' }]))
        .statusCode,
    ).toBe(201);
    const response = await server.call(
      'GET',
      `/api/returns/lookup/${resi.toLowerCase()}`,
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json() as ReturnLookup).toEqual({
      resi_number: resi,
      lines: [
        {
          outgoing_goods_id: id,
          product_code: product.code,
          product_name: 'Kaos Lookup',
          quantity_shipped: 3,
          quantity_returned: 1,
        },
      ],
    });
  });

  it('answers 404 with a message when no Barang Keluar has the resi', async () => {
    const response = await server.call(
      'GET',
      '/api/returns/lookup/TIDAK-ADA',
      server.actors.adminToken,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: RETURN_MESSAGES.resiNotFound });
  });
});

describe('POST /api/returns', () => {
  it('puts good units back to stock, in the totals, with one RETURN_GOODS entry', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const resi = nextResi();
    const id = await sell(product, 4, resi);
    expect(await stockOf(server.database, product.id)).toBe(6);
    const response = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 3, condition: 'good' },
    ]);
    expect(response.statusCode).toBe(201);
    const saved = response.json() as ReturnSaved;
    expect(saved.message).toBe(RETURN_MESSAGES.created);
    expect(saved.data).toMatchObject({
      resi_number: resi,
      date: DATE,
      reason: 'Salah ukuran',
      quantity_good: 3,
      quantity_damaged: 0,
      lines: [{ outgoing_goods_id: id, product_id: product.id, quantity: 3, condition: 'good' }],
    });
    expect(await stockOf(server.database, product.id)).toBe(9);
    expect(await inconsistentProducts(server.database)).toEqual([]);
    const log = await latestLog(server.database, 'RETURN_GOODS');
    expect(log?.details).toBe(
      `Retur resi ${resi}: ${product.name} (${product.code}) 3 baik; alasan: Salah ukuran`,
    );
  });

  it('refuses more than shipped minus returned before with 400, writing nothing', async () => {
    const product = await insertProduct(server.database, { stock: 10, name: 'Topi Lebih' });
    const resi = nextResi();
    const id = await sell(product, 2, resi);
    expect(
      (await postReturn(resi, [{ outgoing_goods_id: id, quantity: 1, condition: 'good' }]))
        .statusCode,
    ).toBe(201);
    const before = await snapshot(server.database);
    const response = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 2, condition: 'good' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RETURN_MESSAGES.overReturn('Topi Lebih', 1) });
    expect(response.json().message).toBe(
      'Jumlah retur Topi Lebih melebihi yang dikirim. Sisa yang dapat diretur: 1',
    );
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('refuses a record of another resi and a record named twice with one condition', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const resi = nextResi();
    const id = await sell(product, 2, resi);
    const other = await sell(product, 1, nextResi());
    const wrong = await postReturn(resi, [
      { outgoing_goods_id: other, quantity: 1, condition: 'good' },
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(RETURN_MESSAGES.lineNotInResi(other));
    const twice = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 1, condition: 'damaged' },
      { outgoing_goods_id: id, quantity: 1, condition: 'damaged' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(RETURN_MESSAGES.duplicateLine(id, 'Rusak'));
    expect(twice.json().message).toBe(
      `Barang Keluar ${id} disebut lebih dari sekali dengan kondisi Rusak`,
    );
  });

  it('takes 2 good + 1 damaged of one record in one save: stock +2, Barang Rusak 1', async () => {
    const product = await insertProduct(server.database, { stock: 10, code: 'RTR-DUA-KONDISI' });
    const resi = nextResi();
    const id = await sell(product, 3, resi);
    expect(await stockOf(server.database, product.id)).toBe(7);
    const response = await postReturn(
      resi,
      [
        { outgoing_goods_id: id, quantity: 2, condition: 'good' },
        { outgoing_goods_id: id, quantity: 1, condition: 'damaged' },
      ],
      'Satu sobek',
    );
    expect(response.statusCode).toBe(201);
    const saved = (response.json() as ReturnSaved).data;
    expect(saved).toMatchObject({ quantity_good: 2, quantity_damaged: 1 });
    expect(
      saved.lines.map((line) => [line.outgoing_goods_id, line.quantity, line.condition]),
    ).toEqual([
      [id, 2, 'good'],
      [id, 1, 'damaged'],
    ]);
    // 7 + 2 good; the damaged unit stays out of stock, recorded once in Barang Rusak.
    expect(await stockOf(server.database, product.id)).toBe(9);
    expect(await damagedRows('RTR-DUA-KONDISI')).toEqual([
      { stock: 1, damage_reason: `Retur ${resi}: Satu sobek` },
    ]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
    const lookup = await server.call(
      'GET',
      `/api/returns/lookup/${resi}`,
      server.actors.adminToken,
    );
    expect((lookup.json() as ReturnLookup).lines[0]?.quantity_returned).toBe(3);
  });

  it('counts the lines of one record together: more than shipped over them is 400', async () => {
    const product = await insertProduct(server.database, { stock: 10, name: 'Topi Dua Baris' });
    const resi = nextResi();
    const id = await sell(product, 3, resi);
    expect(
      (await postReturn(resi, [{ outgoing_goods_id: id, quantity: 1, condition: 'damaged' }]))
        .statusCode,
    ).toBe(201);
    const before = await snapshot(server.database);
    // 2 left: 2 good + 1 damaged is one too many, though each line alone fits.
    const response = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 2, condition: 'good' },
      { outgoing_goods_id: id, quantity: 1, condition: 'damaged' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: RETURN_MESSAGES.overReturn('Topi Dua Baris', 2) });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('five parallel returns of the last unit: exactly one wins', async () => {
    const product = await insertProduct(server.database, { stock: 5 });
    const resi = nextResi();
    const id = await sell(product, 1, resi);
    const tokens = [
      server.actors.adminToken,
      server.actors.managerToken,
      server.actors.adminToken,
      server.actors.managerToken,
      server.actors.adminToken,
    ];
    const results = await Promise.all(
      tokens.map((token, at) =>
        postReturn(
          resi,
          [{ outgoing_goods_id: id, quantity: 1, condition: at % 2 === 0 ? 'good' : 'damaged' }],
          `Paralel ${at}`,
          token,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.statusCode === 400))
      expect(refused.json().message).toBe(RETURN_MESSAGES.overReturn(product.name, 0));
    const { rows } = await server.database.db.execute<{ n: unknown }>(
      sql`select count(*) as n from return_lines where outgoing_goods_id = ${id}`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
    // 5 - 1 sold, + 1 when the winner's unit was good.
    const winner = results.find((r) => r.statusCode === 201)?.json() as ReturnSaved;
    expect(await stockOf(server.database, product.id)).toBe(
      winner.data.quantity_good === 1 ? 5 : 4,
    );
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('a damaged return leaves stock alone and creates the Barang Rusak record', async () => {
    const product = await insertProduct(server.database, { stock: 8, code: 'RTR-RUSAK' });
    const resi = nextResi();
    const id = await sell(product, 3, resi);
    const response = await postReturn(
      resi,
      [{ outgoing_goods_id: id, quantity: 2, condition: 'damaged' }],
      'Sobek saat dikirim',
    );
    expect(response.statusCode).toBe(201);
    const saved = (response.json() as ReturnSaved).data;
    expect(saved.quantity_damaged).toBe(2);
    expect(saved.lines[0]?.damaged_goods_id).toEqual(expect.any(Number));
    expect(await stockOf(server.database, product.id)).toBe(5);
    expect(await damagedRows('RTR-RUSAK')).toEqual([
      { stock: 2, damage_reason: `Retur ${resi}: Sobek saat dikirim` },
    ]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('makes the marketplace order retur when everything was returned', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const resi = nextResi();
    const { rows } = await server.database.db.execute<{ id: number }>(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date, total)
      values ('shopee', ${`ORD-${resi}`}, ${resi}, 'dikirim', 'Dikirim', ${DATE}, 0) returning id`);
    const orderId = Number(rows[0]?.id);
    const id = await sell(product, 3, resi);
    const status = async () =>
      (
        await server.database.db.execute<{ status: string }>(
          sql`select status from marketplace_orders where id = ${orderId}`,
        )
      ).rows[0]?.status;
    expect(
      (await postReturn(resi, [{ outgoing_goods_id: id, quantity: 1, condition: 'good' }]))
        .statusCode,
    ).toBe(201);
    expect(await status()).toBe('dikirim');
    const last = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 2, condition: 'damaged' },
    ]);
    expect(last.statusCode).toBe(201);
    expect((last.json() as ReturnSaved).data.marketplace_order_id).toBe(orderId);
    expect(await status()).toBe('retur');
    // Deleting the return that made it retur gives the order its status back.
    const removed = await server.call(
      'DELETE',
      `/api/returns/${(last.json() as ReturnSaved).data.id}`,
      server.actors.managerToken,
    );
    expect(removed.statusCode).toBe(200);
    expect(await status()).toBe('dikirim');
  });

  it('Pembukuan counts only the units kept: the margin and the totals', async () => {
    const product = await insertProduct(server.database, { stock: 20, code: 'RTR-BUKU' });
    await server.database.db.execute(
      sql`update products set purchase_price = 6000, selling_price = 10000 where id = ${product.id}`,
    );
    const resi = nextResi();
    const id = await sell(product, 5, resi);
    const pembukuan = async () => {
      const list = await server.call(
        'GET',
        `/api/pembukuan?search=RTR-BUKU&startDate=${DATE}&endDate=${DATE}`,
        server.actors.managerToken,
      );
      const stats = await server.call(
        'GET',
        `/api/pembukuan/stats?startDate=${DATE}&endDate=${DATE}`,
        server.actors.managerToken,
      );
      const row = (list.json() as PembukuanList).data.find((r) => r.id === id);
      return { row, stats: stats.json() as PembukuanStats };
    };
    const before = await pembukuan();
    expect(before.row).toMatchObject({ quantity: 5, returned_quantity: 0, margin: 20_000 });
    const response = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 2, condition: 'good' },
    ]);
    expect(response.statusCode).toBe(201);
    const after = await pembukuan();
    // 3 units kept at a margin of 4.000 each.
    expect(after.row).toMatchObject({ quantity: 5, returned_quantity: 2, margin: 12_000 });
    expect(after.stats.totalProfit).toBe(before.stats.totalProfit - 8_000);
    expect(after.stats.totalQuantity).toBe(before.stats.totalQuantity - 2);
    expect(after.stats.totalSellingValue).toBe(before.stats.totalSellingValue - 20_000);
  });

  it('an outgoing record with returns is neither edited nor deleted', async () => {
    const product = await insertProduct(server.database, { stock: 10 });
    const resi = nextResi();
    const id = await sell(product, 2, resi);
    expect(
      (await postReturn(resi, [{ outgoing_goods_id: id, quantity: 1, condition: 'good' }]))
        .statusCode,
    ).toBe(201);
    const removed = await server.call(
      'DELETE',
      `/api/outgoing-goods/${id}`,
      server.actors.managerToken,
    );
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(RETURN_MESSAGES.outgoingHasReturns);
  });
});

describe('POST /api/returns with the barcodes scanned offline (issue 48)', () => {
  type ScannedLine = {
    barcode?: string;
    outgoing_goods_id?: number;
    quantity: number;
    condition: 'good' | 'damaged';
  };
  const postScanned = (resi: string, lines: ScannedLine[]) =>
    server.call('POST', '/api/returns', server.actors.adminToken, {
      resi_number: resi,
      date: DATE,
      reason: 'Retur offline',
      lines,
    });
  const linesOf = async (returnId: number) => {
    const { rows } = await server.database.db.execute<{
      outgoing_goods_id: number;
      quantity: number;
      condition: string;
    }>(sql`select outgoing_goods_id, quantity, condition from return_lines
            where return_id = ${returnId} order by outgoing_goods_id, condition`);
    return rows.map((row) => ({
      outgoing_goods_id: Number(row.outgoing_goods_id),
      quantity: Number(row.quantity),
      condition: row.condition,
    }));
  };

  it("finds the resi's record of each product by its barcode or code, any letter case", async () => {
    const shirt = await insertProduct(server.database, { stock: 10, name: 'Kaos Offline' });
    const cap = await insertProduct(server.database, { stock: 10, name: 'Topi Offline' });
    const resi = nextResi();
    const shirtRecord = await sell(shirt, 3, resi);
    const capRecord = await sell(cap, 2, resi);
    const response = await postScanned(resi.toLowerCase(), [
      { barcode: shirt.barcodeId.toLowerCase(), quantity: 3, condition: 'good' },
      { barcode: cap.code, quantity: 1, condition: 'damaged' },
    ]);
    expect(response.statusCode).toBe(201);
    const saved = (response.json() as ReturnSaved).data;
    expect(saved.resi_number).toBe(resi);
    expect(await linesOf(saved.id)).toEqual([
      { outgoing_goods_id: shirtRecord, quantity: 3, condition: 'good' },
      { outgoing_goods_id: capRecord, quantity: 1, condition: 'damaged' },
    ]);
    expect(await stockOf(server.database, shirt.id)).toBe(10);
    expect(await stockOf(server.database, cap.id)).toBe(8);
    expect(await damagedRows(cap.code)).toHaveLength(1);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('refuses a barcode not in the package, too many units, and a line naming both or neither', async () => {
    const shirt = await insertProduct(server.database, { stock: 10, name: 'Kaos Sisa' });
    const other = await insertProduct(server.database, { stock: 10 });
    const resi = nextResi();
    const record = await sell(shirt, 2, resi);
    expect(
      (await postScanned(resi, [{ outgoing_goods_id: record, quantity: 1, condition: 'good' }]))
        .statusCode,
    ).toBe(201);
    const before = await snapshot(server.database);
    const missing = await postScanned(resi, [
      { barcode: other.barcodeId, quantity: 1, condition: 'good' },
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: RETURN_MESSAGES.barcodeNotInResi(other.barcodeId),
    });
    const over = await postScanned(resi, [
      { barcode: shirt.barcodeId, quantity: 2, condition: 'good' },
    ]);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: RETURN_MESSAGES.overReturn('Kaos Sisa', 1) });
    for (const line of [
      { barcode: shirt.barcodeId, outgoing_goods_id: record, quantity: 1, condition: 'good' },
      { quantity: 1, condition: 'good' },
    ] as const) {
      const refused = await postScanned(resi, [line]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: RETURN_MESSAGES.lineNeedsRecord });
    }
    const unknown = await postScanned('TIDAK-ADA-OFFLINE', [
      { barcode: shirt.barcodeId, quantity: 1, condition: 'good' },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: RETURN_MESSAGES.resiNotFound });
    expect(await snapshot(server.database)).toEqual(before);
  });
});

describe('DELETE /api/returns/:id', () => {
  it('undoes the stock effect and removes the Barang Rusak records it made', async () => {
    const product = await insertProduct(server.database, { stock: 10, code: 'RTR-HAPUS' });
    const resi = nextResi();
    const id = await sell(product, 4, resi);
    const response = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 2, condition: 'good' },
    ]);
    const damaged = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 1, condition: 'damaged' },
    ]);
    expect(await stockOf(server.database, product.id)).toBe(8);
    expect(await damagedRows('RTR-HAPUS')).toHaveLength(1);
    const first = (response.json() as ReturnSaved).data.id;
    const second = (damaged.json() as ReturnSaved).data.id;
    expect(
      (await server.call('DELETE', `/api/returns/${first}`, server.actors.managerToken)).statusCode,
    ).toBe(200);
    expect(await stockOf(server.database, product.id)).toBe(6);
    expect(
      (await server.call('DELETE', `/api/returns/${second}`, server.actors.managerToken))
        .statusCode,
    ).toBe(200);
    expect(await stockOf(server.database, product.id)).toBe(6);
    expect(await damagedRows('RTR-HAPUS')).toEqual([]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
    expect((await latestLog(server.database, 'DELETE_RETURN'))?.details).toBe(
      `Menghapus retur resi ${resi}: ${product.name} (RTR-HAPUS) 1 rusak`,
    );
  });

  it('is refused when it would make stock negative (the units were sold again)', async () => {
    const product = await insertProduct(server.database, { stock: 1, name: 'Tas Habis' });
    const resi = nextResi();
    const id = await sell(product, 1, resi);
    const saved = await postReturn(resi, [
      { outgoing_goods_id: id, quantity: 1, condition: 'good' },
    ]);
    await sell(product, 1, nextResi());
    expect(await stockOf(server.database, product.id)).toBe(0);
    const before = await snapshot(server.database);
    const response = await server.call(
      'DELETE',
      `/api/returns/${(saved.json() as ReturnSaved).data.id}`,
      server.actors.managerToken,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: RETURN_MESSAGES.deleteNegative('Tas Habis', -1) });
    expect(await snapshot(server.database)).toEqual(before);
  });

  it('is for the manager only, and 404 for an unknown return', async () => {
    const admin = await server.call('DELETE', '/api/returns/1', server.actors.adminToken);
    expect(admin.statusCode).toBe(403);
    const missing = await server.call('DELETE', '/api/returns/999999', server.actors.managerToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: RETURN_MESSAGES.notFound });
  });
});

describe('GET /api/returns', () => {
  it('pages newest first, searches resi, reason and product, filters by date', async () => {
    const product = await insertProduct(server.database, { stock: 10, name: 'Celana Cari' });
    const resi = nextResi();
    const id = await sell(product, 2, resi);
    await postReturn(
      resi,
      [{ outgoing_goods_id: id, quantity: 1, condition: 'good' }],
      'Warna beda',
    );
    const list = async (query: string) =>
      (
        await server.call('GET', `/api/returns?${query}`, server.actors.adminToken)
      ).json() as ReturnList;
    const byProduct = await list('search=celana%20cari');
    expect(byProduct.data.map((r) => r.resi_number)).toEqual([resi]);
    expect((await list('search=warna%20beda')).data.map((r) => r.resi_number)).toEqual([resi]);
    expect((await list(`search=${resi}&startDate=2026-11-21`)).data).toEqual([]);
    const page = await list('limit=2&page=1');
    expect(page.data).toHaveLength(2);
    expect(page.pagination.total).toBeGreaterThan(2);
    const ids = page.data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });
});
