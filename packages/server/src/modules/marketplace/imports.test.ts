// Import in two steps through the API: every format's fixture read, previewed and committed;
// idempotent re-import; the next day's file; mappings made in the preview; all or nothing.
import {
  MARKETPLACE_MESSAGES,
  type CommitImportConflict,
  type CommitImportResult,
  type MarketplaceImport,
  type MarketplaceOrderList,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { latestLog, setupTestServer } from '../../testing/fixtures';
import { createTestUser, login } from '../../testing/test-app';
import { BUYER, csv, SHOPEE_HEADERS_48, workbook } from './fixtures/fixture-files';
import { fixture, marketplaceRows, seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

beforeAll(async () => {
  await seedCatalog(server);
});

async function preview(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const response = await upload(
    server,
    '/api/marketplace-imports',
    server.actors.managerToken,
    { name, data },
    fields,
  );
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return response.json() as MarketplaceImport;
}

const commit = (id: number, body: Record<string, unknown> = {}) =>
  server.call('POST', `/api/marketplace-imports/${id}/commit`, server.actors.managerToken, body);

async function committed(id: number): Promise<CommitImportResult> {
  const response = await commit(id, { skip_problems: true });
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as CommitImportResult;
}

async function ordersFound(search: string): Promise<MarketplaceOrderList> {
  const response = await server.call(
    'GET',
    `/api/marketplace-orders?search=${encodeURIComponent(search)}&limit=100`,
    server.actors.adminToken,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as MarketplaceOrderList;
}

describe('the Shopee round trip', () => {
  let first: MarketplaceImport;

  it('previews the file: fill-down, states, reasons with rows, amounts and resi as written', async () => {
    first = await preview('shopee.xlsx', fixture('shopee.xlsx'));
    expect(first).toMatchObject({ channel: 'shopee', file_name: 'shopee.xlsx' });
    expect(first.summary).toEqual({
      total: 7,
      ready: 4,
      unknown_sku: 1,
      invalid: 1,
      existing: 0,
      cancelled: 1,
      already_shipped: 0,
      status_changed: 0,
      status_kept: 0,
    });
    const byRow = new Map(first.lines.map((line) => [line.row, line]));
    // Row 3 continues the order of row 2: its order cells were blank.
    expect(byRow.get(3)).toMatchObject({
      order_number: '260801ABCD1234',
      resi_number: 'SPXID0000000001',
      status: 'perlu_dikirim',
      status_text: 'Perlu Dikirim',
      date: '2026-08-01',
      sku: 'topi-01',
      quantity: 1,
      unit_price: 22500.5,
      state: 'ready',
      items: [{ product_code: 'TOPI-01', quantity: 1 }],
    });
    expect(byRow.get(4)).toMatchObject({
      unit_price: 135000.5,
      items: [{ product_code: 'KAOS-HITAM-M', quantity: 3 }],
    });
    expect(byRow.get(5)).toMatchObject({
      resi_number: null,
      variation: null,
      status: 'belum_bayar',
    });
    expect(byRow.get(5)?.items).toHaveLength(2);
    expect(byRow.get(6)).toMatchObject({ status: 'batal', state: 'cancelled' });
    expect(byRow.get(7)).toMatchObject({
      state: 'unknown_sku',
      problem: "SKU 'SKU-BARU-99' belum dipetakan ke produk",
      items: [],
    });
    expect(byRow.get(8)).toMatchObject({
      state: 'invalid',
      problem: 'Jumlah bukan angka (baris 8)',
      quantity: null,
    });
    // Nothing is written to the orders by a preview.
    const { rows } = await server.database.db.execute(sql`select id from marketplace_orders`);
    expect(rows).toHaveLength(0);
  });

  it('refuses to commit with problems, listing them, and writes nothing', async () => {
    const before = await marketplaceRows(server);
    const response = await commit(first.id);
    expect(response.statusCode).toBe(409);
    const conflict = response.json() as CommitImportConflict;
    expect(conflict.message).toBe(MARKETPLACE_MESSAGES.hasProblems(2));
    expect(conflict.problems).toEqual([
      {
        row: 7,
        order_number: '260801ABCD1238',
        sku: 'SKU-BARU-99',
        state: 'unknown_sku',
        problem: "SKU 'SKU-BARU-99' belum dipetakan ke produk",
      },
      {
        row: 8,
        order_number: '260801ABCD1239',
        sku: 'KAOS-PUTIH-L',
        state: 'invalid',
        problem: 'Jumlah bukan angka (baris 8)',
      },
    ]);
    expect(await marketplaceRows(server)).toEqual(before);
  });

  it('maps an unknown SKU in the preview: the preview read again shows the line ready', async () => {
    const mapped = await server.call('PUT', '/api/sku-mappings', server.actors.managerToken, {
      channel: 'shopee',
      sku: 'SKU-BARU-99',
      variation: null,
      items: [{ product_code: 'kaos-putih-l', quantity: 2 }],
    });
    expect(mapped.statusCode).toBe(200);
    const again = await server.call(
      'GET',
      `/api/marketplace-imports/${first.id}`,
      server.actors.managerToken,
    );
    const body = again.json() as MarketplaceImport;
    expect(body.summary).toMatchObject({ ready: 5, unknown_sku: 0, invalid: 1 });
    expect(body.lines.find((line) => line.row === 7)).toMatchObject({
      state: 'ready',
      problem: null,
      items: [{ product_code: 'KAOS-PUTIH-L', quantity: 2 }],
    });
  });

  it('commits the good lines once with skip_problems, logging the import; a second commit is 409', async () => {
    expect(await committed(first.id)).toEqual({
      created_orders: 4,
      updated_orders: 0,
      created_lines: 5,
      incomplete_orders: 0,
      skipped: { cancelled: 1, invalid: 1, unknown_sku: 0, already_shipped: 0 },
    });
    const log = await latestLog(server.database, 'IMPORT_MARKETPLACE_ORDERS');
    expect(log?.details).toBe(
      'Impor pesanan Shopee dari file shopee.xlsx: 4 pesanan baru, 0 diperbarui, 5 baris baru; ' +
        'dilewati: 1 batal, 1 tidak valid, 0 SKU belum dipetakan',
    );
    const second = await commit(first.id, { skip_problems: true });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: MARKETPLACE_MESSAGES.alreadyCommitted, problems: [] });
  });

  it('lists the orders with their lines, mapped products and totals, found by resi', async () => {
    const found = await ordersFound('SPXID0000000001');
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      channel: 'shopee',
      order_number: '260801ABCD1234',
      resi_number: 'SPXID0000000001',
      status: 'perlu_dikirim',
      date: '2026-08-01',
      total: 132500.5,
      lines: [
        {
          sku: 'KAOS-HITAM-M',
          variation: 'Hitam,M',
          quantity: 2,
          unit_price: 55000,
          items: [{ product_code: 'KAOS-HITAM-M', product_name: 'Kaos Hitam M', quantity: 1 }],
        },
        {
          sku: 'topi-01',
          variation: null,
          quantity: 1,
          items: [{ product_code: 'TOPI-01', product_name: 'Topi Baseball Navy', quantity: 1 }],
        },
      ],
    });
  });

  it('finds orders by SKU and by a mapped product name or code', async () => {
    expect((await ordersFound('combo-kaos')).data.map((o) => o.order_number)).toEqual([
      '260801ABCD1236',
    ]);
    // 'Navy' is only in the product's name: the combo maps to it, 'topi-01' is its code.
    expect((await ordersFound('navy')).data.map((o) => o.order_number).sort()).toEqual([
      '260801ABCD1234',
      '260801ABCD1236',
    ]);
  });

  it('keeps no buyer name, phone or address anywhere in the database', async () => {
    const dump = JSON.stringify(await marketplaceRows(server));
    for (const value of Object.values(BUYER)) expect(dump).not.toContain(value);
  });

  it('imports the same file again without changing anything', async () => {
    const before = await marketplaceRows(server);
    const again = await preview('shopee.xlsx', fixture('shopee.xlsx'));
    expect(again.summary).toMatchObject({ ready: 0, existing: 5, cancelled: 1, invalid: 1 });
    expect(await committed(again.id)).toEqual({
      created_orders: 0,
      updated_orders: 0,
      created_lines: 0,
      incomplete_orders: 0,
      skipped: { cancelled: 1, invalid: 1, unknown_sku: 0, already_shipped: 0 },
    });
    const after = await marketplaceRows(server);
    expect(after.marketplace_orders).toEqual(before.marketplace_orders);
    expect(after.marketplace_order_lines).toEqual(before.marketplace_order_lines);
  });

  it("takes the next day's file: new orders added, statuses and resi updated", async () => {
    const rows = [
      // Paid now, with its resi.
      {
        'No. Pesanan': '260801ABCD1236',
        'Status Pesanan': 'Perlu Dikirim',
        'No. Resi': 'SPXID0000000003',
        'Waktu Pesanan Dibuat': '2026-08-01 23:59',
        'Nama Produk': 'Combo',
        'Nomor Referensi SKU': 'COMBO-KAOS-TOPI',
        Jumlah: 1,
        'Harga Setelah Diskon': 80000,
      },
      // Shipped.
      {
        'No. Pesanan': '260801ABCD1234',
        'Status Pesanan': 'Sedang Dikirim',
        'No. Resi': 'SPXID0000000001',
        'Waktu Pesanan Dibuat': '2026-08-01 09:15',
        'Nama Produk': 'Kaos',
        'Nomor Referensi SKU': 'KAOS-HITAM-M',
        'Nama Variasi': 'Hitam,M',
        Jumlah: 2,
        'Harga Setelah Diskon': 55000,
      },
      {
        'No. Pesanan': '260802ABCD2001',
        'Status Pesanan': 'Perlu Dikirim',
        'No. Resi': 'SPXID0000000010',
        'Waktu Pesanan Dibuat': '2026-08-02 08:00',
        'Nama Produk': 'Topi',
        'Nomor Referensi SKU': 'TOPI-01',
        Jumlah: 1,
        'Harga Setelah Diskon': 22500,
      },
    ];
    const file = workbook([
      {
        name: 'orders',
        rows: [
          [...SHOPEE_HEADERS_48],
          ...rows.map((row) =>
            SHOPEE_HEADERS_48.map((h) => (row as Record<string, string | number>)[h] ?? ''),
          ),
        ],
      },
    ]);
    const next = await preview('shopee-2.xlsx', file);
    expect(next.summary).toMatchObject({ total: 3, existing: 2, ready: 1 });
    expect(await committed(next.id)).toMatchObject({
      created_orders: 1,
      updated_orders: 2,
      created_lines: 1,
    });
    expect((await ordersFound('SPXID0000000003')).data[0]).toMatchObject({
      order_number: '260801ABCD1236',
      status: 'perlu_dikirim',
      status_text: 'Perlu Dikirim',
    });
    expect((await ordersFound('260801ABCD1234')).data[0]).toMatchObject({ status: 'dikirim' });
  });
});

describe('every format', () => {
  it.each([
    [
      'shopee-44.csv',
      'shopee',
      '260802EFGH0001',
      { total: 1, existing: 0, ready: 1 },
      'JX0000000000012345',
    ],
    ['tiktok.xlsx', 'tiktok', '576471112345678901', { total: 4, ready: 3, cancelled: 1 }, null],
    [
      'lazada.xlsx',
      'lazada',
      '282110123456789',
      { total: 5, ready: 4, cancelled: 1 },
      'LXAD000000001',
    ],
    [
      'tokopedia-lama.xls',
      'tokopedia',
      'INV/20260801/MPL/3000000001',
      { total: 3, ready: 2, cancelled: 1 },
      'TKP0000000001',
    ],
    ['bigseller.csv', 'bigseller', '260803XYZ0001', { total: 2, ready: 2 }, 'SPXID0000009001'],
  ] as const)(
    '%s: detected as %s, read and committed',
    async (name, channel, orderNumber, summary, resi) => {
      const read = await preview(name, fixture(name));
      expect(read.channel).toBe(channel);
      expect(read.summary).toMatchObject(summary);
      expect(read.lines.every((line) => line.problem === null)).toBe(true);
      await committed(read.id);
      const found = await ordersFound(orderNumber);
      expect(found.data.map((order) => order.order_number)).toEqual([orderNumber]);
      expect(found.data[0]).toMatchObject({ channel, resi_number: resi });
    },
  );

  it('merges Lazada rows of one SKU into one line of their summed quantity', async () => {
    const [order] = (await ordersFound('282110123456789')).data;
    expect(order?.lines).toEqual([
      expect.objectContaining({ sku: 'KAOS-HITAM-M', quantity: 2, unit_price: 55000 }),
      expect.objectContaining({ sku: 'TOPI-01', quantity: 1, unit_price: 22500 }),
    ]);
    expect(order?.total).toBe(132500);
  });

  it('takes the channel from the upload: a TikTok-format file of Tokopedia', async () => {
    const read = await preview('tokopedia-baru.xlsx', fixture('tiktok.xlsx'), {
      channel: 'tokopedia',
    });
    expect(read.channel).toBe('tokopedia');
    expect(read.summary).toMatchObject({ ready: 3, existing: 0 });
  });

  it("gives TikTok Shop's order the income a Tokopedia file settled before it came", async () => {
    // The income files of TikTok Shop and Tokopedia name each other's orders (one family): a
    // settlement stored under Tokopedia, its order then imported under TikTok Shop, moves to the
    // order's channel; a Shopee settlement of that number is another order's and stays.
    const settle = (channel: string, number: string) =>
      server.database.db.execute(sql`
        insert into marketplace_settlements (channel, order_number, released_at, price_before,
                                             price_after, komisi, released, difference)
        values (${channel}, ${number}, '2026-08-09', 11000000, 11000000, -1100000, 9900000, 0)`);
    await server.database.db.execute(sql`
      delete from marketplace_orders_all where order_number like '5764711123456789%'`);
    await settle('tokopedia', '576471112345678901');
    await settle('shopee', '576471112345678902');
    const read = await preview('tiktok.xlsx', fixture('tiktok.xlsx'), { channel: 'tiktok' });
    await committed(read.id);
    const { rows } = await server.database.db.execute<{
      channel: string;
      order_number: string;
      order_store: boolean | null;
    }>(
      sql`select s.channel, s.order_number, s.store_id = o.store_id as order_store
            from marketplace_settlements s
            left join marketplace_orders o
              on o.channel = s.channel and o.order_number = s.order_number
           where s.order_number like '5764711123456789%' order by s.order_number`,
    );
    // Moved, it is of the order's store too (the Tokopedia file's store is another marketplace's).
    expect(rows.map((r) => `${r.order_number} ${r.channel} ${r.order_store}`)).toEqual([
      '576471112345678901 tiktok true',
      '576471112345678902 shopee null',
    ]);
    await server.database.db.execute(sql`
      delete from marketplace_settlements where order_number like '5764711123456789%'`);
  });

  it('answers a file of unknown headers with the headers looked for', async () => {
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'lain.csv',
      data: csv([
        ['Tanggal', 'Barang', 'Banyak'],
        ['2026-08-01', 'Kaos', '1'],
      ]),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json() as {
      message: string;
      expected: { channel: string; headers: string[] }[];
    };
    expect(body.message).toMatch(
      /^Format file tidak dikenali\. Kolom yang dicari: Shopee: No\. Pesanan/,
    );
    expect(body.expected.map((format) => format.channel)).toEqual([
      'shopee',
      'tiktok',
      'lazada',
      'tokopedia',
      'bigseller',
    ]);
  });

  it('names a missing required column', async () => {
    const headers = SHOPEE_HEADERS_48.filter((header) => header !== 'Jumlah');
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'tanpa-jumlah.csv',
      data: csv([[...headers], headers.map(() => 'x')]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Kolom wajib tidak ditemukan di file Shopee: Jumlah',
      expected: [],
    });
  });
});

describe('all or nothing', () => {
  it('leaves nothing when the commit fails midway, and commits later', async () => {
    const data = fixture('bigseller.csv');
    const text = data.toString('utf8').replace(/260803XYZ0001/g, '260803XYZ0999');
    const read = await preview('bigseller-2.csv', Buffer.from(text));
    expect(read.summary).toMatchObject({ ready: 2 });
    const before = await marketplaceRows(server);
    // The second line cannot be written: the order and the first line must go with it.
    await server.database.db.execute(
      sql`alter table marketplace_order_lines_all add constraint fail_midway check (sku <> 'COMBO-KAOS-TOPI') not valid`,
    );
    try {
      const response = await commit(read.id);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    } finally {
      await server.database.db.execute(
        sql`alter table marketplace_order_lines_all drop constraint fail_midway`,
      );
    }
    expect(await marketplaceRows(server)).toEqual(before);
    expect(await committed(read.id)).toMatchObject({ created_orders: 1, created_lines: 2 });
  });
});

/** A Shopee CSV of the rows' named cells (the other columns blank). */
const shopeeCsv = (rows: Record<string, string>[]) =>
  csv([[...SHOPEE_HEADERS_48], ...rows.map((row) => SHOPEE_HEADERS_48.map((h) => row[h] ?? ''))]);

const shopeeRow = (order: string, fields: Record<string, string> = {}) => ({
  'No. Pesanan': order,
  'Status Pesanan': 'Perlu Dikirim',
  'No. Resi': `RESI-${order}`,
  'Waktu Pesanan Dibuat': '2026-08-01 10:00',
  'Nama Produk': 'Kaos',
  'Nomor Referensi SKU': 'KAOS-HITAM-M',
  Jumlah: '1',
  ...fields,
});

describe('the import refuses what the API refuses', () => {
  let read: MarketplaceImport;

  it('shows dates outside the window, hidden or reversed text and contradictory orders as problems', async () => {
    read = await preview(
      'f5.csv',
      shopeeCsv([
        shopeeRow('F5-DATE', { 'Waktu Pesanan Dibuat': '9999-12-31 10:00' }),
        shopeeRow('F5-RLO', { 'Nama Produk': 'abc\u202edef' }),
        shopeeRow('F5-INVISIBLE', { 'Nama Produk': '\u200b' }),
        shopeeRow('F5-SKU', { 'Nomor Referensi SKU': 'KAOS\u202e-M' }),
        shopeeRow('F5-DUP2'),
        shopeeRow('F5-DUP2', { 'Status Pesanan': 'Batal', 'Nomor Referensi SKU': 'TOPI-01' }),
        shopeeRow('F5-DUP3', { 'No. Resi': 'RESI-A' }),
        shopeeRow('F5-DUP3', { 'No. Resi': 'RESI-B', 'Nomor Referensi SKU': 'TOPI-01' }),
        // Two rows of one order with one resi and one status are no contradiction.
        shopeeRow('F5-OK'),
        shopeeRow('F5-OK', { 'Nomor Referensi SKU': 'TOPI-01' }),
      ]),
    );
    const notReady = read.lines
      .filter((line) => line.state !== 'ready')
      .map(({ row, state, problem }) => ({ row, state, problem }));
    expect(notReady).toEqual([
      {
        row: 2,
        state: 'invalid',
        problem:
          'Waktu Pesanan Dibuat harus antara 2000-01-01 dan 366 hari setelah hari ini (baris 2)',
      },
      {
        row: 3,
        state: 'invalid',
        problem: 'Nama Produk berisi karakter yang tidak diizinkan (baris 3)',
      },
      {
        row: 4,
        state: 'invalid',
        problem: 'Nama Produk tidak boleh hanya berisi karakter tak terlihat (baris 4)',
      },
      {
        row: 5,
        state: 'invalid',
        problem: 'Nomor Referensi SKU berisi karakter yang tidak diizinkan (baris 5)',
      },
      {
        row: 6,
        state: 'invalid',
        problem: MARKETPLACE_MESSAGES.orderCancelledAndNot('F5-DUP2', 6),
      },
      {
        row: 7,
        state: 'invalid',
        problem: MARKETPLACE_MESSAGES.orderCancelledAndNot('F5-DUP2', 7),
      },
      {
        row: 8,
        state: 'invalid',
        problem: MARKETPLACE_MESSAGES.orderResiConflict('F5-DUP3', ['RESI-A', 'RESI-B'], 8),
      },
      {
        row: 9,
        state: 'invalid',
        problem: MARKETPLACE_MESSAGES.orderResiConflict('F5-DUP3', ['RESI-A', 'RESI-B'], 9),
      },
    ]);
    expect(read.summary).toMatchObject({ total: 10, ready: 2, invalid: 8 });
  });

  it('commits none of them: 409 without skip_problems, only the good order with it', async () => {
    const refused = await commit(read.id);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as CommitImportConflict).problems.map((p) => p.row)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(await committed(read.id)).toMatchObject({ created_orders: 1, created_lines: 2 });
    expect((await ordersFound('F5-')).data.map((order) => order.order_number)).toEqual(['F5-OK']);
  });
});

describe('previews belong to their uploader', () => {
  it('lets only the uploader commit a preview: another manager gets 403 and nothing is written', async () => {
    const other = await createTestUser(server.database, 'manager');
    const otherToken = await login(server.app, other.email, other.password);
    const read = await preview('milik.csv', shopeeCsv([shopeeRow('F9-OWNER')]));
    const before = await marketplaceRows(server);
    const response = await server.call(
      'POST',
      `/api/marketplace-imports/${read.id}/commit`,
      otherToken,
      {},
    );
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 403,
      body: { message: MARKETPLACE_MESSAGES.notUploader },
    });
    expect(await marketplaceRows(server)).toEqual(before);
    expect(await committed(read.id)).toMatchObject({ created_orders: 1 });
  });

  it("keeps at most 20 previews per user, dropping the oldest, and leaves the others' alone", async () => {
    const other = await createTestUser(server.database, 'manager');
    const otherToken = await login(server.app, other.email, other.password);
    const mine = await preview('punyaku.csv', shopeeCsv([shopeeRow('F9-MINE')]));
    const ids: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await upload(server, '/api/marketplace-imports', otherToken, {
        name: `ke-${i}.csv`,
        data: shopeeCsv([shopeeRow(`F9-${i}`)]),
      });
      expect(response.statusCode).toBe(201);
      ids.push((response.json() as MarketplaceImport).id);
    }
    const { rows } = await server.database.db.execute<{ id: number }>(
      sql`select id from marketplace_imports where created_by = ${other.id} order by id`,
    );
    expect(rows.map((row) => Number(row.id))).toEqual(ids.slice(1));
    const oldest = await server.call('GET', `/api/marketplace-imports/${ids[0]}`, otherToken);
    expect(oldest.statusCode).toBe(404);
    const kept = await server.call('GET', `/api/marketplace-imports/${mine.id}`, otherToken);
    expect(kept.statusCode).toBe(200);
  }, 60_000);
});
