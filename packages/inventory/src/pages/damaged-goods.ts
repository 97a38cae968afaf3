// Exposed as './DamagedGoods' (webpack.config.mjs); the shell lazy-loads the default export.
export { DamagedGoodsPage as default } from '../features/damaged-goods/damaged-goods-page';
