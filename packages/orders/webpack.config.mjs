import { makeConfig } from '@gudang/mf-build';

export default makeConfig({
  name: 'orders',
  dir: import.meta.dirname,
  port: 3002,
  exposes: {
    './OrderList': './src/pages/order-list.ts',
    './MarketplaceOrders': './src/pages/marketplace-orders.ts',
    './Packing': './src/pages/packing.ts',
    './Returns': './src/pages/returns.ts',
  },
});
