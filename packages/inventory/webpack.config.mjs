import { makeConfig } from '@gudang/mf-build';

export default makeConfig({
  name: 'inventory',
  dir: import.meta.dirname,
  port: 3001,
  exposes: {
    './Dashboard': './src/pages/dashboard.ts',
    './Products': './src/pages/products.ts',
    './IncomingGoods': './src/pages/incoming-goods.ts',
    './OutgoingGoods': './src/pages/outgoing-goods.ts',
    './DamagedGoods': './src/pages/damaged-goods.ts',
    './Reports': './src/pages/reports.ts',
    './StockOpname': './src/pages/stock-opname.ts',
  },
});
