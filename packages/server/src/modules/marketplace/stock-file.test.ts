// The stock file of each template, read back: mapped rows get Gudang's stock (bundles the least
// over their products of floor(stock / quantity)) less the buffer; everything else as it was.
import {
  STOCK_FILE_UNMAPPED_HEADER,
  STOCK_FILE_UNMAPPED_SKUS_HEADER,
} from '@gudang/api-client/contract';
import { latestLog, setupTestServer } from '../../testing/fixtures';
import { csv, workbook } from './fixtures/fixture-files';
import { readSheets } from './sheets';
import { fixture, marketplaceRows, seedCatalog, upload } from './test-helpers';

const server = setupTestServer();

beforeAll(async () => {
  // KAOS-HITAM-M 50, KAOS-PUTIH-L 20, TOPI-01 7; PKT-KAOS-3 = 3 x kaos, COMBO = kaos + topi.
  await seedCatalog(server);
});

async function filled(name: string, fields: Record<string, string> = {}) {
  const response = await upload(
    server,
    '/api/marketplace-stock-file',
    server.actors.managerToken,
    { name, data: fixture(name) },
    fields,
  );
  expect({
    status: response.statusCode,
    body: response.statusCode === 200 ? '' : response.body,
  }).toEqual({
    status: 200,
    body: '',
  });
  const read = await readSheets(response.rawPayload);
  if (!read.ok) throw new Error(`the filled file cannot be read: ${read.reason}`);
  const original = await readSheets(fixture(name));
  if (!original.ok) throw new Error('the fixture cannot be read');
  return {
    response,
    rows: read.sheets[0]?.rows ?? [],
    originalRows: original.sheets[0]?.rows ?? [],
  };
}

/** The rows as read, with the stock column left out: what must not change. */
const withoutColumn = (rows: string[][], column: number) =>
  rows.map((row) => row.filter((_cell, index) => index !== column));

describe('the stock file', () => {
  it("fills Shopee's sales-info file through the mappings, the rest unchanged", async () => {
    const { response, rows, originalRows } = await filled('stok-shopee.xlsx');
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toContain('filename="stok-shopee-gudang.xlsx"');
    expect(response.headers[STOCK_FILE_UNMAPPED_HEADER.toLowerCase()]).toBe('1');
    expect(response.headers[STOCK_FILE_UNMAPPED_SKUS_HEADER.toLowerCase()]).toBe('SKU-TIDAK-ADA');
    const stock = 7;
    expect(rows.slice(4).map((row) => [row[5], row[stock]])).toEqual([
      ['KAOS-HITAM-M', '50'],
      // Its code in another case.
      ['kaos-putih-l', '20'],
      // 3 x kaos: floor(50 / 3).
      ['PKT-KAOS-3', '16'],
      // kaos + topi: the least of 50 and 7.
      ['COMBO-KAOS-TOPI', '7'],
      // Mapped to nothing: left as it was.
      ['SKU-TIDAK-ADA', '4'],
    ]);
    expect(withoutColumn(rows, stock)).toEqual(withoutColumn(originalRows, stock));
    // The header rows keep their texts in the stock column too.
    expect(rows.slice(0, 4).map((row) => row[stock] ?? '')).toEqual(
      originalRows.slice(0, 4).map((row) => row[stock] ?? ''),
    );
    const log = await latestLog(server.database, 'EXPORT_MARKETPLACE_STOCK');
    expect(log?.details).toBe(
      'Stok marketplace Shopee diisi ke file stok-shopee.xlsx: 4 baris diisi, 1 SKU belum dipetakan, stok cadangan 0',
    );
  });

  it('fills the TikTok / Tokopedia template less the buffer, skipping its description row', async () => {
    const { response, rows, originalRows } = await filled('stok-tiktok.xlsx', { buffer: '2' });
    expect(response.headers['content-disposition']).toContain('filename="stok-tiktok-gudang.xlsx"');
    expect(response.headers[STOCK_FILE_UNMAPPED_HEADER.toLowerCase()]).toBe('1');
    expect(rows.map((row) => row[6])).toEqual([
      'Quantity',
      'Required: stock of the SKU',
      '48',
      '14',
      '4',
    ]);
    expect(withoutColumn(rows, 6)).toEqual(withoutColumn(originalRows, 6));
  });

  it('fills the Lazada template; a buffer above the stock gives 0', async () => {
    const { response, rows } = await filled('stok-lazada.xlsx', { buffer: '10' });
    expect(response.headers[STOCK_FILE_UNMAPPED_HEADER.toLowerCase()]).toBe('1');
    expect(rows.map((row) => [row[2], row[5]])).toEqual([
      ['SellerSku', 'Quantity'],
      ['KAOS-HITAM-M', '40'],
      ['COMBO-KAOS-TOPI', '0'],
      ['SKU-TIDAK-ADA', '4'],
    ]);
  });

  it('writes a CSV template back as CSV with its delimiter', async () => {
    const template = csv(
      [
        ['Product ID', 'Seller SKU', 'Quantity'],
        ['1', 'TOPI-01', '0'],
      ],
      ';',
      true,
    );
    const response = await upload(
      server,
      '/api/marketplace-stock-file',
      server.actors.managerToken,
      {
        name: 'stok.csv',
        data: template,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('filename="stok-gudang.csv"');
    expect(response.rawPayload.toString('utf8')).toBe(
      '\ufeffProduct ID;Seller SKU;Quantity\r\n1;TOPI-01;7\r\n',
    );
  });

  it('writes an xls template back as xls', async () => {
    const template = workbook(
      [
        {
          name: 'Template',
          rows: [
            ['Product ID', 'Seller SKU', 'Quantity'],
            ['1', 'PKT-KAOS-3', 0],
          ],
        },
      ],
      'biff8',
    );
    const response = await upload(
      server,
      '/api/marketplace-stock-file',
      server.actors.managerToken,
      {
        name: 'stok lama.xls',
        data: template,
      },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.ms-excel');
    expect(response.headers['content-disposition']).toContain('filename="stok lama-gudang.xls"');
    const read = await readSheets(response.rawPayload);
    expect(read).toMatchObject({ ok: true, kind: 'xls' });
    if (read.ok) expect(read.sheets[0]?.rows[1]).toEqual(['1', 'PKT-KAOS-3', '16']);
  });

  it.each([
    [
      'a template of unknown columns',
      csv([
        ['SKU', 'Stok'],
        ['A', '1'],
      ]),
      'stok.csv',
      {},
      400,
      'Format file stok tidak dikenali',
    ],
    [
      'a buffer below 0',
      fixture('stok-lazada.xlsx'),
      'stok.xlsx',
      { buffer: '-1' },
      400,
      'Stok cadangan harus bilangan bulat 0 atau lebih',
    ],
    [
      'a buffer of words',
      fixture('stok-lazada.xlsx'),
      'stok.xlsx',
      { buffer: 'lima' },
      400,
      'Stok cadangan harus bilangan bulat 0 atau lebih',
    ],
  ])('refuses %s, writing nothing', async (_label, data, name, fields, status, message) => {
    const before = await marketplaceRows(server);
    const response = await upload(
      server,
      '/api/marketplace-stock-file',
      server.actors.managerToken,
      { name, data },
      fields,
    );
    expect(response.statusCode).toBe(status);
    expect((response.json() as { message: string }).message).toMatch(new RegExp(`^${message}`));
    expect(await marketplaceRows(server)).toEqual(before);
  });

  it("is the manager's: the admin gets 403", async () => {
    const response = await upload(server, '/api/marketplace-stock-file', server.actors.adminToken, {
      name: 'stok-lazada.xlsx',
      data: fixture('stok-lazada.xlsx'),
    });
    expect(response.statusCode).toBe(403);
  });
});
