// A row far below the others in an xlsx without a <dimension> (issue 41): SheetJS reads no row
// past its sheetRows (the row limit + 1) and, with no dimension to say where the sheet ends, the
// sheet read as if that row were not there. Each reader either refuses the file (more rows than
// its limit: the order, stock and return files, 50,000) or reads the row (the income file's
// 300,000). Through the uploads, both databases (DATABASE_URL).
import { MARKETPLACE_RETURN_MESSAGES, type SettlementImport } from '@gudang/api-client/contract';
import { setupTestServer } from '../../testing/fixtures';
import { rawXlsx, type RawCell } from './fixtures/zip';
import { lastRowNumber } from './sheet-worker';
import { DEFAULT_LIMITS, readSheets } from './sheets';
import { upload } from './test-helpers';

const server = setupTestServer();

const FAR = 60_000;

/** The header on row 1 and one row on row FAR, nothing between; no <dimension>. */
function farXlsx(header: readonly RawCell[], row: readonly RawCell[]): Buffer {
  const rows: RawCell[][] = [[...header]];
  rows[FAR - 1] = [...row];
  return rawXlsx(rows);
}

describe('lastRowNumber', () => {
  it("reads the highest row as SheetJS numbers them: `r`, else the previous row's next", () => {
    const xml = (body: string) =>
      Buffer.from(`<worksheet><sheetData>${body}</sheetData></worksheet>`);
    expect(lastRowNumber(xml(''))).toBe(0);
    expect(
      lastRowNumber(xml('<row r="3" spans="1:2"><c r="A3"/></row><row/><row ht="2"></row>')),
    ).toBe(5);
    // A prefixed tag counts; its end tag, a longer name and a cell's text do not.
    expect(
      lastRowNumber(
        xml('<x:row r = \'70000\'></x:row><arrow r="90000"/><c><is><t>row r="80000"</t></is></c>'),
      ),
    ).toBe(70_000);
    // Rows out of order: the highest, wherever it is.
    expect(lastRowNumber(xml('<row r="60000"/><row r="1"/><row r="2"/>'))).toBe(60_000);
  });
});

describe(`a sheet without <dimension> whose last row is row ${FAR.toLocaleString('en')}`, () => {
  it('the order and stock files are refused (more rows than the limit), never read short', async () => {
    const data = farXlsx(['No. Pesanan', 'Jumlah'], ['ORD1', 1]);
    expect(await readSheets(data)).toEqual({ ok: false, reason: 'too_many_rows' });
    // The same rows just within the limit are read, the far one included.
    const within: RawCell[][] = [['No. Pesanan', 'Jumlah']];
    within[DEFAULT_LIMITS.maxRows - 1] = ['ORD1', 1];
    const read = await readSheets(rawXlsx(within));
    expect(read.ok && read.sheets[0]?.rows[DEFAULT_LIMITS.maxRows - 1]).toEqual(['ORD1', '1']);
  });

  it('the return file is refused with its Indonesian message', async () => {
    const data = farXlsx(
      [
        'No. Pengembalian',
        'No. Pesanan',
        'Status Pembatalan/ Pengembalian',
        'Total Pengembalian Dana',
        'Kode Variasi',
        'Nama Produk',
        'Variasi',
        'Alasan Pengembalian',
        'No. Resi Pengembalian',
      ],
      ['RET1', 'ORD1', 'Selesai', '50000', 'KAOS-RTR', 'Kaos', 'Hitam,M', 'Rusak', 'RTN1'],
    );
    const response = await upload(server, '/api/return-imports', server.actors.managerToken, {
      name: 'jauh.xlsx',
      data,
    });
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({
      status: 400,
      body: { message: MARKETPLACE_RETURN_MESSAGES.tooManyRows },
    });
  });

  it("the income file (300,000 rows allowed) reads the far row's order", async () => {
    // Lazada's 'Income Overview': one row per fee of an order.
    const headers = [
      'Periode Laporan',
      'Nomor Laporan',
      'Tanggal Transaksi',
      'Nama Biaya',
      'Jumlah (Termasuk Pajak)',
      'VAT Amount',
      'Status Pelepasan Dana',
      'Tanggal Dilepas',
      'Komentar',
      'Tanggal Pesanan Dibuat',
      'Nomor Pesanan',
      'ID Pesanan',
      'SKU Penjual',
      'Lazada SKU',
      'WHT Amount',
      'WHT termasuk dalam jumlah',
      'Status Pesanan',
      'Nama Produk',
      'Short Code',
    ];
    const order = [
      '01 Aug 2026 - 07 Aug 2026',
      'ID2026080001',
      '01 Aug 2026',
      'Omset Penjualan',
      '120000',
      '0',
      'Dilepas',
      '03 Aug 2026',
      '',
      '',
      'LZFAR1',
      'LZFAR11',
      'KAOS-01',
    ];
    const response = await upload(server, '/api/settlement-imports', server.actors.managerToken, {
      name: 'jauh.xlsx',
      data: farXlsx(headers, order),
    });
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status: 201 });
    const preview = response.json() as SettlementImport;
    expect(preview.orders.map((o) => o.order_number)).toEqual(['LZFAR1']);
  });
});
