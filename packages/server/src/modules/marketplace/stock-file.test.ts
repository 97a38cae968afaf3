// The stock file of each template, read back: mapped rows get Gudang's stock (bundles the least
// over their products of floor(stock / quantity)) less the buffer; everything else as it was.
import {
  STOCK_FILE_UNCHANGED_HEADER,
  STOCK_FILE_UNCHANGED_MAX_CHARS,
  STOCK_FILE_UNMAPPED_HEADER,
  STOCK_FILE_UNMAPPED_SKUS_HEADER,
  type StockFileUnchangedRow,
} from '@gudang/api-client/contract';
import { insertProduct, latestLog, setupTestServer } from '../../testing/fixtures';
import { csv, workbook } from './fixtures/fixture-files';
import { readSheets } from './sheets';
import { stockFileHeaders } from './stock-file';
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

/** The rows the response says it left as they were. */
const unchangedOf = (response: { headers: Record<string, unknown> }) =>
  JSON.parse(
    String(response.headers[STOCK_FILE_UNCHANGED_HEADER.toLowerCase()]),
  ) as StockFileUnchangedRow[];

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
    expect(unchangedOf(response)).toEqual([
      { row: 9, sku: 'SKU-TIDAK-ADA', variation: null, reason: 'unmapped' },
    ]);
    const log = await latestLog(server.database, 'EXPORT_MARKETPLACE_STOCK');
    expect(log?.details).toBe(
      'Stok marketplace Shopee diisi ke file stok-shopee.xlsx: 4 baris diisi, 1 SKU belum dipetakan, stok cadangan 0, toko Shopee',
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

// SKUs mapped with a variation (as the import's mapping form makes them) are filled
// like any other; a row left as it was is named with the reason.
describe('the stock file and SKUs mapped with variations', () => {
  const put = async (body: Record<string, unknown>) => {
    const response = await server.call(
      'PUT',
      '/api/sku-mappings',
      server.actors.managerToken,
      body,
    );
    if (response.statusCode !== 200) throw new Error(`mapping: ${response.body}`);
  };

  beforeAll(async () => {
    await insertProduct(server.database, { stock: 28, code: 'KMJ-HTM-L' });
    await insertProduct(server.database, { stock: 12, code: 'KMJ-HTM-M' });
    await insertProduct(server.database, { stock: 41, code: 'SPT-MRH-40' });
    // The newcomer's mapping: made from a Shopee file, the form pre-filled its variation.
    await put({
      channel: 'shopee',
      sku: 'FPR-001-HTM-L',
      variation: 'Hitam,L',
      items: [{ product_code: 'KMJ-HTM-L', quantity: 1 }],
    });
    // One parent SKU whose variations are different products.
    await put({
      channel: null,
      sku: 'FPR-001',
      variation: 'Hitam,L',
      items: [{ product_code: 'KMJ-HTM-L', quantity: 1 }],
    });
    await put({
      channel: null,
      sku: 'FPR-001',
      variation: 'Hitam,M',
      items: [{ product_code: 'KMJ-HTM-M', quantity: 1 }],
    });
    // One variation only.
    await put({
      channel: null,
      sku: 'SEPATU-01',
      variation: 'Merah,40',
      items: [{ product_code: 'SPT-MRH-40', quantity: 1 }],
    });
    // A bundle mapped for TikTok only.
    await put({
      channel: 'tiktok',
      sku: 'BDL-TT',
      variation: null,
      items: [{ product_code: 'SPT-MRH-40', quantity: 2 }],
    });
  });

  async function fill(name: string, data: Buffer, fields: Record<string, string> = {}) {
    const response = await upload(
      server,
      '/api/marketplace-stock-file',
      server.actors.managerToken,
      { name, data },
      fields,
    );
    expect(response.statusCode).toBe(200);
    const read = await readSheets(response.rawPayload);
    if (!read.ok) throw new Error(`the filled file cannot be read: ${read.reason}`);
    return { response, rows: read.sheets[0]?.rows ?? [] };
  }

  it("fills Shopee's 2026 sales-info template row by SKU and variation name", async () => {
    // The real layout: the key row first (15 keys), 'sales_info', labels, 'Wajib', a blank
    // row, the instructions, then the variations from row 7.
    const keys = [
      'et_title_product_id',
      'et_title_product_name',
      'et_title_variation_id',
      'et_title_variation_name',
      'et_title_parent_sku',
      'et_title_variation_sku',
      'et_title_variation_price',
      'ps_gtin_code',
      'et_title_variation_stock',
      'ps_minimum_purchase_quantity',
      'ps_maximum_purchase_quantity',
      'ps_maximum_purchase_quantity_start_date',
      'ps_maximum_purchase_quantity_time_period',
      'ps_maximum_purchase_quantity_end_date',
      'et_title_reason',
    ];
    const variation = (id: string, name: string, parent: string, sku: string, stock: number) => [
      '1000000101',
      'Kemeja Flanel',
      id,
      name,
      parent,
      sku,
      150000,
      '',
      stock,
      1,
      '',
      '',
      '',
      '',
      '',
    ];
    const template = workbook([
      {
        name: 'Sheet1',
        rows: [
          keys,
          ['sales_info', 'a1b2c3', '0', '123456', '{"search_condition":{}}'],
          [
            'Kode Produk',
            'Nama Produk',
            'Kode Variasi',
            'Nama Variasi',
            'SKU Induk',
            'SKU',
            'Harga',
            'GTIN',
            'Stok',
            'Min. Jumlah Pembelian',
            'Maks. Jumlah Pembelian',
            'Maks. Jumlah Pembelian - Tanggal Mulai',
            'Maks. Jumlah Pembelian - Jumlah Hari',
            'Maks. Jumlah Pembelian - Tanggal Berakhir',
            'Alasan Gagal',
          ],
          ['', '', '', '', '', '', 'Wajib', '', 'Wajib', '', '', '', '', '', ''],
          [],
          ['Mohon masukkan 99 sampai 150000000 untuk harga produk', '', '', '', '', '', '', '', ''],
          variation('2000000101', 'Hitam,L', 'FPR-001', 'FPR-001-HTM-L', 99),
          variation('2000000102', 'Hitam,L', '', 'FPR-001', 99),
          // The file's spacing differs from the mapping's: the same variation.
          variation('2000000103', 'Hitam, M', '', 'FPR-001', 99),
          variation('2000000104', 'Biru,41', '', 'SEPATU-01', 99),
          variation('2000000105', '', '', 'BDL-TT', 99),
          variation('2000000106', '', '', 'KAOS-É', 99),
        ],
      },
    ]);
    const before = await readSheets(template);
    if (!before.ok) throw new Error('the template cannot be read');
    const { response, rows } = await fill('mass_update_sales_info_shopee.xlsx', template);
    const stock = 8;
    expect(rows.slice(6).map((row) => [row[5], row[3] ?? '', row[stock]])).toEqual([
      ['FPR-001-HTM-L', 'Hitam,L', '28'],
      ['FPR-001', 'Hitam,L', '28'],
      ['FPR-001', 'Hitam, M', '12'],
      ['SEPATU-01', 'Biru,41', '99'],
      ['BDL-TT', '', '99'],
      ['KAOS-É', '', '99'],
    ]);
    expect(withoutColumn(rows, stock)).toEqual(withoutColumn(before.sheets[0]?.rows ?? [], stock));
    expect(response.headers[STOCK_FILE_UNMAPPED_HEADER.toLowerCase()]).toBe('3');
    expect(response.headers[STOCK_FILE_UNMAPPED_SKUS_HEADER.toLowerCase()]).toBe(
      'SEPATU-01,BDL-TT,KAOS-%C3%89',
    );
    // Printable ASCII (a header value), and the same rows once parsed.
    expect(response.headers[STOCK_FILE_UNCHANGED_HEADER.toLowerCase()]).toMatch(/^[\x20-\x7e]+$/);
    expect(unchangedOf(response)).toEqual([
      { row: 10, sku: 'SEPATU-01', variation: 'Biru,41', reason: 'variation_unmapped' },
      { row: 11, sku: 'BDL-TT', variation: null, reason: 'other_channel' },
      { row: 12, sku: 'KAOS-É', variation: null, reason: 'unmapped' },
    ]);
    const log = await latestLog(server.database, 'EXPORT_MARKETPLACE_STOCK');
    expect(log?.details).toBe(
      'Stok marketplace Shopee diisi ke file mass_update_sales_info_shopee.xlsx: 3 baris diisi, 3 SKU belum dipetakan, stok cadangan 0, toko Shopee',
    );
  });

  it("fills TikTok's batch-edit template by 'Variation Option'", async () => {
    const header = [
      'Product ID',
      'Category',
      'Product name',
      'SKU ID',
      'Variation Option',
      'Retail Price (Local Currency)',
      'Seller SKU',
      'Quantity',
    ];
    const template = workbook([
      {
        name: 'Template',
        rows: [
          ['Batch edit price & stock'],
          ['V3'],
          header,
          [
            'Uneditable',
            'Uneditable',
            'Uneditable',
            'Uneditable',
            'Uneditable',
            'Mandatory',
            'Uneditable',
            'Mandatory',
          ],
          [
            '1729000000000000201',
            'Pakaian',
            'Kemeja Flanel',
            '1729000000000000301',
            'Hitam, L',
            '150000',
            'FPR-001',
            99,
          ],
          [
            '1729000000000000201',
            'Pakaian',
            'Kemeja Flanel',
            '1729000000000000302',
            'Hitam, L',
            '150000',
            'FPR-001-HTM-L',
            99,
          ],
          [
            '1729000000000000202',
            'Pakaian',
            'Paket Sepatu',
            '1729000000000000303',
            '',
            '300000',
            'BDL-TT',
            99,
          ],
        ],
      },
    ]);
    const { response, rows } = await fill('tiktok-batch-edit.xlsx', template, { buffer: '1' });
    expect(rows.slice(4).map((row) => [row[6], row[7]])).toEqual([
      ['FPR-001', '27'],
      // Mapped for Shopee only: left, and named.
      ['FPR-001-HTM-L', '99'],
      // floor(41 / 2) - 1.
      ['BDL-TT', '19'],
    ]);
    expect(unchangedOf(response)).toEqual([
      { row: 6, sku: 'FPR-001-HTM-L', variation: 'Hitam, L', reason: 'other_channel' },
    ]);
  });

  it('fills a Lazada template without a variation column: a SKU mapped only with variations still resolves, to the least of them', async () => {
    const template = workbook([
      {
        name: 'Sheet1',
        rows: [
          ['Product ID', 'Name', 'SellerSku', 'ShopSku', 'Price', 'Quantity'],
          ['3000000101', 'Sepatu Merah 40', 'SEPATU-01', '3000000101_ID-1', 300000, 99],
          // Hitam,L (28) and Hitam,M (12): the row could be either, so the least, 12.
          ['3000000102', 'Kemeja Flanel', 'FPR-001', '3000000102_ID-1', 150000, 99],
          ['3000000103', 'Paket Sepatu', 'BDL-TT', '3000000103_ID-1', 300000, 99],
          ['3000000104', 'Produk Lama', 'TIDAK-ADA', '3000000104_ID-1', 1000, 4],
        ],
      },
    ]);
    const { response, rows } = await fill('lazada-stock.xlsx', template, { buffer: '2' });
    expect(rows.map((row) => [row[2], row[5]])).toEqual([
      ['SellerSku', 'Quantity'],
      ['SEPATU-01', '39'],
      ['FPR-001', '10'],
      ['BDL-TT', '99'],
      ['TIDAK-ADA', '4'],
    ]);
    expect(unchangedOf(response)).toEqual([
      { row: 4, sku: 'BDL-TT', variation: null, reason: 'other_channel' },
      { row: 5, sku: 'TIDAK-ADA', variation: null, reason: 'unmapped' },
    ]);
  });

  it('lists the rows left unchanged in a header kept within its budget, counting them all', () => {
    const unchanged = Array.from({ length: 500 }, (_value, index): StockFileUnchangedRow => ({
      row: index + 2,
      sku: `SKU-LAMA-${index}`,
      variation: 'Hitam,L',
      reason: 'unmapped',
    }));
    const headers = stockFileHeaders(unchanged);
    const listed = headers[STOCK_FILE_UNCHANGED_HEADER];
    expect(listed.length).toBeLessThanOrEqual(STOCK_FILE_UNCHANGED_MAX_CHARS);
    const rows = JSON.parse(listed) as StockFileUnchangedRow[];
    expect(rows.length).toBeGreaterThan(10);
    expect(rows).toEqual(unchanged.slice(0, rows.length));
    expect(headers[STOCK_FILE_UNMAPPED_HEADER]).toBe('500');
  });
});
