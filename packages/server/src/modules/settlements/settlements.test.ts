// Penghasilan Marketplace through the API (issue 45): an income file previewed (counts against
// the database, the store from the file or the dialog), committed all or nothing and once,
// read again adding nothing ('Sudah ada'), matched to imported orders; the list's filters and
// paging and the summary's figures computed by hand; bad input refused with nothing written;
// the manager only.
import {
  RESERVATION_MESSAGES,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_UPLOAD_MAX_BYTES,
  type SettlementCommitResult,
  type SettlementImport,
  type SettlementList,
  type SettlementSummary,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { insertProduct, latestLog, setupTestServer } from '../../testing/fixtures';
import { createTestUser, login } from '../../testing/test-app';
import { upload } from '../marketplace/test-helpers';
import {
  LAZADA_HEADERS,
  SHOPEE_C_HEADERS,
  SHOPEE_ORDER_HEADERS,
  TIKTOK_HEADERS,
  lazadaFile,
  line,
  shopeeCFile,
  C1,
  C2,
  shopeeC1,
  shopeeC2,
  tiktokFile,
  type Sheets,
} from './settlement-fixtures';
import { insertSale } from './test-helpers';

const server = setupTestServer();

/** The sheets as an xlsx, every cell a string as written. */
function xlsx(sheets: Sheets): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets)
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const L1 = '519876543210987';
const L2 = '519876543210988';

// Shopee 2026 (settlement-fixtures.ts): C1 151.213 - 15.597 - 1.250 - 2.752 - 13.762 = 117.852
// (released 31 August); C2 50.970 - 5.199 - 1.250 - 917 - 4.588 = 39.016 (released 30 August).
const shopeeFile = (store = 'cbmajwastore') =>
  xlsx(
    shopeeCFile([line(SHOPEE_C_HEADERS, shopeeC1), line(SHOPEE_C_HEADERS, shopeeC2)], { store }),
  );

const lazadaRow = (order: string, name: string, amount: string, released: string) =>
  line(LAZADA_HEADERS, {
    'Periode Laporan': '01 Aug 2026 - 07 Aug 2026',
    'Nomor Laporan': 'ID2026080001',
    'Tanggal Transaksi': '01 Aug 2026',
    'Nama Biaya': name,
    'Jumlah (Termasuk Pajak)': amount,
    'Status Pelepasan Dana': 'Dilepas',
    'Tanggal Dilepas': released,
    'Nomor Pesanan': order,
    'ID Pesanan': `${order}1`,
    'Status Pesanan': 'Delivered',
  });
// Lazada: L1 120.000 - 6.000 (voucher) = 114.000; fees 5.400 + 2.160 + 3.600 + 300 = 11.460;
// released 102.540. L2 45.000 - 2.025 = 42.975.
const lazadaBook = () =>
  xlsx(
    lazadaFile([
      lazadaRow(L1, 'Omset Penjualan', '120000', '03 Aug 2026'),
      lazadaRow(L1, 'Biaya Komisi', '-5.400', '03 Aug 2026'),
      lazadaRow(L1, 'Biaya Pembayaran', '-2.160', '03 Aug 2026'),
      lazadaRow(L1, 'Voucher Penjual', '-6.000', '03 Aug 2026'),
      lazadaRow(L1, 'Biaya Layanan Gratis Ongkir', '-3.600', '03 Aug 2026'),
      lazadaRow(L1, 'Pajak Penghasilan', '-300', '03 Aug 2026'),
      lazadaRow(L2, 'Omset Penjualan', '45000', '05 Aug 2026'),
      lazadaRow(L2, 'Biaya Komisi', '-2025', '05 Aug 2026'),
    ]),
  );

const manager = () => server.actors.managerToken;

function send(data: Buffer, fields: Record<string, string> = {}, name = 'penghasilan.xlsx') {
  return upload(server, '/api/settlement-imports', manager(), { name, data }, fields);
}

async function preview(data: Buffer, fields: Record<string, string> = {}) {
  const response = await send(data, fields);
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return response.json() as SettlementImport;
}

const commit = (id: number, token = manager()) =>
  server.call('POST', `/api/settlement-imports/${id}/commit`, token);

async function committed(id: number): Promise<SettlementCommitResult> {
  const response = await commit(id);
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as SettlementCommitResult;
}

async function counts() {
  const { rows } = await server.database.db.execute<{ imports: string; settled: string }>(sql`
    select (select count(*) from settlement_imports) as imports,
           (select count(*) from marketplace_settlements) as settled`);
  return { imports: Number(rows[0]?.imports), settled: Number(rows[0]?.settled) };
}

async function list(query = ''): Promise<SettlementList> {
  const response = await server.call('GET', `/api/settlements?${query}`, manager());
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as SettlementList;
}

async function createStore(channel: string, name: string): Promise<number> {
  const response = await server.call('POST', '/api/marketplace-stores', manager(), {
    channel,
    name,
  });
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return (response.json() as { data: { id: number } }).data.id;
}

let cbmaj: number;
let otherShopee: number;
let tiktokStore: number;
let orderC1: number;

beforeAll(async () => {
  cbmaj = await createStore('shopee', 'cbmajwastore');
  otherShopee = await createStore('shopee', 'Toko Dua');
  tiktokStore = await createStore('tiktok', 'Toko TikTok');
  // C1 was imported from Shopee's order file: its settlement matches it.
  const { rows } = await server.database.db.execute<{ id: number }>(sql`
    insert into marketplace_orders (channel, order_number, status, status_text, date, total)
    values ('shopee', ${C1}, 'selesai', 'Selesai', '2026-08-23', 151213)
    returning id`);
  orderC1 = Number(rows[0]?.id);
});

describe('the manager only', () => {
  it('answers 403 to the admin on every route, writing nothing', async () => {
    const admin = server.actors.adminToken;
    const uploaded = await upload(server, '/api/settlement-imports', admin, {
      name: 'penghasilan.xlsx',
      data: shopeeFile(),
    });
    expect(uploaded.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/settlement-imports/1'],
      ['POST', '/api/settlement-imports/1/commit'],
      ['GET', '/api/settlements'],
      ['GET', '/api/settlements/summary'],
    ] as const)
      expect({ url, status: (await server.call(method, url, admin)).statusCode }).toEqual({
        url,
        status: 403,
      });
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });
});

describe('bad input: a clear message, nothing written', () => {
  it('refuses an order export and a file of no known format, saying what each is', async () => {
    const orders = xlsx([
      { name: 'orders', rows: [[...SHOPEE_ORDER_HEADERS], SHOPEE_ORDER_HEADERS.map(() => '1')] },
    ]);
    const response = await send(orders);
    expect(response.statusCode).toBe(400);
    expect((response.json() as { message: string }).message).toBe(
      'Ini file pesanan Shopee, bukan file penghasilan. Impor file pesanan di Pesanan Marketplace',
    );
    const other = await send(
      xlsx([
        {
          name: 'x',
          rows: [
            ['Nama', 'Alamat'],
            ['Budi', 'Jakarta'],
          ],
        },
      ]),
    );
    expect(other.statusCode).toBe(400);
    expect((other.json() as { message: string }).message).toMatch(
      /^Format file penghasilan tidak dikenali/,
    );
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });

  it('refuses a file that is no spreadsheet and a file without a file', async () => {
    const binary = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
      Buffer.alloc(64),
    ]);
    const response = await send(binary, {}, 'gambar.xlsx');
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message: 'File tidak dapat dibaca: unggah file Excel (xlsx, xls) atau CSV' },
    });
    const none = await upload(server, '/api/settlement-imports', manager(), null, {
      store_id: String(cbmaj),
    });
    expect(none.statusCode).toBe(400);
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });

  it('refuses a file over the limit with 413', async () => {
    const response = await send(Buffer.alloc(SETTLEMENT_UPLOAD_MAX_BYTES + 1, 0x41), {}, 'a.csv');
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 413,
      body: { message: SETTLEMENT_MESSAGES.tooLarge },
    });
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });

  it('refuses an unknown store, a store of another channel and a store id that is no number', async () => {
    for (const [storeId, message] of [
      ['999999', RESERVATION_MESSAGES.storeNotFound],
      ['abc', RESERVATION_MESSAGES.storeNotFound],
      [String(tiktokStore), RESERVATION_MESSAGES.storeOtherChannel('Shopee')],
    ] as const) {
      const response = await send(shopeeFile(), { store_id: storeId });
      expect({ storeId, status: response.statusCode, body: response.json() }).toEqual({
        storeId,
        status: 400,
        body: { message },
      });
    }
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });

  it('answers 404 for a preview that does not exist', async () => {
    expect((await server.call('GET', '/api/settlement-imports/999999', manager())).statusCode).toBe(
      404,
    );
    expect((await commit(999999)).statusCode).toBe(404);
    expect(await counts()).toEqual({ imports: 0, settled: 0 });
  });
});

describe('preview and commit', () => {
  let first: SettlementImport;

  it("previews: counts, the store the file names over the one chosen, each order's breakdown", async () => {
    first = await preview(shopeeFile(), { store_id: String(otherShopee) });
    expect(first).toMatchObject({
      channel: 'shopee',
      format: 'shopee-c',
      store_id: cbmaj,
      store: 'cbmajwastore',
      committed: false,
      counts: { orders: 2, already: 0, matched: 1, unmatched: 1, differences: 0, problems: 0 },
      problems: [],
    });
    expect(first.orders).toEqual([
      {
        order_number: C1,
        released_at: '2026-08-31',
        price_before: 152910,
        price: 151213,
        fees: {
          komisi: -15597,
          layanan: -13762,
          proses: -1250,
          pembayaran: -2752,
          ongkir: 0,
          afiliasi: 0,
          pajak: 0,
          pengembalian: 0,
          penyesuaian: 0,
          lain: 0,
        },
        fee_columns: {
          komisi: ['Biaya Administrasi (termasuk PPN 11%)'],
          proses: ['Biaya Proses Pesanan'],
          pembayaran: ['Biaya Pembayaran'],
          layanan: [
            'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)',
            'Biaya Layanan Promo XTRA',
          ],
          ongkir: ['Ongkos Kirim yang Dibayarkan ke Jasa Kirim', 'Gratis Ongkir dari Shopee'],
        },
        released: 117852,
        difference: 0,
        state: 'baru',
        matched_order_id: orderC1,
      },
      expect.objectContaining({ order_number: C2, state: 'baru', matched_order_id: null }),
    ]);
    const again = await server.call('GET', `/api/settlement-imports/${first.id}`, manager());
    expect(again.json()).toEqual(first);
    expect(await counts()).toEqual({ imports: 1, settled: 0 });
  });

  it('takes the chosen store, else the default one, when the file names no store of the shop', async () => {
    const chosen = await preview(shopeeFile('tokolain'), { store_id: String(otherShopee) });
    expect(chosen).toMatchObject({ store_id: otherShopee, store: 'Toko Dua' });
    const fallback = await preview(shopeeFile('tokolain'));
    expect(fallback.store).toBe('Shopee');
  });

  it('only the uploader commits: another manager gets 403', async () => {
    const other = await createTestUser(server.database, 'manager');
    const token = await login(server.app, other.email, other.password);
    const response = await commit(first.id, token);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 403,
      body: { message: SETTLEMENT_MESSAGES.notUploader },
    });
    expect((await counts()).settled).toBe(0);
  });

  it('commits every order in one transaction with its activity entry, matched by order number', async () => {
    expect(await committed(first.id)).toEqual({
      message:
        `Impor penghasilan Shopee (cbmajwastore) dari file penghasilan.xlsx: 2 pesanan baru, ` +
        `0 sudah ada; 1 cocok dengan pesanan yang sudah diimpor, 1 di antaranya belum dikemas ` +
        `di Gudang`,
      created: 2,
      already: 0,
      matched: 1,
      // C1's money came in, but Gudang never packed it (no Barang Keluar record).
      not_packed: 1,
    });
    const log = await latestLog(server.database, 'IMPORT_SETTLEMENT');
    expect(log?.details).toContain('2 pesanan baru');
    expect(log?.userId).toBe(server.actors.manager.id);
    const { rows } = await server.database.db.execute<{
      order_number: string;
      store_id: number;
      matched_order_id: number | null;
      komisi: string;
      released: string;
    }>(sql`select t.order_number, t.store_id, o.id as matched_order_id, t.komisi, t.released
             from marketplace_settlements t
             left join marketplace_orders o
               on o.channel = t.channel and o.order_number = t.order_number
            order by t.order_number`);
    expect(
      rows.map((r) => ({
        ...r,
        store_id: Number(r.store_id),
        komisi: Number(r.komisi),
        released: Number(r.released),
        matched_order_id: r.matched_order_id === null ? null : Number(r.matched_order_id),
      })),
    ).toEqual([
      {
        order_number: C1,
        store_id: cbmaj,
        matched_order_id: orderC1,
        komisi: -1_559_700,
        released: 11_785_200,
      },
      {
        order_number: C2,
        store_id: cbmaj,
        matched_order_id: null,
        komisi: -519_900,
        released: 3_901_600,
      },
    ]);
  });

  it('a commit twice adds nothing twice', async () => {
    const response = await commit(first.id);
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 409,
      body: { message: SETTLEMENT_MESSAGES.alreadyCommitted },
    });
    expect((await counts()).settled).toBe(2);
    const read = await server.call('GET', `/api/settlement-imports/${first.id}`, manager());
    expect(read.json()).toMatchObject({
      committed: true,
      counts: { orders: 2, already: 2, matched: 1, unmatched: 1 },
    });
  });

  it("the same file again: every order 'Sudah ada', the commit adds nothing", async () => {
    // C1 packed meanwhile: no longer 'Belum dikemas di Gudang'.
    const product = await insertProduct(server.database, { stock: 10 });
    await insertSale(server, {
      productId: product.id,
      barcode: product.barcodeId,
      date: '2026-08-24',
      resi: 'SPXID-C1',
      quantity: 1,
      purchase: 100000,
      selling: 151213,
      orderId: orderC1,
    });
    const again = await preview(shopeeFile());
    expect(again.counts).toEqual({
      orders: 2,
      already: 2,
      matched: 1,
      unmatched: 1,
      not_packed: 0,
      differences: 0,
      problems: 0,
    });
    expect(again.orders.map((o) => o.state)).toEqual(['sudah_ada', 'sudah_ada']);
    // 'Cocok dengan pesanan' counts the file's orders, as the preview above does.
    expect(await committed(again.id)).toMatchObject({
      created: 0,
      already: 2,
      matched: 1,
      not_packed: 0,
    });
    expect((await counts()).settled).toBe(2);
  });

  it('two commits at once, of one preview and of two previews of one file, add each order once', async () => {
    const one = await preview(lazadaBook());
    expect(one).toMatchObject({
      channel: 'lazada',
      store: 'Lazada',
      counts: { orders: 2, already: 0, matched: 0, unmatched: 2 },
    });
    const [a, b] = await Promise.all([commit(one.id), commit(one.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await counts()).settled).toBe(4);

    const x = await preview(lazadaBook());
    const y = await preview(lazadaBook());
    const answers = await Promise.all([committed(x.id), committed(y.id)]);
    expect(answers.map((r) => r.created)).toEqual([0, 0]);
    expect((await counts()).settled).toBe(4);
  });
});

describe('the list and the summary', () => {
  it('lists newest release first, with the breakdown in rupiah', async () => {
    const all = await list();
    expect(all.pagination).toEqual({ page: 1, limit: 10, total: 4, totalPages: 1 });
    expect(all.data.map((r) => r.order_number)).toEqual([C1, C2, L2, L1]);
    expect(all.data[0]).toMatchObject({
      order_number: C1,
      channel: 'shopee',
      store: 'cbmajwastore',
      store_id: cbmaj,
      released_at: '2026-08-31',
      price: 151213,
      released: 117852,
      matched_order_id: orderC1,
      fees: { komisi: -15597, layanan: -13762, proses: -1250, pembayaran: -2752, lain: 0 },
    });
    expect(all.data[3]).toMatchObject({
      order_number: L1,
      channel: 'lazada',
      store: 'Lazada',
      released_at: '2026-08-03',
      price: 114000,
      released: 102540,
      fees: { komisi: -5400, pembayaran: -2160, layanan: -3600, pajak: -300, ongkir: 0 },
      matched_order_id: null,
    });
  });

  it('filters by channel, store, release dates and order number; pages in SQL', async () => {
    const names = async (query: string) => (await list(query)).data.map((r) => r.order_number);
    expect(await names('channel=lazada')).toEqual([L2, L1]);
    expect(await names(`store_id=${cbmaj}`)).toEqual([C1, C2]);
    expect(await names(`store_id=${otherShopee}`)).toEqual([]);
    expect(await names('startDate=2026-08-04&endDate=2026-08-30')).toEqual([C2, L2]);
    expect(await names('search=dujyer')).toEqual([C1]);
    const second = await list('limit=1&page=2');
    expect(second.pagination).toEqual({ page: 2, limit: 1, total: 4, totalPages: 4 });
    expect(second.data.map((r) => r.order_number)).toEqual([C2]);
    expect((await list('limit=1&page=9')).data).toEqual([]);
    const bad = await server.call(
      'GET',
      '/api/settlements?startDate=2026-09-01&endDate=2026-08-01',
      manager(),
    );
    expect(bad.statusCode).toBe(400);
    expect(
      (await server.call('GET', '/api/settlements?channel=bigseller', manager())).statusCode,
    ).toBe(400);
  });

  it('sums per channel and store: sales, each category, released, fee %', async () => {
    const response = await server.call('GET', '/api/settlements/summary', manager());
    expect(response.statusCode).toBe(200);
    const zero = { ongkir: 0, afiliasi: 0, pengembalian: 0, penyesuaian: 0, lain: 0 };
    expect((response.json() as SettlementSummary).data).toEqual([
      {
        channel: 'lazada',
        store_id: expect.any(Number),
        store: 'Lazada',
        orders: 2,
        // 114.000 + 45.000
        price: 159000,
        fees: { ...zero, komisi: -7425, pembayaran: -2160, layanan: -3600, proses: 0, pajak: -300 },
        // 7.425 + 2.160 + 3.600 + 300
        fees_total: -13485,
        // 159.000 - 13.485
        released: 145515,
        // 13.485 / 159.000 = 8,481%
        fee_percent: 8.48,
      },
      {
        channel: 'shopee',
        store_id: cbmaj,
        store: 'cbmajwastore',
        orders: 2,
        // 151.213 + 50.970
        price: 202183,
        fees: {
          ...zero,
          komisi: -20796,
          layanan: -18350,
          proses: -2500,
          pembayaran: -3669,
          pajak: 0,
        },
        fees_total: -45315,
        // 117.852 + 39.016
        released: 156868,
        // 45.315 / 202.183 = 22,413%
        fee_percent: 22.41,
      },
    ]);
    const august30 = await server.call(
      'GET',
      `/api/settlements/summary?channel=shopee&store_id=${cbmaj}&startDate=2026-08-30&endDate=2026-08-30`,
      manager(),
    );
    expect((august30.json() as SettlementSummary).data).toEqual([
      expect.objectContaining({ orders: 1, price: 50970, released: 39016, fee_percent: 23.45 }),
    ]);
  });
});

describe("TikTok Shop's file settles Tokopedia's orders too", () => {
  // Tokopedia's orders are served by TikTok Shop: its 'Order details' lists them beside TikTok's
  // ('Order Source'), and TikTok's order export may have been imported under either channel.
  const TT = '576471119000000001';
  const TP = '576471119000000002';
  const TX = '576471119000000003';
  const zeros = Object.fromEntries(TIKTOK_HEADERS.slice(5, 51).map((header) => [header, '0']));
  const row = (order: string, source: string) =>
    line(TIKTOK_HEADERS, {
      ...zeros,
      'Order/adjustment ID': order,
      Type: 'Order',
      'Order created time': '2026/08/01',
      'Order settled time': '2026/08/09',
      Currency: 'IDR',
      'Total settlement amount': '90000',
      'Total Revenue': '100000',
      'Subtotal after seller discounts': '100000',
      'Subtotal before discounts': '100000',
      'Total Fees': '-10000',
      'Platform commission fee': '-10000',
      'Order Source': source,
    });
  /** Each settlement's number and channel, and whether it is of its matched order's store. */
  const settledChannels = async () => {
    const { rows } = await server.database.db.execute<{
      order_number: string;
      channel: string;
      order_store: boolean;
    }>(
      sql`select s.order_number, s.channel, s.store_id = o.store_id as order_store
            from marketplace_settlements s
            join marketplace_orders o on o.channel = s.channel and o.order_number = s.order_number
           where s.order_number in (${TT}, ${TP}, ${TX}) order by s.order_number, s.channel`,
    );
    expect(rows.filter((r) => r.order_store !== true)).toEqual([]);
    return rows.map((r) => `${r.order_number} ${r.channel}`);
  };

  beforeAll(async () => {
    await server.database.db.execute(sql`
      insert into marketplace_orders (channel, order_number, status, status_text, date, total)
      values ('tiktok', ${TT}, 'selesai', 'Selesai', '2026-08-01', 100000),
             ('tokopedia', ${TP}, 'selesai', 'Selesai', '2026-08-01', 100000),
             ('tiktok', ${TX}, 'selesai', 'Selesai', '2026-08-01', 100000)`);
  });

  it('matches each order under its own channel in a file of both, and adds none twice', async () => {
    // A file of both sources is TikTok Shop's; its Tokopedia order is settled as Tokopedia's.
    const mixed = await preview(xlsx(tiktokFile([row(TT, 'TikTok Shop'), row(TP, 'Tokopedia')])));
    expect(mixed).toMatchObject({
      channel: 'tiktok',
      counts: { orders: 2, already: 0, matched: 2, unmatched: 0 },
    });
    expect(mixed.orders.map((order) => order.matched_order_id === null)).toEqual([false, false]);
    expect(await committed(mixed.id)).toMatchObject({ created: 2, already: 0, matched: 2 });
    expect(await settledChannels()).toEqual([`${TT} tiktok`, `${TP} tokopedia`]);

    // A file of Tokopedia's orders only: its order imported under TikTok Shop matches it, and
    // the order settled by the first file is 'Sudah ada', not settled a second time.
    const tokopedia = await preview(xlsx(tiktokFile([row(TP, 'Tokopedia'), row(TX, 'Tokopedia')])));
    expect(tokopedia).toMatchObject({
      channel: 'tokopedia',
      counts: { orders: 2, already: 1, matched: 2, unmatched: 0 },
    });
    expect(await committed(tokopedia.id)).toMatchObject({ created: 1, already: 1, matched: 2 });
    expect(await settledChannels()).toEqual([`${TT} tiktok`, `${TP} tokopedia`, `${TX} tiktok`]);
  });

  it("settles once an order not imported that TikTok's and Tokopedia's files, committed at once, both name", async () => {
    // Each file would settle it under its own channel: the unique (channel, order number)
    // cannot tell the two apart, so the commits take turns and the second finds it 'Sudah ada'.
    const TN = '576471119000000004';
    const tiktok = await preview(xlsx(tiktokFile([row(TN, 'TikTok Shop')])));
    const tokopedia = await preview(xlsx(tiktokFile([row(TN, 'Tokopedia')])));
    expect([tiktok.channel, tokopedia.channel]).toEqual(['tiktok', 'tokopedia']);
    // Each commit waits a moment after its insert, so that on PostgreSQL the two overlap.
    const db = server.database.db;
    await db.execute(sql`create function settle_slowly() returns trigger language plpgsql
      as $$ begin perform pg_sleep(0.3); return null; end $$`);
    await db.execute(sql`create trigger settle_slowly after insert on marketplace_settlements
      for each statement execute function settle_slowly()`);
    try {
      const answers = await Promise.all([committed(tiktok.id), committed(tokopedia.id)]);
      expect(answers.map((answer) => answer.created).sort()).toEqual([0, 1]);
    } finally {
      await db.execute(sql`drop trigger settle_slowly on marketplace_settlements`);
      await db.execute(sql`drop function settle_slowly()`);
    }
    const { rows } = await server.database.db.execute<{ n: string }>(
      sql`select count(*) as n from marketplace_settlements where order_number = ${TN}`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });
});
