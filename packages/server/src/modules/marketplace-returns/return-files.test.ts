// Return files through POST /api/return-imports that the order and income imports' hostile files
// have taught (issue 41): each refused with a clear Indonesian 4xx, nothing written, never a 5xx;
// a broken character or an id that lost its digits in a spreadsheet program refused on its own
// row; a large file read and parsed in the spreadsheet worker (the server's thread never parses).
// Each upload prints its time, the server's memory (this process: the app runs in it) and a
// probe request's longest wait beside it: read, never asserted. Both databases (DATABASE_URL).
import {
  MARKETPLACE_MESSAGES,
  MARKETPLACE_RETURN_MESSAGES,
  RETURN_FILE_MAX_BYTES,
  type ReturnImport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { setupTestServer, snapshot } from '../../testing/fixtures';
import { measuredBy } from '../../testing/measured';
import { rawXlsx, upload, type RawCell } from '../marketplace/test-helpers';
import type * as Parser from './parse-returns';
import { parseReturnFile, RETURN_PARSE_MESSAGES } from './parse-returns';

// The parser as this thread (the server's) sees it, watched: the worker has its own copy.
jest.mock('./parse-returns', () => {
  const actual = jest.requireActual<typeof Parser>('./parse-returns');
  return { ...actual, parseReturnFile: jest.fn(actual.parseReturnFile) };
});

const server = setupTestServer();

const post = (data: Buffer, name: string) =>
  upload(server, '/api/return-imports', server.actors.managerToken, { name, data });

async function written() {
  const { rows } = await server.database.db.execute<{ previews: unknown; requests: unknown }>(sql`
    select (select count(*) from return_imports) as previews,
           (select count(*) from marketplace_returns) as requests`);
  return {
    previews: Number(rows[0]?.previews),
    requests: Number(rows[0]?.requests),
    ...(await snapshot(server.database)),
  };
}

/**
 * Runs `work` while another user (the admin) asks an uncached product search every 100 ms, and
 * prints the time, the server's memory and that user's longest wait.
 */
const measured = measuredBy('return file', (n) =>
  server.call('GET', `/api/products?search=probe${n}&limit=5`, server.actors.adminToken),
);

/** A Shopee return file's required columns (and the line's), A to I. */
const HEADERS = [
  'No. Pengembalian',
  'No. Pesanan',
  'Status Pembatalan/ Pengembalian',
  'Total Pengembalian Dana',
  'Kode Variasi',
  'Nama Produk',
  'Variasi',
  'Alasan Pengembalian',
  'No. Resi Pengembalian',
];
const returnRow = (i: number): RawCell[] => [
  `RET${i}`,
  `ORD${i}`,
  'Selesai',
  '50000',
  'KAOS-RTR',
  'Kaos',
  'Hitam,M',
  'Rusak',
  `RTN${i}`,
];

const csvText = (rows: readonly (readonly RawCell[])[], delimiter = ',') =>
  Buffer.from(`${rows.map((row) => row.join(delimiter)).join('\r\n')}\r\n`, 'utf8');

/** `rows` rows whose column H (the reason) holds `perRow` cells of one 30,000-character string. */
function sharedStringsBomb(rows: number, perRow: number): Buffer {
  const headers = [...HEADERS.slice(0, 7), 'Alasan Pengembalian'];
  for (let extra = 1; extra < perRow; extra += 1) headers.push(`Catatan ${extra}`);
  return rawXlsx(
    [
      headers,
      ...Array.from({ length: rows }, (_v, i) => [
        ...returnRow(i).slice(0, 7),
        ...Array.from({ length: perRow }, () => ({ shared: 0 })),
      ]),
    ],
    ['x'.repeat(30_000)],
  );
}

/**
 * 10,000 requests each holding the longest texts a request keeps: 24 million characters of cells
 * (under the 30 million budget), 27 million in the preview (over its 25 million).
 */
function widePreview(): Buffer {
  const id = (prefix: string, i: number) => `${prefix}${i}`.padEnd(100, 'x');
  return rawXlsx(
    [
      HEADERS,
      ...Array.from({ length: 10_000 }, (_v, i): RawCell[] => [
        id('RET', i),
        id('ORD', i),
        { shared: 0 },
        1,
        { shared: 1 },
        { shared: 2 },
        { shared: 3 },
        { shared: 4 },
        { shared: 5 },
      ]),
    ],
    [
      's'.repeat(200),
      'k'.repeat(200),
      'n'.repeat(500),
      'v'.repeat(200),
      'r'.repeat(1000),
      't'.repeat(100),
    ],
  );
}

const UNKNOWN_FORMAT = RETURN_PARSE_MESSAGES.unknownFormat([
  'Shopee Pengembalian Barang/Dana: No. Pengembalian, No. Pesanan, Status Pembatalan/ Pengembalian, Total Pengembalian Dana',
  'Shopee Pengiriman Gagal: No. Pesanan, Status pengiriman gagal',
  'Shopee Pembatalan: No. Pesanan, Status Pesanan, Alasan Pembatalan',
  'TikTok Shop Pengembalian: Return Order ID, Order ID, Return Type, Return Status',
  'Lazada Pengembalian: orderNumber, status, sellerSku, refundAmount',
]);

describe('hostile return files: a clear message, nothing written, the server still answers', () => {
  const farRow: RawCell[][] = [];
  farRow[300_000] = returnRow(1);

  it.each([
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
    [
      '300,001 rows of CSV',
      () => csvText([HEADERS, ...Array.from({ length: 300_001 }, (_v, i) => [`R${i}`, `O${i}`])]),
      'besar.csv',
      400,
      MARKETPLACE_RETURN_MESSAGES.tooManyRows,
    ],
    [
      '300,001 rows of xlsx',
      () => rawXlsx([HEADERS, ...Array.from({ length: 300_001 }, (_v, i) => [i])]),
      'besar.xlsx',
      400,
      MARKETPLACE_RETURN_MESSAGES.tooManyRows,
    ],
    [
      // A row past the limit is refused as too many rows, never dropped (the reader finds the
      // last row in the sheet's XML: far-rows.test.ts).
      'a sheet whose one row is row 300,001',
      () => rawXlsx(farRow),
      'jauh.xlsx',
      400,
      MARKETPLACE_RETURN_MESSAGES.tooManyRows,
    ],
    [
      'a preview of more than 25 million characters (10,000 requests of the longest texts)',
      widePreview,
      'lebar.xlsx',
      400,
      MARKETPLACE_MESSAGES.previewTooLarge,
    ],
    [
      'an xlsx with no known header',
      () =>
        rawXlsx([
          ['Tanggal', 'Keterangan', 'Nominal'],
          ['2026-08-01', 'x', 1],
        ]),
      'lain.xlsx',
      400,
      UNKNOWN_FORMAT,
    ],
    [
      `more than ${RETURN_FILE_MAX_BYTES / 1024 / 1024} MB`,
      () => Buffer.alloc(RETURN_FILE_MAX_BYTES + 1, 0x41),
      'besar.csv',
      413,
      MARKETPLACE_RETURN_MESSAGES.tooLarge,
    ],
    [
      'more than 30 MB',
      () => Buffer.alloc(30 * 1024 * 1024 + 1, 0x41),
      'besar.csv',
      413,
      MARKETPLACE_RETURN_MESSAGES.tooLarge,
    ],
  ])(
    'refuses %s',
    async (label, make, name, status, message) => {
      const data = make();
      const before = await written();
      const response = await measured(
        `${label} (${name}, ${(data.length / 1e6).toFixed(1)} MB)`,
        () => post(data, name),
      );
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status,
        body: { message },
      });
      expect(await written()).toEqual(before);
      const list = await server.call('GET', '/api/marketplace-returns', server.actors.managerToken);
      expect(list.statusCode).toBe(200);
    },
    180_000,
  );
});

describe('a broken character (a lone UTF-16 surrogate)', () => {
  it('refuses the row whose id holds one and cleans it out of other text, never a 500', async () => {
    const data = rawXlsx(
      [
        HEADERS,
        ['RET_xD800_1', 'ORD1', 'Selesai', '50000', 'KAOS-RTR', 'Kaos', '', 'Rusak', 'RTN1'],
        ['RET2', { shared: 0 }, 'Selesai', '50000', 'KAOS-RTR', 'Kaos', '', 'Rusak', 'RTN2'],
        ['RET3', 'ORD3', 'Selesai', '50000', 'KAOS-RTR', 'Kaos', '', 'Rusak', 'RTN&#xD800;3'],
        ['RET4', 'ORD4', 'Selesai', '50000', 'KAOS-RTR', { shared: 1 }, '', 'a&#xD800;b', 'RTN4'],
        ['RET5', 'ORD5', 'Selesai', '50000', 'KAOS-RTR', 'Kaos', '', 'Rusak', 'RTN5'],
      ],
      ['ORD_xDC00_2', 'Kaos_xD800_ Hitam'],
    );
    const before = await written();
    const response = await measured('with lone surrogates (sur.xlsx)', () =>
      post(data, 'sur.xlsx'),
    );
    expect(response.statusCode).toBe(201);
    const preview = response.json() as ReturnImport;
    const left = (message: string, reference: string) =>
      RETURN_PARSE_MESSAGES.leftOut(message, reference);
    expect(preview.problems).toEqual([
      { sheet: 'S', row: 2, message: RETURN_PARSE_MESSAGES.badCharacters('No. Pengembalian') },
      {
        sheet: 'S',
        row: 3,
        message: left(RETURN_PARSE_MESSAGES.badCharacters('No. Pesanan'), 'RET2'),
      },
      {
        sheet: 'S',
        row: 4,
        message: left(RETURN_PARSE_MESSAGES.badCharacters('No. Resi Pengembalian'), 'RET3'),
      },
    ]);
    expect(preview.problems[0]?.message).toBe(
      'No. Pengembalian berisi karakter yang tidak diizinkan',
    );
    expect(
      preview.rows.map(({ return_number, product_name, reason }) => ({
        return_number,
        product_name,
        reason,
      })),
    ).toEqual([
      { return_number: 'RET4', product_name: 'Kaos Hitam', reason: 'a b' },
      { return_number: 'RET5', product_name: 'Kaos', reason: 'Rusak' },
    ]);
    // Only the preview was written; it commits (its text is text PostgreSQL keeps).
    expect(await written()).toMatchObject({ previews: before.previews + 1, requests: 0 });
    const commit = await server.call(
      'POST',
      `/api/return-imports/${preview.id}/commit`,
      server.actors.managerToken,
    );
    expect({ status: commit.statusCode, body: commit.json() }).toMatchObject({
      status: 200,
      body: { created: 2 },
    });
  }, 60_000);
});

describe('ids a spreadsheet program turned into numbers', () => {
  const tiktokHeaders = [
    'Return Order ID',
    'Order ID',
    'Return Type',
    'Return Status',
    'Seller SKU',
    'Return Quantity',
  ];
  const tiktokRow = (returnId: string | number, orderId: string | number) => [
    returnId,
    orderId,
    'Return and refund',
    'Completed',
    'KAOS-RTR',
    1,
  ];

  it('refuses each such row on its own, with the number it became, in an xlsx and a CSV', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        tiktokHeaders,
        // Written as text, as TikTok Shop exports them: every digit is real.
        tiktokRow('4035111111111111', '576471112345678901'),
        // Excel's 15 significant digits: 576471112345678902 became 576471112345678000.
        tiktokRow('4035111111111112', 576471112345678000),
        tiktokRow('4035111111111113', '5.76471E+17'),
        // Above 2^53 no number holds every digit.
        tiktokRow(1.5e21, '576471112345678904'),
      ]),
      'Sheet1',
    );
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    // Excel in an Indonesian locale writes ';' between cells and ',' in numbers.
    const csv = csvText([tiktokHeaders, tiktokRow('4035111111111115', '5,76471E+17')], ';');
    const before = await written();
    for (const [name, data, expected] of [
      [
        'digits.xlsx',
        xlsx,
        [
          { row: 3, field: 'Order ID', value: '576471112345678000', reference: '4035111111111112' },
          { row: 4, field: 'Order ID', value: '5.76471E+17', reference: '4035111111111113' },
          {
            row: 5,
            field: 'Return Order ID',
            value: '1500000000000000000000',
            reference: '1500000000000000000000',
          },
        ],
      ],
      [
        'digits.csv',
        csv,
        [{ row: 2, field: 'Order ID', value: '5,76471E+17', reference: '4035111111111115' }],
      ],
    ] as const) {
      const response = await measured(`with ids that lost digits (${name})`, () =>
        post(data, name),
      );
      if (name === 'digits.csv') {
        // Its only row refused: nothing to import, said so.
        expect({ status: response.statusCode, body: response.json() }).toMatchObject({
          status: 201,
          body: { counts: { rows: 0, problems: 1 } },
        });
      } else {
        expect(response.statusCode).toBe(201);
        expect((response.json() as ReturnImport).rows.map((row) => row.order_number)).toEqual([
          '576471112345678901',
        ]);
      }
      expect((response.json() as ReturnImport).problems).toEqual(
        expected.map(({ row, field, value, reference }) => ({
          sheet: name === 'digits.csv' ? 'csv' : 'Sheet1',
          row,
          message: RETURN_PARSE_MESSAGES.leftOut(
            RETURN_PARSE_MESSAGES.lostDigits(field, value),
            reference,
          ),
        })),
      );
    }
    expect(
      RETURN_PARSE_MESSAGES.lostDigits('Order ID', '576471112345678000').startsWith(
        'Order ID (576471112345678000) sudah diubah menjadi angka oleh program spreadsheet',
      ),
    ).toBe(true);
    // Two previews, no request.
    expect(await written()).toMatchObject({
      previews: before.previews + 2,
      requests: before.requests,
    });
  }, 60_000);
});

describe('a large file, read in the spreadsheet worker', () => {
  it('previews 49,000 requests of a CSV; the server never parses', async () => {
    jest.mocked(parseReturnFile).mockClear();
    const data = csvText([HEADERS, ...Array.from({ length: 49_000 }, (_v, i) => returnRow(i))]);
    const response = await measured(
      `of 49,000 requests (retur_49k.csv, ${(data.length / 1e6).toFixed(1)} MB)`,
      () => post(data, 'retur_49k.csv'),
    );
    expect(parseReturnFile).not.toHaveBeenCalled();
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status: 201,
      body: { format: 'shopee-return', counts: { rows: 49_000, new: 49_000, problems: 0 } },
    });
  }, 180_000);
});
