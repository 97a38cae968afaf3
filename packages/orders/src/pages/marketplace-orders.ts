// Exposed as './MarketplaceOrders' (webpack.config.mjs); the shell lazy-loads the default export.
export { MarketplaceOrdersPage as default } from '../features/marketplace-orders/marketplace-orders-page';
