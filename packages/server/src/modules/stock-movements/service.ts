// The public face of stock-movements: what other modules may use of it (docs/architecture.md).
export {
  addDelta,
  adjustStock,
  applyStockDeltas,
  findProductByCode,
  productCodeIs,
  type StockProduct,
} from './stock';
export { resiConflict } from './movements';
