// Income and settlement files as the spreadsheet worker hands them over (sheets of text), built
// from the exact header rows in ../shared/marketplace-files.md (sections 2, 5 and 7): one builder
// per format and generation, with each file's sheets and the rows above its header. A row is
// given by header name, so a misspelt header does not compile.
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import type { parseSettlementFile } from './parse-settlements';

export type Sheets = Parameters<typeof parseSettlementFile>[0];

// 39 columns
export const SHOPEE_A_HEADERS = [
  'No. Pesanan',
  'No. Pengajuan',
  'Username (Pembeli)',
  'Waktu Pesanan Dibuat',
  'Metode pembayaran pembeli',
  'Tanggal Dana Dilepaskan',
  'Harga Asli Produk',
  'Total Diskon Produk',
  'Jumlah Pengembalian Dana ke Pembeli',
  'Diskon Produk dari Shopee',
  'Diskon Voucher Ditanggung Penjual',
  'Cashback Koin yang Ditanggung Penjual',
  'Ongkir Dibayar Pembeli',
  'Diskon Ongkir Ditanggung Jasa Kirim',
  'Gratis Ongkir dari Shopee',
  'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim',
  'Ongkos Kirim Pengembalian Barang',
  'Pengembalian Biaya Kirim',
  'Biaya Komisi AMS',
  'Biaya Administrasi',
  'Biaya Layanan (termasuk PPN 11%)',
  'Premi',
  'Biaya Program',
  'Biaya Kartu Kredit',
  'Biaya Transaksi',
  'Biaya Kampanye',
  'Bea Masuk, PPN & PPh',
  'Total Penghasilan',
  'Kode Voucher',
  'Kompensasi',
  'Promo Gratis Ongkir dari Penjual',
  'Jasa Kirim',
  'Nama Kurir',
  '',
  'Pengembalian Dana ke Pembeli',
  'Pro-rata Koin yang Ditukarkan untuk Pengembalian Barang',
  'Pro-rata Voucher Shopee untuk Pengembalian Barang',
  'Pro-rated Bank Payment Channel Promotion  for return refund Items',
  'Pro-rated Shopee Payment Channel Promotion  for return refund Items',
] as const;
// 40 columns
export const SHOPEE_B_HEADERS = [
  'No.',
  'No. Pesanan',
  'No. Pengajuan',
  'Username (Pembeli)',
  'Waktu Pesanan Dibuat',
  'Metode pembayaran pembeli',
  'Tanggal Dana Dilepaskan',
  'Harga Asli Produk',
  'Total Diskon Produk',
  'Jumlah Pengembalian Dana ke Pembeli',
  'Diskon Produk dari Shopee',
  'Voucher disponsor oleh Penjual',
  'Cashback Koin disponsori Penjual',
  'Ongkir Dibayar Pembeli',
  'Diskon Ongkir Ditanggung Jasa Kirim',
  'Gratis Ongkir dari Shopee',
  'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim',
  'Ongkos Kirim Pengembalian Barang',
  'Kembali ke Biaya Pengiriman Pengirim',
  'Pengembalian Biaya Kirim',
  'Biaya Komisi AMS',
  'Biaya Administrasi',
  'Biaya Layanan',
  'Biaya Proses Pesanan',
  'Premi',
  'Biaya Program Hemat Biaya Kirim',
  'Biaya Transaksi',
  'Biaya Kampanye',
  'Bea Masuk, PPN & PPh',
  'Total Penghasilan',
  'Kode Voucher',
  'Kompensasi',
  'Promo Gratis Ongkir dari Penjual',
  'Jasa Kirim',
  'Nama Kurir',
  'Pengembalian Dana ke Pembeli',
  'Pro-rata Koin yang Ditukarkan untuk Pengembalian Barang',
  'Pro-rata Voucher Shopee untuk Pengembalian Barang',
  'Pro-rated Bank Payment Channel Promotion  for return refund Items',
  'Pro-rated Shopee Payment Channel Promotion  for return refund Items',
] as const;
// 33 columns
export const SHOPEE_C_HEADERS = [
  'No.',
  'Lihat berdasarkan',
  'No. Pesanan',
  'No. Pengajuan',
  'ID Produk',
  'Nama Produk',
  'Waktu Pesanan Dibuat',
  'Tanggal Dana Dilepaskan',
  'Metode Pelepasan Dana',
  'Tipe Pesanan',
  'Total Penghasilan',
  'Harga Produk',
  'Jumlah Pengembalian Dana ke Pembeli',
  'Ongkir Dibayar Pembeli',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim',
  'Potongan Ongkos Kirim dari Jasa Kirim',
  'Gratis Ongkir dari Shopee',
  'Ongkos Kirim Pengembalian Barang',
  'Return to Seller Fee',
  'Pengembalian Biaya Kirim',
  'Voucher disponsor oleh Penjual',
  'Cashback Koin disponsori Penjual',
  'Diskon Produk dari Shopee',
  'Voucher co-fund disponsor oleh Penjual',
  'Cashback Koin Co-fund disponsori Penjual',
  'Biaya Administrasi (termasuk PPN 11%)',
  'Biaya Proses Pesanan',
  'Biaya Pembayaran',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)',
  'Biaya Transaksi',
  'Biaya Layanan Promo XTRA',
  'Username (Pembeli)',
  'Jasa Kirim',
] as const;
// 65 columns
export const TIKTOK_HEADERS = [
  'Order/adjustment ID',
  'Type',
  'Order created time',
  'Order settled time',
  'Currency',
  'Total settlement amount',
  'Total Revenue',
  'Subtotal after seller discounts',
  'Subtotal before discounts',
  'Seller discounts',
  'Distance item fee from Horizon+ Program',
  'Refund subtotal after seller discounts',
  'Refund subtotal before seller discounts',
  'Refund of seller discounts',
  'Total Fees',
  'Platform commission fee',
  'Pre-order service fee',
  'Mall service fee',
  'Payment Fee',
  'Shipping cost',
  'Shipping costs passed on to the logistics provider',
  'Replacement shipping fee (passed on to the customer)',
  'Exchange shipping fee (passed on to the customer)',
  'Shipping cost borne by the platform',
  'Shipping cost paid by the customer',
  'Refunded shipping cost paid by the customer',
  'Return shipping costs (passed on to the customer)',
  'Shipping cost subsidy',
  'Distance shipping fee from Horizon+ Program',
  'Affiliate Commission',
  'Affiliate partner commission',
  'Affiliate Shop Ads commission',
  'Affiliate Partner shop ads commission',
  'Shipping Fee Program service fee',
  'Dynamic commission',
  'Bonus cashback service fee',
  'LIVE Specials service fee',
  'Voucher Xtra service fee',
  'Order processing fee',
  'EAMS Program service fee',
  'Brands Crazy Deals/Flash Sale service fee',
  'Dilayani Tokopedia fee',
  'Dilayani Tokopedia handling fee',
  'PayLater program fee',
  'Campaign resource fee',
  'Installation service fee',
  'Article 22 Income Tax withheld',
  'Platform special service fee',
  'GMV Max ad fee',
  'GMV Max Coupon',
  'Ajustment amount',
  'Related order ID',
  'Customer payment',
  'Customer refund',
  'Seller co-funded voucher discount',
  'Refund of seller co-funded voucher discount',
  'Platform discounts',
  'Refund of platform discounts',
  'Platform co-funded voucher discounts',
  'Refund of platform co-funded voucher discounts',
  'Seller shipping cost discount',
  'Estimated package weight (g)',
  'Actual package weight (g)',
  'Shopping center items',
  'Order Source',
] as const;
// 19 columns
export const LAZADA_HEADERS = [
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
] as const;

/** A data row: each header's cell from `values`, '' where none is given. */
export function line<H extends readonly string[]>(
  headers: H,
  values: Partial<Record<H[number], string>>,
): string[] {
  const cells: Partial<Record<string, string>> = values;
  return headers.map((header) => cells[header] ?? '');
}

/** Generation A: the data on the second sheet, the store's username in A2, the header on row 6. */
export function shopeeAFile(
  rows: readonly string[][],
  { headers = SHOPEE_A_HEADERS as readonly string[], store = 'tokobaju.id' } = {},
): Sheets {
  return [
    { name: 'Ringkasan', rows: [['Laporan Penghasilan'], ['Total Penghasilan', '85.372,25']] },
    {
      name: 'Income',
      rows: [
        ['Laporan Penghasilan'],
        [store],
        ['Periode', '2026-08-01 - 2026-08-31'],
        [],
        [],
        [...headers],
        ...rows,
      ],
    },
  ];
}

/** The 2025 workbook's adjustment sheet (section 2). */
export const SHOPEE_B_ADJUSTMENT_HEADERS = [
  'No.',
  'Tanggal Penyesuaian Dibuat',
  'Tipe Penyesuaian | Deskripsi',
  'Alasan Penyesuaian',
  'Biaya Penyesuaian',
  'No. Pesanan Terhubung',
  'Tanggal Dana Dilepaskan',
] as const;

/**
 * Generation B (2025): five sheets; 'income' has 5 metadata rows, the header on row 6; the
 * adjustment sheet's rows are `adjustments` (its header on row 1, unless `adjustmentPreamble`
 * rows come first), then its 'Total' row.
 */
export function shopeeBFile(
  rows: readonly string[][],
  {
    store = 'tokobaju.id',
    adjustments = [] as readonly string[][],
    adjustmentPreamble = [] as readonly string[][],
  } = {},
): Sheets {
  return [
    { name: 'summary', rows: [['Laporan Penghasilan'], ['Total Penghasilan', '1.132.100']] },
    {
      name: 'income',
      rows: [
        ['Laporan Penghasilan'],
        [store],
        ['Dari', '2025-07-01'],
        ['ke', '2025-07-31'],
        [],
        [...SHOPEE_B_HEADERS],
        ...rows,
      ],
    },
    {
      name: 'service fee details',
      rows: [
        [],
        [
          'No.',
          'No. Pesanan',
          'Biaya Layanan Cashback XTRA',
          'Gratis Ongkir XTRA',
          'Promo XTRA',
          'Biaya Pembayaran',
          'Biaya Campaign 7.7',
        ],
        ['1', '250701ABCDEF12', '-2.000', '-3.000', '-1.200', '0', '0'],
      ],
    },
    {
      name: 'adjustment',
      rows: [
        ...adjustmentPreamble,
        [...SHOPEE_B_ADJUSTMENT_HEADERS],
        ...adjustments,
        ['Total', '', '', '', '0', '', ''],
      ],
    },
    {
      name: 'order processing fee',
      rows: [
        [
          'No.',
          'Lihat berdasarkan',
          'No. Pesanan',
          'ID Produk',
          'Nama Produk',
          'Biaya Proses Pesanan',
          'Biaya Proses Pesanan per Produk (Prorata harga produk tiap pesanan)',
        ],
        ['1', 'Order', '250701ABCDEF12', '', '', '-1.250', ''],
      ],
    },
  ];
}

/** Generation C (2026): a Summary sheet naming the store, 'Penghasilan' with the header on row 3. */
export function shopeeCFile(
  rows: readonly string[][],
  { headers = SHOPEE_C_HEADERS as readonly string[], store = 'cbmajwastore' } = {},
): Sheets {
  return [
    {
      name: 'Summary',
      rows: [
        ['Laporan Penghasilan'],
        ['Username (Penjual)', store],
        ['Dari', '2026-08-01'],
        ['ke', '2026-08-31'],
        [],
        ['Ringkasan Penghasilan', '', '', 'Rp'],
        ['3. Total yang Dilepas', '', '', '156868'],
      ],
    },
    { name: 'Penghasilan', rows: [['Informasi Pesanan'], [], [...headers], ...rows] },
  ];
}

/** TikTok Shop / Tokopedia settlement workbook: 'Order details' beside its other sheets. */
export function tiktokFile(
  rows: readonly string[][],
  { headers = TIKTOK_HEADERS as readonly string[] } = {},
): Sheets {
  return [
    { name: 'Reports', rows: [['Settlement report'], ['Total settlement amount', '68.027']] },
    { name: 'Order details', rows: [[...headers], ...rows] },
    {
      name: 'Withdrawal records',
      rows: [
        [
          'Type',
          'Reference ID',
          'Request time',
          'Amount',
          'Status',
          'Success time',
          'Bank account',
        ],
        ['Withdraw', '88001', '2026/08/15', '-68027', 'Success', '2026/08/16', 'BCA ****1234'],
      ],
    },
  ];
}

/** Lazada 'Income Overview': one row per fee of an order. */
export function lazadaFile(rows: readonly string[][]): Sheets {
  return [{ name: 'Income Overview', rows: [[...LAZADA_HEADERS], ...rows] }];
}

/** The Shopee order export of 2026 (section 1): an order file, not an income file. */
export const SHOPEE_ORDER_HEADERS = [
  'No. Pesanan',
  'Status Pesanan',
  'Shipped by Advance Fulfilment',
  'Status Pembatalan/ Pengembalian',
  'No. Resi',
  'Opsi Pengiriman',
  'Waktu Pesanan Dibuat',
  'Nomor Referensi SKU',
  'Nama Produk',
  'Jumlah',
  'Total Harga Produk',
] as const;

/** Two orders of a 2026 Shopee file ('Penghasilan', Order rows), with hand-computed money. */
export const C1 = '2608235DUJYERU';
export const C2 = '260827FDRXQNA9';
export const shopeeC1 = {
  'No.': '1',
  'Lihat berdasarkan': 'Order',
  'No. Pesanan': C1,
  'ID Produk': '-',
  'Nama Produk': '-',
  'Waktu Pesanan Dibuat': '2026-08-23',
  'Tanggal Dana Dilepaskan': '2026-08-31',
  'Metode Pelepasan Dana': 'Saldo Penjual',
  'Tipe Pesanan': 'Normal Order',
  // 151.213 - 15.597 - 1.250 - 2.752 - 13.762
  'Total Penghasilan': '117852',
  'Harga Produk': '152910',
  'Jumlah Pengembalian Dana ke Pembeli': '0',
  'Ongkir Dibayar Pembeli': '0',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': '-33000',
  'Potongan Ongkos Kirim dari Jasa Kirim': '0',
  'Gratis Ongkir dari Shopee': '33000',
  'Voucher disponsor oleh Penjual': '-1697',
  'Biaya Administrasi (termasuk PPN 11%)': '-15597',
  'Biaya Proses Pesanan': '-1250',
  'Biaya Pembayaran': '-2752',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)': '-6881',
  'Biaya Transaksi': '0',
  'Biaya Layanan Promo XTRA': '-6881',
  'Username (Pembeli)': 'allnewrealme',
  'Jasa Kirim': 'SPX Instant',
} as const;
export const shopeeC2 = {
  'No.': '2',
  'Lihat berdasarkan': 'Order',
  'No. Pesanan': C2,
  'Tanggal Dana Dilepaskan': '2026-08-30',
  // 50.970 - 5.199 - 1.250 - 917 - 4.588
  'Total Penghasilan': '39016',
  'Harga Produk': '50970',
  'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': '-14000',
  'Gratis Ongkir dari Shopee': '14000',
  'Biaya Administrasi (termasuk PPN 11%)': '-5199',
  'Biaya Proses Pesanan': '-1250',
  'Biaya Pembayaran': '-917',
  'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)': '-2294',
  'Biaya Layanan Promo XTRA': '-2294',
} as const;

// ---------------------------------------------------------------------------------------------
// Files as bytes: an xlsx written directly (SheetJS needs minutes and gigabytes for a 300,000-row
// sheet), and the generated files of the hostile-file tests and the benchmark.

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The column letters of a 0-based column index (0: A, 26: AA). */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** A cell written as a number: a plain integer or decimal of at most 15 digits. */
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d{1,6})?$/;

/** One row as sheet XML: numbers as number cells, other text inline; blanks left out. */
function rowXml(row: readonly string[], index: number): string {
  let cells = '';
  row.forEach((text, column) => {
    if (text === '') return;
    const ref = `${columnLetters(column)}${index + 1}`;
    cells += NUMBER.test(text)
      ? `<c r="${ref}"><v>${text}</v></c>`
      : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(text)}</t></is></c>`;
  });
  return `<row r="${index + 1}">${cells}</row>`;
}

const SHEET_XML_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_XML_TAIL = '</sheetData></worksheet>';

/**
 * The sheet XML deflated a megabyte at a time (each piece on its own, ended by a sync flush, then
 * an empty final block): a 300,000-row sheet never becomes one string.
 */
function deflatedSheet(rows: readonly (readonly string[])[]): ZipPart {
  const parts: Buffer[] = [];
  let size = 0;
  let crc = 0;
  let chunk = SHEET_XML_HEAD;
  const flush = () => {
    const bytes = Buffer.from(chunk, 'utf8');
    size += bytes.length;
    crc = crc32(bytes, crc);
    parts.push(deflateRawSync(bytes, { finishFlush: zlibConstants.Z_SYNC_FLUSH }));
    chunk = '';
  };
  rows.forEach((row, index) => {
    chunk += rowXml(row, index);
    if (chunk.length > 1 << 20) flush();
  });
  chunk += SHEET_XML_TAIL;
  flush();
  parts.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(parts), size, crc, method: 8 };
}

interface ZipPart {
  data: Buffer;
  /** Inflated size. */
  size: number;
  crc: number;
  /** 0 stored, 8 deflated. */
  method: number;
}

/** A zip of the parts (local headers, then the central directory). */
function zipped(entries: readonly (ZipPart & { name: string })[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The sheets as an xlsx: numbers as numbers, text as inline strings, written in a blink. */
export function settlementXlsx(sheets: Sheets): Buffer {
  return workbookOf(sheets.map((sheet) => ({ name: sheet.name, part: deflatedSheet(sheet.rows) })));
}

/**
 * An xlsx of sheets written by hand (their whole XML), with the shared strings' XML when given;
 * `declaredSize`: the inflated size its zip declares for the first sheet (a lie, when given).
 */
export function xlsxOfXml(
  sheets: readonly { name: string; xml: string }[],
  { sharedStrings, declaredSize }: { sharedStrings?: string; declaredSize?: number } = {},
): Buffer {
  const deflated = (text: string): ZipPart => {
    const data = Buffer.from(text, 'utf8');
    return { data: deflateRawSync(data), size: data.length, crc: crc32(data), method: 8 };
  };
  return workbookOf(
    sheets.map((sheet, i) => {
      const part = deflated(sheet.xml);
      return {
        name: sheet.name,
        part: i === 0 && declaredSize !== undefined ? { ...part, size: declaredSize } : part,
      };
    }),
    sharedStrings === undefined ? undefined : deflated(sharedStrings),
  );
}

function workbookOf(sheets: readonly { name: string; part: ZipPart }[], shared?: ZipPart): Buffer {
  const names = sheets.map((sheet) => escapeXml(sheet.name));
  const entries: (ZipPart & { name: string })[] = [];
  const stored = (name: string, text: string) => {
    const data = Buffer.from(text, 'utf8');
    entries.push({ name, data, size: data.length, crc: crc32(data), method: 0 });
  };
  stored(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      names
        .map(
          (_name, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('') +
      (shared === undefined
        ? ''
        : '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>') +
      '</Types>',
  );
  stored(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  );
  stored(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>' +
      names
        .map((name, i) => `<sheet name="${name}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('') +
      '</sheets></workbook>',
  );
  stored(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      names
        .map(
          (_name, i) =>
            `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('') +
      (shared === undefined
        ? ''
        : `<Relationship Id="rId${names.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>`) +
      '</Relationships>',
  );
  if (shared !== undefined) entries.push({ name: 'xl/sharedStrings.xml', ...shared });
  sheets.forEach((sheet, i) =>
    entries.push({ name: `xl/worksheets/sheet${i + 1}.xml`, ...sheet.part }),
  );
  return zipped(entries);
}

/**
 * A 2026 Shopee income file of `orders` orders, an Order row and a Sku row each (2 x `orders`
 * rows). Order i: price 50.000 + (i mod 97) x 1.000, admin fee 10% of it, processing fee 1.250,
 * shipping paid to the courier and Shopee's free-shipping subsidy of 14.000 each; released
 * = price - admin - 1.250. Order numbers are `${prefix}` and the index.
 */
export function generatedShopeeCFile(
  orders: number,
  { prefix = 'GEN2608', released = '2026-08-31', store = 'cbmajwastore' } = {},
): Sheets {
  const rows: string[][] = [];
  for (let i = 0; i < orders; i += 1) {
    const order = `${prefix}${String(i).padStart(7, '0')}`;
    const price = 50_000 + (i % 97) * 1_000;
    const admin = price / 10;
    rows.push(
      line(SHOPEE_C_HEADERS, {
        'No.': String(2 * i + 1),
        'Lihat berdasarkan': 'Order',
        'No. Pesanan': order,
        'ID Produk': '-',
        'Nama Produk': '-',
        'Waktu Pesanan Dibuat': '2026-08-20',
        'Tanggal Dana Dilepaskan': released,
        'Metode Pelepasan Dana': 'Saldo Penjual',
        'Tipe Pesanan': 'Normal Order',
        'Total Penghasilan': String(price - admin - 1_250),
        'Harga Produk': String(price),
        'Jumlah Pengembalian Dana ke Pembeli': '0',
        'Ongkir Dibayar Pembeli': '0',
        'Ongkos Kirim yang Dibayarkan ke Jasa Kirim': '-14000',
        'Potongan Ongkos Kirim dari Jasa Kirim': '0',
        'Gratis Ongkir dari Shopee': '14000',
        'Biaya Administrasi (termasuk PPN 11%)': String(-admin),
        'Biaya Proses Pesanan': '-1250',
        'Biaya Pembayaran': '0',
        'Username (Pembeli)': `pembeli${i % 5_000}`,
        'Jasa Kirim': 'SPX Standard',
      }),
      line(SHOPEE_C_HEADERS, {
        'No.': String(2 * i + 2),
        'Lihat berdasarkan': 'Sku',
        'No. Pesanan': order,
        'ID Produk': String(2_000_000_000 + (i % 300)),
        'Nama Produk': `Kaos Polos Katun Combed ${i % 300}`,
        'Harga Produk': String(price),
        'Biaya Administrasi (termasuk PPN 11%)': String(-admin),
      }),
    );
  }
  return shopeeCFile(rows, { store });
}

/**
 * A TikTok Shop 'Order details' sheet of `rows` rows: Order rows, and every tenth row an
 * adjustment of the order before it. Order i: subtotal 80.000 + (i mod 50) x 500, commission 8%,
 * payment fee 2.000, processing fee 1.250; released = subtotal - the fees. An adjustment adds
 * 5.000 ('Ajustment amount') to its order.
 */
export function generatedTiktokFile(
  rows: number,
  { prefix = '5790', settled = '2026/08/31' } = {},
): Sheets {
  const data: string[][] = [];
  let last = '';
  for (let i = 0; i < rows; i += 1) {
    if (i % 10 === 9) {
      data.push(
        line(TIKTOK_HEADERS, {
          'Order/adjustment ID': `${prefix}9${String(i).padStart(14, '0')}`,
          Type: 'Logistics reimbursement',
          'Order created time': '2026/08/20',
          'Order settled time': settled,
          Currency: 'IDR',
          'Total settlement amount': '5000',
          'Ajustment amount': '5000',
          'Related order ID': last,
        }),
      );
      continue;
    }
    last = `${prefix}${String(i).padStart(15, '0')}`;
    const subtotal = 80_000 + (i % 50) * 500;
    const commission = (subtotal * 8) / 100;
    data.push(
      line(TIKTOK_HEADERS, {
        'Order/adjustment ID': last,
        Type: 'Order',
        'Order created time': '2026/08/20',
        'Order settled time': settled,
        Currency: 'IDR',
        'Total settlement amount': String(subtotal - commission - 2_000 - 1_250),
        'Total Revenue': String(subtotal),
        'Subtotal after seller discounts': String(subtotal),
        'Subtotal before discounts': String(subtotal),
        'Seller discounts': '0',
        'Total Fees': String(-(commission + 2_000 + 1_250)),
        'Platform commission fee': String(-commission),
        'Payment Fee': '-2000',
        'Order processing fee': '-1250',
        'Shipping cost': '0',
        'Customer payment': String(subtotal),
        'Order Source': 'TikTok Shop',
      }),
    );
  }
  return tiktokFile(data);
}
