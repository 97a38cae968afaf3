import { formatInteger } from '@gudang/shared-ui';

/** Daftar Ambil (issue 47): the page's texts. */
export const PICK_TEXTS = {
  title: 'Daftar Ambil',
  subtitle: 'Ambil barang dari rak untuk banyak pesanan sekaligus, urut rak',
  newBatch: 'Buat Daftar Ambil',
  formTitle: 'Buat Daftar Ambil',
  channel: 'Marketplace',
  allChannels: 'Semua Marketplace',
  store: 'Toko',
  allStores: 'Semua Toko',
  courier: 'Kurir',
  allCouriers: 'Semua Kurir',
  startDate: 'Tanggal Pesanan Dari',
  endDate: 'Sampai',
  limit: 'Jumlah Pesanan Maksimal',
  available: (orders: number) => `${formatInteger(orders)} pesanan siap diambil dengan filter ini`,
  skipped: (fulfilled: number, noResi: number) =>
    `Tidak ikut: ${formatInteger(fulfilled)} dikirim oleh marketplace, ${formatInteger(noResi)} belum ada resi`,
  create: 'Buat',
  created: (number: string, orders: number) =>
    `Daftar ambil ${number} dibuat: ${formatInteger(orders)} pesanan`,
  batchesTitle: 'Daftar Ambil',
  statusFilter: 'Status',
  allStatuses: 'Semua Status',
  batchesEmpty: 'Belum ada daftar ambil',
  number: 'Nomor',
  filters: 'Filter',
  orders: 'Pesanan',
  progress: 'Diambil',
  createdAt: 'Dibuat',
  open: 'Buka',
  back: 'Kembali ke Daftar',
  // One batch.
  pickList: 'Daftar Barang',
  ordersList: 'Daftar Pesanan',
  rack: 'Rak',
  code: 'Kode',
  name: 'Nama Barang',
  quantity: 'Jumlah',
  picked: 'Diambil',
  noRack: '-',
  short: (short: number) => `Kurang ${formatInteger(short)}`,
  shortOrders: 'Pesanan:',
  shortNote: (lines: number) =>
    `${formatInteger(lines)} produk stoknya kurang: pesanannya disebut di barisnya`,
  scanLabel: 'Scan Barcode Produk',
  scanHint: 'Setiap scan menandai satu unit produk sudah diambil',
  scanForm: 'Scan ambil barang',
  progressText: (picked: number, units: number) =>
    `${formatInteger(picked)} dari ${formatInteger(units)} unit diambil`,
  pickedOne: (name: string, picked: number, quantity: number) =>
    `${name}: ${formatInteger(picked)} / ${formatInteger(quantity)}`,
  pickFailed: 'Gagal mencatat pengambilan',
  startPacking: 'Mulai Kemas',
  cancel: 'Batalkan Daftar Ambil',
  cancelConfirm: (number: string) =>
    `Batalkan daftar ambil ${number}? Pesanannya dapat diambil lagi di daftar ambil lain.`,
  cancelFailed: 'Gagal membatalkan daftar ambil',
  printA4: 'Cetak A4',
  printLabel: 'Cetak Label 100 x 150',
  printTitle: 'Daftar Ambil',
  printCheck: 'Ambil',
  totalUnits: (units: number, lines: number) =>
    `Total: ${formatInteger(units)} unit, ${formatInteger(lines)} produk`,
  resi: 'No. Resi',
  orderNumber: 'No. Pesanan',
  shipped: 'Terkirim',
  /** Orders cancelled (or returned, or unpaid) since the batch was made: named in Terkirim. */
  notShippable: (orders: number) =>
    `${formatInteger(orders)} pesanan tidak dapat dikirim lagi (lihat kolom Terkirim): kembalikan barangnya ke rak`,
  notFound: 'Daftar ambil tidak ditemukan',
  // Labels.
  labelsTitle: 'Label dengan Isi Paket',
  labelsHint:
    'Unggah file label pengiriman (PDF) dari marketplace: setiap label diberi isi paketnya, urut daftar ambil ini.',
  labelFile: 'File Label (PDF)',
  labelMode: 'Letak Isi Paket',
  labelUpload: 'Buat Label',
  labelUploading: 'Memproses label...',
  labelDone: (fileName: string) => `Label dengan isi paket diunduh: ${fileName}`,
  labelAllMatched: 'Semua halaman cocok dengan pesanan.',
  labelUnmatched: (count: number) =>
    `${formatInteger(count)} halaman tidak cocok dengan pesanan dan dibiarkan apa adanya:`,
  labelPage: (page: number) => `Halaman ${formatInteger(page)}`,
  labelMissing: (count: number) =>
    `${formatInteger(count)} pesanan di daftar ambil ini tidak ada labelnya di file, jangan dikirim tanpa label:`,
  labelMissingOrder: (position: number, order: string, resi: string | null) =>
    `No. ${formatInteger(position)}: ${order}${resi ? ` (resi ${resi})` : ''}`,
  labelFailed: 'Gagal memproses file label',
  labelFileRequired: 'Pilih file label (PDF)',
} as const;
