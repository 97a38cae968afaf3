import { FIELDS, MARKETPLACE_CHANNEL_LABELS } from '@gudang/api-client';
import type {
  SettlementChannel,
  SettlementCheckKind,
  SettlementStatus,
} from '@gudang/api-client/contract';
import {
  FILE_IMPORT_TEXTS,
  IMPORT_PREVIEW_TEXTS,
  STORE_IMPORT_TEXTS,
  firstShown,
} from '@gudang/shared-ui';
import type { Tone } from '@gudang/shared-ui';

export const CHECK_TONES: Record<SettlementCheckKind, Tone> = {
  unsettled: 'amber',
  no_order: 'grey',
  no_sale: 'blue',
  underpaid: 'red',
};

export const CHANNEL_LABELS: Record<SettlementChannel, string> = MARKETPLACE_CHANNEL_LABELS;

export const SPREADSHEET_ACCEPT = '.xlsx,.xls,.csv';

/** The page's default window: money released in the last 30 days (release dates are past). */
export const DEFAULT_DAYS = { before: 30, after: 0 } as const;

export const SETTLEMENT_TEXTS = {
  title: 'Penghasilan Marketplace',
  import: 'Impor Penghasilan',
  ordersTab: 'Pesanan',
  summaryTab: 'Ringkasan',
  checksTab: 'Perlu dicek',
  store: FIELDS.store_id.label,
  search: 'Cari no. pesanan...',
  allStatuses: 'Semua status',
  statusLabel: FIELDS.status.label,
  ordersTable: 'Pesanan Cair',
  empty: 'Belum ada penghasilan marketplace pada periode ini',
  orderNumber: 'No. Pesanan',
  releasedAt: 'Tanggal Dilepas',
  price: 'Harga Produk',
  priceBefore: 'Harga sebelum diskon penjual',
  fees: 'Biaya',
  feesTotal: 'Total Biaya',
  released: 'Dana Dilepas',
  difference: 'Selisih',
  order: 'Pesanan Gudang',
  detail: 'Rincian',
  detailTitle: (orderNumber: string) => `Rincian ${orderNumber}`,
  breakdownTable: 'Rincian biaya',
  category: 'Kategori',
  fileColumns: 'Kolom di file',
  amount: 'Jumlah',
  noFees: 'Tanpa biaya',
  /** The file's money does not add up to its released amount for this order. */
  differenceNote: (amount: string) => `Tidak cocok dengan Dana Dilepas: selisih ${amount}`,
  matched: 'Cocok',
  unmatched: 'Tanpa pesanan',
  openOrder: (orderNumber: string) => `Buka pesanan ${orderNumber} di Pesanan Marketplace`,
  close: 'Tutup',
  feePercentOf: (percent: string) => `${percent} dari harga`,
  // Ringkasan.
  summaryTitle: 'Ringkasan per Channel dan Toko',
  summaryScope: (period: string) => `Pesanan dengan dana dilepas pada ${period}.`,
  summaryTable: 'Ringkasan Penghasilan',
  summaryEmpty: 'Belum ada penghasilan marketplace pada periode ini',
  item: 'Rincian',
  orders: 'Pesanan',
  sales: 'Penjualan',
  feePercent: 'Biaya (%)',
  total: 'Total',
  noStore: 'Tanpa toko',
  // Perlu dicek.
  checksTable: 'Perlu dicek',
  checksEmpty: 'Tidak ada pesanan yang perlu dicek',
  allKinds: 'Semua alasan',
  kind: 'Alasan',
  checkDate: 'Tanggal',
  expected: 'Perkiraan',
  reason: 'Keterangan',
  checksScope:
    "Tanggal: tanggal kirim untuk 'Belum cair', tanggal dana dilepas untuk alasan lainnya.",
  settingsTitle: 'Pengaturan Perlu dicek',
  settingsIntro:
    'Pesanan yang sudah dikirim lebih lama dari batas hari tanpa penghasilan, dan pesanan yang dananya kurang dari harga dikurangi perkiraan biaya lebih dari toleransi, masuk Perlu dicek.',
  daysHint: 'Hari setelah pesanan dikirim',
  toleranceHint: 'Persen dari harga produk',
  settingsSaveFailed: 'Gagal menyimpan pengaturan',
  settingsLoadFailed: 'Gagal memuat pengaturan',
  readOnly: 'Hanya manager yang dapat mengubah pengaturan ini.',
} as const;

/** Where a settled order was sold: 'Shopee · Toko A', 'Tanpa toko' where the file names none. */
export const channelStoreText = (row: { channel: SettlementChannel; store: string | null }) =>
  `${CHANNEL_LABELS[row.channel]} · ${row.store ?? SETTLEMENT_TEXTS.noStore}`;

export const STATUS_LABELS: Record<SettlementStatus, string> = {
  matched: 'Cocok dengan pesanan',
  unmatched: 'Tanpa pesanan di Gudang',
  difference: 'Ada selisih',
};

export const IMPORT_TEXTS = {
  ...IMPORT_PREVIEW_TEXTS,
  ...FILE_IMPORT_TEXTS,
  ...STORE_IMPORT_TEXTS,
  title: 'Impor Penghasilan Marketplace',
  file: 'File penghasilan (xlsx, xls, csv)',
  fileHint:
    'Laporan Penghasilan Shopee, Order details TikTok Shop / Tokopedia, atau Income Overview Lazada. Format dikenali dari kolomnya.',
  store: FIELDS.store_id.label,
  storeFromFile: 'Dari file, atau toko utama channel',
  storeHint: 'Toko dipakai bila file tidak menyebutkannya (Shopee menyebut username toko di file).',
  refreshing: 'Memuat pratinjau...',
  orders: 'Pesanan di file',
  differences: 'Ada selisih',
  not_packed: 'Belum dikemas di Gudang',
  ordersTable: 'Pesanan di File',
  firstOrders: firstShown('pesanan'),
  noOrders: 'Tidak ada pesanan',
  allAlready: 'Semua pesanan di file ini sudah diimpor sebelumnya: tidak ada yang ditambahkan.',
  committing: 'Mengimpor penghasilan...',
  commitFailed: 'Gagal mengimpor penghasilan',
  created: 'Pesanan ditambahkan',
} as const;
