import { RETURN_MESSAGES } from '@gudang/api-client';

/** Texts of Retur; the server's messages are the contract's RETURN_MESSAGES. */
export const RETURN_TEXTS = {
  title: 'Retur',
  subtitle: 'Scan resi paket yang kembali, lalu catat barang yang diretur',
  scanForm: 'Scan resi retur',
  scanLabel: 'Scan resi',
  scanHint: 'Scan atau ketik nomor resi, lalu Enter',
  loading: 'Memuat Barang Keluar...',
  lookUpFailed: 'Gagal memuat Barang Keluar resi ini',
  resiNotFound: RETURN_MESSAGES.resiNotFound,
  packageSection: 'Barang Retur',
  packageHeading: (resi: string) => `Resi ${resi}`,
  linesLabel: 'Barang Keluar resi ini',
  shipped: 'Dikirim',
  returnedBefore: 'Sudah Diretur',
  quantity: 'Jumlah Retur',
  quantityLabel: (name: string) => `Jumlah retur ${name}`,
  condition: 'Kondisi',
  conditionLabel: (name: string) => `Kondisi ${name}`,
  // One record in both conditions (issue 46): 'Pisah kondisi' gives it a quantity per condition.
  split: 'Pisah kondisi',
  splitLabel: (name: string) => `Pisah kondisi ${name}`,
  join: 'Satu kondisi',
  joinLabel: (name: string) => `Satu kondisi ${name}`,
  goodQuantity: 'Jumlah Baik',
  damagedQuantity: 'Jumlah Rusak',
  goodLabel: (name: string) => `Jumlah baik ${name}`,
  damagedLabel: (name: string) => `Jumlah rusak ${name}`,
  maxOf: (left: number) => `maks ${left}`,
  /** A return tracking number of an imported return file was scanned (issue 46). */
  foundByTracking: (tracking: string, resi: string) =>
    `Resi retur ${tracking} dari file pengembalian marketplace: paket asli resi ${resi}`,
  nothingLeft: 'Semua barang resi ini sudah diretur',
  returnedMeanwhile:
    'Retur ini tidak disimpan: barang resi ini baru saja diretur dari perangkat lain (lihat Daftar Retur)',
  reason: 'Alasan Retur',
  date: 'Tanggal',
  save: 'Simpan Retur',
  saving: 'Menyimpan...',
  close: 'Batal',
  noQuantity: 'Isi jumlah retur minimal satu barang',
  overMax: (left: number) => `Maksimal ${left}`,
  saved: RETURN_MESSAGES.created,
  saveFailed: 'Gagal menyimpan retur',
  /** Offline (issue 48): Simpan is kept on the phone; the server records (or refuses) it online. */
  keptOffline: (resi: string) =>
    `Retur resi ${resi} disimpan di perangkat dan dicatat server saat online; stok diputuskan server`,
  // A resi scanned offline: its records cannot be read, so the barcodes scanned are kept and the
  // server finds the records when the return arrives.
  offlineSection: 'Retur offline',
  offlineHeading: (resi: string) =>
    `Resi ${resi} (offline: Barang Keluar dicek server saat online)`,
  offlineScanLabel: 'Scan barcode barang',
  offlineHint: 'Offline: scan barcode setiap barang yang kembali, lalu Simpan Retur',
  offlineLinesLabel: 'Barang yang discan offline',
  offlineEmpty: 'Scan barcode setiap barang yang kembali',
  offlineConditionLabel: (barcode: string) => `Kondisi ${barcode}`,
  offlineRemoveLabel: (barcode: string) => `Hapus ${barcode}`,
  offlineRemove: 'Hapus',
  listTitle: 'Daftar Retur',
  searchPlaceholder: 'Cari resi, barang atau alasan...',
  empty: 'Tidak ada data retur',
  deleted: RETURN_MESSAGES.deleted,
  deleteFailed: 'Gagal menghapus retur',
} as const;
