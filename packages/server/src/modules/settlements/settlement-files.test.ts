// Income files through POST /api/settlement-imports that the order import's hostile files have
// taught (issue 45): each refused with a clear Indonesian 4xx, nothing written, the server still
// answering; formulas read as their stored values, never evaluated; a large file read and parsed
// in the spreadsheet worker (the server's thread never parses); and the rule for a file's
// adjustments of an order imported before (TikTok's weekly files): shown in the preview, never
// added to the kept order, never dropped unseen. Both databases (DATABASE_URL).
import {
  MESSAGES,
  MARKETPLACE_MESSAGES,
  SETTLEMENT_MAX_ROWS,
  SETTLEMENT_MAX_TEXT_CHARS,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_UPLOAD_MAX_BYTES,
  type SettlementCommitResult,
  type SettlementImport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { setupTestServer } from '../../testing/fixtures';
import { authHeader } from '../../testing/test-app';
import { multipart, upload } from '../marketplace/test-helpers';
import {
  parseSettlementFile,
  SETTLEMENT_PARSE_MESSAGES,
  startSettlementRead,
} from './parse-settlements';
import {
  generatedShopeeCFile,
  line,
  SHOPEE_A_HEADERS,
  SHOPEE_B_ADJUSTMENT_HEADERS,
  SHOPEE_B_HEADERS,
  SHOPEE_C_HEADERS,
  shopeeAFile,
  shopeeBFile,
  shopeeCFile,
  settlementXlsx,
  TIKTOK_HEADERS,
  tiktokFile,
  xlsxOfXml,
  type Sheets,
} from './settlement-fixtures';
import type * as Parser from './parse-settlements';
import { readSettlementFile } from './settlement-job';
import { createStore } from './test-helpers';

// The parser as this thread (the server's) sees it, watched: the worker has its own copy.
jest.mock('./parse-settlements', () => {
  const actual = jest.requireActual<typeof Parser>('./parse-settlements');
  return {
    ...actual,
    parseSettlementFile: jest.fn(actual.parseSettlementFile),
    startSettlementRead: jest.fn(actual.startSettlementRead),
  };
});

const server = setupTestServer();

let tiktokStore: number;

beforeAll(async () => {
  await createStore(server, 'shopee', 'cbmajwastore');
  tiktokStore = await createStore(server, 'tiktok', 'Toko TikTok');
});

const manager = () => server.actors.managerToken;

const send = (data: Buffer, name = 'penghasilan.xlsx', fields: Record<string, string> = {}) =>
  upload(server, '/api/settlement-imports', manager(), { name, data }, fields);

async function preview(data: Buffer, name?: string, fields?: Record<string, string>) {
  const response = await send(data, name, fields);
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
  return response.json() as SettlementImport;
}

async function commit(id: number): Promise<SettlementCommitResult> {
  const response = await server.call('POST', `/api/settlement-imports/${id}/commit`, manager());
  expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 200 });
  return response.json() as SettlementCommitResult;
}

async function counts() {
  const { rows } = await server.database.db.execute<{ imports: string; settled: string }>(sql`
    select (select count(*) from settlement_imports) as imports,
           (select count(*) from marketplace_settlements) as settled`);
  return { imports: Number(rows[0]?.imports), settled: Number(rows[0]?.settled) };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** Runs `work`, printing this process's memory (the app runs in it): read, never asserted. */
async function measured<T>(label: string, work: () => Promise<T>): Promise<T> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    return await work();
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `income file ${label}: answered in ${Math.round(performance.now() - started)} ms; ` +
        `RSS ${mb(before)} MB -> peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  }
}

const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';

/** The headers an older Shopee income sheet needs, as its first row. */
const HEADER_ROW = `<row r="1">${['No. Pesanan', 'Tanggal Dana Dilepaskan', 'Harga Asli Produk', 'Total Penghasilan'].map((text, i) => `<c r="${String.fromCharCode(65 + i)}1" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;

/**
 * A Shopee income sheet (by its headers) whose rows after the header are `count` rows of `cell`
 * (the cell's XML, its reference left out), written as XML: 300,001 rows in a blink.
 */
const knownSheet = (count: number, cell = (i: number) => `<c><v>${i}</v></c>`) =>
  `${SHEET_HEAD}<sheetData>${HEADER_ROW}${Array.from({ length: count }, (_v, i) => `<row r="${i + 2}">${cell(i)}</row>`).join('')}</sheetData></worksheet>`;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

const csvText = (rows: readonly (readonly string[])[]) =>
  Buffer.from(`${rows.map((row) => row.join(',')).join('\r\n')}\r\n`, 'utf8');

describe('hostile files: a clear message, nothing written, the server still answers', () => {
  it.each([
    ['an image named .xlsx', () => PNG, 'foto.xlsx', 400, MARKETPLACE_MESSAGES.notSpreadsheet],
    [
      'a PDF named .csv',
      () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 0, 0, 0x9c, 0xff, 0])]),
      'penghasilan.csv',
      400,
      MARKETPLACE_MESSAGES.notSpreadsheet,
    ],
    [
      'a zip that is no workbook',
      () => Buffer.from('504b0304' + '00'.repeat(60), 'hex'),
      'rusak.xlsx',
      400,
      MARKETPLACE_MESSAGES.notSpreadsheet,
    ],
    [
      'a zip bomb declaring more than 600 MB inflated',
      () => xlsxOfXml([{ name: 'S', xml: knownSheet(3) }], { declaredSize: 601 * 1024 * 1024 }),
      'bom.xlsx',
      400,
      MARKETPLACE_MESSAGES.inflatesTooMuch,
    ],
    [
      'a zip bomb lying about its size: 20 MB of blanks declared as 1,000 bytes',
      () =>
        xlsxOfXml(
          [
            {
              name: 'S',
              xml: `${SHEET_HEAD}<sheetData>${' '.repeat(20 << 20)}</sheetData></worksheet>`,
            },
          ],
          { declaredSize: 1_000 },
        ),
      'bohong.xlsx',
      400,
      MARKETPLACE_MESSAGES.inflatesTooMuch,
    ],
    [
      `${(SETTLEMENT_MAX_ROWS + 1).toLocaleString('en')} rows of xlsx`,
      () => xlsxOfXml([{ name: 'S', xml: knownSheet(SETTLEMENT_MAX_ROWS) }]),
      'besar.xlsx',
      400,
      SETTLEMENT_MESSAGES.tooManyRows,
    ],
    [
      `a sheet whose one row is row ${(SETTLEMENT_MAX_ROWS + 1).toLocaleString('en')}`,
      () =>
        xlsxOfXml([
          {
            name: 'S',
            xml: `${SHEET_HEAD}<sheetData><row r="${SETTLEMENT_MAX_ROWS + 1}"><c r="A${SETTLEMENT_MAX_ROWS + 1}"><v>1</v></c></row></sheetData></worksheet>`,
          },
        ]),
      'jauh.xlsx',
      400,
      SETTLEMENT_MESSAGES.tooManyRows,
    ],
    [
      `${(SETTLEMENT_MAX_ROWS + 1).toLocaleString('en')} rows of CSV`,
      () =>
        csvText([
          ['No. Pesanan', 'Total Penghasilan'],
          ...Array.from({ length: SETTLEMENT_MAX_ROWS }, (_v, i) => [`P${i}`, '1000']),
        ]),
      'besar.csv',
      400,
      SETTLEMENT_MESSAGES.tooManyRows,
    ],
    [
      `a shared-strings bomb: one 30,000-character string in each of 3,100 rows (over ${SETTLEMENT_MAX_TEXT_CHARS / 1_000_000} million)`,
      () =>
        xlsxOfXml([{ name: 'S', xml: knownSheet(3_100, () => '<c t="s"><v>0</v></c>') }], {
          sharedStrings: `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${'x'.repeat(30_000)}</t></si></sst>`,
        }),
      'sst.xlsx',
      400,
      SETTLEMENT_MESSAGES.tooMuchText,
    ],
    [
      'an xlsx with no known header',
      () =>
        settlementXlsx([
          {
            name: 'Sheet1',
            rows: [
              ['Tanggal', 'Keterangan', 'Nominal'],
              ['2026-08-01', 'x', '1'],
            ],
          },
        ]),
      'lain.xlsx',
      400,
      SETTLEMENT_PARSE_MESSAGES.unknownFormat([
        'Shopee (Laporan Penghasilan): No. Pesanan, Total Penghasilan, Harga Produk atau Harga Asli Produk, Tanggal Dana Dilepaskan',
        'TikTok Shop / Tokopedia (Order details): Order/adjustment ID, Type, Total settlement amount, Order settled time',
        'Lazada (Income Overview): Nomor Pesanan, Nama Biaya, Jumlah (Termasuk Pajak), Tanggal Dilepas',
      ]),
    ],
    // A file was chosen: not 'File wajib diunggah', which is for a request without one.
    ['an empty file (0 bytes)', () => Buffer.alloc(0), 'kosong.xlsx', 400, MESSAGES.fileEmpty],
    [
      'more than 30 MB',
      () => Buffer.alloc(SETTLEMENT_UPLOAD_MAX_BYTES + 1, 0x41),
      'besar.csv',
      413,
      SETTLEMENT_MESSAGES.tooLarge,
    ],
  ])(
    'refuses %s',
    async (label, make, name, status, message) => {
      const before = await counts();
      const response = await measured(`${label} (${name})`, () => send(make(), name));
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status,
        body: { message },
      });
      expect(await counts()).toEqual(before);
      // The server still answers, and still reads a good file.
      const list = await server.call('GET', '/api/settlements?page=1&limit=10', manager());
      expect(list.statusCode).toBe(200);
    },
    180_000,
  );

  it('asks for the file when the request has none', async () => {
    const body = multipart([{ name: 'store_id', value: String(tiktokStore) }]);
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/settlement-imports',
      headers: { ...authHeader(manager()), 'content-type': body.contentType },
      payload: body.payload,
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { message: MARKETPLACE_MESSAGES.fileRequired },
    });
  });

  it('reads a good file after every hostile one, named whatever its name', async () => {
    // An xlsx named .csv: the content decides, never the name.
    const good = settlementXlsx(generatedShopeeCFile(2, { prefix: 'NAMA' }));
    const body = await preview(good, 'salah-nama.csv');
    expect(body).toMatchObject({ format: 'shopee-c', counts: { orders: 2, problems: 0 } });
  });
});

describe('formulas: the stored value, never evaluated', () => {
  it("takes an xlsx formula's stored result and reads a CSV formula as text that is no number", async () => {
    // Order F1 of a 2026 Shopee file: 50.000 - 5.000 - 1.250 = 43.750, two cells formulas.
    const sheets = shopeeCFile([
      line(SHOPEE_C_HEADERS, {
        'No.': '1',
        'Lihat berdasarkan': 'Order',
        'No. Pesanan': 'FORMULA0000001',
        'Tanggal Dana Dilepaskan': '2026-08-30',
        'Harga Produk': '50000',
        'Biaya Administrasi (termasuk PPN 11%)': '-5000',
      }),
    ]);
    const book = XLSX.utils.book_new();
    for (const sheet of sheets)
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
    const penghasilan = book.Sheets.Penghasilan as XLSX.WorkSheet;
    const at = (header: string) =>
      XLSX.utils.encode_cell({ r: 3, c: (SHOPEE_C_HEADERS as readonly string[]).indexOf(header) });
    // Stored results beside formulas that would give other numbers if they were evaluated.
    penghasilan[at('Total Penghasilan')] = { t: 'n', v: 43_750, f: 'L4+Z4+AA4+1000000' };
    penghasilan[at('Biaya Proses Pesanan')] = { t: 'n', v: -1_250, f: 'WEBSERVICE("http://x")' };
    const xlsx = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const fromXlsx = await preview(xlsx, 'rumus.xlsx');
    expect(fromXlsx.orders).toMatchObject([
      {
        order_number: 'FORMULA0000001',
        price: 50_000,
        fees: { komisi: -5_000, proses: -1_250 },
        released: 43_750,
        difference: 0,
      },
    ]);

    // In a CSV a formula is text as written: '=1+2' is no amount, its order left out.
    const headers = [...SHOPEE_C_HEADERS];
    const text = csvText([
      headers,
      line(SHOPEE_C_HEADERS, {
        'No.': '1',
        'Lihat berdasarkan': 'Order',
        'No. Pesanan': 'FORMULA0000002',
        'Tanggal Dana Dilepaskan': '2026-08-30',
        'Harga Produk': '50000',
        'Total Penghasilan': '=1+2',
      }),
    ]);
    const fromCsv = await preview(text, 'rumus.csv');
    expect(fromCsv.counts).toMatchObject({ orders: 0, problems: 1 });
    expect(fromCsv.problems).toEqual([
      {
        sheet: 'csv',
        row: 2,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Total Penghasilan', '=1+2'),
          'FORMULA0000002',
        ),
      },
    ]);
  });
});

describe('a large file, read in the spreadsheet worker', () => {
  it('previews and commits 10,000 orders (20,003 rows) with every sen; the server never parses', async () => {
    jest.mocked(parseSettlementFile).mockClear();
    jest.mocked(startSettlementRead).mockClear();
    const file = settlementXlsx(generatedShopeeCFile(10_000, { prefix: 'BESAR' }));
    const body = await measured(`10,000 orders (${(file.length / 1e6).toFixed(1)} MB)`, () =>
      preview(file, 'besar.xlsx'),
    );
    // Not one cell was parsed on this thread: the worker sent the orders.
    expect(parseSettlementFile).not.toHaveBeenCalled();
    expect(startSettlementRead).not.toHaveBeenCalled();
    expect(body).toMatchObject({
      format: 'shopee-c',
      store: 'cbmajwastore',
      counts: { orders: 10_000, already: 0, differences: 0, problems: 0 },
    });
    expect(body.orders[0]?.order_number).toBe('BESAR0000000');
    // Kept as rows, a batch of orders per statement: each order once, numbered in the file's order.
    const { rows: kept } = await server.database.db.execute<Record<string, unknown>>(sql`
      select count(*) as orders, count(distinct line) as lines, min(line) as first,
             max(line) as last, min(order_number) filter (where line = 2001) as order_2001
        from settlement_import_orders where import_id = ${body.id}`);
    expect(
      Object.fromEntries(Object.entries(kept[0] ?? {}).map(([k, v]) => [k, String(v)])),
    ).toEqual({
      orders: '10000',
      lines: '10000',
      first: '1',
      last: '10000',
      order_2001: 'BESAR0002000',
    });
    expect(await commit(body.id)).toMatchObject({ created: 10_000, already: 0 });
    // Added in the file's order.
    const { rows: order } = await server.database.db.execute<{ out_of_order: string | number }>(sql`
      select count(*) as out_of_order
        from (select order_number, lag(order_number) over (order by id) as before
                from marketplace_settlements where import_id = ${body.id}) t
       where order_number < before`);
    expect(Number(order[0]?.out_of_order)).toBe(0);
    // Order i: price 50.000 + (i mod 97) x 1.000, admin 10% of it, processing 1.250.
    // Sum of (i mod 97) for i < 10,000: 103 x 4.656 + (0 + ... + 8) = 479.604, so the prices
    // add up to 10.000 x 50.000 + 479.604.000 = 979.604.000; admin 97.960.400; processing
    // 12.500.000; released 979.604.000 - 97.960.400 - 12.500.000 = 869.143.600.
    const { rows } = await server.database.db.execute<Record<string, unknown>>(sql`
      select count(*) as orders, sum(price_after) as price, sum(komisi) as komisi,
             sum(proses) as proses, sum(ongkir) as ongkir, sum(released) as released,
             sum(difference) as difference
        from marketplace_settlements where import_id = ${body.id}`);
    expect(
      Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, String(v)])),
    ).toEqual({
      orders: '10000',
      price: '97960400000',
      komisi: '-9796040000',
      proses: '-1250000000',
      ongkir: '0',
      released: '86914360000',
      difference: '0',
    });
  }, 180_000);
});

describe("the worker's answer", () => {
  it('is the orders as JSON text a batch of 2,000, never the orders as objects', async () => {
    // 4,001 orders: two batches of 2,000 and one of 1; the memory of the largest file (+300 MB
    // before, docs/benchmarks.md) was mostly its orders as objects in the worker, in the message
    // between the threads and on this thread.
    const file = settlementXlsx(generatedShopeeCFile(4_001, { prefix: 'TEKS' }));
    const read = await readSettlementFile(
      new Uint8Array(file),
      {
        maxRows: SETTLEMENT_MAX_ROWS,
        maxInflatedBytes: 200 * 1024 * 1024,
        maxTextChars: SETTLEMENT_MAX_TEXT_CHARS,
        maxPreviewChars: 1_000_000,
      },
      { timeZone: 'Asia/Jakarta' },
    );
    if (!read.ok) throw new Error(JSON.stringify(read));
    expect(Object.keys(read.file).sort()).toEqual([
      'batches',
      'channel',
      'columnLists',
      'format',
      'orderCount',
      'problems',
      'sheet',
      'storeName',
    ]);
    expect(read.file.orderCount).toBe(4_001);
    expect(read.file.batches.map((batch) => typeof batch)).toEqual(['string', 'string', 'string']);
    expect(read.file.batches.map((batch) => (JSON.parse(batch) as unknown[]).length)).toEqual([
      2_000, 2_000, 1,
    ]);
    // Order 1 (rows 6 and 7 of the sheet): 51.000, admin 5.100, processing 1.250, its column
    // names shared by every order.
    expect((JSON.parse(read.file.batches[0] as string) as unknown[])[1]).toEqual({
      n: 'TEKS0000001',
      d: '2026-08-31',
      b: 5_100_000,
      a: 5_100_000,
      f: { komisi: -510_000, proses: -125_000 },
      c: 0,
      r: 4_465_000,
      w: 6,
    });
    expect(JSON.parse(read.file.columnLists)).toEqual([
      {
        komisi: ['Biaya Administrasi (termasuk PPN 11%)'],
        proses: ['Biaya Proses Pesanan'],
        ongkir: ['Ongkos Kirim yang Dibayarkan ke Jasa Kirim', 'Gratis Ongkir dari Shopee'],
      },
    ]);
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// TikTok's weekly files: an order settled one week, its adjustment in a later week's file.

const K1 = '577100000000000001';
const K2 = '577100000000000002';
const K3 = '577100000000000003';

const tiktokRow = (values: Partial<Record<(typeof TIKTOK_HEADERS)[number], string>>) =>
  line(TIKTOK_HEADERS, { Currency: 'IDR', ...values });
/** 90.000 - 6.300 commission - 1.800 payment - 1.250 processing = 80.650. */
const orderRow = (id: string, settled: string) =>
  tiktokRow({
    'Order/adjustment ID': id,
    Type: 'Order',
    'Order settled time': settled,
    'Total settlement amount': '80650',
    'Subtotal after seller discounts': '90000',
    'Subtotal before discounts': '90000',
    'Platform commission fee': '-6300',
    'Payment Fee': '-1800',
    'Order processing fee': '-1250',
    'Order Source': 'TikTok Shop',
  });
const adjustmentRow = (id: string, order: string, amount: string, settled: string) =>
  tiktokRow({
    'Order/adjustment ID': id,
    Type: 'Logistics reimbursement',
    'Order settled time': settled,
    'Total settlement amount': amount,
    'Ajustment amount': amount,
    'Related order ID': order,
  });

const tiktokBook = (rows: string[][]): Buffer => settlementXlsx(tiktokFile(rows) as Sheets);

describe("a file's adjustments of an order imported before", () => {
  const week1 = () => tiktokBook([orderRow(K1, '2026/08/09'), orderRow(K2, '2026/08/09')]);
  // The next week's export repeats K1's order row, then K1's adjustment and a new order K3.
  const week2 = () =>
    tiktokBook([
      orderRow(K1, '2026/08/09'),
      adjustmentRow('7100000000000001', K1, '5000', '2026/08/14'),
      orderRow(K3, '2026/08/15'),
    ]);
  const store = () => ({ store_id: String(tiktokStore) });

  async function keptK1() {
    const { rows } = await server.database.db.execute<{ released: unknown; penyesuaian: unknown }>(
      sql`select released, penyesuaian from marketplace_settlements
           where channel = 'tiktok' and order_number = ${K1}`,
    );
    return { released: String(rows[0]?.released), penyesuaian: String(rows[0]?.penyesuaian) };
  }

  it('shows them in the preview with both amounts, and the commit leaves the kept order as it was', async () => {
    const first = await preview(week1(), 'minggu-1.xlsx', store());
    expect(await commit(first.id)).toMatchObject({ created: 2, already: 0 });
    expect(await keptK1()).toEqual({ released: '8065000', penyesuaian: '0' });

    const second = await preview(week2(), 'minggu-2.xlsx', store());
    // K1 (its order row and adjustment: 85.650) was imported with 80.650; K3 is new.
    expect(second.counts).toMatchObject({ orders: 2, already: 1, problems: 1 });
    expect(second.problems).toEqual([
      {
        sheet: 'Order details',
        row: 2,
        message: SETTLEMENT_PARSE_MESSAGES.keptDiffers(K1, 'Rp 80.650', 'Rp 85.650', 'Rp 5.000'),
      },
    ]);
    expect(second.problems[0]?.message).toBe(
      `Pesanan ${K1} sudah diimpor sebelumnya dengan dana dilepas Rp 80.650; file ini menyebut Rp 85.650 (selisih Rp 5.000, misalnya penyesuaian): selisih ini tidak ditambahkan, pesanan tetap seperti yang sudah diimpor`,
    );
    expect(await commit(second.id)).toMatchObject({ created: 1, already: 1 });
    expect(await keptK1()).toEqual({ released: '8065000', penyesuaian: '0' });
  });

  it('shows a file of adjustments only for it, again each time, and adds nothing', async () => {
    const week3 = tiktokBook([adjustmentRow('7100000000000002', K1, '-2000', '2026/08/21')]);
    for (let time = 0; time < 2; time += 1) {
      const body = await preview(week3, 'minggu-3.xlsx', store());
      expect(body.counts).toMatchObject({ orders: 1, already: 1, problems: 1 });
      expect(body.problems).toEqual([
        {
          sheet: 'Order details',
          row: 2,
          message: SETTLEMENT_PARSE_MESSAGES.keptAdjustments(K1, '-Rp 2.000', 'Rp 80.650'),
        },
      ]);
      expect(await commit(body.id)).toMatchObject({ created: 0, already: 1 });
    }
    expect(await keptK1()).toEqual({ released: '8065000', penyesuaian: '0' });
  });

  it('says nothing of a file read again whose orders are as kept', async () => {
    const again = await preview(week1(), 'minggu-1.xlsx', store());
    expect(again.counts).toMatchObject({ orders: 2, already: 2, problems: 0 });
    expect(again.problems).toEqual([]);
  });
});

// The 2025 workbook: an order whose income was imported with an earlier month's file comes back
// only on the next month's adjustment sheet ('No. Pesanan Terhubung'), with no income row.
describe('Shopee 2025: an order imported before, found only on the adjustment sheet', () => {
  const S1 = '250630SHPB0001';
  const S2 = '250630SHPB0002';
  const S3 = '250801SHPB0003';
  const income = (values: Partial<Record<(typeof SHOPEE_B_HEADERS)[number], string>>) =>
    line(SHOPEE_B_HEADERS, values);
  const adjustment = (
    values: Partial<Record<(typeof SHOPEE_B_ADJUSTMENT_HEADERS)[number], string>>,
  ) => line(SHOPEE_B_ADJUSTMENT_HEADERS, values);
  const book = (rows: string[][], adjustments: string[][] = []) =>
    settlementXlsx(shopeeBFile(rows, { store: 'cbmajwastore', adjustments }) as Sheets);
  // July: S1 100.000 - 8.000 admin - 4.000 service - 1.250 processing = 86.750;
  // S2 50.000 - 4.000 - 1.250 = 44.750.
  const july = () =>
    book([
      income({
        'No.': '1',
        'No. Pesanan': S1,
        'Tanggal Dana Dilepaskan': '2025-07-05',
        'Harga Asli Produk': '100000',
        'Biaya Administrasi': '-8000',
        'Biaya Layanan': '-4000',
        'Biaya Proses Pesanan': '-1250',
        'Total Penghasilan': '86750',
      }),
      income({
        'No.': '2',
        'No. Pesanan': S2,
        'Tanggal Dana Dilepaskan': '2025-07-06',
        'Harga Asli Produk': '50000',
        'Biaya Administrasi': '-4000',
        'Biaya Proses Pesanan': '-1250',
        'Total Penghasilan': '44750',
      }),
    ]);
  // August: S3's income row (60.000 - 4.800 - 1.250 = 53.950) and, on the adjustment sheet,
  // -3.500 for S1 (no income row in this file: sheet row 2) and +2.000 for S3 (sheet row 3).
  const august = () =>
    book(
      [
        income({
          'No.': '1',
          'No. Pesanan': S3,
          'Tanggal Dana Dilepaskan': '2025-08-03',
          'Harga Asli Produk': '60000',
          'Biaya Administrasi': '-4800',
          'Biaya Proses Pesanan': '-1250',
          'Total Penghasilan': '53950',
        }),
      ],
      [
        adjustment({
          'No.': '1',
          'Tanggal Penyesuaian Dibuat': '2025-08-04',
          'Tipe Penyesuaian | Deskripsi': 'Koreksi Biaya Layanan',
          'Biaya Penyesuaian': '-3500',
          'No. Pesanan Terhubung': S1,
          'Tanggal Dana Dilepaskan': '2025-08-04',
        }),
        adjustment({
          'No.': '2',
          'Tipe Penyesuaian | Deskripsi': 'Kompensasi Ongkir',
          'Biaya Penyesuaian': '2000',
          'No. Pesanan Terhubung': S3,
          'Tanggal Dana Dilepaskan': '2025-08-05',
        }),
      ],
    );

  async function kept(order: string) {
    const { rows } = await server.database.db.execute<Record<string, unknown>>(
      sql`select released, penyesuaian, price_after, released_at::text as released_at
            from marketplace_settlements where channel = 'shopee' and order_number = ${order}`,
    );
    return rows.map((row) => Object.values(row).map(String));
  }

  it("names the adjustment sheet's row and both amounts, and the commit leaves the order as kept", async () => {
    const first = await preview(july(), 'penghasilan-juli.xlsx');
    expect(first.counts).toMatchObject({ orders: 2, already: 0, problems: 0 });
    expect(await commit(first.id)).toMatchObject({ created: 2, already: 0 });
    expect(await kept(S1)).toEqual([['8675000', '0', '10000000', '2025-07-05']]);

    for (let time = 0; time < 2; time += 1) {
      const second = await preview(august(), 'penghasilan-agustus.xlsx');
      // S1: adjustments only, imported before; S3 new the first time, as kept the second.
      expect(second.counts).toMatchObject({ orders: 2, already: 1 + time, problems: 1 });
      expect(second.problems).toEqual([
        {
          sheet: 'adjustment',
          row: 2,
          message: SETTLEMENT_PARSE_MESSAGES.keptAdjustments(S1, '-Rp 3.500', 'Rp 86.750'),
        },
      ]);
      expect(second.problems[0]?.message).toBe(
        `Penyesuaian -Rp 3.500 untuk pesanan ${S1} tidak ditambahkan: pesanan ini sudah diimpor sebelumnya (dana dilepas Rp 86.750) dan tetap seperti itu`,
      );
      expect(await commit(second.id)).toMatchObject({ created: 1 - time, already: 1 + time });
    }
    // S1 as July kept it; S3 53.950 + 2.000 = 55.950, its adjustment in 'penyesuaian'.
    expect(await kept(S1)).toEqual([['8675000', '0', '10000000', '2025-07-05']]);
    expect(await kept(S3)).toEqual([['5595000', '200000', '6000000', '2025-08-03']]);
  });
});

// The issue takes xlsx, xls and csv: Shopee's older income file is an Excel 97-2003 workbook.
describe('an xls (BIFF8) income file', () => {
  it('is read as the xlsx is: the store in A2, the header on row 6, every sen', async () => {
    const A9 = '2608090XLSBIFF';
    const sheets = shopeeAFile(
      [
        line(SHOPEE_A_HEADERS, {
          'No. Pesanan': A9,
          'Tanggal Dana Dilepaskan': '2026-08-09',
          'Harga Asli Produk': '75.000',
          'Biaya Administrasi': '-6.000,50',
          'Biaya Layanan (termasuk PPN 11%)': '-3.000',
          'Biaya Transaksi': '-1.500',
          // 75.000 - 6.000,50 - 3.000 - 1.500
          'Total Penghasilan': '64.499,50',
        }),
      ],
      { store: 'cbmajwastore' },
    );
    const book = XLSX.utils.book_new();
    for (const sheet of sheets)
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    // An OLE2 compound file, not a zip.
    expect(xls.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const body = await preview(xls, 'penghasilan-lama.xls');
    expect(body).toMatchObject({
      channel: 'shopee',
      format: 'shopee-a',
      store: 'cbmajwastore',
      counts: { orders: 1, already: 0, differences: 0, problems: 0 },
    });
    expect(body.orders).toEqual([
      expect.objectContaining({
        order_number: A9,
        released_at: '2026-08-09',
        price: 75000,
        fees: expect.objectContaining({ komisi: -6000.5, layanan: -3000, pembayaran: -1500 }),
        released: 64499.5,
        difference: 0,
      }),
    ]);
  });
});
