import { PACKING_MESSAGES, getShopTimeZone } from '@gudang/api-client';

/** Texts of Scan Kirim; the server's messages are the contract's PACKING_MESSAGES. */
export const PACKING_TEXTS = {
  title: 'Scan Kirim',
  subtitle: 'Cocokkan isi paket dengan pesanannya, lalu catat sebagai Barang Keluar',
  scanForm: 'Scan resi dan barang',
  // The field is named for what it expects next: a resi, the package's items, the next resi.
  scanLabel: 'Scan resi',
  scanProductsLabel: 'Scan barcode barang',
  scanNextLabel: 'Scan resi berikutnya',
  scanResiHint: 'Scan atau ketik nomor resi, lalu Enter',
  scanProductsHint: 'Scan barcode setiap barang di paket; setiap scan menghitung satu',
  /** A complete package not sent yet: the next resi sends it first. */
  scanCompleteHint:
    'Paket lengkap: tekan Kirim, atau scan resi berikutnya untuk mengirim paket ini lalu membuka resi itu',
  autoSend: 'Kirim otomatis saat barang terakhir discan',
  recordByHand: 'Catat di Barang Keluar secara manual',
  orderSection: 'Pesanan',
  orderHeading: (orderNumber: string, resi: string) => `Pesanan ${orderNumber} - resi ${resi}`,
  linesLabel: 'Barang dalam paket',
  countLabel: (name: string) => `Jumlah discan ${name}`,
  /** Under the product's name on a phone, where the Barcode and Stok columns are left out. */
  barcodeAndStock: (barcode: string, stock: number) => `Barcode ${barcode} · Stok ${stock}`,
  send: 'Kirim',
  closeOrder: 'Tutup',
  loading: 'Memuat pesanan...',
  todaySection: 'Dikirim hari ini',
  todayCount: (count: number) => `Dikirim hari ini: ${count} paket`,
  todayLabel: 'Paket yang dikirim hari ini',
  todayEmpty: 'Belum ada paket yang dikirim hari ini',
  shipped: (resi: string) => `Paket resi ${resi} berhasil dikirim`,
  shipFailed: 'Gagal mengirim paket',
  /** Offline (issue 48): Kirim is kept on the phone; the server decides the stock when it arrives. */
  keptOffline: (resi: string) =>
    `Paket resi ${resi} disimpan di perangkat dan dikirim ke server saat online; stok diputuskan server`,
  waitingOffline: (resi: string) =>
    `Paket resi ${resi} sudah tersimpan di perangkat ini dan menunggu dikirim ke server: jangan dikemas lagi`,
  offlineSection: 'Paket offline',
  offlineHeading: (resi: string) => `Resi ${resi} (offline: isi paket dicek server saat online)`,
  offlineLinesLabel: 'Barang yang discan offline',
  offlineEmpty: 'Scan barcode setiap barang di paket',
  offlineHint: 'Offline: scan barcode setiap barang, lalu tekan Kirim',
  lookUpFailed: 'Gagal memuat pesanan',
  alreadyShipped: PACKING_MESSAGES.alreadyShipped,
  notShippable: PACKING_MESSAGES.notShippable,
  notInOrder: PACKING_MESSAGES.notInOrder,
  tooMany: (name: string) => `Jumlah ${name} sudah lengkap`,
  selectedShip: 'Catat sebagai Barang Keluar',
  /** The next resi was scanned, but the complete package could not be sent: it stays open. */
  notSentYet: (resi: string, reason: string) =>
    `Paket resi ${resi} belum dikirim, resi berikutnya belum dibuka. ${reason}`,
  /** Opening a package whose stock cannot cover it: said before anything is scanned. */
  shortStock: 'Stok tidak cukup untuk paket ini, paket belum bisa dikirim:',
  shortStockLine: (name: string, code: string, needed: number, stock: number) =>
    `${name} (${code}): dibutuhkan ${needed}, stok ${stock}`,
  // The package is being left before it was sent (another resi, or Tutup).
  leaveIncompleteTitle: 'Paket belum lengkap',
  leaveCompleteTitle: 'Paket belum dikirim',
  missingIntro: (resi: string) => `Paket resi ${resi} masih kurang:`,
  missingLine: (name: string, code: string, missing: number) =>
    `${PACKING_MESSAGES.missingItem(name, missing)} (${code})`,
  scansDropped: (scanned: number) =>
    `${scanned} barang yang sudah discan tidak dicatat jika paket ini ditinggalkan.`,
  completeNotSent: (resi: string) =>
    `Paket resi ${resi} sudah lengkap, tetapi belum dicatat sebagai Barang Keluar. Jika ditutup sekarang, paket ini tidak tercatat.`,
  stay: 'Tetap di paket ini',
  openNext: (resi: string) => `Tinggalkan, buka resi ${resi}`,
  closeIncomplete: 'Tinggalkan paket ini',
  closeWithoutSending: 'Tutup tanpa mengirim',
  sendPackage: 'Kirim paket ini',
  // An order imported without some of its lines ('Lewati baris bermasalah', issue 42 M5).
  incompleteWarning:
    'Pesanan ini tidak lengkap: diimpor tanpa barang berikut, paket belum dapat dikirim:',
  incompleteHint:
    'Petakan SKU-nya di Pemetaan SKU lalu impor ulang file pesanan, atau minta manager mengonfirmasi pengiriman tanpa barang ini.',
  confirmIncomplete: 'Kirim tanpa barang ini (konfirmasi manager)',
  // Opened from a Daftar Ambil (issue 47): its orders in label order.
  batchSection: (number: string) => `Daftar Ambil ${number}`,
  batchProgress: (shipped: number, orders: number) =>
    `${shipped.toLocaleString('id-ID')} dari ${orders.toLocaleString('id-ID')} pesanan terkirim`,
  batchNext: (position: number, resi: string, order: string) =>
    `Berikutnya (label ${position}): resi ${resi}, pesanan ${order}`,
  batchOpenNext: 'Buka Resi Berikutnya',
  batchDone: 'Semua pesanan daftar ambil ini sudah terkirim',
  /** The orders left are cancelled, returned or unpaid since the batch was made. */
  batchNothingLeft: (orders: number) =>
    `Tidak ada lagi pesanan yang dapat dikirim: ${orders.toLocaleString('id-ID')} pesanan lain berstatus Batal, Retur atau Belum Bayar`,
} as const;

const formats = new Map<string, Intl.DateTimeFormat>();

/** An instant in the shop's time zone: '24 November 2026 pukul 16.20', or its time alone. */
export function shippedText(iso: string, part: 'full' | 'time' = 'full'): string {
  const zone = getShopTimeZone();
  const key = `${zone} ${part}`;
  let format = formats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(
      'id-ID',
      part === 'time'
        ? { timeZone: zone, hour: '2-digit', minute: '2-digit' }
        : {
            timeZone: zone,
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
          },
    );
    formats.set(key, format);
  }
  return format.format(new Date(iso));
}
