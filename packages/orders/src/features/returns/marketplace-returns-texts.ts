import { FIELDS } from '@gudang/api-client';
import type { MarketplaceChannel } from '@gudang/api-client';
import type {
  MarketplaceReturnStatus,
  MarketplaceReturnType,
  ReturnBoardList,
  ReturnFileFormat,
} from '@gudang/api-client/contract';
import {
  FILE_IMPORT_TEXTS,
  IMPORT_PREVIEW_TEXTS,
  STORE_IMPORT_TEXTS,
  firstShown,
  formatInteger,
  formatRupiah,
} from '@gudang/shared-ui';
import type { Tone } from '@gudang/shared-ui';

// The contract's lists and labels of 'Dari Marketplace' (issue 46), as values in this remote: they
// sit in contract/marketplace-returns.ts beside the TypeBox schemas, which stay out of the browser
// bundle (api-client's index exports values of constants.ts only). Typed against the contract,
// and marketplace-returns-texts.test.ts checks them equal to it.

/** RETURN_FILE_CHANNELS: the marketplaces that publish a return file. */
export const RETURN_FILE_CHANNELS = [
  'shopee',
  'tiktok',
  'lazada',
] as const satisfies readonly MarketplaceChannel[];

/** The channels a request's order may be of (a TikTok Shop file holds Tokopedia orders too). */
export const BOARD_CHANNELS = [
  'shopee',
  'tiktok',
  'tokopedia',
  'lazada',
] as const satisfies readonly MarketplaceChannel[];

/** MARKETPLACE_RETURN_LISTS, in the board's order. */
export const BOARD_LISTS = [
  'not_received',
  'awaiting',
  'received',
] as const satisfies readonly ReturnBoardList[];

/** MARKETPLACE_RETURN_LIST_LABELS. */
export const LIST_LABELS: Record<ReturnBoardList, string> = {
  not_received: 'Dana kembali, barang tidak kembali',
  awaiting: 'Menunggu barang kembali',
  received: 'Sudah diterima',
};

/** MARKETPLACE_RETURN_TYPE_LABELS. */
export const TYPE_LABELS: Record<MarketplaceReturnType, string> = {
  refund_only: 'Pengembalian Dana Saja',
  return_refund: 'Pengembalian Barang & Dana',
  failed_delivery: 'Pengiriman Gagal',
  cancellation: 'Pembatalan',
};

/** MARKETPLACE_RETURN_STATUS_LABELS. */
export const RETURN_STATUS_LABELS: Record<MarketplaceReturnStatus, string> = {
  diajukan: 'Diajukan',
  dana_dikembalikan: 'Dana Dikembalikan',
  selesai: 'Selesai',
  ditolak: 'Ditolak / Dibatalkan',
};

export const RETURN_STATUS_TONES: Record<MarketplaceReturnStatus, Tone> = {
  diajukan: 'amber',
  dana_dikembalikan: 'red',
  selesai: 'green',
  ditolak: 'grey',
};

/** RETURN_FILE_FORMAT_LABELS. */
export const FORMAT_LABELS: Record<ReturnFileFormat, string> = {
  'shopee-return': 'Shopee: Pengembalian Barang/Dana',
  'shopee-failed': 'Shopee: Pengiriman Gagal',
  'shopee-cancel': 'Shopee: Pembatalan',
  'tiktok-return': 'TikTok Shop: Pengembalian',
  'lazada-return': 'Lazada: Pengembalian',
};

/** Rupiah without ',00' on whole amounts (most refunds), the cents when there are any. */
export const rupiah = (value: number) =>
  formatRupiah(value, { decimals: !Number.isInteger(value) });

/** The default dates of the board: the requests of the last 30 days. */
export const BOARD_DEFAULT_DAYS = { before: 30, after: 0 } as const;

/** RETURN_CHECK_DEFAULTS.return_check_days: the N days before a parcel counts as not back. */
export const DEFAULT_RETURN_CHECK_DAYS = 14;

export const BOARD_TEXTS = {
  scanTab: 'Scan Retur',
  marketplaceTab: 'Dari Marketplace',
  subtitle:
    'Pengembalian, pengiriman gagal dan pembatalan dari file marketplace, dicocokkan dengan paket yang di-scan di Retur',
  import: 'Impor File Pengembalian',
  exportExcel: 'Export Excel',
  exporting: 'Mengekspor...',
  search: 'Cari no. pesanan, resi, pengembalian, resi retur atau SKU...',
  lists: 'Daftar pengembalian',
  /** What puts a request in each list, with the setting's N days. */
  listHint: (list: ReturnBoardList, days: number) =>
    list === 'not_received'
      ? `Dana dikembalikan tanpa barang (Pengembalian Dana Saja), atau barang belum di-scan di Retur lebih dari ${formatInteger(days)} hari setelah dana dikembalikan.`
      : list === 'awaiting'
        ? `Barang dalam perjalanan kembali, belum ${formatInteger(days)} hari. Scan resi retur atau resi pesanan di tab Scan Retur saat paket tiba.`
        : 'Paket sudah di-scan di Retur, dengan kondisi barangnya.',
  empty: (list: ReturnBoardList) =>
    list === 'not_received'
      ? 'Tidak ada dana kembali tanpa barang pada periode ini'
      : list === 'awaiting'
        ? 'Tidak ada barang yang ditunggu kembali pada periode ini'
        : 'Belum ada pengembalian yang diterima pada periode ini',
  pageSize: 'Jumlah pengembalian per halaman',
  // Columns.
  date: 'Tanggal',
  requested: 'Diajukan',
  refunded: 'Dana kembali',
  order: 'Pesanan',
  returnNumber: (number: string) => `No. Pengembalian ${number}`,
  product: 'Barang',
  type: 'Jenis',
  refund: 'Dana Dikembalikan',
  compensation: 'Kompensasi',
  days: 'Hari',
  daysValue: (days: number) => `${formatInteger(days)} hari`,
  loss: 'Kerugian',
  lossUnknown: 'Belum ada Barang Keluar pesanan ini',
  cost: 'Modal',
  feesLost: 'Biaya tidak kembali',
  lossTitle: (cost: string, fees: string, compensation: string) =>
    `Modal ${cost} + biaya tidak kembali ${fees} - kompensasi ${compensation}`,
  claimDeadline: 'Batas Klaim',
  returnTracking: 'Resi Retur',
  receivedAt: 'Diterima',
  condition: 'Kondisi',
  conditionValue: (good: number, damaged: number) =>
    [
      good > 0 ? `${formatInteger(good)} Baik` : null,
      damaged > 0 ? `${formatInteger(damaged)} Rusak` : null,
    ]
      .filter((part) => part !== null)
      .join(', ') || '-',
  retur: (id: number) => `Retur #${id}`,
  /** The parcel held another number of units than the order's requests name. */
  requestedUnits: (units: number) => `Pengajuan: ${formatInteger(units)} unit`,
  requestedUnitsTitle: 'Jumlah unit yang diterima berbeda dari yang diajukan di file marketplace',
  noStore: 'Tanpa toko',
  // Totals.
  summaryTitle: 'Ringkasan per Channel dan Toko',
  summaryScope: (period: string) => `Pengembalian yang diajukan pada ${period}.`,
  summaryTable: 'Ringkasan Pengembalian',
  summaryEmpty: 'Belum ada pengembalian marketplace pada periode ini',
  channelStore: 'Channel · Toko',
  returns: 'Pengembalian',
  units: 'Unit',
  refunds: 'Dana Dikembalikan',
  total: 'Total',
  // The N days.
  settingsTitle: 'Batas hari barang kembali',
  settingsHint: 'Hari setelah dana dikembalikan sebelum barang dianggap tidak kembali',
  settingsSave: 'Simpan',
  settingsSaved: 'Pengaturan berhasil disimpan',
  settingsSaveFailed: 'Gagal menyimpan pengaturan',
} as const;

export const RETURN_IMPORT_TEXTS = {
  ...IMPORT_PREVIEW_TEXTS,
  ...FILE_IMPORT_TEXTS,
  ...STORE_IMPORT_TEXTS,
  title: 'Impor File Pengembalian Marketplace',
  file: 'File pengembalian (xlsx, xls, csv)',
  fileHint:
    'File pengembalian/pembatalan/pengiriman gagal Shopee, pengembalian TikTok Shop, atau pesanan Lazada. Format dikenali dari kolomnya.',
  store: FIELDS.store_id.label,
  storeMain: 'Toko utama channel file',
  storeHint: 'Pilih toko bila punya beberapa toko di satu marketplace.',
  committing: 'Mengimpor pengembalian...',
  commitFailed: 'Gagal mengimpor pengembalian',
  rows: 'Pengembalian di file',
  changed: 'Berubah',
  rowsTable: 'Pengembalian di File',
  noRows: 'Tidak ada pengembalian',
  firstRows: firstShown('pengembalian'),
  allAlready:
    'Semua pengembalian di file ini sudah diimpor sebelumnya: tidak ada yang ditambahkan.',
  created: 'Pengembalian baru',
  updated: 'Diperbarui',
} as const;

/** RETURN_IMPORT_STATES' labels: 'Sudah ada' as the order import says it. */
export const IMPORT_STATE_LABELS = {
  baru: RETURN_IMPORT_TEXTS.new,
  berubah: RETURN_IMPORT_TEXTS.changed,
  sudah_ada: RETURN_IMPORT_TEXTS.already,
} as const;

export const IMPORT_STATE_TONES: Record<keyof typeof IMPORT_STATE_LABELS, Tone> = {
  baru: 'green',
  berubah: 'amber',
  sudah_ada: 'blue',
};
