// Return, failed-delivery and cancellation files as the marketplaces write them, built from the
// exact headers in ../shared/marketplace-files.md (sections 1, 3, 6 and 7): one header list per
// file and a row given by header name, so that a misspelt header does not compile.
import * as XLSX from 'xlsx';
import type { SheetText } from '../marketplace/service';

/** Section 1: the Shopee order export, 2026 (49 columns). */
export const SHOPEE_ORDER_HEADERS_49 = [
  'No. Pesanan',
  'Status Pesanan',
  'Shipped by Advance Fulfilment',
  'Status Pembatalan/ Pengembalian',
  'No. Resi',
  'Opsi Pengiriman',
  'Antar ke counter/ pick-up',
  'Pesanan Harus Dikirimkan Sebelum (Menghindari keterlambatan)',
  'Waktu Pengiriman Diatur',
  'Waktu Pesanan Dibuat',
  'Waktu Pembayaran Dilakukan',
  'Metode Pembayaran',
  'SKU Induk',
  'Nama Produk',
  'Nomor Referensi SKU',
  'Nama Variasi',
  'Harga Awal',
  'Harga Setelah Diskon',
  'Jumlah',
  'Returned quantity',
  'Total Harga Produk',
  'Total Diskon',
  'Diskon Dari Penjual',
  'Diskon Dari Shopee',
  'Berat Produk',
  'Jumlah Produk di Pesan',
  'Total Berat',
  'Voucher Ditanggung Penjual',
  'Cashback Koin',
  'Voucher Ditanggung Shopee',
  'Paket Diskon',
  'Paket Diskon (Diskon dari Shopee)',
  'Paket Diskon (Diskon dari Penjual)',
  'Potongan Koin Shopee',
  'Diskon Kartu Kredit',
  'Ongkos Kirim Dibayar oleh Pembeli',
  'Estimasi Potongan Biaya Pengiriman',
  'Ongkos Kirim Pengembalian Barang',
  'Total Pembayaran',
  'Perkiraan Ongkos Kirim',
  'Catatan dari Pembeli',
  'Catatan',
  'Username (Pembeli)',
  'Nama Penerima',
  'No. Telepon',
  'Alamat Pengiriman',
  'Kota/Kabupaten',
  'Provinsi',
  'Waktu Pesanan Selesai',
] as const;

/**
 * Section 1's failed-delivery view: 'Status pengiriman gagal' after 'Status Pembatalan/
 * Pengembalian', 'Dibayar Pembeli' in place of 'Total Harga Produk'; section 3's claim columns.
 */
export const SHOPEE_FAILED_HEADERS = [
  ...SHOPEE_ORDER_HEADERS_49.slice(0, 4),
  'Status pengiriman gagal',
  ...SHOPEE_ORDER_HEADERS_49.slice(4).map((header) =>
    header === 'Total Harga Produk' ? 'Dibayar Pembeli' : header,
  ),
  'Jumlah Kompensasi',
  'Status Klaim',
  'Tanggal Klaim Diajukan',
  'Tanggal Klaim Disetujui',
  'Tanggal Klaim Dicairkan',
  'Tanggal Klaim Ditolak',
] as const;

/**
 * Section 1's cancellation view: 'Alasan Pembatalan' after 'Status Pesanan', no 'Shipped by
 * Advance Fulfilment', 'Dibayar Pembeli' in place of 'Total Harga Produk'.
 */
export const SHOPEE_CANCEL_HEADERS = [
  'No. Pesanan',
  'Status Pesanan',
  'Alasan Pembatalan',
  ...SHOPEE_ORDER_HEADERS_49.slice(3).map((header) =>
    header === 'Total Harga Produk' ? 'Dibayar Pembeli' : header,
  ),
] as const;

/** Section 3: the Shopee return/refund export (its required fields first, then the others). */
export const SHOPEE_RETURN_HEADERS = [
  'No. Pengembalian',
  'No. Pesanan',
  'Tanggal Pesanan Dibuat',
  'Status Pembatalan/ Pengembalian',
  'Tipe Pengembalian',
  'Kode Variasi',
  'Variasi',
  'Jumlah Produk Dikembalikan',
  'Solusi Pengembalian Barang/Dana',
  'Alasan Pengembalian',
  'Catatan Pengembalian Barang',
  'Waktu Pengembalian Diajukan',
  'Total Pengembalian Dana',
  'Pelepasan Dana',
  'Waktu Pengembalian Dana Selesai',
  'Status Pengembalian Barang',
  'Ongkos Kirim Pengiriman',
  'Ongkos Kirim Pengembalian',
  'Jumlah Kompensasi',
] as const;

/** Section 6: the TikTok Shop return export (25 columns). */
export const TIKTOK_RETURN_HEADERS = [
  'Return Order ID',
  'Order ID',
  'Order Amount',
  'Order Status',
  'Order Substatus',
  'Payment Method',
  'SKU ID',
  'Seller SKU',
  'Product Name',
  'SKU Name',
  'Buyer Username',
  'Return Type',
  'Time Requested',
  'Return Reason',
  'Return unit price',
  'Return Quantity',
  'Return Logistics Tracking ID',
  'Return Status',
  'Return Sub Status',
  'Refund Time',
  'Dispute Status',
  'Appeal Status',
  'Compensation Status',
  'Compensation Amount',
  'Buyer Note',
] as const;

/** Section 7: the Lazada order export (76 columns, camelCase), one row per unit. */
export const LAZADA_ORDER_HEADERS = [
  'orderItemId',
  'orderType',
  'Guarantee',
  'deliveryType',
  'lazadaId',
  'sellerSku',
  'lazadaSku',
  'wareHouse',
  'createTime',
  'updateTime',
  'rtsSla',
  'ttsSla',
  'orderNumber',
  'invoiceRequired',
  'invoiceNumber',
  'deliveredDate',
  'customerName',
  'customerEmail',
  'nationalRegistrationNumber',
  'shippingName',
  'shippingAddress',
  'shippingAddress2',
  'shippingAddress3',
  'shippingAddress4',
  'shippingAddress5',
  'shippingPhone',
  'shippingPhone2',
  'shippingCity',
  'shippingPostCode',
  'shippingCountry',
  'shippingRegion',
  'billingName',
  'billingAddr',
  'billingAddr2',
  'billingAddr3',
  'billingAddr4',
  'billingAddr5',
  'billingPhone',
  'billingPhone2',
  'billingCity',
  'billingPostCode',
  'billingCountry',
  'taxCode',
  'branchNumber',
  'taxInvoiceRequested',
  'payMethod',
  'paidPrice',
  'unitPrice',
  'sellerDiscountTotal',
  'shippingFee',
  'walletCredit',
  'itemName',
  'variation',
  'cdShippingProvider',
  'shippingProvider',
  'shipmentTypeName',
  'shippingProviderType',
  'cdTrackingCode',
  'trackingCode',
  'trackingUrl',
  'shippingProviderFM',
  'trackingCodeFM',
  'trackingUrlFM',
  'promisedShippingTime',
  'premium',
  'status',
  'buyerFailedDeliveryReturnInitiator',
  'buyerFailedDeliveryReason',
  'buyerFailedDeliveryDetail',
  'buyerFailedDeliveryUserName',
  'bundleId',
  'semiManaged',
  'flexibleDeliveryTime',
  'bundleDiscount',
  'refundAmount',
  'sellerNote',
] as const;

/** A row of `headers` with the named cells filled ('' elsewhere). */
export function line<const H extends readonly string[]>(
  headers: H,
  cells: Partial<Record<H[number], string>>,
): string[] {
  return headers.map((header: H[number]) => cells[header] ?? '');
}

/** One sheet of text as the worker hands it over. */
export const sheetOf = (name: string, rows: string[][]): SheetText[] => [{ name, rows }];

/** The sheets as an xlsx, every cell a string as written. */
export function xlsx(sheets: readonly SheetText[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const sheet of sheets)
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet.rows), sheet.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** A date-time as the marketplaces' files write it: 'dd/mm/yyyy HH:MM:SS' of a yyyy-mm-dd day. */
export const fileTime = (day: string, time = '10:15:00') =>
  `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)} ${time}`;
