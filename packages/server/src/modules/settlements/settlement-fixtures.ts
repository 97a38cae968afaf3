// Income and settlement files as the spreadsheet worker hands them over (sheets of text), built
// from the exact header rows in ../shared/marketplace-files.md (sections 2, 5 and 7): one builder
// per format and generation, with each file's sheets and the rows above its header. A row is
// given by header name, so a misspelt header does not compile.
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

/** Generation B (2025): five sheets; 'income' has 5 metadata rows, the header on row 6. */
export function shopeeBFile(rows: readonly string[][], { store = 'tokobaju.id' } = {}): Sheets {
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
        [
          'No.',
          'Tanggal Penyesuaian Dibuat',
          'Tipe Penyesuaian | Deskripsi',
          'Alasan Penyesuaian',
          'Biaya Penyesuaian',
          'No. Pesanan Terhubung',
          'Tanggal Dana Dilepaskan',
        ],
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
