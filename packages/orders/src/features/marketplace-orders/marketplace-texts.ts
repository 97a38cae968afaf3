import { MARKETPLACE_CHANNEL_LABELS, MARKETPLACE_STATUS_LABELS } from '@gudang/api-client';
import type {
  ImportLineState,
  MarketplaceChannel,
  MarketplaceStatus,
  StockFileUnchangedReason,
} from '@gudang/api-client';
import { FILE_IMPORT_TEXTS, formatInteger } from '@gudang/shared-ui';
import type { Tone } from '@gudang/shared-ui';

/** Lines of a preview per page: 5,000 lines stay responsive because only these are rendered. */
export const PREVIEW_PAGE_SIZE = 50;
/** The files the order import and the stock file accept. */
export const SPREADSHEET_ACCEPT = '.xlsx,.xls,.csv';

export const MARKETPLACE_TEXTS = {
  title: 'Pesanan Marketplace',
  ordersTab: 'Pesanan',
  mappingsTab: 'Pemetaan SKU',
  storesTab: 'Toko & Cadangan',
  store: 'Toko',
  import: 'Impor Pesanan',
  stockFile: 'Perbarui Stok Marketplace',
  search: 'Cari no. pesanan, resi atau SKU...',
  allChannels: 'Semua channel',
  allStatuses: 'Semua status',
  reset: 'Reset',
  // 'Catat sebagai Barang Keluar': the selected orders shipped without scanning.
  select: 'Pilih',
  selectOrder: (orderNumber: string) => `Pilih pesanan ${orderNumber}`,
  shipSelected: (count: number) =>
    count === 0 ? 'Catat sebagai Barang Keluar' : `Catat sebagai Barang Keluar (${count})`,
  shipConfirm: (count: number) =>
    `Catat ${count} pesanan sebagai Barang Keluar? Stok barangnya dikurangi tanpa scan.`,
  /** Why an order cannot be ticked: what the server would refuse anyway. */
  notShippable: (orderNumber: string) =>
    `Pesanan ${orderNumber} tidak dapat dicatat sebagai Barang Keluar (belum bayar, batal, retur atau tanpa resi)`,
  shipResult: 'Hasil Catat sebagai Barang Keluar',
  shippedCount: (count: number) => `${count} pesanan dicatat sebagai Barang Keluar`,
  refusedCount: (count: number) => `${count} pesanan ditolak:`,
  refusedOrder: (orderNumber: string, message: string) => `Pesanan ${orderNumber}: ${message}`,
  shipFailed: 'Gagal mencatat pesanan sebagai Barang Keluar',
  closeResult: 'Tutup',
  empty: 'Tidak ada pesanan marketplace',
  ordersTable: 'Daftar Pesanan Marketplace',
  detail: 'Detail',
  detailTitle: (orderNumber: string) => `Pesanan ${orderNumber}`,
  linesTable: 'Barang Pesanan',
  marketplaceStatusLabel: 'Status di marketplace',
  /** The marketplace's own words beside Gudang's status ('Dikirim' beside 'Perlu Dikirim' alone read as two statuses). */
  marketplaceStatus: (words: string) => `Status di marketplace: ${words}`,
  notMapped: 'Belum dipetakan',
  // An order imported with 'Lewati baris bermasalah' without some of its lines (issue 42 M5).
  incomplete: 'Tidak lengkap',
  incompleteTitle: (missing: readonly string[]) =>
    `Diimpor tanpa ${missing.length} barang: ${missing.join(', ')}`,
  notShippableIncomplete: (orderNumber: string) =>
    `Pesanan ${orderNumber} tidak lengkap: buka di Scan Kirim untuk dikirim dengan konfirmasi manager, atau petakan SKU-nya lalu impor ulang`,
  skippedTable: 'Barang yang dilewati saat impor',
  skippedIntro:
    'Baris berikut dilewati saat impor, sehingga paket ini belum dapat dikirim. Petakan SKU-nya lalu impor ulang file pesanan, atau manager dapat mengonfirmasi pengiriman tanpa barang ini di Scan Kirim.',
  deleteFailed: 'Gagal menghapus pesanan',
  close: 'Tutup',
} as const;

export const IMPORT_TEXTS = {
  ...FILE_IMPORT_TEXTS,
  title: 'Impor Pesanan Marketplace',
  file: 'File pesanan (xlsx, xls, csv)',
  autoChannel: 'Deteksi otomatis dari kolom',
  store: 'Toko',
  onlyStore: (name: string) => `Toko: ${name}`,
  /** Said while the channel is detected and the shop has several stores on one marketplace. */
  storeOfDetected:
    'Pesanan masuk ke toko utama channel yang terdeteksi. Pilih channel untuk memilih toko lain.',
  expected: 'Kolom yang dicari',
  /** The unknown format's message above its list of the columns looked for. */
  unknownFormat: 'Format file tidak dikenali. Kolom yang dicari:',
  summary: 'Ringkasan',
  linesTable: 'Baris File',
  allLines: 'Semua',
  map: 'Petakan',
  mapTitle: (sku: string) => `Petakan SKU ${sku}`,
  committing: 'Mengimpor pesanan...',
  commitFailed: 'Gagal mengimpor pesanan',
  skipProblems: 'Lewati baris bermasalah (SKU belum dipetakan dan tidak valid)',
  /** Said once the box is ticked: what becomes of an order that loses a line (issue 42 M5). */
  skipHint:
    'Pesanan yang kehilangan baris ditandai Tidak lengkap dan belum dapat dikirim sampai SKU-nya dipetakan lalu file diimpor ulang, atau manager mengonfirmasi pengiriman tanpa barang itu.',
  problemsFirst: (count: number) =>
    `${formatInteger(count)} baris bermasalah: petakan SKU-nya atau centang lewati baris bermasalah`,
  createdOrders: 'Pesanan baru',
  updatedOrders: 'Pesanan diperbarui',
  createdLines: 'Baris baru',
  skippedCancelled: 'Dilewati (batal)',
  skippedInvalid: 'Dilewati (tidak valid)',
  skippedUnknown: 'Dilewati (SKU belum dipetakan)',
  skippedShipped: 'Dilewati (paket sudah dikirim)',
  incompleteOrders: 'Pesanan tidak lengkap (belum dapat dikirim)',
  statusChanged: 'Status berubah',
  /** An imported order the file gives another status. */
  statusChange: (from: string, to: string) => `Status berubah: ${from} → ${to}`,
  /** The file's status Gudang does not take: the order was already shipped or returned. */
  statusKept: (file: string, kept: string) =>
    `Status di file: ${file}; tetap ${kept} (sudah dicatat Gudang)`,
  cancel: 'Batal',
  noLines: 'Tidak ada baris',
} as const;

export const MAPPING_TEXTS = {
  add: 'Tambah Pemetaan',
  addTitle: 'Tambah Pemetaan SKU',
  editTitle: 'Edit Pemetaan SKU',
  search: 'Cari SKU, variasi atau produk...',
  table: 'Pemetaan SKU',
  empty: 'Belum ada pemetaan SKU',
  allChannels: 'Semua channel',
  allVariations: 'Semua variasi',
  variationHint: 'Kosongkan untuk semua variasi',
  product: 'Produk',
  quantity: 'Jumlah per unit',
  addItem: 'Tambah Produk',
  removeItem: 'Hapus produk',
  productRequired: 'Pilih produk terlebih dahulu',
  skuRequired: 'SKU wajib diisi',
  saveFailed: 'Gagal menyimpan pemetaan SKU',
  deleteFailed: 'Gagal menghapus pemetaan SKU',
} as const;

export const STORE_TEXTS = {
  settingsTitle: 'Dipesan dan Stok Cadangan',
  settingsIntro:
    'Stok tersedia = stok - dipesan (pesanan marketplace yang belum dikirim). File stok marketplace diisi dengan stok tersedia dikurangi stok cadangan toko; toko tanpa cadangan sendiri memakai cadangan bawaan channel.',
  reserveUnpaidHint: 'Jika aktif, pesanan Belum Bayar juga mengurangi stok tersedia.',
  settingsSaveFailed: 'Gagal menyimpan pengaturan',
  settingsLoadFailed: 'Gagal memuat pengaturan',
  storesTitle: 'Toko Marketplace',
  storesIntro:
    'Toko utama setiap channel dibuat saat pertama dipakai. Tambahkan toko lain bila punya beberapa toko di satu marketplace.',
  table: 'Daftar Toko Marketplace',
  empty: 'Belum ada toko marketplace',
  allChannels: 'Semua channel',
  add: 'Tambah Toko',
  addTitle: 'Tambah Toko Marketplace',
  editTitle: 'Edit Toko Marketplace',
  name: 'Nama Toko',
  main: 'Utama',
  orders: 'Pesanan',
  /** A store without its own buffer: its channel's default. */
  channelBuffer: (buffer: number) => `Bawaan channel (${formatInteger(buffer)})`,
  bufferHint: (buffer: number) =>
    `Kosongkan untuk memakai cadangan bawaan channel (${formatInteger(buffer)})`,
  edit: (name: string) => `Edit toko ${name}`,
  remove: (name: string) => `Hapus toko ${name}`,
  saveFailed: 'Gagal menyimpan toko',
  deleteFailed: 'Gagal menghapus toko',
  readOnly: 'Hanya manager yang dapat mengubah toko dan stok cadangan.',
} as const;

export const STOCK_FILE_TEXTS = {
  title: 'Perbarui Stok Marketplace',
  intro:
    'Unggah file template stok dari seller center (Shopee, TikTok/Tokopedia, Lazada). Kolom stok diisi dari stok Gudang melalui pemetaan SKU; kolom lain tidak diubah.',
  file: 'File template stok (xlsx, xls, csv)',
  bufferHint: 'Dikurangkan dari setiap stok yang ditulis (opsional)',
  /** The buffer left empty: the store's own (or its channel's default) applies. */
  storeBufferHint: (buffer: number) =>
    `Kosongkan untuk memakai cadangan toko (${formatInteger(buffer)})`,
  store: 'Toko',
  previewing: 'Menghitung stok...',
  previewFailed: 'Gagal membaca file stok',
  previewTitle: 'Pratinjau Stok',
  previewFacts: (channel: string, store: string, buffer: number) =>
    `Channel: ${channel} · Toko: ${store} · Stok cadangan: ${formatInteger(buffer)}`,
  previewTable: 'Stok yang akan ditulis',
  previewEmpty: 'Tidak ada baris yang diisi',
  filled: (count: number) => `${formatInteger(count)} baris akan diisi.`,
  fill: 'Isi Stok dan Unduh',
  filling: 'Mengisi stok...',
  failed: 'Gagal mengisi file stok',
  downloaded: (name: string) => `File ${name} berhasil diunduh`,
  unmapped: (count: number) =>
    count === 0
      ? 'Semua SKU di file terpetakan.'
      : `${formatInteger(count)} baris dengan SKU yang tidak terpetakan dibiarkan apa adanya.`,
  unchangedList: 'Baris yang dibiarkan apa adanya',
  unchangedRow: (row: number, sku: string, variation: string | null) =>
    `Baris ${formatInteger(row)}: ${sku}${variation ? ` (${variation})` : ''}`,
  unchangedMore: (count: number) => `dan ${formatInteger(count)} baris lainnya`,
  unchangedHint: 'Petakan SKU-nya di Pemetaan SKU, lalu isi file stok sekali lagi.',
} as const;

/** Why the stock file left a row as it was. */
export const UNCHANGED_REASON_TEXTS: Record<StockFileUnchangedReason, string> = {
  unmapped: 'SKU belum dipetakan ke produk',
  variation_unmapped: 'SKU dipetakan untuk variasi lain saja',
  other_channel: 'SKU dipetakan untuk channel lain saja',
};

export const CHANNEL_LABELS: Record<MarketplaceChannel, string> = MARKETPLACE_CHANNEL_LABELS;

export const STATUS_LABELS: Record<MarketplaceStatus, string> = MARKETPLACE_STATUS_LABELS;

export const STATUS_TONES: Record<MarketplaceStatus, Tone> = {
  belum_bayar: 'grey',
  perlu_dikirim: 'amber',
  dikirim: 'blue',
  selesai: 'green',
  batal: 'red',
  retur: 'red',
  lainnya: 'grey',
};

/** The preview's states in the order the counts show them. */
export const LINE_STATES: readonly ImportLineState[] = [
  'ready',
  'existing',
  'unknown_sku',
  'invalid',
  'cancelled',
  'already_shipped',
];

export const STATE_LABELS: Record<ImportLineState, string> = {
  ready: 'Siap',
  existing: 'Sudah ada',
  unknown_sku: 'SKU belum dipetakan',
  invalid: 'Tidak valid',
  cancelled: 'Batal',
  already_shipped: 'Paket sudah dikirim',
};

export const STATE_TONES: Record<ImportLineState, Tone> = {
  ready: 'green',
  existing: 'blue',
  unknown_sku: 'amber',
  invalid: 'red',
  cancelled: 'grey',
  already_shipped: 'amber',
};
