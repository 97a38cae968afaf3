// Exposed as './OutgoingGoods' (webpack.config.mjs); the shell lazy-loads the default export.
export { OutgoingGoodsPage as default } from '../features/stock-movements/outgoing-goods-page';
