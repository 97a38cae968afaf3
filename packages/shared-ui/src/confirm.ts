/** The browser confirmation sentences of docs/product.md point 5. */
export const CONFIRM_TEXTS = {
  deleteProduct: 'Apakah Anda yakin ingin menghapus produk ini?',
  recalculateStock:
    'Apakah Anda yakin ingin menghitung ulang stok? Operasi ini akan memperbaiki data yang tidak konsisten.',
  deleteData: 'Apakah Anda yakin ingin menghapus data ini?',
  deleteOrder: 'Apakah Anda yakin ingin menghapus order ini?',
  // Stok Opname: posting writes the differences to stock; cancelling discards counts.
  postStockOpname:
    'Apakah Anda yakin ingin memposting stok opname ini? Selisih akan ditulis sebagai penyesuaian stok.',
  cancelStockOpname: 'Apakah Anda yakin ingin membatalkan sesi stok opname ini?',
} as const;

export type ConfirmText = (typeof CONFIRM_TEXTS)[keyof typeof CONFIRM_TEXTS];

/** Asks with the browser's dialog; true when the user confirms. */
export function confirmAction(message: string): boolean {
  return window.confirm(message) === true;
}
