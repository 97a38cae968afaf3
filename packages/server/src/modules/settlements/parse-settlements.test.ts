// Reading the marketplaces' income and settlement files (issue 45): one file per format and
// generation built from the exact headers of ../shared/marketplace-files.md, with figures
// computed by hand in the comments; then the drift seen in real files, files that do not add up,
// rows that cannot be read and files that are no income file. Pure: no database.
import {
  FEE_CATEGORIES,
  parseSettlementFile,
  SETTLEMENT_PARSE_MESSAGES,
  type FeeCategory,
  type ParsedSettlementFile,
  type ParsedSettlementOrder,
} from './parse-settlements';
import {
  LAZADA_HEADERS,
  line,
  lazadaFile,
  SHOPEE_A_HEADERS,
  SHOPEE_B_ADJUSTMENT_HEADERS,
  SHOPEE_B_HEADERS,
  SHOPEE_C_HEADERS,
  SHOPEE_ORDER_HEADERS,
  shopeeAFile,
  shopeeBFile,
  shopeeCFile,
  C1,
  C2,
  shopeeC1,
  shopeeC2,
  TIKTOK_HEADERS,
  tiktokFile,
  type Sheets,
} from './settlement-fixtures';

const options = { timeZone: 'Asia/Jakarta' };

function parsed(sheets: Sheets): ParsedSettlementFile {
  const result = parseSettlementFile(sheets, options);
  if ('error' in result) throw new Error(`expected a file, got: ${result.error}`);
  return result;
}

/** The error of a file that is refused. */
function refused(sheets: Sheets): string {
  const result = parseSettlementFile(sheets, options);
  if (!('error' in result)) throw new Error('expected an error');
  return result.error;
}

const fees = (given: Partial<Record<FeeCategory, number>>) =>
  Object.fromEntries(FEE_CATEGORIES.map((c) => [c, given[c] ?? 0])) as Record<FeeCategory, number>;
const columns = (given: Partial<Record<FeeCategory, string[]>>) =>
  Object.fromEntries(FEE_CATEGORIES.map((c) => [c, given[c] ?? []])) as Record<
    FeeCategory,
    string[]
  >;

function orderOf(file: ParsedSettlementFile, orderNumber: string): ParsedSettlementOrder {
  const order = file.orders.find((o) => o.orderNumber === orderNumber);
  if (order === undefined) throw new Error(`order ${orderNumber} not in the file`);
  return order;
}

const feeTotal = (order: ParsedSettlementOrder) =>
  FEE_CATEGORIES.reduce((sum, category) => sum + order.fees[category], 0);

// ---------------------------------------------------------------------------------------------
// Shopee, generation A: header on row 6, username in A2, data on the second sheet.

const A1 = '2608010AAAAAAA';
const A2 = '2608020BBBBBBB';
/** An order with every kind of Shopee money, Indonesian thousands and '-' for zero. */
const shopeeA1 = {
  'No. Pesanan': A1,
  'Username (Pembeli)': 'pembeli01',
  'Waktu Pesanan Dibuat': '2026-08-01',
  'Metode pembayaran pembeli': 'ShopeePay',
  'Tanggal Dana Dilepaskan': '2026-08-05',
  'Harga Asli Produk': '100.000',
  'Total Diskon Produk': '-20.000',
  'Jumlah Pengembalian Dana ke Pembeli': '0',
  'Diskon Produk dari Shopee': '5.000',
  'Diskon Voucher Ditanggung Penjual': '-3.000',
  'Cashback Koin yang Ditanggung Penjual': '-1.000',
  'Ongkir Dibayar Pembeli': '10.000',
  'Diskon Ongkir Ditanggung Jasa Kirim': '-',
  'Gratis Ongkir dari Shopee': '8.000',
  'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim': '-19.000',
  'Ongkos Kirim Pengembalian Barang': '-',
  'Pengembalian Biaya Kirim': '-',
  'Biaya Komisi AMS': '-2.000',
  'Biaya Administrasi': '-6.480',
  'Biaya Layanan (termasuk PPN 11%)': '-3.240',
  Premi: '-500',
  'Biaya Program': '-1.000',
  'Biaya Kartu Kredit': '-',
  'Biaya Transaksi': '-1.620',
  'Biaya Kampanye': '-750',
  'Bea Masuk, PPN & PPh': '-100',
  // 81.000 (price after discounts) - 16.690 (fees) = 64.310, written as a plain number.
  'Total Penghasilan': '64310',
  'Kode Voucher': 'TOKO10',
  Kompensasi: '0',
  // Outside the released amount (Shopee lists it after Total Penghasilan): not summed.
  'Promo Gratis Ongkir dari Penjual': '-2.000',
  'Jasa Kirim': 'SPX Standard',
  'Nama Kurir': 'SPX',
  'Pengembalian Dana ke Pembeli': '0',
} as const;
/** Half refunded, Indonesian decimals ('-2.625,50') beside a plain one ('-1312.25'). */
const shopeeA2 = {
  'No. Pesanan': A2,
  'Waktu Pesanan Dibuat': '2026-08-02',
  'Tanggal Dana Dilepaskan': '06/08/2026',
  'Harga Asli Produk': '50000',
  'Total Diskon Produk': '-',
  'Jumlah Pengembalian Dana ke Pembeli': '-25.000',
  'Ongkir Dibayar Pembeli': '9000',
  'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim': '-9000',
  'Biaya Administrasi': '-2.625,50',
  'Biaya Layanan (termasuk PPN 11%)': '-1312.25',
  // 50.000 - 25.000 - 2.625,50 - 1.312,25
  'Total Penghasilan': '21.062,25',
} as const;

const expectedA1: ParsedSettlementOrder = {
  orderNumber: A1,
  releasedAt: '2026-08-05',
  priceBefore: 10_000_000,
  // 100.000 - 20.000 + 5.000 (Shopee's own discount, paid back) - 3.000 - 1.000
  priceAfter: 8_100_000,
  fees: fees({
    komisi: -648_000,
    // 3.240 + 500 + 1.000 + 750
    layanan: -549_000,
    pembayaran: -162_000,
    // 10.000 + 8.000 - 19.000
    ongkir: -100_000,
    afiliasi: -200_000,
    pajak: -10_000,
  }),
  feeColumns: columns({
    komisi: ['Biaya Administrasi'],
    layanan: ['Biaya Layanan (termasuk PPN 11%)', 'Premi', 'Biaya Program', 'Biaya Kampanye'],
    pembayaran: ['Biaya Transaksi'],
    ongkir: [
      'Ongkir Dibayar Pembeli',
      'Gratis Ongkir dari Shopee',
      'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim',
    ],
    afiliasi: ['Biaya Komisi AMS'],
    pajak: ['Bea Masuk, PPN & PPh'],
  }),
  released: 6_431_000,
  difference: 0,
  rows: [7],
};
const expectedA2: ParsedSettlementOrder = {
  orderNumber: A2,
  releasedAt: '2026-08-06',
  priceBefore: 5_000_000,
  priceAfter: 5_000_000,
  fees: fees({ pengembalian: -2_500_000, komisi: -262_550, layanan: -131_225 }),
  feeColumns: columns({
    pengembalian: ['Jumlah Pengembalian Dana ke Pembeli'],
    komisi: ['Biaya Administrasi'],
    layanan: ['Biaya Layanan (termasuk PPN 11%)'],
    // 9.000 - 9.000: both named, though they cancel out.
    ongkir: ['Ongkir Dibayar Pembeli', 'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim'],
  }),
  released: 2_106_225,
  difference: 0,
  rows: [8],
};

describe('Shopee Laporan Penghasilan, generation A', () => {
  it('reads each order into its price, fees by category and released amount', () => {
    const file = parsed(
      shopeeAFile([line(SHOPEE_A_HEADERS, shopeeA1), line(SHOPEE_A_HEADERS, shopeeA2)]),
    );
    expect(file).toEqual({
      channel: 'shopee',
      format: 'shopee-a',
      sheet: 'Income',
      storeName: 'tokobaju.id',
      orders: [expectedA1, expectedA2],
      problems: [],
    });
  });

  it('adds up: price after discounts plus the fees is the released amount', () => {
    const file = parsed(shopeeAFile([line(SHOPEE_A_HEADERS, shopeeA1)]));
    const order = orderOf(file, A1);
    expect(order.priceAfter + feeTotal(order)).toBe(order.released);
  });
});

// ---------------------------------------------------------------------------------------------
// Shopee, generation B (2025): leading 'No.', five sheets, orders on 'income'.

const B1 = '250701ABCDEF12';
const B2 = '250702GHIJKL34';
const shopeeB1 = {
  'No.': '1',
  'No. Pesanan': B1,
  'Waktu Pesanan Dibuat': '2025-07-28',
  // An Excel serial date: 45870 is 2025-08-01.
  'Tanggal Dana Dilepaskan': '45870',
  'Harga Asli Produk': '200000',
  'Total Diskon Produk': '-40000',
  'Voucher disponsor oleh Penjual': '-5000',
  'Ongkir Dibayar Pembeli': '12000',
  'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim': '-12000',
  'Biaya Administrasi': '-12400',
  'Biaya Layanan': '-6200',
  'Biaya Proses Pesanan': '-1250',
  'Biaya Program Hemat Biaya Kirim': '-350',
  'Biaya Transaksi': '-2790',
  // 155.000 - 12.400 - 6.550 - 1.250 - 2.790
  'Total Penghasilan': '132010',
} as const;
/** Returned: the refund and both shipping legs leave the seller 18.800 short. */
const shopeeB2 = {
  'No.': '2',
  'No. Pesanan': B2,
  'Tanggal Dana Dilepaskan': '2025-08-02',
  'Harga Asli Produk': '80000',
  'Cashback Koin disponsori Penjual': '-800',
  'Jumlah Pengembalian Dana ke Pembeli': '-80000',
  'Ongkos Kirim Pengembalian Barang': '-9000',
  'Kembali ke Biaya Pengiriman Pengirim': '-9000',
  'Total Penghasilan': '-18800',
} as const;

describe('Shopee Laporan Penghasilan, generation B', () => {
  it('reads the income sheet of the 2025 workbook, its other sheets left alone', () => {
    const file = parsed(
      shopeeBFile([line(SHOPEE_B_HEADERS, shopeeB1), line(SHOPEE_B_HEADERS, shopeeB2)]),
    );
    expect(file.format).toBe('shopee-b');
    expect(file.channel).toBe('shopee');
    expect(file.storeName).toBe('tokobaju.id');
    expect(file.problems).toEqual([]);
    expect(file.orders).toEqual([
      {
        orderNumber: B1,
        releasedAt: '2025-08-01',
        priceBefore: 20_000_000,
        priceAfter: 15_500_000,
        fees: fees({
          komisi: -1_240_000,
          layanan: -655_000,
          proses: -125_000,
          pembayaran: -279_000,
        }),
        feeColumns: columns({
          komisi: ['Biaya Administrasi'],
          layanan: ['Biaya Layanan', 'Biaya Program Hemat Biaya Kirim'],
          proses: ['Biaya Proses Pesanan'],
          pembayaran: ['Biaya Transaksi'],
          ongkir: ['Ongkir Dibayar Pembeli', 'Ongkir yang Diteruskan oleh Shopee ke Jasa Kirim'],
        }),
        released: 13_201_000,
        difference: 0,
        rows: [7],
      },
      {
        orderNumber: B2,
        releasedAt: '2025-08-02',
        priceBefore: 8_000_000,
        priceAfter: 7_920_000,
        fees: fees({ pengembalian: -8_000_000, ongkir: -1_800_000 }),
        feeColumns: columns({
          pengembalian: ['Jumlah Pengembalian Dana ke Pembeli'],
          ongkir: ['Ongkos Kirim Pengembalian Barang', 'Kembali ke Biaya Pengiriman Pengirim'],
        }),
        released: -1_880_000,
        difference: 0,
        rows: [8],
      },
    ]);
  });

  const adjustment = (
    values: Partial<Record<(typeof SHOPEE_B_ADJUSTMENT_HEADERS)[number], string>>,
  ) => line(SHOPEE_B_ADJUSTMENT_HEADERS, values);
  const B3 = '250709ZZZZZZ99';

  it("adds the adjustment sheet's rows to their orders, and tells one tied to no order", () => {
    const file = parsed(
      shopeeBFile([line(SHOPEE_B_HEADERS, shopeeB1), line(SHOPEE_B_HEADERS, shopeeB2)], {
        // The header found below a title and a blank row (row 3), as the sheet is written.
        adjustmentPreamble: [['Penyesuaian'], []],
        adjustments: [
          adjustment({
            'No.': '1',
            'Tanggal Penyesuaian Dibuat': '2025-08-05',
            'Tipe Penyesuaian | Deskripsi': 'Kompensasi Barang Hilang',
            'Alasan Penyesuaian': 'Paket hilang di jalan',
            'Biaya Penyesuaian': '25.000',
            'No. Pesanan Terhubung': B2,
            'Tanggal Dana Dilepaskan': '2025-08-06',
          }),
          adjustment({
            'No.': '2',
            'Tipe Penyesuaian | Deskripsi': 'Koreksi Biaya Layanan',
            'Biaya Penyesuaian': '-1.500',
            'No. Pesanan Terhubung': B1,
            'Tanggal Dana Dilepaskan': '2025-08-03',
          }),
          adjustment({
            'No.': '3',
            'Tipe Penyesuaian | Deskripsi': 'Top up iklan',
            'Biaya Penyesuaian': '-50.000',
            'Tanggal Dana Dilepaskan': '2025-08-03',
          }),
          // An order of an earlier period: its income is in another file.
          adjustment({
            'No.': '4',
            'Tipe Penyesuaian | Deskripsi': 'Kompensasi Ongkir',
            'Biaya Penyesuaian': '10000',
            'No. Pesanan Terhubung': B3,
            'Tanggal Dana Dilepaskan': '2025-08-07',
          }),
        ],
      }),
    );
    expect(file.adjustmentSheet).toBe('adjustment');
    expect(file.problems).toEqual([
      {
        sheet: 'adjustment',
        row: 6,
        message: SETTLEMENT_PARSE_MESSAGES.withoutOrder("Penyesuaian 'Top up iklan'"),
      },
    ]);
    // B1: 132.010 - 1.500 = 130.510, still released on its income row's day.
    expect(orderOf(file, B1)).toMatchObject({
      releasedAt: '2025-08-01',
      fees: { penyesuaian: -150_000 },
      released: 13_051_000,
      difference: 0,
      rows: [7],
      adjustmentRows: [5],
    });
    expect(orderOf(file, B1).feeColumns.penyesuaian).toEqual(['Biaya Penyesuaian']);
    // B2: -18.800 + 25.000 = 6.200.
    expect(orderOf(file, B2)).toMatchObject({
      fees: { penyesuaian: 2_500_000 },
      released: 620_000,
      difference: 0,
      adjustmentRows: [4],
    });
    expect(orderOf(file, B3)).toEqual({
      orderNumber: B3,
      releasedAt: '2025-08-07',
      priceBefore: 0,
      priceAfter: 0,
      fees: fees({ penyesuaian: 1_000_000 }),
      feeColumns: columns({ penyesuaian: ['Biaya Penyesuaian'] }),
      released: 1_000_000,
      difference: 0,
      rows: [],
      adjustmentRows: [7],
      adjustmentsOnly: true,
    });
  });

  it('leaves out an order an adjustment of which cannot be read', () => {
    const file = parsed(
      shopeeBFile([line(SHOPEE_B_HEADERS, shopeeB1), line(SHOPEE_B_HEADERS, shopeeB2)], {
        adjustments: [
          adjustment({ 'Biaya Penyesuaian': 'lihat email', 'No. Pesanan Terhubung': B1 }),
          adjustment({
            'Biaya Penyesuaian': '1000',
            'No. Pesanan Terhubung': B2,
            'Tanggal Dana Dilepaskan': 'besok',
          }),
        ],
      }),
    );
    expect(file.orders).toEqual([]);
    expect(file.problems).toEqual([
      {
        sheet: 'adjustment',
        row: 2,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Biaya Penyesuaian', 'lihat email'),
          B1,
        ),
      },
      {
        sheet: 'adjustment',
        row: 3,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.badDate('Tanggal Dana Dilepaskan', 'besok'),
          B2,
        ),
      },
    ]);
  });

  it('shows the difference of an order that does not add up, never forcing it', () => {
    // The file says 133.010: 1.000 more than its own columns add up to.
    const file = parsed(
      shopeeBFile([line(SHOPEE_B_HEADERS, { ...shopeeB1, 'Total Penghasilan': '133.010' })]),
    );
    const order = orderOf(file, B1);
    expect(order.released).toBe(13_301_000);
    expect(order.fees.lain).toBe(0);
    expect(order.difference).toBe(100_000);
    expect(order.released - (order.priceAfter + feeTotal(order))).toBe(order.difference);
  });
});

// ---------------------------------------------------------------------------------------------
// Shopee, generation C (2026): sheet 'Penghasilan', header on row 3, Order and Sku rows.

/** The order's two products: the same money split by product, which must not count again. */
const shopeeC1Skus = [
  {
    ...shopeeC1,
    'Lihat berdasarkan': 'Sku',
    'ID Produk': '5645966964',
    'Nama Produk': 'Susu Kambing Etawa 200gr',
    'Total Penghasilan': '77074',
    'Harga Produk': '100000',
    'Biaya Administrasi (termasuk PPN 11%)': '-10200',
  },
  {
    ...shopeeC1,
    'Lihat berdasarkan': 'Sku',
    'ID Produk': '3948886334',
    'Nama Produk': 'Sari Kurma Ajwa 350gr',
    'Total Penghasilan': '40778',
    'Harga Produk': '52910',
    'Biaya Administrasi (termasuk PPN 11%)': '-5397',
  },
];

const expectedC1: ParsedSettlementOrder = {
  orderNumber: C1,
  releasedAt: '2026-08-31',
  priceBefore: 15_291_000,
  priceAfter: 15_121_300,
  fees: fees({ komisi: -1_559_700, proses: -125_000, pembayaran: -275_200, layanan: -1_376_200 }),
  feeColumns: columns({
    komisi: ['Biaya Administrasi (termasuk PPN 11%)'],
    proses: ['Biaya Proses Pesanan'],
    pembayaran: ['Biaya Pembayaran'],
    layanan: ['Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)', 'Biaya Layanan Promo XTRA'],
    ongkir: ['Ongkos Kirim yang Dibayarkan ke Jasa Kirim', 'Gratis Ongkir dari Shopee'],
  }),
  released: 11_785_200,
  difference: 0,
  rows: [4],
};

describe('Shopee Laporan Penghasilan, generation C', () => {
  const rowsC = () => [
    line(SHOPEE_C_HEADERS, shopeeC1),
    ...shopeeC1Skus.map((sku) => line(SHOPEE_C_HEADERS, sku)),
    line(SHOPEE_C_HEADERS, shopeeC2),
    line(SHOPEE_C_HEADERS, { ...shopeeC2, 'No.': '2', 'Lihat berdasarkan': 'Sku' }),
  ];

  it('counts the money once per order, from its Order row: Sku rows only split it', () => {
    const file = parsed(shopeeCFile(rowsC()));
    expect(file.format).toBe('shopee-c');
    expect(file.storeName).toBe('cbmajwastore');
    expect(file.problems).toEqual([]);
    expect(file.orders).toEqual([
      expectedC1,
      {
        orderNumber: C2,
        releasedAt: '2026-08-30',
        priceBefore: 5_097_000,
        priceAfter: 5_097_000,
        fees: fees({ komisi: -519_900, proses: -125_000, pembayaran: -91_700, layanan: -458_800 }),
        feeColumns: columns({
          komisi: ['Biaya Administrasi (termasuk PPN 11%)'],
          proses: ['Biaya Proses Pesanan'],
          pembayaran: ['Biaya Pembayaran'],
          layanan: [
            'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)',
            'Biaya Layanan Promo XTRA',
          ],
          ongkir: ['Ongkos Kirim yang Dibayarkan ke Jasa Kirim', 'Gratis Ongkir dari Shopee'],
        }),
        released: 3_901_600,
        difference: 0,
        rows: [7],
      },
    ]);
  });

  it('matches the program fee by pattern when its size class changes', () => {
    const headers = SHOPEE_C_HEADERS.map((header) =>
      header === 'Biaya Gratis Ongkir XTRA - Ukuran Biasa (Kategori E)'
        ? 'Biaya Gratis Ongkir XTRA - Ukuran Khusus (Kategori F)'
        : header,
    );
    const file = parsed(shopeeCFile([line(SHOPEE_C_HEADERS, shopeeC1)], { headers }));
    expect(orderOf(file, C1)).toEqual({
      ...expectedC1,
      feeColumns: {
        ...expectedC1.feeColumns,
        layanan: [
          'Biaya Gratis Ongkir XTRA - Ukuran Khusus (Kategori F)',
          'Biaya Layanan Promo XTRA',
        ],
      },
    });
  });

  it('tells an order that has Sku rows but no Order row, and does not count it', () => {
    const file = parsed(shopeeCFile([line(SHOPEE_C_HEADERS, shopeeC1), ...rowsC().slice(4)]));
    expect(file.orders.map((o) => o.orderNumber)).toEqual([C1]);
    expect(file.problems).toEqual([
      { sheet: 'Penghasilan', row: 5, message: SETTLEMENT_PARSE_MESSAGES.skuWithoutOrder(C2) },
    ]);
  });

  it("tells a row whose 'Lihat berdasarkan' is neither Order nor Sku", () => {
    const file = parsed(
      shopeeCFile([
        line(SHOPEE_C_HEADERS, shopeeC1),
        line(SHOPEE_C_HEADERS, { ...shopeeC2, 'Lihat berdasarkan': 'Produk' }),
      ]),
    );
    expect(file.orders.map((o) => o.orderNumber)).toEqual([C1]);
    expect(file.problems).toEqual([
      {
        sheet: 'Penghasilan',
        row: 5,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.unknownKind('Lihat berdasarkan', 'Produk'),
          C2,
        ),
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// TikTok Shop / Tokopedia settlement, 'Order details'.

const T1 = '576471112345678901';
const T2 = '576471112345678902';
const zeros = Object.fromEntries(
  TIKTOK_HEADERS.slice(5, 51).map((header) => [header, '0']),
) as Partial<Record<(typeof TIKTOK_HEADERS)[number], string>>;
const tiktokT1 = {
  ...zeros,
  'Order/adjustment ID': T1,
  Type: 'Order',
  'Order created time': '2026/08/01',
  'Order settled time': '2026/08/09',
  Currency: 'IDR',
  // 90.000 - 17.973
  'Total settlement amount': '72027',
  'Total Revenue': '90000',
  'Subtotal after seller discounts': '90000',
  'Subtotal before discounts': '100000',
  'Seller discounts': '-10000',
  'Total Fees': '-17973',
  'Platform commission fee': '-6273',
  'Payment Fee': '-1800',
  // The sum of the shipping columns after it: -16.000 + 12.000 + 3.000.
  'Shipping cost': '-1000',
  'Shipping costs passed on to the logistics provider': '-16000',
  'Shipping cost paid by the customer': '12000',
  'Shipping cost subsidy': '3000',
  'Affiliate Commission': '-4500',
  'Order processing fee': '-1250',
  'Voucher Xtra service fee': '-2700',
  'Article 22 Income Tax withheld': '-450',
  'Related order ID': '',
  // What the buyer paid, and the parcel: outside the sum.
  'Customer payment': '102000',
  'Seller co-funded voucher discount': '-2000',
  'Platform discounts': '-3000',
  'Estimated package weight (g)': '500',
  'Actual package weight (g)': '480',
  'Shopping center items': '1',
  'Order Source': 'TikTok Shop',
};
/** A logistics reimbursement paid three days later, tied by its Related order ID. */
const tiktokT1Adjustment = {
  ...zeros,
  'Order/adjustment ID': '7000000000000001',
  Type: 'Logistics reimbursement',
  'Order settled time': '2026/08/12',
  Currency: 'IDR',
  'Total settlement amount': '5000',
  'Ajustment amount': '5000',
  'Related order ID': T1,
};
/** Refunded in full: the seller pays the return shipping. */
const tiktokT2 = {
  ...zeros,
  'Order/adjustment ID': T2,
  Type: 'Order',
  'Order created time': '2026/08/02',
  'Order settled time': '2026/08/10',
  'Total settlement amount': '-8000',
  'Total Revenue': '0',
  'Subtotal after seller discounts': '50000',
  'Subtotal before discounts': '50000',
  'Refund subtotal after seller discounts': '-50000',
  'Refund subtotal before seller discounts': '-50000',
  'Total Fees': '-8000',
  'Shipping cost': '-8000',
  'Return shipping costs (passed on to the customer)': '-8000',
  'Order Source': 'TikTok Shop',
};
/** A charge of the shop tied to no order. */
const tiktokDeduction = {
  ...zeros,
  'Order/adjustment ID': '7000000000000002',
  Type: 'Deductions incurred by seller',
  'Order settled time': '2026/08/12',
  'Total settlement amount': '-15000',
  'Ajustment amount': '-15000',
};

const expectedT1: ParsedSettlementOrder = {
  orderNumber: T1,
  // The Order row's settled time, not the adjustment's.
  releasedAt: '2026-08-09',
  priceBefore: 10_000_000,
  priceAfter: 9_000_000,
  fees: fees({
    komisi: -627_300,
    pembayaran: -180_000,
    ongkir: -100_000,
    afiliasi: -450_000,
    proses: -125_000,
    layanan: -270_000,
    pajak: -45_000,
    penyesuaian: 500_000,
  }),
  feeColumns: columns({
    komisi: ['Platform commission fee'],
    pembayaran: ['Payment Fee'],
    ongkir: [
      'Shipping costs passed on to the logistics provider',
      'Shipping cost paid by the customer',
      'Shipping cost subsidy',
    ],
    afiliasi: ['Affiliate Commission'],
    proses: ['Order processing fee'],
    layanan: ['Voucher Xtra service fee'],
    pajak: ['Article 22 Income Tax withheld'],
    penyesuaian: ['Ajustment amount'],
  }),
  // 72.027 + 5.000
  released: 7_702_700,
  difference: 0,
  rows: [2, 3],
};
const expectedT2: ParsedSettlementOrder = {
  orderNumber: T2,
  releasedAt: '2026-08-10',
  priceBefore: 5_000_000,
  priceAfter: 5_000_000,
  fees: fees({ pengembalian: -5_000_000, ongkir: -800_000 }),
  feeColumns: columns({
    pengembalian: ['Refund subtotal after seller discounts'],
    ongkir: ['Return shipping costs (passed on to the customer)'],
  }),
  released: -800_000,
  difference: 0,
  rows: [4],
};

const tiktokRow = (values: Partial<Record<(typeof TIKTOK_HEADERS)[number], string>>) =>
  line(TIKTOK_HEADERS, values);

describe('TikTok Shop settlement, Order details', () => {
  it('reads Order rows and ties adjustment rows to their order', () => {
    const file = parsed(
      tiktokFile([
        tiktokRow(tiktokT1),
        tiktokRow(tiktokT1Adjustment),
        tiktokRow(tiktokT2),
        tiktokRow(tiktokDeduction),
      ]),
    );
    expect(file).toEqual({
      channel: 'tiktok',
      format: 'tiktok',
      sheet: 'Order details',
      storeName: null,
      orders: [expectedT1, expectedT2],
      problems: [
        {
          sheet: 'Order details',
          row: 5,
          message: SETTLEMENT_PARSE_MESSAGES.withoutOrder("'Deductions incurred by seller'"),
        },
      ],
    });
  });

  it("is a Tokopedia file when its orders' Order Source says Tokopedia", () => {
    const file = parsed(
      tiktokFile([
        tiktokRow({ ...tiktokT1, 'Order Source': 'Tokopedia' }),
        tiktokRow(tiktokT1Adjustment),
        tiktokRow({ ...tiktokT2, 'Order Source': 'Tokopedia' }),
      ]),
    );
    expect(file.channel).toBe('tokopedia');
    expect(file.format).toBe('tiktok');
    expect(file.orders).toEqual([expectedT1, expectedT2]);
  });

  it('counts once the rows a weekly export repeats from the previous period', () => {
    const file = parsed(
      tiktokFile([
        tiktokRow(tiktokT1),
        tiktokRow(tiktokT1Adjustment),
        // The next week's export, pasted below: T1 and its adjustment again, and T2.
        tiktokRow(tiktokT1),
        tiktokRow(tiktokT1Adjustment),
        tiktokRow(tiktokT2),
      ]),
    );
    expect(file.orders).toEqual([expectedT1, { ...expectedT2, rows: [6] }]);
  });

  it('counts a second settlement of one order on another day', () => {
    const file = parsed(
      tiktokFile([
        tiktokRow(tiktokT1Adjustment),
        tiktokRow({ ...tiktokT1Adjustment, 'Order settled time': '2026/08/19' }),
      ]),
    );
    const order = orderOf(file, T1);
    expect(order.released).toBe(1_000_000);
    expect(order.fees.penyesuaian).toBe(1_000_000);
    // Only adjustments in this file: the latest of their days.
    expect(order.releasedAt).toBe('2026-08-19');
    expect(order.adjustmentsOnly).toBe(true);
    expect(order.rows).toEqual([2, 3]);
  });

  it("reads '(UTC)' times into the shop's day, trailing spaces and a renamed ID and type", () => {
    const headers = TIKTOK_HEADERS.map((header) => {
      if (header === 'Order/adjustment ID') return 'Order/Adjustment ID  ';
      if (header === 'Type') return 'Transaction type';
      if (header === 'Order created time') return 'Order created time(UTC)';
      if (header === 'Order settled time') return 'Order settled time(UTC)';
      return header;
    });
    const file = parsed(
      tiktokFile(
        [
          // 20:30 UTC on 9 August is 03:30 on 10 August in Jakarta.
          tiktokRow({ ...tiktokT1, 'Order settled time': '2026/08/09 20:30:00' }),
          tiktokRow({ ...tiktokT1Adjustment, 'Order settled time': '2026-08-12 01:00:00' }),
        ],
        { headers },
      ),
    );
    expect(file.problems).toEqual([]);
    expect(file.orders).toEqual([{ ...expectedT1, releasedAt: '2026-08-10' }]);
  });

  it('leaves out an order a row of which cannot be read, rather than counting it short', () => {
    const file = parsed(
      tiktokFile([
        tiktokRow(tiktokT1),
        tiktokRow({ ...tiktokT1Adjustment, 'Ajustment amount': '5.000 IDR' }),
        tiktokRow(tiktokT2),
      ]),
    );
    expect(file.orders).toEqual([expectedT2]);
    expect(file.problems).toEqual([
      {
        sheet: 'Order details',
        row: 3,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Ajustment amount', '5.000 IDR'),
          T1,
        ),
      },
    ]);
  });

  it('refuses an order id a spreadsheet program rounded, leaving its order out', () => {
    const rounded = '576471112345678000';
    const sheets = tiktokFile([
      tiktokRow({ ...tiktokT1, 'Order/adjustment ID': rounded }),
      tiktokRow(tiktokT2),
      tiktokRow({ ...tiktokT2, 'Order/adjustment ID': '5.76471E+17' }),
    ]);
    const details = sheets[1];
    if (details === undefined) throw new Error('no Order details sheet');
    sheets[1] = { ...details, lostDigits: ['1,0'] };
    const file = parsed(sheets);
    expect(file.orders.map((o) => o.orderNumber)).toEqual([T2]);
    expect(file.problems).toEqual([
      {
        sheet: 'Order details',
        row: 2,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.lostDigits('Order/adjustment ID', rounded),
          rounded,
        ),
      },
      {
        sheet: 'Order details',
        row: 4,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.lostDigits('Order/adjustment ID', '5.76471E+17'),
          '5.76471E+17',
        ),
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Lazada Income Overview: one row per fee.

const L1 = '519876543210987';
const L2 = '519876543210988';
const lazadaRow = (order: string, name: string, amount: string, released = '03 Aug 2026') =>
  line(LAZADA_HEADERS, {
    'Periode Laporan': '01 Aug 2026 - 07 Aug 2026',
    'Nomor Laporan': 'ID2026080001',
    'Tanggal Transaksi': '01 Aug 2026',
    'Nama Biaya': name,
    'Jumlah (Termasuk Pajak)': amount,
    'VAT Amount': '0',
    'Status Pelepasan Dana': 'Dilepas',
    'Tanggal Dilepas': released,
    'Nomor Pesanan': order,
    'ID Pesanan': order === '' ? '' : `${order}1`,
    'SKU Penjual': 'KAOS-01',
    'WHT Amount': '0',
    'WHT termasuk dalam jumlah': 'Tidak',
    'Status Pesanan': 'Delivered',
    'Nama Produk': 'Kaos Polos Hitam',
  });

describe('Lazada Income Overview', () => {
  it("sums each order's fee rows by the category of their names", () => {
    const file = parsed(
      lazadaFile([
        lazadaRow(L1, 'Omset Penjualan', '120000'),
        lazadaRow(L1, 'Biaya Komisi', '-5.400'),
        lazadaRow(L1, 'Biaya Pembayaran', '-2.160'),
        lazadaRow(L1, 'Voucher Penjual', '-6.000'),
        lazadaRow(L1, 'Biaya Pengiriman Dibayar oleh Pembeli', '9000'),
        lazadaRow(L1, 'Biaya Pengiriman', '-9000'),
        lazadaRow(L1, 'Biaya Layanan Gratis Ongkir', '-3.600'),
        lazadaRow(L1, 'Pajak Penghasilan', '-300'),
        lazadaRow(L2, 'Omset Penjualan', '45000', '2026-08-04'),
        lazadaRow(L2, 'Biaya Komisi', '-2025', '2026-08-05'),
        lazadaRow('', 'Biaya Iklan Sponsored', '-50000'),
      ]),
    );
    expect(file).toEqual({
      channel: 'lazada',
      format: 'lazada',
      sheet: 'Income Overview',
      storeName: null,
      orders: [
        {
          orderNumber: L1,
          releasedAt: '2026-08-03',
          priceBefore: 12_000_000,
          // 120.000 - 6.000 (the seller's voucher)
          priceAfter: 11_400_000,
          fees: fees({
            komisi: -540_000,
            pembayaran: -216_000,
            layanan: -360_000,
            pajak: -30_000,
          }),
          feeColumns: columns({
            komisi: ['Biaya Komisi'],
            pembayaran: ['Biaya Pembayaran'],
            ongkir: ['Biaya Pengiriman Dibayar oleh Pembeli', 'Biaya Pengiriman'],
            layanan: ['Biaya Layanan Gratis Ongkir'],
            pajak: ['Pajak Penghasilan'],
          }),
          // The sum of its rows: 120.000 - 5.400 - 2.160 - 6.000 + 9.000 - 9.000 - 3.600 - 300
          released: 10_254_000,
          difference: 0,
          rows: [2, 3, 4, 5, 6, 7, 8, 9],
        },
        {
          orderNumber: L2,
          // The latest of its rows' days.
          releasedAt: '2026-08-05',
          priceBefore: 4_500_000,
          priceAfter: 4_500_000,
          fees: fees({ komisi: -202_500 }),
          feeColumns: columns({ komisi: ['Biaya Komisi'] }),
          released: 4_297_500,
          difference: 0,
          rows: [10, 11],
        },
      ],
      problems: [
        {
          sheet: 'Income Overview',
          row: 12,
          message: SETTLEMENT_PARSE_MESSAGES.withoutOrder("'Biaya Iklan Sponsored'"),
        },
      ],
    });
  });

  it('keeps a fee name no pattern knows as lain, beside its name', () => {
    const file = parsed(
      lazadaFile([
        lazadaRow(L1, 'Omset Penjualan', '120000'),
        lazadaRow(L1, 'Lazada Bonus', '1500'),
      ]),
    );
    expect(orderOf(file, L1)).toMatchObject({
      fees: fees({ lain: 150_000 }),
      feeColumns: columns({ lain: ['Lazada Bonus'] }),
      released: 12_150_000,
      difference: 0,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Drift seen in real files.

describe('drift', () => {
  it('reads reordered columns, with extra money columns kept and text columns ignored', () => {
    const headers = [
      ...SHOPEE_A_HEADERS.slice().reverse(),
      'Catatan Penjual',
      'FBS Fee',
      'Biaya Campaign 9.9',
    ];
    const values = {
      ...shopeeA1,
      'Catatan Penjual': 'kirim cepat',
      'FBS Fee': '-1.500',
      'Biaya Campaign 9.9': '-500',
      // 64.310 - 1.500 - 500
      'Total Penghasilan': '62.310',
    };
    const file = parsed(shopeeAFile([line(headers, values)], { headers }));
    const order = orderOf(file, A1);
    expect(order.fees).toEqual({ ...expectedA1.fees, layanan: -599_000, lain: -150_000 });
    expect(order.feeColumns.lain).toEqual(['FBS Fee']);
    expect([...order.feeColumns.layanan].sort()).toEqual(
      [...expectedA1.feeColumns.layanan, 'Biaya Campaign 9.9'].sort(),
    );
    expect(order).toMatchObject({
      priceBefore: expectedA1.priceBefore,
      priceAfter: expectedA1.priceAfter,
      released: 6_231_000,
      difference: 0,
    });
  });

  it('decides by its cells whether a column of an unknown name holds money', () => {
    const headers = [...SHOPEE_C_HEADERS, 'Kanal', 'Insentif'];
    const file = parsed(
      shopeeCFile(
        [
          line(headers, {
            ...shopeeC1,
            Kanal: 'Shopee Live',
            Insentif: '700',
            'Total Penghasilan': '118552',
          }),
          line(headers, {
            ...shopeeC1,
            'Lihat berdasarkan': 'Sku',
            Kanal: 'Shopee Live',
            Insentif: '-',
          }),
        ],
        { headers },
      ),
    );
    expect(orderOf(file, C1)).toMatchObject({
      fees: { ...expectedC1.fees, lain: 70_000 },
      feeColumns: { ...expectedC1.feeColumns, lain: ['Insentif'] },
      // 117.852 + 700
      released: 11_855_200,
      difference: 0,
    });
  });

  it('matches headers with trailing and double spaces, and an unknown NFD header in NFC', () => {
    const decomposed = 'Biaya Re\u0301guler';
    const headers = [
      ...SHOPEE_C_HEADERS.map((header) =>
        header === 'Total Penghasilan'
          ? 'Total  Penghasilan  '
          : header === 'No. Pesanan'
            ? ' No. Pesanan '
            : header,
      ),
      decomposed,
    ];
    const file = parsed(
      shopeeCFile(
        [
          line(headers, {
            ...shopeeC1,
            'Total  Penghasilan  ': '116852',
            ' No. Pesanan ': C1,
            [decomposed]: '-1000',
          }),
        ],
        { headers },
      ),
    );
    expect(orderOf(file, C1)).toMatchObject({
      released: 11_685_200,
      fees: { ...expectedC1.fees, lain: -100_000 },
      feeColumns: { ...expectedC1.feeColumns, lain: ['Biaya R\u00e9guler'] },
      difference: 0,
    });
  });

  it("reads '-' and empty money cells as zero", () => {
    const dashes = Object.fromEntries(
      SHOPEE_A_HEADERS.slice(6, 27).map((header) => [header, '-']),
    ) as Partial<Record<(typeof SHOPEE_A_HEADERS)[number], string>>;
    const file = parsed(
      shopeeAFile([
        line(SHOPEE_A_HEADERS, {
          ...dashes,
          'No. Pesanan': A1,
          'Tanggal Dana Dilepaskan': '2026-08-05',
          'Harga Asli Produk': '75.000',
          'Biaya Administrasi': '',
          'Total Penghasilan': '75.000',
        }),
      ]),
    );
    expect(orderOf(file, A1)).toMatchObject({
      priceBefore: 7_500_000,
      priceAfter: 7_500_000,
      fees: fees({}),
      feeColumns: columns({}),
      released: 7_500_000,
      difference: 0,
    });
  });

  it('reads amounts written in Indonesian, plain, signed-currency and accounting forms', () => {
    const file = parsed(
      shopeeAFile([
        line(SHOPEE_A_HEADERS, {
          'No. Pesanan': A1,
          'Tanggal Dana Dilepaskan': '2026-08-05',
          'Harga Asli Produk': 'Rp 1.250.000',
          'Total Diskon Produk': '(250.000)',
          'Biaya Administrasi': '-Rp 62.500,50',
          'Biaya Layanan (termasuk PPN 11%)': '-31250.25',
          'Biaya Transaksi': '-1,250.00',
          // 1.000.000 - 62.500,50 - 31.250,25 - 1.250
          'Total Penghasilan': '904.999,25',
        }),
      ]),
    );
    expect(orderOf(file, A1)).toMatchObject({
      priceBefore: 125_000_000,
      priceAfter: 100_000_000,
      fees: fees({ komisi: -6_250_050, layanan: -3_125_025, pembayaran: -125_000 }),
      released: 90_499_925,
      difference: 0,
    });
  });

  it("finds the store from the Summary's 'Username (Penjual)', else null", () => {
    const withStore = parsed(shopeeCFile([line(SHOPEE_C_HEADERS, shopeeC1)], { store: 'toko_b' }));
    expect(withStore.storeName).toBe('toko_b');
    const [, penghasilan] = shopeeCFile([line(SHOPEE_C_HEADERS, shopeeC1)]);
    if (penghasilan === undefined) throw new Error('no Penghasilan sheet');
    expect(parsed([penghasilan]).storeName).toBeNull();
  });

  it('skips a total row under the orders', () => {
    const file = parsed(
      shopeeBFile([
        line(SHOPEE_B_HEADERS, shopeeB1),
        line(SHOPEE_B_HEADERS, { 'No.': 'Total', 'Total Penghasilan': '132010' }),
      ]),
    );
    expect(file.problems).toEqual([]);
    expect(file.orders.map((o) => o.orderNumber)).toEqual([B1]);
  });
});

// ---------------------------------------------------------------------------------------------
// Rows that cannot be read, and files that are no income file.

describe('rows that cannot be read', () => {
  it('names each with its sheet, row and why, and leaves its order out', () => {
    const file = parsed(
      shopeeAFile([
        line(SHOPEE_A_HEADERS, shopeeA1),
        line(SHOPEE_A_HEADERS, shopeeA2),
        line(SHOPEE_A_HEADERS, {
          ...shopeeA2,
          'No. Pesanan': '2608030CCCCCCC',
          'Biaya Administrasi': 'abc',
        }),
        line(SHOPEE_A_HEADERS, { ...shopeeA2, 'No. Pesanan': '' }),
        line(SHOPEE_A_HEADERS, {
          ...shopeeA2,
          'No. Pesanan': '2608040DDDDDDD',
          'Tanggal Dana Dilepaskan': 'kemarin',
        }),
        [],
      ]),
    );
    expect(file.orders).toEqual([expectedA1, expectedA2]);
    expect(file.problems).toEqual([
      {
        sheet: 'Income',
        row: 9,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Biaya Administrasi', 'abc'),
          '2608030CCCCCCC',
        ),
      },
      { sheet: 'Income', row: 10, message: SETTLEMENT_PARSE_MESSAGES.missing('No. Pesanan') },
      {
        sheet: 'Income',
        row: 11,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.badDate('Tanggal Dana Dilepaskan', 'kemarin'),
          '2608040DDDDDDD',
        ),
      },
    ]);
    expect(file.problems.map((p) => p.message)).toEqual([
      "Biaya Administrasi bukan angka: 'abc'; pesanan 2608030CCCCCCC tidak dihitung",
      'No. Pesanan kosong',
      "Tanggal Dana Dilepaskan bukan tanggal: 'kemarin'; pesanan 2608040DDDDDDD tidak dihitung",
    ]);
  });

  it('tells a text in a new column named as a fee, rather than dropping the column', () => {
    const headers = [...SHOPEE_C_HEADERS, 'Biaya Layanan Video XTRA'];
    const file = parsed(
      shopeeCFile(
        [
          line(headers, { ...shopeeC1, 'Biaya Layanan Video XTRA': 'lihat rincian' }),
          line(headers, { ...shopeeC2, 'Biaya Layanan Video XTRA': '-' }),
        ],
        { headers },
      ),
    );
    expect(file.orders.map((o) => o.orderNumber)).toEqual([C2]);
    expect(file.problems).toEqual([
      {
        sheet: 'Penghasilan',
        row: 4,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Biaya Layanan Video XTRA', 'lihat rincian'),
          C1,
        ),
      },
    ]);
  });

  it('leaves out every row of an order when one of its rows cannot be read', () => {
    const file = parsed(
      lazadaFile([
        lazadaRow(L1, 'Omset Penjualan', '120000'),
        lazadaRow(L1, 'Biaya Komisi', 'lima ribu'),
        lazadaRow(L2, 'Omset Penjualan', '45000'),
      ]),
    );
    expect(file.orders.map((o) => o.orderNumber)).toEqual([L2]);
    expect(file.problems).toEqual([
      {
        sheet: 'Income Overview',
        row: 3,
        message: SETTLEMENT_PARSE_MESSAGES.orderLeftOut(
          SETTLEMENT_PARSE_MESSAGES.notNumber('Jumlah (Termasuk Pajak)', 'lima ribu'),
          L1,
        ),
      },
    ]);
  });
});

describe('files that are no income file', () => {
  it('refuses an order export, saying what it is', () => {
    const error = refused([
      { name: 'orders', rows: [[...SHOPEE_ORDER_HEADERS], ['2608010AAAAAAA', 'Selesai']] },
    ]);
    expect(error).toBe(
      'Ini file pesanan Shopee, bukan file penghasilan. Impor file pesanan di Pesanan Marketplace',
    );
  });

  it('names the columns each format needs for a file of no known kind', () => {
    const error = refused([{ name: 'x', rows: [['Nama', 'Alamat', 'No. Pesanan']] }]);
    expect(error).toBe(
      SETTLEMENT_PARSE_MESSAGES.unknownFormat([
        'Shopee (Laporan Penghasilan): No. Pesanan, Total Penghasilan, Harga Produk atau Harga Asli Produk, Tanggal Dana Dilepaskan',
        'TikTok Shop / Tokopedia (Order details): Order/adjustment ID, Type, Total settlement amount, Order settled time',
        'Lazada (Income Overview): Nomor Pesanan, Nama Biaya, Jumlah (Termasuk Pajak), Tanggal Dilepas',
      ]),
    );
    expect(error).toMatch(/^Format file penghasilan tidak dikenali\. Kolom yang dicari: /);
  });

  it('refuses an empty workbook and a sheet of text', () => {
    expect(refused([])).toMatch(/^Format file penghasilan tidak dikenali/);
    expect(refused([{ name: 'Sheet1', rows: [['halo'], ['dunia']] }])).toMatch(
      /^Format file penghasilan tidak dikenali/,
    );
  });

  it('names the required column a settlement file lacks', () => {
    const headers = TIKTOK_HEADERS.filter((header) => header !== 'Total settlement amount');
    expect(refused(tiktokFile([tiktokRow(tiktokT1)], { headers }))).toBe(
      SETTLEMENT_PARSE_MESSAGES.missingColumns('TikTok Shop / Tokopedia (Order details)', [
        'Total settlement amount',
      ]),
    );
  });

  it("names the price column of a 2026 Shopee file by its own header ('Harga Produk')", () => {
    const headers = SHOPEE_C_HEADERS.filter((header) => header !== 'Harga Produk');
    expect(refused(shopeeCFile([line(headers, shopeeC1)], { headers }))).toBe(
      SETTLEMENT_PARSE_MESSAGES.missingColumns('Shopee (Laporan Penghasilan)', [
        'Harga Produk atau Harga Asli Produk',
      ]),
    );
  });

  it('reads a recognized file with no orders as an empty list', () => {
    expect(parsed(tiktokFile([]))).toEqual({
      channel: 'tiktok',
      format: 'tiktok',
      sheet: 'Order details',
      storeName: null,
      orders: [],
      problems: [],
    });
  });
});
