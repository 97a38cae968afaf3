// Hostile uploads: not a spreadsheet, formulas, too many rows, too many bytes, a zip bomb, broken
// multipart requests. Each gets a clear Indonesian 4xx; nothing is written; no 5xx.
import {
  MARKETPLACE_MAX_ROWS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  type MarketplaceImport,
} from '@gudang/api-client/contract';
import * as XLSX from 'xlsx';
import { authHeader } from '../../testing/test-app';
import { setupTestServer } from '../../testing/fixtures';
import { csv, SHOPEE_HEADERS_48 } from './fixtures/fixture-files';
import { inflatingXlsx } from './fixtures/zip';
import { marketplaceRows, multipart, seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

beforeAll(async () => {
  await seedCatalog(server);
});

const SHORT_HEADERS = [
  'No. Pesanan',
  'Status Pesanan',
  'Waktu Pesanan Dibuat',
  'Nomor Referensi SKU',
  'Nama Produk',
  'Jumlah',
];
const shortRow = (i: number) => [
  `ORD${i}`,
  'Perlu Dikirim',
  '2026-08-01 10:00',
  'KAOS-HITAM-M',
  'Kaos',
  '1',
];

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

describe('hostile files', () => {
  it.each([
    ['an image', () => PNG, 'foto.xlsx', 400, MARKETPLACE_MESSAGES.notSpreadsheet],
    [
      'a zip that is no workbook',
      () => Buffer.from('504b0304' + '00'.repeat(60), 'hex'),
      'rusak.xlsx',
      400,
      MARKETPLACE_MESSAGES.notSpreadsheet,
    ],
    [
      `${(MARKETPLACE_MAX_ROWS * 2).toLocaleString('en')} rows of CSV`,
      () =>
        csv([
          SHORT_HEADERS,
          ...Array.from({ length: MARKETPLACE_MAX_ROWS * 2 }, (_v, i) => shortRow(i)),
        ]),
      'besar.csv',
      400,
      MARKETPLACE_MESSAGES.tooManyRows(MARKETPLACE_MAX_ROWS),
    ],
    [
      `${(MARKETPLACE_MAX_ROWS * 2).toLocaleString('en')} rows of xlsx`,
      () => {
        const sheet = XLSX.utils.aoa_to_sheet([
          SHORT_HEADERS,
          ...Array.from({ length: MARKETPLACE_MAX_ROWS * 2 }, (_v, i) => shortRow(i)),
        ]);
        const book = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(book, sheet, 'orders');
        return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
      },
      'besar.xlsx',
      400,
      MARKETPLACE_MESSAGES.tooManyRows(MARKETPLACE_MAX_ROWS),
    ],
    [
      'more than 10 MB',
      () => Buffer.alloc(MARKETPLACE_UPLOAD_MAX_BYTES + 1, 0x41),
      'besar.csv',
      413,
      MARKETPLACE_MESSAGES.tooLarge,
    ],
    [
      'an xlsx that inflates past 200 MB',
      () => inflatingXlsx(201),
      'bom.xlsx',
      400,
      MARKETPLACE_MESSAGES.inflatesTooMuch,
    ],
  ])(
    'refuses %s with a clear message, writing nothing',
    async (_label, make, name, status, message) => {
      const data = make();
      const before = await marketplaceRows(server);
      for (const url of ['/api/marketplace-imports', '/api/marketplace-stock-file']) {
        const response = await upload(server, url, server.actors.managerToken, { name, data });
        expect({ url, status: response.statusCode, body: response.json() }).toMatchObject({
          url,
          status,
          body: { message },
        });
      }
      expect(await marketplaceRows(server)).toEqual(before);
    },
    60_000,
  );

  it('reads an xlsx whose sizes lie about its inflated parts as an empty sheet, not a crash', async () => {
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'bohong.xlsx',
      data: inflatingXlsx(50, true),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Format file tidak dikenali/);
  }, 60_000);

  it('takes the stored values of formula cells and never evaluates formulas', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([SHORT_HEADERS, shortRow(1), shortRow(2)]);
    // Jumlah of row 2 is a formula whose stored result is 3; row 3's SKU is a formula's text.
    sheet.F2 = { t: 'n', v: 3, f: '1+2' };
    sheet.D3 = { t: 's', v: 'TOPI-01', f: 'HYPERLINK("http://contoh.invalid","TOPI-01")' };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'orders');
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const fromXlsx = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'rumus.xlsx',
      data: xlsx,
    });
    expect(fromXlsx.statusCode).toBe(201);
    expect((fromXlsx.json() as MarketplaceImport).lines).toMatchObject([
      { row: 2, quantity: 3, sku: 'KAOS-HITAM-M' },
      { row: 3, quantity: 1, sku: 'TOPI-01' },
    ]);

    // In a CSV a formula is text as written: '=1+2' is no number, '=HYPERLINK(...)' a SKU.
    const text = csv([
      SHORT_HEADERS,
      ['ORD1', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', '=1+2'],
      [
        'ORD2',
        'Perlu Dikirim',
        '2026-08-01 10:00',
        '=HYPERLINK("http://contoh.invalid")',
        'Kaos',
        '1',
      ],
      ['ORD3', 'Perlu Dikirim', '2026-08-01 10:00', "=cmd|' /C calc'!A0", 'Kaos', '1'],
    ]);
    const fromCsv = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'rumus.csv',
      data: text,
    });
    expect(fromCsv.statusCode).toBe(201);
    expect((fromCsv.json() as MarketplaceImport).lines).toMatchObject([
      { row: 2, state: 'invalid', problem: 'Jumlah bukan angka (baris 2)' },
      { row: 3, state: 'unknown_sku', sku: '=HYPERLINK("http://contoh.invalid")' },
      { row: 4, state: 'unknown_sku', sku: "=cmd|' /C calc'!A0" },
    ]);
  });

  it('tells a negative or zero quantity apart from one that is no number', async () => {
    const quantities = ['-3', '0', '1,5', 'dua'];
    const text = csv([
      SHORT_HEADERS,
      ...quantities.map((quantity, i) => [...shortRow(i + 1).slice(0, 5), quantity]),
    ]);
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'jumlah.csv',
      data: text,
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as MarketplaceImport).lines).toMatchObject([
      { row: 2, state: 'invalid', problem: 'Jumlah harus lebih dari 0 (baris 2)', quantity: null },
      { row: 3, state: 'invalid', problem: 'Jumlah harus lebih dari 0 (baris 3)', quantity: null },
      { row: 4, state: 'invalid', problem: 'Jumlah bukan angka (baris 4)', quantity: null },
      { row: 5, state: 'invalid', problem: 'Jumlah bukan angka (baris 5)', quantity: null },
    ]);
  });

  it('reads a long order number as written, never as 2.8211E+14', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      SHORT_HEADERS,
      [282110123456789, 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', 1],
      // From 1e21 on, String() would write an exponent: written out, as a spreadsheet shows it.
      [1.5e21, 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', 1],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'orders');
    const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
      name: 'angka.xlsx',
      data,
    });
    expect((response.json() as MarketplaceImport).lines.map((line) => line.order_number)).toEqual([
      '282110123456789',
      '1500000000000000000000',
    ]);
  });
});

it('reads a date cell as the wall-clock day written in it, late in the evening too', async () => {
  const sheet = XLSX.utils.aoa_to_sheet([SHORT_HEADERS, shortRow(1)]);
  // 2026-08-01 23:30 as Excel stores it: a day number with a date format.
  sheet.C2 = { t: 'n', v: 46235.979166666664, z: 'yyyy-mm-dd hh:mm' };
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'orders');
  const data = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  const response = await upload(server, '/api/marketplace-imports', server.actors.managerToken, {
    name: 'tanggal.xlsx',
    data,
  });
  expect((response.json() as MarketplaceImport).lines[0]?.date).toBe('2026-08-01');
});

describe('broken uploads', () => {
  const valid = csv([[...SHOPEE_HEADERS_48]]);

  it.each([
    ['no file', [{ name: 'channel', value: 'shopee' }], 400, MARKETPLACE_MESSAGES.fileRequired],
    [
      'an empty file',
      [{ name: 'file', value: Buffer.alloc(0), fileName: 'kosong.csv' }],
      400,
      MARKETPLACE_MESSAGES.fileRequired,
    ],
    [
      'the file under another name',
      [{ name: 'berkas', value: valid, fileName: 'a.csv' }],
      400,
      MARKETPLACE_MESSAGES.badUpload,
    ],
    [
      'two files',
      [
        { name: 'file', value: valid, fileName: 'a.csv' },
        { name: 'file', value: valid, fileName: 'b.csv' },
      ],
      400,
      MARKETPLACE_MESSAGES.badUpload,
    ],
    [
      'an unknown channel',
      [
        { name: 'channel', value: 'blibli' },
        { name: 'file', value: valid, fileName: 'a.csv' },
      ],
      400,
      'Channel harus salah satu dari: shopee, tiktok, lazada, tokopedia, bigseller',
    ],
    [
      'too many fields',
      Array.from({ length: 8 }, (_v, i) => ({ name: `f${i}`, value: 'x' })),
      400,
      MARKETPLACE_MESSAGES.badUpload,
    ],
  ])('refuses %s', async (_label, parts, status, message) => {
    const before = await marketplaceRows(server);
    const body = multipart(parts);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/marketplace-imports',
      headers: { ...authHeader(server.actors.managerToken), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status,
      body: { message },
    });
    expect(await marketplaceRows(server)).toEqual(before);
  });

  it('refuses JSON instead of a file', async () => {
    const response = await server.call(
      'POST',
      '/api/marketplace-imports',
      server.actors.managerToken,
      { file: 'x' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MARKETPLACE_MESSAGES.fileRequired });
  });

  it('refuses a multipart request cut short', async () => {
    const body = multipart([{ name: 'file', value: Buffer.alloc(1000, 0x41), fileName: 'a.csv' }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/marketplace-imports',
      headers: { ...authHeader(server.actors.managerToken), 'content-type': body.contentType },
      payload: body.payload.subarray(0, 500),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
