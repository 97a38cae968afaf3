// Pengembalian dari Marketplace through the API (issue 46): a TikTok Shop return file and the
// Shopee return, failed-delivery and cancellation files previewed, committed once (all or
// nothing, IMPORT_RETURNS in the same transaction) and read again adding nothing; the board's
// three lists with the cost at the sale, the fees not refunded and the loss computed by hand;
// a Retur scan of a return tracking number moving a request to 'Sudah diterima'; the N days
// setting; bad input refused with nothing written; the manager only. Days are counted back from
// the shop's today, as the board counts them.
import {
  MARKETPLACE_MESSAGES,
  MARKETPLACE_RETURN_MESSAGES,
  RESERVATION_MESSAGES,
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_MAX_ROWS,
  type MarketplaceReturnList,
  type MarketplaceReturnRow,
  type MarketplaceReturnSummary,
  type ReturnCommitResult,
  type ReturnImport,
  type ReturnLookup,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { addDays, todayIn } from '../../lib/dates';
import {
  inconsistentProducts,
  insertProduct,
  latestLog,
  setupTestServer,
  snapshot,
  type TestProduct,
} from '../../testing/fixtures';
import { createTestUser, login } from '../../testing/test-app';
import { upload } from '../marketplace/test-helpers';
import {
  SHOPEE_CANCEL_HEADERS,
  SHOPEE_FAILED_HEADERS,
  SHOPEE_ORDER_HEADERS_49,
  SHOPEE_RETURN_HEADERS,
  TIKTOK_RETURN_HEADERS,
  fileTime,
  line,
  sheetOf,
  xlsx,
} from './return-fixtures';

const server = setupTestServer();
const today = todayIn('Asia/Jakarta');
const ago = (days: number) => addDays(today, -days);

let kaos: TestProduct;
let topi: TestProduct;

/** An imported marketplace order of these lines (inserted as the order import leaves one). */
async function order(
  channel: string,
  number: string,
  resi: string | null,
  lines: [string, number][],
): Promise<number> {
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date,
                                    total)
    values (${channel}, ${number}, ${resi}, 'dikirim', 'Dikirim', ${ago(30)}, 0) returning id`);
  const id = Number(rows[0]?.id);
  for (const [sku, quantity] of lines)
    await server.database.db.execute(sql`
      insert into marketplace_order_lines (order_id, sku, product_name, quantity)
      values (${id}, ${sku}, ${sku}, ${quantity})`);
  return id;
}

/** A Barang Keluar record of the resi at the product's purchase price (its cost at the sale). */
async function sell(product: TestProduct, quantity: number, resi: string): Promise<number> {
  const response = await server.call('POST', '/api/outgoing-goods', server.actors.adminToken, {
    product_code: product.code,
    barcode: product.barcodeId,
    resi_number: resi,
    quantity,
    date: today,
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

/** An income file's settlement of the order (issue 45), its fees in sen. */
async function settlement(channel: string, number: string, fees: Record<string, number>) {
  await server.database.db.execute(sql`
    insert into marketplace_settlements (channel, order_number, released_at, price_before,
                                         price_after, komisi, layanan, pembayaran, ongkir,
                                         pengembalian, penyesuaian, released)
    values (${channel}, ${number}, ${ago(2)}, 20000000, 20000000, ${fees.komisi ?? 0},
            ${fees.layanan ?? 0}, ${fees.pembayaran ?? 0}, ${fees.ongkir ?? 0},
            ${fees.pengembalian ?? 0}, ${fees.penyesuaian ?? 0}, 0)`);
}

const tiktokRow = (cells: Partial<Record<(typeof TIKTOK_RETURN_HEADERS)[number], string>>) =>
  line(TIKTOK_RETURN_HEADERS, cells);

/** The TikTok Shop return file of the scenario (R1..R5); `r3` changes the third request. */
const tiktokFile = (r3: Partial<Record<(typeof TIKTOK_RETURN_HEADERS)[number], string>> = {}) =>
  xlsx(
    sheetOf('Sheet1', [
      [...TIKTOK_RETURN_HEADERS],
      tiktokRow({
        'Return Order ID': '4035000000000001',
        'Order ID': 'TT-H3-1',
        'Seller SKU': 'KAOS-RTR',
        'Product Name': 'Kaos Retur',
        'Return Type': 'Refund only',
        'Time Requested': fileTime(ago(5)),
        'Return Reason': 'Barang tidak sesuai',
        'Return unit price': '100000',
        'Return Quantity': '1',
        'Return Status': 'Completed',
        'Refund Time': fileTime(ago(3)),
      }),
      tiktokRow({
        'Return Order ID': '4035000000000002',
        'Order ID': 'TT-H3-2',
        'Seller SKU': 'TOPI-RTR',
        'Return Type': 'Return and refund',
        'Time Requested': fileTime(ago(22)),
        'Return unit price': '60000',
        'Return Quantity': '1',
        'Return Logistics Tracking ID': 'JNTRTN-H3-2',
        'Return Status': 'Refunded',
        'Refund Time': fileTime(ago(20)),
        'Compensation Amount': '5000',
      }),
      tiktokRow({
        'Return Order ID': '4035000000000003',
        'Order ID': 'TT-H3-3',
        'Seller SKU': 'KAOS-RTR',
        'Return Type': 'Return and refund',
        'Time Requested': fileTime(ago(2)),
        'Return unit price': '70000',
        'Return Quantity': '1',
        'Return Logistics Tracking ID': 'JNTRTN-H3-3',
        'Return Status': 'Awaiting buyer shipment',
        ...r3,
      }),
      tiktokRow({
        'Return Order ID': '4035000000000004',
        'Order ID': 'TT-H3-4',
        'Return Type': 'Return and refund',
        'Time Requested': fileTime(ago(2)),
        'Return unit price': '80000',
        'Return Quantity': '1',
        'Return Status': 'Rejected',
      }),
      tiktokRow({
        'Return Order ID': '4035000000000005',
        'Order ID': 'TT-H3-5',
        'Return Type': 'Refund only',
        'Time Requested': fileTime(ago(1)),
        'Return unit price': '50000',
        'Return Quantity': '1',
        'Return Status': 'Refunded',
        'Refund Time': fileTime(ago(1)),
      }),
    ]),
  );

const post = (data: Buffer, name = 'retur.xlsx', fields: Record<string, string> = {}) =>
  upload(server, '/api/return-imports', server.actors.managerToken, { name, data }, fields);

async function previewed(data: Buffer, name?: string): Promise<ReturnImport> {
  const response = await post(data, name);
  expect(response.statusCode).toBe(201);
  return response.json() as ReturnImport;
}

async function committed(id: number): Promise<ReturnCommitResult> {
  const response = await server.call(
    'POST',
    `/api/return-imports/${id}/commit`,
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as ReturnCommitResult;
}

async function board(query: string): Promise<MarketplaceReturnList> {
  const response = await server.call(
    'GET',
    `/api/marketplace-returns?${query}`,
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as MarketplaceReturnList;
}

async function summary(query = ''): Promise<MarketplaceReturnSummary['data']> {
  const response = await server.call(
    'GET',
    `/api/marketplace-returns/summary?${query}`,
    server.actors.managerToken,
  );
  expect(response.statusCode).toBe(200);
  return (response.json() as MarketplaceReturnSummary).data;
}

const brief = (row: MarketplaceReturnRow) => ({
  order_number: row.order_number,
  quantity: row.quantity,
  refund_amount: row.refund_amount,
  cost: row.cost,
  fees_lost: row.fees_lost,
  loss: row.loss,
  days: row.days,
});

async function count(table: string): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: unknown }>(
    sql.raw(`select count(*) as n from ${table}`),
  );
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  kaos = await insertProduct(server.database, { stock: 30, code: 'KAOS-RTR', name: 'Kaos Retur' });
  topi = await insertProduct(server.database, { stock: 30, code: 'TOPI-RTR', name: 'Topi Retur' });
  await server.database.db.execute(
    sql`update products set purchase_price = 40000 where id = ${kaos.id}`,
  );
  await server.database.db.execute(
    sql`update products set purchase_price = 25000 where id = ${topi.id}`,
  );
  // TikTok Shop: TT-H3-1 (2 Kaos), TT-H3-2 (1 Kaos + 1 Topi), TT-H3-3 (1 Kaos); 4 and 5 unknown.
  await order('tiktok', 'TT-H3-1', 'JX-H3-1', [['KAOS-RTR', 2]]);
  await order('tiktok', 'TT-H3-2', 'JX-H3-2', [
    ['KAOS-RTR', 1],
    ['TOPI-RTR', 1],
  ]);
  await order('tiktok', 'TT-H3-3', 'JX-H3-3', [['KAOS-RTR', 1]]);
  await sell(kaos, 2, 'JX-H3-1');
  await sell(kaos, 1, 'JX-H3-2');
  await sell(topi, 1, 'JX-H3-2');
  await sell(kaos, 1, 'JX-H3-3');
  // TT-H3-1's income file: fees 8.000 + 4.000 + 2.000 less a 2.000 reimbursement (an
  // adjustment, as Pembukuan's fee counts it) = 12.000 kept after the refund.
  await settlement('tiktok', 'TT-H3-1', {
    komisi: -800_000,
    layanan: -400_000,
    pembayaran: -200_000,
    pengembalian: -10_000_000,
    penyesuaian: 200_000,
  });
}, 60_000);

describe('a TikTok Shop return file', () => {
  let previewId = 0;

  it('is previewed with its requests, nothing written yet', async () => {
    const before = await snapshot(server.database);
    const preview = await previewed(tiktokFile(), 'tiktok-retur.xlsx');
    previewId = preview.id;
    expect(preview).toMatchObject({
      channel: 'tiktok',
      format: 'tiktok-return',
      file_name: 'tiktok-retur.xlsx',
      committed: false,
      counts: { rows: 5, new: 5, changed: 0, already: 0, matched: 3, unmatched: 2, problems: 0 },
    });
    expect(preview.rows.map((row) => [row.order_number, row.type, row.status, row.state])).toEqual([
      ['TT-H3-1', 'refund_only', 'dana_dikembalikan', 'baru'],
      ['TT-H3-2', 'return_refund', 'dana_dikembalikan', 'baru'],
      ['TT-H3-3', 'return_refund', 'diajukan', 'baru'],
      ['TT-H3-4', 'return_refund', 'ditolak', 'baru'],
      ['TT-H3-5', 'refund_only', 'dana_dikembalikan', 'baru'],
    ]);
    expect(await count('marketplace_returns')).toBe(0);
    expect(await snapshot(server.database)).toEqual(before);
    const again = await server.call(
      'GET',
      `/api/return-imports/${previewId}`,
      server.actors.managerToken,
    );
    expect(again.json()).toEqual(preview);
  });

  it('is committed once, with IMPORT_RETURNS; another manager may not, a second commit is 409', async () => {
    const other = await createTestUser(server.database, 'manager');
    const otherToken = await login(server.app, other.email, other.password);
    const foreign = await server.call(
      'POST',
      `/api/return-imports/${previewId}/commit`,
      otherToken,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ message: MARKETPLACE_RETURN_MESSAGES.notUploader });

    expect(await committed(previewId)).toEqual({
      message: MARKETPLACE_RETURN_MESSAGES.committed(5, 0),
      created: 5,
      updated: 0,
      already: 0,
      matched: 3,
    });
    expect((await latestLog(server.database, 'IMPORT_RETURNS'))?.details).toMatch(
      /^Impor pengembalian TikTok Shop \(.+\) dari file tiktok-retur\.xlsx: 5 baru, 0 diperbarui, 0 sudah ada; 3 cocok dengan pesanan yang sudah diimpor$/,
    );
    const twice = await server.call(
      'POST',
      `/api/return-imports/${previewId}/commit`,
      server.actors.managerToken,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: MARKETPLACE_RETURN_MESSAGES.alreadyCommitted });
    expect(await count('marketplace_returns')).toBe(5);
  });

  it('lists the refunds whose goods did not come back, with the loss computed by hand', async () => {
    const list = await board('list=not_received');
    // Newest first: TT-H3-5 (1 day), TT-H3-1 (5 days), TT-H3-2 (22 days).
    expect(list.data.map(brief)).toEqual([
      // No order in Gudang: no cost known, no fees.
      {
        order_number: 'TT-H3-5',
        quantity: 1,
        refund_amount: 50_000,
        cost: null,
        fees_lost: null,
        loss: 0,
        days: 1,
      },
      // Refund only of 1 of 2 Kaos: 1 x 40.000 + half of the 12.000 fees kept = 46.000.
      {
        order_number: 'TT-H3-1',
        quantity: 1,
        refund_amount: 100_000,
        cost: 40_000,
        fees_lost: 6_000,
        loss: 46_000,
        days: 3,
      },
      // Refunded 20 days ago, not scanned back: the Topi's own cost 25.000 - 5.000 compensation.
      {
        order_number: 'TT-H3-2',
        quantity: 1,
        refund_amount: 60_000,
        cost: 25_000,
        fees_lost: null,
        loss: 20_000,
        days: 20,
      },
    ]);
    expect(list.pagination).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 });
    expect(list.data[2]).toMatchObject({
      channel: 'tiktok',
      return_number: '4035000000000002',
      type: 'return_refund',
      status: 'dana_dikembalikan',
      status_text: 'Refunded',
      list: 'not_received',
      refunded_at: ago(20),
      requested_at: ago(22),
      return_tracking: 'JNTRTN-H3-2',
      compensation_amount: 5_000,
      retur_id: null,
      claim_deadline: null,
    });
    const awaiting = await board('list=awaiting');
    expect(awaiting.data.map((row) => [row.order_number, row.return_tracking, row.loss])).toEqual([
      ['TT-H3-3', 'JNTRTN-H3-3', null],
    ]);
    expect((await board('list=received')).data).toEqual([]);
    expect(await summary('channel=tiktok')).toEqual([
      {
        channel: 'tiktok',
        store_id: expect.any(Number),
        store: expect.any(String),
        returns: 4,
        units: 4,
        refunds: 210_000,
        loss: 66_000,
        not_received: 3,
        awaiting: 1,
        received: 0,
      },
    ]);
  });

  it('pages, searches and filters in SQL', async () => {
    const first = await board('list=not_received&limit=2&page=1');
    expect(first.data.map((row) => row.order_number)).toEqual(['TT-H3-5', 'TT-H3-1']);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2 });
    const second = await board('list=not_received&limit=2&page=2');
    expect(second.data.map((row) => row.order_number)).toEqual(['TT-H3-2']);
    const beyond = await board('list=not_received&limit=2&page=5');
    expect(beyond).toEqual({
      data: [],
      pagination: { page: 5, limit: 2, total: 3, totalPages: 2 },
    });
    expect((await board('search=jntrtn-h3-2')).data.map((row) => row.order_number)).toEqual([
      'TT-H3-2',
    ]);
    expect(
      (await board(`startDate=${ago(6)}&endDate=${ago(2)}`)).data.map((row) => row.order_number),
    ).toEqual(['TT-H3-1']);
    expect((await board('channel=shopee')).data).toEqual([]);
  });

  it('moves a request to Sudah diterima when its return tracking number is scanned in Retur', async () => {
    const lookup = await server.call(
      'GET',
      '/api/returns/lookup/jntrtn-h3-3',
      server.actors.adminToken,
    );
    expect(lookup.statusCode).toBe(200);
    const found = lookup.json() as ReturnLookup;
    expect(found).toEqual({
      resi_number: 'JX-H3-3',
      return_tracking: 'jntrtn-h3-3',
      lines: [
        {
          outgoing_goods_id: expect.any(Number),
          product_code: 'KAOS-RTR',
          product_name: 'Kaos Retur',
          quantity_shipped: 1,
          quantity_returned: 0,
        },
      ],
    });
    const saved = await server.call('POST', '/api/returns', server.actors.adminToken, {
      resi_number: found.resi_number,
      date: today,
      reason: 'Retur TikTok',
      lines: [
        { outgoing_goods_id: found.lines[0]?.outgoing_goods_id, quantity: 1, condition: 'good' },
      ],
    });
    expect(saved.statusCode).toBe(201);
    expect((await board('list=awaiting')).data).toEqual([]);
    const received = await board('list=received');
    expect(received.data).toEqual([
      expect.objectContaining({
        order_number: 'TT-H3-3',
        list: 'received',
        retur_id: (saved.json() as { data: { id: number } }).data.id,
        received_at: today,
        received_good: 1,
        received_damaged: 0,
        loss: null,
      }),
    ]);
    expect(await summary('channel=tiktok')).toEqual([
      expect.objectContaining({ not_received: 3, awaiting: 0, received: 1, loss: 66_000 }),
    ]);
    expect(await inconsistentProducts(server.database)).toEqual([]);
  });

  it('adds nothing when the same file comes again; a later file updates what changed', async () => {
    const same = await previewed(tiktokFile());
    expect(same.counts).toEqual({
      rows: 5,
      new: 0,
      changed: 0,
      already: 5,
      matched: 3,
      unmatched: 2,
      problems: 0,
    });
    expect(same.rows.every((row) => row.state === 'sudah_ada')).toBe(true);
    expect(await committed(same.id)).toMatchObject({
      created: 0,
      updated: 0,
      already: 5,
      matched: 3,
    });
    expect(await count('marketplace_returns')).toBe(5);

    const later = await previewed(
      tiktokFile({ 'Return Status': 'Refunded', 'Refund Time': fileTime(today) }),
    );
    expect(later.counts).toMatchObject({ new: 0, changed: 1, already: 4 });
    expect(later.rows[2]).toMatchObject({ order_number: 'TT-H3-3', state: 'berubah' });
    expect(await committed(later.id)).toMatchObject({ created: 0, updated: 1, already: 4 });
    const received = (await board('list=received')).data[0];
    expect(received).toMatchObject({ refund_amount: 70_000, refunded_at: today });
  });

  it('counts the days from the setting: 30 days puts the 20-day refund back to awaiting', async () => {
    const put = (days: number) =>
      server.call('PUT', '/api/settings', server.actors.managerToken, { return_check_days: days });
    const saved = await put(30);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ return_check_days: 30 });
    expect((await latestLog(server.database, 'UPDATE_SETTINGS'))?.details).toBe(
      'Batas hari barang retur kembali 14 → 30',
    );
    expect((await board('list=awaiting')).data.map((row) => row.order_number)).toEqual(['TT-H3-2']);
    expect((await put(14)).statusCode).toBe(200);
    const settings = await server.call('GET', '/api/settings', null);
    expect(settings.json()).toMatchObject({ return_check_days: 14 });
    const refused = await put(0);
    expect(refused.statusCode).toBe(400);
  });
});

describe('the Shopee return, failed-delivery and cancellation files', () => {
  const returnRow = (cells: Partial<Record<(typeof SHOPEE_RETURN_HEADERS)[number], string>>) =>
    line(SHOPEE_RETURN_HEADERS, cells);
  const failedRow = (cells: Partial<Record<(typeof SHOPEE_FAILED_HEADERS)[number], string>>) =>
    line(SHOPEE_FAILED_HEADERS, cells);
  const cancelRow = (cells: Partial<Record<(typeof SHOPEE_CANCEL_HEADERS)[number], string>>) =>
    line(SHOPEE_CANCEL_HEADERS, cells);
  const stamp = (days: number) => `${ago(days)} 09:30`;

  beforeAll(async () => {
    await order('shopee', 'SH-H3-1', 'SPX-H3-1', [['KAOS-RTR', 3]]);
    await order('shopee', 'SH-H3-3', 'SPX-H3-3', [['TOPI-RTR', 2]]);
    await order('shopee', 'SH-H3-4', 'SPX-H3-4', [['KAOS-RTR', 1]]);
    await order('shopee', 'SH-H3-5', null, [['KAOS-RTR', 1]]);
    await order('shopee', 'SH-H3-6', 'SPX-H3-6', [['TOPI-RTR', 1]]);
    await sell(kaos, 3, 'SPX-H3-1');
    await sell(topi, 2, 'SPX-H3-3');
    await sell(kaos, 1, 'SPX-H3-4');
    await sell(topi, 1, 'SPX-H3-6');
    // SH-H3-1's income file: 12.000 + 6.000 + 3.000 = 21.000 of fees kept.
    await settlement('shopee', 'SH-H3-1', {
      komisi: -1_200_000,
      layanan: -600_000,
      ongkir: -300_000,
      pengembalian: -18_000_000,
    });
  });

  it('reads each file by its headers and lists its requests with their losses', async () => {
    const returns = await previewed(
      xlsx(
        sheetOf('Sheet1', [
          [...SHOPEE_RETURN_HEADERS],
          returnRow({
            'No. Pengembalian': 'RR-H3-1',
            'No. Pesanan': 'SH-H3-1',
            'Status Pembatalan/ Pengembalian': 'Pengembalian Dana Selesai',
            'Tipe Pengembalian': 'Sebagian',
            'Kode Variasi': 'KAOS-RTR',
            'Jumlah Produk Dikembalikan': '2',
            'Solusi Pengembalian Barang/Dana': 'Pengembalian Barang dan Dana',
            'Waktu Pengembalian Diajukan': stamp(18),
            'Total Pengembalian Dana': '180.000',
            'Waktu Pengembalian Dana Selesai': stamp(16),
          }),
          returnRow({
            'No. Pengembalian': 'RR-H3-2',
            'No. Pesanan': 'SH-H3-2',
            'Status Pembatalan/ Pengembalian': 'Selesai',
            'Tipe Pengembalian': 'Seluruh Pesanan',
            'Solusi Pengembalian Barang/Dana': 'Pengembalian Dana Saja',
            'Waktu Pengembalian Diajukan': stamp(4),
            'Total Pengembalian Dana': '55.000',
          }),
          returnRow({
            'No. Pengembalian': 'RR-H3-3',
            'No. Pesanan': 'SH-H3-4',
            'Status Pembatalan/ Pengembalian': 'Permintaan Ditolak',
            'Solusi Pengembalian Barang/Dana': 'Pengembalian Barang dan Dana',
            'Total Pengembalian Dana': '0',
          }),
        ]),
      ),
    );
    expect(returns).toMatchObject({ format: 'shopee-return', counts: { rows: 3, matched: 2 } });
    await committed(returns.id);
    const failed = await previewed(
      xlsx(
        sheetOf('orders', [
          [...SHOPEE_FAILED_HEADERS],
          failedRow({
            'No. Pesanan': 'SH-H3-3',
            'Status Pesanan': 'Dikirim',
            'Status pengiriman gagal': 'Dalam Pengiriman Kembali ke Penjual',
            'No. Resi': 'SPX-H3-3',
            'Waktu Pesanan Dibuat': stamp(5),
            'Nomor Referensi SKU': 'TOPI-RTR',
            'Nama Produk': 'Topi Retur',
            Jumlah: '2',
          }),
          failedRow({
            'No. Pesanan': 'SH-H3-4',
            'Status Pesanan': 'Dikirim',
            'Status pengiriman gagal': 'Paket Hilang',
            'No. Resi': 'SPX-H3-4',
            'Waktu Pesanan Dibuat': stamp(30),
            'Nomor Referensi SKU': 'KAOS-RTR',
            'Nama Produk': 'Kaos Retur',
            Jumlah: '1',
            'Jumlah Kompensasi': '10.000',
          }),
        ]),
      ),
    );
    expect(failed).toMatchObject({ format: 'shopee-failed', counts: { rows: 2, matched: 2 } });
    await committed(failed.id);
    const cancelled = await previewed(
      xlsx(
        sheetOf('orders', [
          [...SHOPEE_CANCEL_HEADERS],
          cancelRow({
            'No. Pesanan': 'SH-H3-5',
            'Status Pesanan': 'Batal',
            'Alasan Pembatalan': 'Pembeli ingin mengubah pesanan',
            'Waktu Pesanan Dibuat': stamp(3),
            'Nomor Referensi SKU': 'KAOS-RTR',
            'Nama Produk': 'Kaos Retur',
            Jumlah: '1',
          }),
          cancelRow({
            'No. Pesanan': 'SH-H3-6',
            'Status Pesanan': 'Batal',
            'Alasan Pembatalan': 'Dibatalkan oleh sistem',
            'Waktu Pesanan Dibuat': stamp(3),
            'Nomor Referensi SKU': 'TOPI-RTR',
            'Nama Produk': 'Topi Retur',
            Jumlah: '1',
            'Dibayar Pembeli': '30.000',
          }),
        ]),
      ),
    );
    expect(cancelled).toMatchObject({ format: 'shopee-cancel', counts: { rows: 2 } });
    await committed(cancelled.id);

    expect((await board('list=not_received&channel=shopee')).data.map(brief)).toEqual([
      // Refund only of an order Gudang does not know: 0 units, no cost.
      {
        order_number: 'SH-H3-2',
        quantity: 0,
        refund_amount: 55_000,
        cost: null,
        fees_lost: null,
        loss: 0,
        days: 4,
      },
      // Refunded 16 days ago: 2 x 40.000 + 21.000 x 2/3 = 94.000.
      {
        order_number: 'SH-H3-1',
        quantity: 2,
        refund_amount: 180_000,
        cost: 80_000,
        fees_lost: 14_000,
        loss: 94_000,
        days: 16,
      },
      // Lost on the way back 30 days ago: 40.000 - 10.000 compensation.
      {
        order_number: 'SH-H3-4',
        quantity: 1,
        refund_amount: 0,
        cost: 40_000,
        fees_lost: null,
        loss: 30_000,
        days: 30,
      },
    ]);
    // On its way back: the failed delivery (5 days) and the cancellation after shipping (3 days);
    // the cancellation of an order never shipped is in no list, nor is the rejected request.
    expect(
      (await board('list=awaiting&channel=shopee')).data.map((row) => [
        row.order_number,
        row.type,
        row.quantity,
        row.cost,
      ]),
    ).toEqual([
      ['SH-H3-6', 'cancellation', 1, 25_000],
      ['SH-H3-3', 'failed_delivery', 2, 50_000],
    ]);
    expect(await summary('channel=shopee')).toEqual([
      {
        channel: 'shopee',
        store_id: expect.any(Number),
        store: expect.any(String),
        returns: 5,
        units: 6,
        refunds: 265_000,
        loss: 124_000,
        not_received: 3,
        awaiting: 2,
        received: 0,
      },
    ]);
    expect((await summary()).map((row) => row.channel)).toEqual(['shopee', 'tiktok']);
  });

  it("names a request without a product name by its SKU's product, else its order's line", async () => {
    const sunscreen = await insertProduct(server.database, { code: 'KCN-H3', name: 'Sunscreen' });
    // SET-H3: Kaos alone for every channel, Kaos + Topi for Shopee (the channel's wins).
    const mapping = async (channel: string | null, ids: number[]) => {
      const { rows } = await server.database.db.execute<{ id: number }>(sql`
        insert into sku_mappings (channel, sku, variation) values (${channel}, 'SET-H3', null)
        returning id`);
      for (const productId of ids)
        await server.database.db.execute(sql`
          insert into sku_mapping_items (mapping_id, product_id, quantity)
          values (${Number(rows[0]?.id)}, ${productId}, 1)`);
    };
    await mapping(null, [kaos.id]);
    await mapping('shopee', [kaos.id, topi.id]);
    // Orders whose lines name their SKUs: the product's name still wins over a line's.
    for (const [number, sku, name] of [
      ['SH-N-1', 'KCN-H3', 'Sunscreen SPF 50 Listing'],
      ['SH-N-4', 'LISTING-H3', 'Serum Listing'],
    ] as const) {
      const id = await order('shopee', number, null, []);
      await server.database.db.execute(sql`
        insert into marketplace_order_lines (order_id, sku, product_name, quantity)
        values (${id}, ${sku}, ${name}, 1)`);
    }
    const request = (number: number, sku: string) =>
      returnRow({
        'No. Pengembalian': `RR-N-${number}`,
        'No. Pesanan': `SH-N-${number}`,
        'Status Pembatalan/ Pengembalian': 'Selesai',
        'Kode Variasi': sku,
        // The variation is not the product's name.
        Variasi: number % 2 === 1 ? 'Putih,50ml' : '',
        'Jumlah Produk Dikembalikan': '1',
        'Solusi Pengembalian Barang/Dana': 'Pengembalian Dana Saja',
        'Waktu Pengembalian Diajukan': stamp(number),
        'Total Pengembalian Dana': '10.000',
      });
    const file = xlsx(
      sheetOf('Sheet1', [
        [...SHOPEE_RETURN_HEADERS],
        request(1, 'kcn-h3'),
        request(2, kaos.barcodeId),
        request(3, 'SET-H3'),
        request(4, 'LISTING-H3'),
        request(5, 'UNKNOWN-H3'),
      ]),
    );
    const names = [
      ['SH-N-1', sunscreen.name],
      ['SH-N-2', 'Kaos Retur'],
      ['SH-N-3', 'Kaos Retur + Topi Retur'],
      ['SH-N-4', 'Serum Listing'],
      ['SH-N-5', null],
    ];
    const preview = await previewed(file);
    expect(preview.rows.map((row) => [row.order_number, row.product_name])).toEqual(names);
    expect(await committed(preview.id)).toMatchObject({ created: 5, matched: 2 });
    const listed = await board('list=not_received&channel=shopee&search=SH-N-');
    expect(listed.data.map((row) => [row.order_number, row.product_name])).toEqual(names);
    // The name shown is searched too.
    const found = await board('list=not_received&search=sunscreen');
    expect(found.data.map((row) => row.order_number)).toEqual(['SH-N-1']);
    const { rows } = await server.database.db.execute<{ n: unknown }>(sql`
      select count(*) as n from marketplace_returns
       where order_number like 'SH-N-%' and product_name is not null`);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('counts the requests matched to an order alike in the preview and the result of the same file again', async () => {
    const file = xlsx(
      sheetOf('Sheet1', [
        [...SHOPEE_RETURN_HEADERS],
        returnRow({
          'No. Pengembalian': 'RR-N-1',
          'No. Pesanan': 'SH-N-1',
          'Status Pembatalan/ Pengembalian': 'Selesai',
          'Kode Variasi': 'kcn-h3',
          Variasi: 'Putih,50ml',
          'Jumlah Produk Dikembalikan': '1',
          'Solusi Pengembalian Barang/Dana': 'Pengembalian Dana Saja',
          'Waktu Pengembalian Diajukan': stamp(1),
          'Total Pengembalian Dana': '10.000',
        }),
        returnRow({
          'No. Pengembalian': 'RR-N-4',
          'No. Pesanan': 'SH-N-4',
          'Status Pembatalan/ Pengembalian': 'Selesai',
          'Kode Variasi': 'LISTING-H3',
          'Jumlah Produk Dikembalikan': '1',
          'Solusi Pengembalian Barang/Dana': 'Pengembalian Dana Saja',
          'Waktu Pengembalian Diajukan': stamp(4),
          'Total Pengembalian Dana': '10.000',
        }),
      ]),
    );
    const again = await previewed(file);
    expect(again.counts).toMatchObject({ rows: 2, new: 0, changed: 0, already: 2, matched: 2 });
    expect(await committed(again.id)).toEqual({
      message: MARKETPLACE_RETURN_MESSAGES.committed(0, 0),
      created: 0,
      updated: 0,
      already: 2,
      matched: 2,
    });
    expect((await latestLog(server.database, 'IMPORT_RETURNS'))?.details).toMatch(
      /: 0 baru, 0 diperbarui, 2 sudah ada; 2 cocok dengan pesanan yang sudah diimpor$/,
    );
  });
});

describe("the Shopee order export's return columns", () => {
  const orderRow = (cells: Partial<Record<(typeof SHOPEE_ORDER_HEADERS_49)[number], string>>) =>
    line(SHOPEE_ORDER_HEADERS_49, {
      'Status Pesanan': 'Selesai',
      'Waktu Pesanan Dibuat': `${ago(10)} 10:00`,
      'Nama Produk': 'Kaos Retur',
      'Nomor Referensi SKU': 'KAOS-RTR',
      'Harga Setelah Diskon': '100000',
      ...cells,
    });

  it('no longer takes an order completed with a partial return for plain selesai', async () => {
    const file = xlsx(
      sheetOf('orders', [
        [...SHOPEE_ORDER_HEADERS_49],
        orderRow({
          'No. Pesanan': 'SHO-H3-PARTIAL',
          'Status Pembatalan/ Pengembalian': 'Pengembalian Dana Selesai',
          'No. Resi': 'SPX-H3-P',
          Jumlah: '3',
          'Returned quantity': '1',
        }),
        orderRow({
          'No. Pesanan': 'SHO-H3-ALL',
          'Status Pembatalan/ Pengembalian': 'Pengembalian Dana Selesai',
          'No. Resi': 'SPX-H3-A',
          Jumlah: '2',
          'Returned quantity': '2',
        }),
        orderRow({
          'No. Pesanan': 'SHO-H3-ASKED',
          'Status Pembatalan/ Pengembalian': 'Permintaan Pengembalian Diajukan',
          'No. Resi': 'SPX-H3-Q',
          Jumlah: '1',
          'Returned quantity': '0',
        }),
        orderRow({
          'No. Pesanan': 'SHO-H3-PLAIN',
          'No. Resi': 'SPX-H3-N',
          Jumlah: '1',
          'Returned quantity': '0',
        }),
      ]),
    );
    const preview = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'pesanan.xlsx',
      data: file,
    });
    expect(preview.statusCode).toBe(201);
    const { id, lines } = preview.json() as {
      id: number;
      lines: { order_number: string; status: string; status_text: string; state: string }[];
    };
    expect(lines.map((l) => [l.order_number, l.status, l.status_text, l.state])).toEqual([
      [
        'SHO-H3-PARTIAL',
        'selesai',
        'Selesai / Pengembalian Dana Selesai: 1 dari 3 unit dikembalikan',
        'ready',
      ],
      ['SHO-H3-ALL', 'retur', 'Selesai / Pengembalian Dana Selesai', 'ready'],
      ['SHO-H3-ASKED', 'selesai', 'Selesai / Permintaan Pengembalian Diajukan', 'ready'],
      ['SHO-H3-PLAIN', 'selesai', 'Selesai', 'ready'],
    ]);
    const commit = await server.call(
      'POST',
      `/api/marketplace-imports/${id}/commit`,
      server.actors.managerToken,
      {},
    );
    expect(commit.statusCode).toBe(200);
    const { rows } = await server.database.db.execute<{
      order_number: string;
      status: string;
      status_text: string;
    }>(sql`select order_number, status, status_text from marketplace_orders
            where order_number like 'SHO-H3-%' order by id`);
    expect(rows.map((row) => [row.order_number, row.status])).toEqual([
      ['SHO-H3-PARTIAL', 'selesai'],
      ['SHO-H3-ALL', 'retur'],
      ['SHO-H3-ASKED', 'selesai'],
      ['SHO-H3-PLAIN', 'selesai'],
    ]);
    expect(rows[0]?.status_text).toBe(
      'Selesai / Pengembalian Dana Selesai: 1 dari 3 unit dikembalikan',
    );
  });
});

describe('bad input', () => {
  it('refuses a file of no known format, a store of another channel, and bad queries, writing nothing', async () => {
    const store = await server.call('POST', '/api/marketplace-stores', server.actors.managerToken, {
      channel: 'shopee',
      name: 'Toko Shopee Retur',
    });
    expect(store.statusCode).toBe(201);
    const shopeeStore = String((store.json() as { data: { id: number } }).data.id);
    const before = await snapshot(server.database);
    const previews = await count('return_imports');
    const unknown = await post(Buffer.from('Nama,Alamat\r\nBudi,Jakarta\r\n'), 'x.csv');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Format file tidak dikenali sebagai file pengembalian/);
    const otherChannel = await post(tiktokFile(), 'tiktok.xlsx', { store_id: shopeeStore });
    expect(otherChannel.statusCode).toBe(400);
    expect(otherChannel.json()).toEqual({
      message: RESERVATION_MESSAGES.storeOtherChannel('TikTok Shop'),
    });
    const badStore = await post(tiktokFile(), 'tiktok.xlsx', { store_id: 'satu' });
    expect(badStore.json()).toEqual({ message: RESERVATION_MESSAGES.storeNotFound });
    const headersOnly = await post(
      Buffer.from(`${TIKTOK_RETURN_HEADERS.join(',')}\r\n`),
      'kosong.csv',
    );
    expect(headersOnly.statusCode).toBe(400);
    expect(headersOnly.json()).toEqual({ message: MARKETPLACE_RETURN_MESSAGES.noRows });
    for (const query of ['list=semua', 'startDate=2026-02-30', 'limit=101', 'channel=blibli']) {
      const response = await server.call(
        'GET',
        `/api/marketplace-returns?${query}`,
        server.actors.managerToken,
      );
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
    const range = await server.call(
      'GET',
      `/api/marketplace-returns/summary?startDate=${today}&endDate=${ago(1)}`,
      server.actors.managerToken,
    );
    expect(range.statusCode).toBe(400);
    expect(range.json()).toEqual({ message: MARKETPLACE_RETURN_MESSAGES.dateRange });
    const missing = await server.call(
      'GET',
      '/api/return-imports/999999',
      server.actors.managerToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: MARKETPLACE_RETURN_MESSAGES.importNotFound });
    expect(await count('return_imports')).toBe(previews);
    expect(await snapshot(server.database)).toEqual(before);
  });

  it.each([
    [
      'an image',
      () => Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
      'foto.xlsx',
      400,
      MARKETPLACE_MESSAGES.notSpreadsheet,
    ],
    [
      'more than 10 MB',
      () => Buffer.alloc(RETURN_FILE_MAX_BYTES + 1, 0x41),
      'besar.csv',
      413,
      MARKETPLACE_RETURN_MESSAGES.tooLarge,
    ],
    [
      `${RETURN_FILE_MAX_ROWS + 1} rows`,
      () =>
        Buffer.from(
          [
            TIKTOK_RETURN_HEADERS.join(','),
            ...Array.from({ length: RETURN_FILE_MAX_ROWS + 1 }, (_v, i) => `R${i},O${i}`),
          ].join('\r\n'),
        ),
      'banyak.csv',
      400,
      MARKETPLACE_RETURN_MESSAGES.tooManyRows,
    ],
  ])(
    'refuses %s as the order import does, writing nothing',
    async (_l, make, name, status, message) => {
      const before = await snapshot(server.database);
      const previews = await count('return_imports');
      const response = await post(make(), name);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status,
        body: { message },
      });
      expect(await count('return_imports')).toBe(previews);
      expect(await snapshot(server.database)).toEqual(before);
    },
  );

  it('is for the manager only: the admin gets 403 everywhere', async () => {
    const admin = server.actors.adminToken;
    for (const [method, url] of [
      ['GET', '/api/marketplace-returns'],
      ['GET', '/api/marketplace-returns/summary'],
      ['GET', '/api/return-imports/1'],
      ['POST', '/api/return-imports/1/commit'],
    ] as const) {
      const response = await server.call(method, url, admin);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
    }
    const uploaded = await upload(server, '/api/return-imports', admin, {
      name: 'retur.xlsx',
      data: tiktokFile(),
    });
    expect(uploaded.statusCode).toBe(403);
  });
});
