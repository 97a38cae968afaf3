// Exposed as './IncomingGoods' (webpack.config.mjs); the shell lazy-loads the default export.
export { IncomingGoodsPage as default } from '../features/stock-movements/incoming-goods-page';
