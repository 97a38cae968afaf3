// Rak (issue 47): a product's rack in its form, Data Produk (filter by prefix, sort), the stock
// card, set for many from a two-column file (preview, commit, re-import), Stok Opname's scope
// 'Rak' and its count sheet in rack order; and the order import's courier and 'fulfilled by the
// marketplace' that Daftar Ambil reads.
import {
  MARKETPLACE_MESSAGES,
  OPNAME_MESSAGES,
  RACK_MESSAGES,
  type MarketplaceImport,
  type Product,
  type ProductList,
  type RackImport,
  type RackImportResult,
  type StockOpnameSession,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { latestLog, productBody, setupTestServer } from '../../testing/fixtures';
import { createTestUser, login } from '../../testing/test-app';
import { upload } from '../marketplace/test-helpers';

// Uploads go through the sheet worker: its first start is slow on a busy machine.
jest.setTimeout(60_000);

const server = setupTestServer();
const manager = () => server.actors.managerToken;

async function create(code: string, rack?: string | null): Promise<Product> {
  const response = await server.call(
    'POST',
    '/api/products',
    manager(),
    productBody(code, rack === undefined ? {} : { rack }),
  );
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
  return (response.json() as { data: Product }).data;
}

const list = async (query: string) =>
  (
    (await server.call('GET', `/api/products?limit=100&${query}`, manager())).json() as ProductList
  ).data.map((p) => [p.code, p.rack]);

describe('a product with its rack', () => {
  let id = 0;

  it('is stored in capitals; absent on update keeps it, empty clears it', async () => {
    const product = await create('RK-1', 'a-03/2.b');
    id = product.id;
    expect(product.rack).toBe('A-03/2.B');
    expect((await create('RK-0')).rack).toBeNull();
    const kept = await server.call('PUT', `/api/products/${id}`, manager(), productBody('RK-1'));
    expect((kept.json() as { data: Product }).data.rack).toBe('A-03/2.B');
    expect((await latestLog(server.database, 'CREATE_PRODUCT'))?.details).toBe(
      'Menambahkan produk Kaos RK-0 (RK-0), stok awal 20',
    );
    const cleared = await server.call(
      'PUT',
      `/api/products/${id}`,
      manager(),
      productBody('RK-1', { rack: '' }),
    );
    expect((cleared.json() as { data: Product }).data.rack).toBeNull();
    expect((await latestLog(server.database, 'UPDATE_PRODUCT'))?.details).toBe(
      'Memperbarui produk Kaos RK-1 (RK-1): rak "A-03/2.B" → "-"',
    );
    await server.call(
      'PUT',
      `/api/products/${id}`,
      manager(),
      productBody('RK-1', { rack: 'C-1' }),
    );
  });

  it('refuses a rack with other characters or longer than 20, naming the rule', async () => {
    // The one sentence of the rule (what a rack may hold, how long), never just 'tidak valid'.
    const message = 'Rak hanya boleh berisi huruf, angka, tanda -, . dan / (maksimal 20 karakter)';
    expect(RACK_MESSAGES.invalid).toBe(message);
    for (const rack of ['A 1', 'A_1', 'RAK-1\u0000', 'A\u{1F4E6}', 'A'.repeat(21)]) {
      const response = await server.call(
        'PUT',
        `/api/products/${id}`,
        manager(),
        productBody('RK-1', { rack }),
      );
      expect([rack, response.statusCode, response.json()]).toEqual([rack, 400, { message }]);
    }
    const created = await server.call(
      'POST',
      '/api/products',
      manager(),
      productBody('RK-X', { rack: 'B#2' }),
    );
    expect([created.statusCode, created.json()]).toEqual([400, { message }]);
    for (const query of ['rack=A%201', `rack=${'A'.repeat(21)}`]) {
      const filtered = await server.call('GET', `/api/products?${query}`, manager());
      expect([query, filtered.statusCode, filtered.json()]).toEqual([query, 400, { message }]);
    }
  });

  it('is on the stock card', async () => {
    const response = await server.call('GET', `/api/products/${id}/ledger`, manager());
    expect((response.json() as { data: { product: Product } }).data.product.rack).toBe('C-1');
  });
});

describe('Data Produk by rack', () => {
  beforeAll(async () => {
    await create('RK-2', 'A-10');
    await create('RK-3', 'A-02');
    await create('RK-4', 'a-2');
    await create('RK-5', 'AB-1');
    await create('RK-6', 'B-1');
  });

  it('sorts by the racks as written (byte order), products without one last; Z-A reverses', async () => {
    const sorted = (await list('sort=rack&search=RK-')).map(([code]) => code);
    // A-02 < A-10 < A-2 < AB-1 < B-1 < C-1, then RK-0 (none).
    expect(sorted).toEqual(['RK-3', 'RK-2', 'RK-4', 'RK-5', 'RK-6', 'RK-1', 'RK-0']);
    const unsearched = (await list('sort=rack')).map(([code]) => code);
    expect(unsearched.slice(0, 6)).toEqual(['RK-3', 'RK-2', 'RK-4', 'RK-5', 'RK-6', 'RK-1']);
    const reversed = (await list('sort=rack_desc&search=RK-')).map(([code]) => code);
    expect(reversed).toEqual([...sorted].reverse());
  });

  it('filters by a prefix, in any letter case', async () => {
    expect(await list('rack=a-&sort=rack')).toEqual([
      ['RK-3', 'A-02'],
      ['RK-2', 'A-10'],
      ['RK-4', 'A-2'],
    ]);
    expect(await list('rack=A&sort=rack')).toEqual([
      ['RK-3', 'A-02'],
      ['RK-2', 'A-10'],
      ['RK-4', 'A-2'],
      ['RK-5', 'AB-1'],
    ]);
    expect(await list('rack=a-1&search=RK-2')).toEqual([['RK-2', 'A-10']]);
    expect(await list('rack=Z')).toEqual([]);
    const bad = await server.call('GET', '/api/products?rack=A%25', manager());
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: RACK_MESSAGES.invalid }]);
  });
});

describe('racks from a file', () => {
  const file = (text: string) => ({ name: 'rak.csv', data: Buffer.from(text) });
  const preview = async (text: string, token = manager()) => {
    const response = await upload(server, '/api/product-racks/imports', token, file(text));
    return response;
  };
  const commit = (id: number, payload: Record<string, unknown> = {}, token = manager()) =>
    server.call('POST', `/api/product-racks/imports/${id}/commit`, token, payload);

  const FILE =
    'Kode Barang,Rak\r\nrk-2,b-20\r\nRK-3,\r\nTIDAK-ADA,A-1\r\nRK-4,A 2\r\nRK-5,AB-1\r\n' +
    'RK-6,C-9\r\nRK-6,C-8\r\n,D-1\r\n';

  it('previews every row with its state, changing nothing', async () => {
    const response = await preview(FILE);
    expect(response.statusCode).toBe(201);
    const body = response.json() as RackImport;
    expect(body.rows.map((r) => [r.row, r.product_code, r.current_rack, r.rack, r.state])).toEqual([
      [2, 'rk-2', 'A-10', 'B-20', 'update'],
      [3, 'RK-3', 'A-02', null, 'update'],
      [4, 'TIDAK-ADA', null, 'A-1', 'unknown_product'],
      [5, 'RK-4', 'A-2', 'A 2', 'invalid'],
      [6, 'RK-5', 'AB-1', 'AB-1', 'unchanged'],
      [7, 'RK-6', 'B-1', 'C-9', 'update'],
      [8, 'RK-6', 'B-1', 'C-8', 'invalid'],
      [9, '', null, 'D-1', 'invalid'],
    ]);
    expect(body.rows.map((r) => r.problem).filter((p) => p !== null)).toEqual([
      RACK_MESSAGES.unknownProduct('TIDAK-ADA', 4),
      RACK_MESSAGES.rackInvalid(5),
      RACK_MESSAGES.duplicateCode('RK-6', 8),
      RACK_MESSAGES.codeMissing(9),
    ]);
    expect(body.summary).toEqual({
      total: 8,
      update: 3,
      unchanged: 1,
      unknown_product: 1,
      invalid: 3,
    });
    expect(await list('search=RK-2')).toEqual([['RK-2', 'A-10']]);
  });

  it('commits only without problems or with skip_problems, once, by its uploader', async () => {
    const { id } = (await preview(FILE)).json() as RackImport;
    const refused = await commit(id);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: RACK_MESSAGES.hasProblems(4) },
    ]);
    const other = await createTestUser(server.database, 'manager');
    const otherToken = await login(server.app, other.email, other.password);
    const notOwn = await commit(id, { skip_problems: true }, otherToken);
    expect([notOwn.statusCode, notOwn.json()]).toEqual([
      403,
      { message: RACK_MESSAGES.notUploader },
    ]);
    const done = await commit(id, { skip_problems: true });
    expect(done.statusCode).toBe(200);
    expect(done.json() as RackImportResult).toEqual({
      message: RACK_MESSAGES.imported(3),
      updated: 2,
      cleared: 1,
      unchanged: 1,
      skipped: 4,
    });
    expect(await list('search=RK-&sort=rack')).toEqual([
      ['RK-4', 'A-2'],
      ['RK-5', 'AB-1'],
      ['RK-2', 'B-20'],
      ['RK-1', 'C-1'],
      ['RK-6', 'C-9'],
      ['RK-0', null],
      ['RK-3', null],
    ]);
    expect((await latestLog(server.database, 'IMPORT_RACKS'))?.details).toBe(
      'Impor rak dari file rak.csv: 2 produk diatur, 1 dikosongkan, 1 tidak berubah, 4 baris dilewati',
    );
    const twice = await commit(id, { skip_problems: true });
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { message: RACK_MESSAGES.alreadyCommitted },
    ]);
  });

  it('reads the same file again as unchanged', async () => {
    const again = (await preview('Kode,Lokasi\r\nRK-2,B-20\r\nRK-3,\r\n')).json() as RackImport;
    expect(again.rows.map((r) => r.state)).toEqual(['unchanged', 'unchanged']);
    const nothing = await commit(again.id);
    expect(nothing.json()).toMatchObject({ updated: 0, cleared: 0, unchanged: 2, skipped: 0 });
  });

  it("is the manager's: an admin is refused", async () => {
    const response = await preview('Kode Barang,Rak\r\nRK-2,A-1\r\n', server.actors.adminToken);
    expect(response.statusCode).toBe(403);
  });

  it('refuses a file that is no spreadsheet with a clear message', async () => {
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 0xff)]);
    const response = await upload(server, '/api/product-racks/imports', manager(), {
      name: 'rak.xlsx',
      data: zip,
    });
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { message: MARKETPLACE_MESSAGES.notSpreadsheet },
    ]);
  });

  it('refuses a file without the two columns, or without rows', async () => {
    const missing = await preview('Kode Barang,Nama\r\nRK-2,Kaos\r\n');
    expect([missing.statusCode, missing.json()]).toEqual([
      400,
      { message: RACK_MESSAGES.missingColumns },
    ]);
    const empty = await preview('Kode Barang,Rak\r\n');
    expect(empty.json()).toEqual({ message: RACK_MESSAGES.noRows });
    const notFound = await commit(999_999);
    expect([notFound.statusCode, notFound.json()]).toEqual([
      404,
      { message: RACK_MESSAGES.importNotFound },
    ]);
  });
});

describe("Stok Opname's scope 'Rak'", () => {
  it('counts the racks starting with a prefix, the sheet in rack order', async () => {
    const response = await server.call('POST', '/api/stock-opname', manager(), {
      name: 'Lorong A',
      scope: { type: 'rack', value: 'a' },
    });
    expect(response.statusCode).toBe(201);
    const session = (response.json() as { data: StockOpnameSession }).data;
    expect(session.scope).toEqual({ type: 'rack', value: 'A', product_codes: null });
    expect(session.lines.map((l) => [l.product_code, l.rack])).toEqual([
      ['RK-4', 'A-2'],
      ['RK-5', 'AB-1'],
    ]);
    expect((await latestLog(server.database, 'START_STOCK_OPNAME'))?.details).toBe(
      'Memulai stok opname "Lorong A": rak berawalan A, 2 produk',
    );
  });

  it('refuses a prefix missing, not a rack, or matching nothing', async () => {
    for (const [value, message] of [
      [undefined, OPNAME_MESSAGES.scopeRack],
      ['A 1', OPNAME_MESSAGES.scopeRackInvalid],
      ['Z-', OPNAME_MESSAGES.scopeEmpty],
    ] as const) {
      const response = await server.call('POST', '/api/stock-opname', manager(), {
        name: 'Salah',
        scope: value === undefined ? { type: 'rack' } : { type: 'rack', value },
      });
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    }
  });
});

describe('the order import keeps the courier and who fulfils the order', () => {
  // Shopee's 2026 export (shared/marketplace-files.md, section 1): 'Shipped by Advance
  // Fulfilment' as its third column; the month before, the same without it.
  const HEADERS_2026 = (
    'No. Pesanan;Status Pesanan;Shipped by Advance Fulfilment;Status Pembatalan/ Pengembalian;' +
    'No. Resi;Opsi Pengiriman;Antar ke counter/ pick-up;' +
    'Pesanan Harus Dikirimkan Sebelum (Menghindari keterlambatan);Waktu Pengiriman Diatur;' +
    'Waktu Pesanan Dibuat;Waktu Pembayaran Dilakukan;Metode Pembayaran;SKU Induk;Nama Produk;' +
    'Nomor Referensi SKU;Nama Variasi;Harga Awal;Harga Setelah Diskon;Jumlah;Returned quantity;' +
    'Total Harga Produk;Total Diskon;Diskon Dari Penjual;Diskon Dari Shopee;Berat Produk;' +
    'Jumlah Produk di Pesan;Total Berat;Voucher Ditanggung Penjual;Cashback Koin;' +
    'Voucher Ditanggung Shopee;Paket Diskon;Paket Diskon (Diskon dari Shopee);' +
    'Paket Diskon (Diskon dari Penjual);Potongan Koin Shopee;Diskon Kartu Kredit;' +
    'Ongkos Kirim Dibayar oleh Pembeli;Estimasi Potongan Biaya Pengiriman;' +
    'Ongkos Kirim Pengembalian Barang;Total Pembayaran;Perkiraan Ongkos Kirim;' +
    'Catatan dari Pembeli;Catatan;Username (Pembeli);Nama Penerima;No. Telepon;' +
    'Alamat Pengiriman;Kota/Kabupaten;Provinsi;Waktu Pesanan Selesai'
  ).split(';');
  const HEADERS_BEFORE = HEADERS_2026.filter((h) => h !== 'Shipped by Advance Fulfilment');
  const shopee = (headers: readonly string[], rows: Record<string, string | number>[]) =>
    Buffer.from(
      [headers, ...rows.map((row) => headers.map((h) => String(row[h] ?? '')))]
        .map((cells) => cells.join(','))
        .join('\r\n') + '\r\n',
    );
  const row = (order: string, fulfilled: string, courier: string) => ({
    'No. Pesanan': order,
    'Status Pesanan': 'Perlu Dikirim',
    'Shipped by Advance Fulfilment': fulfilled,
    'No. Resi': `RESI-${order}`,
    'Opsi Pengiriman': courier,
    'Waktu Pesanan Dibuat': '2026-11-20 10:00',
    'Nama Produk': 'Kaos',
    'Nomor Referensi SKU': 'RK-2',
    Jumlah: 1,
    'Harga Setelah Diskon': 50000,
  });
  const importFile = async (data: Buffer) => {
    const response = await upload(server, '/api/marketplace-imports', manager(), {
      name: 'shopee.csv',
      data,
    });
    expect({ status: response.statusCode, body: response.body }).toMatchObject({ status: 201 });
    const { id } = response.json() as MarketplaceImport;
    const committed = await server.call('POST', `/api/marketplace-imports/${id}/commit`, manager());
    expect(committed.statusCode).toBe(200);
  };
  const stored = async () =>
    (
      await server.database.db.execute<{
        order_number: string;
        courier: string | null;
        marketplace_fulfilled: boolean | null;
      }>(sql`select order_number, courier, marketplace_fulfilled from marketplace_orders
              where order_number like 'FF-%' order by order_number`)
    ).rows;

  it('reads them from the file, and a file without the columns leaves them', async () => {
    await importFile(
      shopee(HEADERS_2026, [
        row('FF-1', 'Yes', 'SPX Standard'),
        row('FF-2', 'No', 'J&T Express'),
        row('FF-3', '', ''),
      ]),
    );
    expect(await stored()).toEqual([
      { order_number: 'FF-1', courier: 'SPX Standard', marketplace_fulfilled: true },
      { order_number: 'FF-2', courier: 'J&T Express', marketplace_fulfilled: false },
      { order_number: 'FF-3', courier: null, marketplace_fulfilled: null },
    ]);
    // The export before (no fulfilment column), FF-1 shipped by another courier now.
    await importFile(shopee(HEADERS_BEFORE, [row('FF-1', '', 'Anteraja')]));
    expect((await stored())[0]).toEqual({
      order_number: 'FF-1',
      courier: 'Anteraja',
      marketplace_fulfilled: true,
    });
    const available = await server.call(
      'GET',
      '/api/pick-batches/available?courier=j%26t%20express',
      manager(),
    );
    expect(available.json()).toMatchObject({
      data: { orders: 1, skipped: { marketplace_fulfilled: 0, no_resi: 0 } },
    });
    const all = await server.call('GET', '/api/pick-batches/available', manager());
    expect(all.json()).toMatchObject({
      data: { orders: 2, skipped: { marketplace_fulfilled: 1, no_resi: 0 } },
    });
  });
});
