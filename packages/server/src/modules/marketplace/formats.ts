// The marketplaces' order files, known by their header names (never by position). Each field
// has its aliases: export headers drift, and a renamed or moved column must still be found.
import { MARKETPLACE_CHANNEL_LABELS, type MarketplaceChannel } from '@gudang/api-client/contract';
import type { SheetText } from './sheet-types';

export type FieldKey =
  | 'order_number'
  | 'status'
  | 'resi'
  | 'date'
  | 'sku'
  | 'parent_sku'
  | 'product_name'
  | 'variation'
  | 'quantity'
  | 'unit_price'
  | 'original_price'
  | 'subtotal'
  // A Shopee order's return: its status and each line's units returned (issue 46).
  | 'return_status'
  | 'returned_quantity'
  // The courier and 'fulfilled by the marketplace' (issue 47: Daftar Ambil's filter and skip).
  | 'courier'
  | 'fulfilled';

export interface FormatField {
  key: FieldKey;
  /** The header as the marketplace writes it first, then its aliases. */
  headers: readonly string[];
  required?: boolean;
}

export interface OrderFormat {
  id: 'shopee' | 'tiktok' | 'lazada' | 'tokopedia_old' | 'bigseller';
  name: string;
  /** The channels whose files have this format; the first is taken when none is given. */
  channels: readonly [MarketplaceChannel, ...MarketplaceChannel[]];
  fields: readonly FormatField[];
  /** The row under the headers describes each column (TikTok Shop / Tokopedia Seller Center). */
  descriptionRow?: boolean;
}

export const ORDER_FORMATS: readonly OrderFormat[] = [
  {
    id: 'shopee',
    name: MARKETPLACE_CHANNEL_LABELS.shopee,
    channels: ['shopee'],
    fields: [
      {
        key: 'order_number',
        headers: ['No. Pesanan', 'Nomor Pesanan', 'No Pesanan', 'ID Pesanan'],
        required: true,
      },
      { key: 'status', headers: ['Status Pesanan', 'Status'], required: true },
      { key: 'resi', headers: ['No. Resi', 'Nomor Resi', 'No Resi', 'Resi'] },
      {
        key: 'date',
        headers: [
          'Waktu Pesanan Dibuat',
          'Waktu Pembuatan Pesanan',
          'Tanggal Pesanan',
          'Waktu Pesanan',
        ],
        required: true,
      },
      // The variation's own SKU; without it, the product's (parent) SKU.
      {
        key: 'sku',
        headers: [
          'Nomor Referensi SKU',
          'SKU Referensi',
          'No. Referensi SKU',
          'SKU Variasi',
          'SKU Induk',
        ],
        required: true,
      },
      { key: 'parent_sku', headers: ['SKU Induk', 'SKU Produk'] },
      { key: 'product_name', headers: ['Nama Produk', 'Produk'], required: true },
      { key: 'variation', headers: ['Nama Variasi', 'Variasi'] },
      { key: 'quantity', headers: ['Jumlah', 'Jumlah Produk', 'Kuantitas', 'Qty'], required: true },
      { key: 'original_price', headers: ['Harga Awal'] },
      { key: 'unit_price', headers: ['Harga Setelah Diskon', 'Harga Diskon'] },
      { key: 'subtotal', headers: ['Total Harga Produk'] },
      { key: 'return_status', headers: ['Status Pembatalan/ Pengembalian'] },
      { key: 'returned_quantity', headers: ['Returned quantity', 'Jumlah Dikembalikan'] },
      { key: 'courier', headers: ['Opsi Pengiriman', 'Jasa Kirim'] },
      // 2026 files: 'Shipped by Advance Fulfilment'; others: 'Pesanan yang Dikelola Shopee'.
      {
        key: 'fulfilled',
        headers: ['Shipped by Advance Fulfilment', 'Pesanan yang Dikelola Shopee'],
      },
    ],
  },
  {
    id: 'tiktok',
    name: 'TikTok Shop / Tokopedia',
    channels: ['tiktok', 'tokopedia'],
    descriptionRow: true,
    fields: [
      { key: 'order_number', headers: ['Order ID', 'Order Id', 'OrderID'], required: true },
      { key: 'status', headers: ['Order Status', 'Order Substatus'], required: true },
      { key: 'sku', headers: ['Seller SKU', 'Seller Sku', 'SKU'], required: true },
      { key: 'product_name', headers: ['Product Name', 'Product'] },
      { key: 'variation', headers: ['Variation', 'Variation Name', 'SKU Name'] },
      { key: 'quantity', headers: ['Quantity', 'Qty'], required: true },
      { key: 'original_price', headers: ['SKU Unit Original Price', 'Unit Original Price'] },
      { key: 'subtotal', headers: ['SKU Subtotal After Discount', 'Subtotal After Discount'] },
      {
        key: 'date',
        headers: ['Created Time', 'Create Time', 'Order Created Time'],
        required: true,
      },
      { key: 'resi', headers: ['Tracking ID', 'Tracking Number', 'Tracking No'] },
      { key: 'courier', headers: ['Shipping Provider Name', 'Shipping Provider'] },
    ],
  },
  {
    id: 'lazada',
    name: MARKETPLACE_CHANNEL_LABELS.lazada,
    channels: ['lazada'],
    fields: [
      { key: 'order_number', headers: ['Order Number', 'orderNumber', 'Order No'], required: true },
      { key: 'sku', headers: ['Seller SKU', 'sellerSku', 'SellerSku'], required: true },
      { key: 'product_name', headers: ['Item Name', 'itemName', 'Product Name'] },
      { key: 'variation', headers: ['Variation', 'variation', 'Variation Name'] },
      { key: 'original_price', headers: ['Unit Price', 'unitPrice'] },
      { key: 'unit_price', headers: ['Paid Price', 'paidPrice'] },
      {
        key: 'date',
        headers: ['Created at', 'createTime', 'Created Time', 'Order Created at'],
        required: true,
      },
      { key: 'resi', headers: ['Tracking Code', 'trackingCode', 'Tracking Number'] },
      { key: 'status', headers: ['Status', 'status', 'Order Status'], required: true },
      { key: 'courier', headers: ['Shipping Provider', 'shippingProvider'] },
    ],
  },
  {
    id: 'tokopedia_old',
    name: `${MARKETPLACE_CHANNEL_LABELS.tokopedia} (Seller Center lama)`,
    channels: ['tokopedia'],
    fields: [
      { key: 'order_number', headers: ['Invoice', 'Nomor Invoice', 'No. Invoice'], required: true },
      { key: 'status', headers: ['Order Status', 'Status Pesanan', 'Status'], required: true },
      { key: 'product_name', headers: ['Product Name', 'Nama Produk'] },
      { key: 'quantity', headers: ['Quantity', 'Jumlah Produk Dibeli', 'Jumlah'], required: true },
      { key: 'sku', headers: ['Stock Keeping Unit (SKU)', 'SKU'], required: true },
      { key: 'unit_price', headers: ['Price (Rp.)', 'Harga Jual (IDR)', 'Price'] },
      { key: 'date', headers: ['Payment Date', 'Tanggal Pembayaran'], required: true },
      { key: 'resi', headers: ['AWB', 'No Resi / Kode Booking', 'Nomor Resi'] },
    ],
  },
  {
    id: 'bigseller',
    name: MARKETPLACE_CHANNEL_LABELS.bigseller,
    channels: ['bigseller'],
    fields: [
      {
        key: 'order_number',
        headers: ['Nomor Pesanan', 'No. Pesanan', 'No Pesanan'],
        required: true,
      },
      { key: 'status', headers: ['Status Pesanan', 'Status'], required: true },
      { key: 'sku', headers: ['SKU', 'SKU Gudang', 'Merchant SKU'], required: true },
      { key: 'product_name', headers: ['Nama Produk', 'Judul Produk'] },
      { key: 'variation', headers: ['Nama Variasi', 'Variasi'] },
      { key: 'quantity', headers: ['Jumlah', 'Kuantitas', 'Qty'], required: true },
      { key: 'unit_price', headers: ['Harga Satuan', 'Harga'] },
      { key: 'resi', headers: ['Nomor Resi', 'No. Resi', 'No Resi'] },
      {
        key: 'date',
        headers: ['Waktu Pesanan Dibuat', 'Waktu Pembuatan Pesanan', 'Waktu Dibuat'],
        required: true,
      },
      { key: 'courier', headers: ['Kurir', 'Ekspedisi', 'Jasa Kirim'] },
    ],
  },
];

/** Header text compared without case, punctuation or extra spaces ('No. Resi' is 'no resi'). */
export function headerKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The header row is looked for among this many first rows of each sheet. */
export const HEADER_SEARCH_ROWS = 20;

/**
 * The rows that may be a file's header, sheet by sheet: each sheet's first HEADER_SEARCH_ROWS
 * rows (a title or the shop's name may stand above the header), with the sheet's index.
 */
export function* headerRows<Sheet extends SheetText>(sheets: readonly Sheet[]) {
  for (const [sheetIndex, sheet] of sheets.entries()) {
    const last = Math.min(sheet.rows.length, HEADER_SEARCH_ROWS);
    for (let headerRow = 0; headerRow < last; headerRow += 1)
      yield { sheet, sheetIndex, headerRow, header: sheet.rows[headerRow] ?? [] };
  }
}

/** Where each field of a format is in one header row (column index), the first alias found. */
export type ColumnMap = Partial<Record<FieldKey, number>>;

export function columnsOf(format: OrderFormat, header: readonly string[]): ColumnMap {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    if (key !== '' && !positions.has(key)) positions.set(key, index);
  });
  const columns: ColumnMap = {};
  for (const field of format.fields) {
    for (const name of field.headers) {
      const index = positions.get(headerKey(name));
      if (index !== undefined) {
        columns[field.key] = index;
        break;
      }
    }
  }
  return columns;
}

/** The required fields a header row lacks, by their first header name. */
export function missingFields(format: OrderFormat, columns: ColumnMap): string[] {
  return format.fields
    .filter((field) => field.required === true && columns[field.key] === undefined)
    .map((field) => field.headers[0] as string);
}

/** The headers looked for, per format, for the 'Format file tidak dikenali' answer. */
export function expectedHeaders(
  formats: readonly OrderFormat[] = ORDER_FORMATS,
): { channel: MarketplaceChannel; name: string; headers: string[] }[] {
  return formats.map((format) => ({
    channel: format.channels[0],
    name: format.name,
    headers: format.fields
      .filter((field) => field.required === true)
      .map((field) => field.headers[0] as string),
  }));
}
