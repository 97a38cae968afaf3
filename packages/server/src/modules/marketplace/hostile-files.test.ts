// Hostile uploads: not a spreadsheet, formulas, too many rows, too many bytes, a zip bomb, broken
// multipart requests. Each gets a clear Indonesian 4xx; nothing is written; no 5xx.
import {
  MESSAGES,
  MARKETPLACE_MAX_ROWS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  type MarketplaceImport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { authHeader, buildTestApp, login } from '../../testing/test-app';
import { setupTestServer } from '../../testing/fixtures';
import { measuredBy } from '../../testing/measured';
import { csv, SHOPEE_HEADERS_48, workbook } from './fixtures/fixture-files';
import { inflatingXlsx, rawXlsx, type RawCell } from './fixtures/zip';
import { DEFAULT_LIMITS, readOrderFile } from './sheets';
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

/** One 30,000-character string referenced by `perRow` cells of every row (0.2-1.2 MB on disk). */
function sharedStringsBomb(rows: number, perRow: number): Buffer {
  const bombRow = (i: number): RawCell[] => [
    `ORD${i}`,
    'Perlu Dikirim',
    '2026-08-01 10:00',
    'KAOS-HITAM-M',
    ...Array.from({ length: perRow }, () => ({ shared: 0 })),
    1,
  ];
  const headers = [...SHORT_HEADERS.slice(0, 5)];
  for (let extra = 1; extra < perRow; extra += 1) headers.push(`Catatan ${extra}`);
  headers.push('Jumlah');
  return rawXlsx(
    [headers, ...Array.from({ length: rows }, (_v, i) => bombRow(i))],
    ['x'.repeat(30_000)],
  );
}

/**
 * Runs `work` while another user (the admin) asks an uncached product search every 100 ms, and
 * prints the time, the server's memory and that user's longest wait.
 */
const measured = measuredBy('hostile file', (n) =>
  server.call('GET', `/api/products?search=probe${n}&limit=5`, server.actors.adminToken),
);

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
      // No <dimension>: the reader stopped at row 50,001 and dropped this row without a word.
      'an xlsx without a dimension whose one order row is row 60,000',
      () => {
        const rows: RawCell[][] = [SHORT_HEADERS];
        rows[59_999] = shortRow(1);
        return rawXlsx(rows);
      },
      'jauh.xlsx',
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
    [
      'a shared-strings bomb: one 30,000-character string in each of 10,000 rows',
      () => sharedStringsBomb(10_000, 1),
      'sst_10k_x1.xlsx',
      400,
      MARKETPLACE_MESSAGES.tooMuchText,
    ],
    [
      'a shared-strings bomb: one 30,000-character string in 3 cells of each of 49,000 rows',
      () => sharedStringsBomb(49_000, 3),
      'sst_49k_x3.xlsx',
      400,
      MARKETPLACE_MESSAGES.tooMuchText,
    ],
  ])(
    'refuses %s with a clear message, writing nothing',
    async (_label, make, name, status, message) => {
      const data = make();
      const before = await marketplaceRows(server);
      for (const url of ['/api/marketplace-imports', '/api/marketplace-stock-file']) {
        const response = await measured(`${name} (${url})`, () =>
          upload(server, url, server.actors.managerToken, { name, data }),
        );
        expect({ url, status: response.statusCode, body: response.json() }).toMatchObject({
          url,
          status,
          body: { message },
        });
      }
      expect(await marketplaceRows(server)).toEqual(before);
    },
    120_000,
  );

  it('cleans a lone UTF-16 surrogate to U+FFFD and shows its line as a problem, never a 500', async () => {
    const data = rawXlsx(
      [
        SHORT_HEADERS,
        ['ORD1', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', { shared: 0 }, 1],
        ['ORD2', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', { shared: 1 }, 1],
        ['ORD3', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'a&#xD800;b', 1],
        ['ORD_xD800_', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', 1],
        ['ORD5', 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', 1],
      ],
      ['a_xD800_b', 'a_xDC00_b'],
    );
    const before = await marketplaceRows(server);
    const response = await measured('sur.xlsx', () =>
      upload(server, '/api/marketplace-imports', server.actors.managerToken, {
        name: 'sur.xlsx',
        data,
      }),
    );
    expect(response.statusCode).toBe(201);
    const preview = response.json() as MarketplaceImport;
    expect(
      preview.lines.map(({ row, product_name, order_number, state, problem }) => ({
        row,
        product_name,
        order_number,
        state,
        problem,
      })),
    ).toEqual([
      {
        row: 2,
        order_number: 'ORD1',
        product_name: 'a\ufffdb',
        state: 'invalid',
        problem: 'Nama Produk berisi karakter yang tidak diizinkan (baris 2)',
      },
      {
        row: 3,
        order_number: 'ORD2',
        product_name: 'a\ufffdb',
        state: 'invalid',
        problem: 'Nama Produk berisi karakter yang tidak diizinkan (baris 3)',
      },
      {
        row: 4,
        order_number: 'ORD3',
        product_name: 'a\ufffdb',
        state: 'invalid',
        problem: 'Nama Produk berisi karakter yang tidak diizinkan (baris 4)',
      },
      {
        row: 5,
        order_number: 'ORD\ufffd',
        product_name: 'Kaos',
        state: 'invalid',
        problem: 'No. Pesanan berisi karakter yang tidak diizinkan (baris 5)',
      },
      { row: 6, order_number: 'ORD5', product_name: 'Kaos', state: 'ready', problem: null },
    ]);
    // Only the preview was written.
    const after = await marketplaceRows(server);
    expect(after.marketplace_orders).toEqual(before.marketplace_orders);
    expect(after.marketplace_imports).toHaveLength((before.marketplace_imports ?? []).length + 1);
  }, 60_000);

  it('reads a 49,000-line CSV (a real export size) with the parsing off the main thread', async () => {
    const data = csv([
      [...SHORT_HEADERS, 'No. Resi', 'Harga Setelah Diskon'],
      ...Array.from({ length: 49_000 }, (_v, i) => [
        ...shortRow(i),
        `SPXID${String(i).padStart(10, '0')}`,
        String(10_000 + (i % 50) * 500),
      ]),
    ]);
    const response = await measured(`orders_49k.csv (${(data.length / 1e6).toFixed(1)} MB)`, () =>
      upload(server, '/api/marketplace-imports', server.actors.managerToken, {
        name: 'orders_49k.csv',
        data,
      }),
    );
    expect(response.statusCode).toBe(201);
    expect((response.json() as MarketplaceImport).summary).toMatchObject({
      total: 49_000,
      ready: 49_000,
    });
  }, 120_000);

  it('refuses 10 MB of commas (ten million empty cells in one row) as no orders', async () => {
    const data = Buffer.alloc(MARKETPLACE_UPLOAD_MAX_BYTES - 1024, 0x2c);
    const response = await measured('commas.csv (10 MB)', () =>
      upload(server, '/api/marketplace-imports', server.actors.managerToken, {
        name: 'commas.csv',
        data,
      }),
    );
    expect(response.statusCode).toBe(400);
  }, 120_000);

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
      // 15 significant digits, as many as a spreadsheet keeps: every one of them is real.
      [999999999999999, 'Perlu Dikirim', '2026-08-01 10:00', 'KAOS-HITAM-M', 'Kaos', 1],
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
      '999999999999999',
    ]);
  });

  // Issue 42 m8: TikTok's 18-digit Order IDs re-saved by Excel made phantom orders sharing resis.
  describe('refuses an order file whose ids a spreadsheet program turned into numbers', () => {
    const tiktokHeaders = ['Order ID', 'Order Status', 'Seller SKU', 'Quantity', 'Created Time'];
    const tiktokRow = (id: string | number) => [
      id,
      'To ship',
      'KAOS-HITAM-M',
      1,
      '01/08/2026 21:05:10',
    ];
    const refusal = (value: string, row: number) => ({
      status: 400,
      body: { message: MARKETPLACE_MESSAGES.idLostDigits('Order ID', row, value) },
    });

    it.each([
      // Excel's 15 significant digits: 576471112345678901 became 576471112345678000.
      ['a number cell with zeros past the 15th digit', 576471112345678000, '576471112345678000'],
      // Above 2^53 no number holds every digit (1.5e21 is written out, still refused).
      ['a number cell too large for its digits', 1.5e21, '1500000000000000000000'],
      ['an exponent written as text', '5.76471E+17', '5.76471E+17'],
    ])('%s', async (_name, id, shown) => {
      const before = await marketplaceRows(server);
      const data = workbook([
        {
          name: 'OrderSKUList',
          rows: [tiktokHeaders, tiktokRow('576471112345678901'), tiktokRow(id)],
        },
      ]);
      const response = await upload(
        server,
        '/api/marketplace-imports',
        server.actors.managerToken,
        {
          name: 'tiktok-excel.xlsx',
          data,
        },
      );
      expect({ status: response.statusCode, body: response.json() }).toMatchObject(
        refusal(shown, 3),
      );
      expect(await marketplaceRows(server)).toEqual(before);
    });

    it('refuses a CSV that Excel saved with the ids as 5,77E+17', async () => {
      const data = csv([tiktokHeaders, tiktokRow('5,76471E+17')], ';');
      const response = await upload(
        server,
        '/api/marketplace-imports',
        server.actors.managerToken,
        {
          name: 'tiktok-excel.csv',
          data,
        },
      );
      expect({ status: response.statusCode, body: response.json() }).toMatchObject(
        refusal('5,76471E+17', 2),
      );
    });

    it('takes the same 18 digits written as text, as the marketplace exports them', async () => {
      const data = workbook([
        { name: 'OrderSKUList', rows: [tiktokHeaders, tiktokRow('576471112345678000')] },
      ]);
      const response = await upload(
        server,
        '/api/marketplace-imports',
        server.actors.managerToken,
        {
          name: 'tiktok.xlsx',
          data,
        },
      );
      expect(response.statusCode).toBe(201);
      expect((response.json() as MarketplaceImport).lines[0]?.order_number).toBe(
        '576471112345678000',
      );
    });
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
      MESSAGES.fileEmpty,
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

describe('the log', () => {
  it("never holds a request's rows, even when the database refuses the preview", async () => {
    const logged: string[] = [];
    const app = await buildTestApp(server.database, {
      logger: {
        level: 'warn',
        stream: {
          write: (line: string) => {
            logged.push(line);
          },
        },
      },
    });
    // A constraint the preview breaks: the database error carries every line as a parameter.
    await server.database.db.execute(
      sql`alter table marketplace_imports add constraint fail_log check (file_name <> 'log.csv') not valid`,
    );
    try {
      const token = await login(app, server.actors.manager.email, server.actors.manager.password);
      const body = multipart([
        {
          name: 'file',
          fileName: 'log.csv',
          value: csv([
            SHORT_HEADERS,
            ...Array.from({ length: 2_000 }, (_v, i) => {
              const row = shortRow(i);
              row[4] = `RAHASIA-BARIS-${i}`;
              return row;
            }),
          ]),
        },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/marketplace-imports',
        headers: { ...authHeader(token), 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    } finally {
      await server.database.db.execute(
        sql`alter table marketplace_imports drop constraint fail_log`,
      );
      await app.close();
    }
    const log = logged.join('');
    expect(log).not.toContain('RAHASIA-BARIS');
    expect(log.length).toBeLessThan(20_000);
  }, 60_000);
});

describe("the worker's text limits", () => {
  const file = csv([SHORT_HEADERS, ...Array.from({ length: 100 }, (_v, i) => shortRow(i))]);
  const options = { channel: undefined, timeZone: 'Asia/Jakarta', latestDate: '2099-12-31' };

  it('refuses cells holding more text than the budget, and a preview larger than its own', async () => {
    expect(await readOrderFile(file, options, { ...DEFAULT_LIMITS, maxTextChars: 1_000 })).toEqual({
      ok: false,
      reason: 'too_much_text',
    });
    expect(
      await readOrderFile(file, options, { ...DEFAULT_LIMITS, maxPreviewChars: 1_000 }),
    ).toEqual({ ok: false, reason: 'preview_too_large' });
    const read = await readOrderFile(file, options);
    expect(read).toMatchObject({ ok: true, channel: 'shopee' });
    expect('lines' in read ? read.lines : []).toHaveLength(100);
  }, 30_000);
});
