// Exposed as './StockOpname' (webpack.config.mjs); the shell lazy-loads the default export.
export { StockOpnamePage as default } from '../features/stock-opname/stock-opname-page';
