// A product row as the API shows it, and the number reading every module's sums share.
import type { Product } from '@gudang/api-client/contract';
import type { ProductRow } from '../../db/schema';

export function toProduct(row: ProductRow): Product {
  // Spelled out field by field: extra selected columns (a window total) must not leak out.
  return {
    id: row.id,
    barcode_id: row.barcodeId,
    code: row.code,
    name: row.name,
    initial_stock: row.initialStock,
    current_stock: row.currentStock,
    category: row.category,
    brand: row.brand,
    purchase_price: row.purchasePrice,
    selling_price: row.sellingPrice,
    min_stock: row.minStock,
    created_at: row.createdAt.toISOString(),
    // Milliseconds, as JS reads the column: updateProduct compares a sent one at this precision.
    updated_at: row.updatedAt.toISOString(),
    rack: row.rack,
  };
}

/**
 * A Rak as stored: trimmed, in capitals; '' (or null) is no rack. The contract's RackField has
 * already refused anything but letters, digits, '-', '.' and '/'.
 */
export function storedRack(rack: string | null): string | null {
  const text = rack?.trim().toUpperCase() ?? '';
  return text === '' ? null : text;
}
