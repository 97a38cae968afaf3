import * as XLSX from 'xlsx';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx of one sheet with these rows. */
export function xlsx(rows: readonly (string | number)[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as (string | number)[][]), 'x');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A row of Shopee's mass update: the listing, its variation, SKU, price and the old stock. */
export interface ShopeeStockRow {
  productId: string;
  productName: string;
  variationId: string;
  variationName: string;
  parentSku: string;
  sku: string;
  price: number;
  stock: number;
}

/**
 * Shopee's sales-info mass update template (marketplace-files.md, section 8): the machine-key row
 * under 'sales_info', the labels, the notes, then one row per listing from spreadsheet row 5.
 */
export function shopeeStockTemplate(rows: readonly ShopeeStockRow[]): Buffer {
  return xlsx([
    ['sales_info', '', '', '', '', '', '', '', ''],
    [
      'et_title_product_id',
      'et_title_product_name',
      'et_title_variation_id',
      'et_title_variation_name',
      'et_title_parent_sku',
      'et_title_variation_sku',
      'et_title_variation_price',
      'et_title_variation_stock',
      'et_title_reason',
    ],
    [
      'Kode Produk',
      'Nama Produk',
      'Kode Variasi',
      'Nama Variasi',
      'SKU Induk',
      'SKU',
      'Harga',
      'Stok',
      '',
    ],
    ['', '', '', '', '', 'Opsional', 'Wajib', 'Wajib', ''],
    ...rows.map((row) => [
      row.productId,
      row.productName,
      row.variationId,
      row.variationName,
      row.parentSku,
      row.sku,
      row.price,
      row.stock,
      '',
    ]),
  ]);
}
