// Exposed as './OrderList' (webpack.config.mjs); the shell lazy-loads the default export.
export { OrderListPage as default } from '../features/order-list/order-list-page';
