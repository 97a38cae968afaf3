import { FIELDS } from '@gudang/api-client';

/** The page's own words; docs/product.md's are kept exactly ('Cari produk...', 'Edit Harga Transaksi'). */
export const PEMBUKUAN_TEXTS = {
  title: 'Pembukuan',
  search: 'Cari produk...',
  headline: 'Total Keuntungan:',
  exportExcel: 'Export Excel',
  exporting: 'Mengexport...',
  exportFailed: 'Gagal mengexport data pembukuan',
  stats: 'Ringkasan pembukuan',
  // What the headline and the cards cover: docs/product.md's stats take no search, so they are always
  // every product of the period; the search filters the table and the export, as in List Order.
  statsScope: (period: string) => `Ringkasan untuk semua produk, periode ${period}.`,
  searchScope: (search: string) => `Pencarian "${search}" hanya menyaring tabel dan Export Excel.`,
  totalProfit: 'Total Keuntungan',
  profitable: 'Transaksi Menguntungkan',
  profitableOf: (total: string) => `dari ${total} transaksi`,
  totalTransactions: 'Total Transaksi',
  /** Units kept: sold, less those returned or refunded (the stats' totalQuantity). */
  unitsOut: (units: string) => `${units} unit terjual`,
  averageProfit: 'Rata-rata Keuntungan',
  perTransaction: 'per transaksi',
  perProduct: 'Total Keuntungan Per Produk',
  empty: 'Tidak ada data pembukuan',
  editTitle: 'Edit Harga Transaksi',
  transactionId: 'ID Transaksi',
  resi: 'Resi',
  purchasePrice: FIELDS.purchase_price.label,
  sellingPrice: FIELDS.selling_price.label,
  // The export's column name (docs/product.md point 9) is the on-screen one too.
  discount: 'Potongan',
  perUnit: 'Per unit',
  discountHint: 'Opsional, per unit',
  marginPreview: 'Margin transaksi ini',
  // Units of the transaction returned (Retur): the margin counts only the units kept.
  returnedColumn: 'Jumlah Retur',
  returned: (units: string) => `Retur ${units}`,
  keptUnits: (units: string) => `margin dari ${units} unit yang tidak diretur`,
  // Issue 45: the marketplace's fees on each sale, from its income file or estimated before it.
  marketplaceFee: 'Biaya Marketplace',
  profitAfterFees: 'Laba Setelah Biaya',
  totalFees: 'Total Biaya Marketplace',
  feePercent: 'Biaya (% penjualan)',
  feePercentOf: (sales: string) => `dari penjualan ${sales}`,
  // Issue 45: the fee figures per marketplace and store over the range.
  perStore: 'Biaya Marketplace per Toko',
  channel: 'Marketplace',
  store: 'Toko',
  sales: 'Penjualan',
  fees: 'Biaya',
  noStore: '-',
  manualChannel: 'Penjualan Langsung',
  afterFees: 'Total Keuntungan dikurangi biaya marketplace',
  notSettled: 'Belum cair',
  estimate: 'perkiraan',
  /** The hover text of an estimated fee. */
  estimateTitle:
    'Belum cair: perkiraan dari persentase biaya toko ini atas pesanan yang cair 30 hari terakhir',
  /** The Excel column saying where a sale's fee comes from. */
  feeStatus: 'Status Biaya',
  feeSettled: 'Sudah cair',
  feeEstimated: 'Belum cair (perkiraan)',
  // Issue 46: a refund the marketplace paid back to the buyer, the goods not back in Retur (yet):
  // those units' margin is 0 and their cost the loss.
  refundedStatus: 'Dana dikembalikan',
  refunded: (units: string) => `Dana dikembalikan ${units}`,
  refundLoss: 'Kerugian ',
  keptUnitsRefunded: (units: string) =>
    `margin dari ${units} unit yang tidak diretur dan tidak dikembalikan dananya`,
  refundLossTitle: (units: string, amount: string) =>
    `Dana dikembalikan ke pembeli untuk ${units} unit yang belum kembali: margin 0, harga beli ${amount} menjadi kerugian`,
  refundCard: 'Kerugian Dana Dikembalikan',
  /** The Excel column of a sale's units refunded and not back (beside 'Jumlah Retur'). */
  refundedUnitsColumn: 'Jumlah Dana Dikembalikan',
  refundCardOf: (transactions: string, units: string) =>
    `${transactions} transaksi, ${units} unit belum kembali`,
  afterFeesAndRefunds:
    'Total Keuntungan dikurangi biaya marketplace dan kerugian dana dikembalikan',
  onlyThisTransaction:
    'Perubahan harga hanya berlaku untuk transaksi ini. Harga produk dan transaksi lain tidak berubah.',
} as const;
