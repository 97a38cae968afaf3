// Hostile rack files (issue 41's entries for every new importer): not a spreadsheet, more than
// 10 MB, a zip bomb, a shared-strings bomb, too many rows, one 9 MB cell, lone UTF-16 surrogates
// (in xlsx escapes and in a UTF-16 CSV). Each gets a clear Indonesian answer, never a 5xx; no
// product's rack changes, and a refused file keeps no preview. Time and memory are printed per
// case, never asserted (the machine is shared).
import {
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  RACK_IMPORT_MAX_ROWS,
  RACK_MESSAGES,
  type RackImport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { productBody, setupTestServer } from '../../testing/fixtures';
import { mb, measuredBy } from '../../testing/measured';
import { crc32, deflateRawSync } from 'node:zlib';
import { rawXlsx, upload } from '../marketplace/test-helpers';

// Uploads go through the sheet worker: its first start is slow on a busy machine.
jest.setTimeout(120_000);

const server = setupTestServer();
const manager = () => server.actors.managerToken;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b00000000049454e44ae426082',
  'hex',
);

/** Prints the answer's time and the server's memory (read, never asserted). */
const measured = measuredBy('hostile rack file');

/** What a rack file could change: every product's rack, and the previews kept. */
async function written(): Promise<{ racks: string; previews: number }> {
  const { rows } = await server.database.db.execute<{ racks: string | null; previews: unknown }>(
    sql`select (select string_agg(code || '=' || coalesce(rack, '-'), ',' order by id)
                  from products) as racks,
               (select count(*) from rack_imports) as previews`,
  );
  return { racks: rows[0]?.racks ?? '', previews: Number(rows[0]?.previews) };
}

const send = (name: string, data: Buffer) =>
  upload(server, '/api/product-racks/imports', manager(), { name, data });

/** A rack file of `rows` data rows (code, rack). */
const rackCsv = (rows: number) =>
  Buffer.from(
    [
      'Kode Barang,Rak',
      ...Array.from({ length: rows }, (_v, i) => `RH-${i},A-${i % 100}`),
      '',
    ].join('\r\n'),
  );

/**
 * A small xlsx whose sheet inflates to `megabytes` MB of blanks: a rack file made with
 * rawXlsx, its sheet part swapped for the blanks (the zip's one deflated entry rewritten).
 */
function inflatingRackXlsx(megabytes: number): Buffer {
  const blanks = Buffer.concat([
    Buffer.from(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    ),
    Buffer.alloc(megabytes * 1024 * 1024, 0x20),
    Buffer.from('</sheetData></worksheet>'),
  ]);
  const entries: { name: Buffer; data: Buffer; size: number; crc: number }[] = [];
  const book = rawXlsx([['Kode Barang', 'Rak']]);
  // Walk the local headers of rawXlsx's zip (no data descriptors: sizes are in the headers).
  for (let at = 0; book.readUInt32LE(at) === 0x04034b50;) {
    const nameLength = book.readUInt16LE(at + 26);
    const extra = book.readUInt16LE(at + 28);
    const compressed = book.readUInt32LE(at + 18);
    const name = book.subarray(at + 30, at + 30 + nameLength);
    const start = at + 30 + nameLength + extra;
    const data = book.subarray(start, start + compressed);
    const sheet = name.toString() === 'xl/worksheets/sheet1.xml';
    entries.push({
      name,
      data: sheet ? deflateRawSync(blanks) : data,
      size: sheet ? blanks.length : book.readUInt32LE(at + 22),
      crc: sheet ? crc32(blanks) : book.readUInt32LE(at + 14),
    });
    at = start + compressed;
  }
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(entry.name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(entry.name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, entry.name, entry.data);
    directory.push(central, entry.name);
    offset += 30 + entry.name.length + entry.data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, central, end]);
}

beforeAll(async () => {
  for (const [code, rack] of [
    ['RH-1', 'A-01'],
    ['RH-2', null],
  ] as const) {
    const made = await server.call('POST', '/api/products', manager(), productBody(code, { rack }));
    expect(made.statusCode).toBe(201);
  }
});

describe('hostile rack files', () => {
  it.each([
    ['a picture', () => PNG, 'rak.xlsx', 400, MARKETPLACE_MESSAGES.notSpreadsheet],
    [
      'a PDF named .xls',
      () => Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n'),
      'rak.xls',
      400,
      // Read as text (a CSV), whose first row names no column.
      RACK_MESSAGES.missingColumns,
    ],
    [
      'a zip that is no workbook',
      () => Buffer.from('504b0304' + '00'.repeat(60), 'hex'),
      'rak.xlsx',
      400,
      MARKETPLACE_MESSAGES.notSpreadsheet,
    ],
    [
      'more than 10 MB',
      () => Buffer.alloc(MARKETPLACE_UPLOAD_MAX_BYTES + 1, 0x41),
      'rak.csv',
      413,
      MARKETPLACE_MESSAGES.tooLarge,
    ],
    [
      'an xlsx that inflates past 200 MB',
      () => inflatingRackXlsx(201),
      'bom.xlsx',
      400,
      MARKETPLACE_MESSAGES.inflatesTooMuch,
    ],
    [
      // The header row counts: one data row past the limit.
      `${RACK_IMPORT_MAX_ROWS.toLocaleString('en')} rows and the header`,
      () => rackCsv(RACK_IMPORT_MAX_ROWS),
      'rak.csv',
      400,
      RACK_MESSAGES.tooManyRows,
    ],
  ])(
    'refuses %s with a clear message, writing nothing',
    async (label, make, name, status, message) => {
      const data = make();
      const before = await written();
      const response = await measured(`${label} (${mb(data.length)} MB)`, () => send(name, data));
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status,
        body: { message },
      });
      expect(await written()).toEqual(before);
    },
  );

  it(`reads ${RACK_IMPORT_MAX_ROWS.toLocaleString('en')} rows with the header (the most a file may hold) as a preview, changing no rack`, async () => {
    const data = rackCsv(RACK_IMPORT_MAX_ROWS - 1);
    const before = await written();
    const response = await measured(`${RACK_IMPORT_MAX_ROWS} rows (${mb(data.length)} MB)`, () =>
      send('rak.csv', data),
    );
    expect(response.statusCode).toBe(201);
    const preview = response.json() as RackImport;
    expect(preview.summary.total).toBe(RACK_IMPORT_MAX_ROWS - 1);
    expect((await written()).racks).toBe(before.racks);
  });

  it('shows a rack of 9 MB in one cell as a problem row (kept short), changing no rack', async () => {
    const data = Buffer.from(`Kode Barang,Rak\r\nRH-1,${'A'.repeat(9 * 1024 * 1024)}\r\n`);
    const before = await written();
    const response = await measured('one cell of 9 MB', () => send('rak.csv', data));
    expect(response.statusCode).toBe(201);
    const [row] = (response.json() as RackImport).rows;
    expect(row).toMatchObject({
      product_code: 'RH-1',
      state: 'invalid',
      problem: RACK_MESSAGES.rackInvalid(2),
    });
    expect(row?.rack?.length).toBeLessThanOrEqual(40);
    expect((await written()).racks).toBe(before.racks);
  });

  it('shows lone UTF-16 surrogates as U+FFFD in problem rows, never a 500', async () => {
    // Excel's escapes of a lone surrogate, in a cell and in the shared strings.
    const data = rawXlsx(
      [
        ['Kode Barang', 'Rak'],
        ['RH-1', 'A-&#xD800;1'],
        ['RH_xD800_', 'B-1'],
        ['RH-2', { shared: 0 }],
      ],
      ['C_xDC00_2'],
    );
    const before = await written();
    const response = await measured('lone surrogates (xlsx)', () => send('rak.xlsx', data));
    expect(response.statusCode).toBe(201);
    // The answer is well-formed UTF-8 JSON: the surrogates became U+FFFD.
    expect(response.body).not.toMatch(/\\ud[89a-f]/i);
    const preview = response.json() as RackImport;
    expect(
      preview.rows.map(({ row, product_code, rack, state, problem }) => ({
        row,
        product_code,
        rack,
        state,
        problem,
      })),
    ).toEqual([
      {
        row: 2,
        product_code: 'RH-1',
        rack: 'A-\ufffd1',
        state: 'invalid',
        problem: RACK_MESSAGES.rackInvalid(2),
      },
      {
        row: 3,
        product_code: 'RH\ufffd',
        rack: 'B-1',
        state: 'invalid',
        problem: RACK_MESSAGES.unknownProduct('RH\ufffd', 3),
      },
      {
        row: 4,
        product_code: 'RH-2',
        rack: 'C\ufffd2',
        state: 'invalid',
        problem: RACK_MESSAGES.rackInvalid(4),
      },
    ]);
    expect((await written()).racks).toBe(before.racks);
  });

  it('reads a UTF-16 CSV with a lone surrogate as U+FFFD in a problem row, changing no rack', async () => {
    const text = 'Kode Barang,Rak\r\nRH-1,A-\ud8001\r\nRH-2,B-2\r\n';
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const before = await written();
    const response = await measured('lone surrogate (UTF-16 CSV)', () => send('rak.csv', data));
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toMatch(/\\ud[89a-f]/i);
    expect((response.json() as RackImport).rows.map((r) => [r.rack, r.problem])).toEqual([
      ['A-\ufffd1', RACK_MESSAGES.rackInvalid(2)],
      ['B-2', null],
    ]);
    expect((await written()).racks).toBe(before.racks);
  });
});
