// The products module's public face: product-row.ts (a row as the API shows it), list.ts
// (reading), writes.ts (create, edit, delete with their log entries) and ledger.ts (the stock card).
export { productLedger } from './ledger';
export {
  allProducts,
  findProductByBarcode,
  listProducts,
  rackPrefix,
  type ProductListOptions,
} from './list';
export { storedRack, toProduct } from './product-row';
export { createProduct, deleteProduct, updateProduct } from './writes';
