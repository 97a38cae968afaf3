import type { StandalonePage } from '@gudang/shared-ui/standalone';
import DashboardPage from '../pages/dashboard';
import ProductsPage from '../pages/products';
import IncomingGoodsPage from '../pages/incoming-goods';
import OutgoingGoodsPage from '../pages/outgoing-goods';
import DamagedGoodsPage from '../pages/damaged-goods';
import ReportsPage from '../pages/reports';
import StockOpnamePage from '../pages/stock-opname';

/**
 * The pages this remote's standalone dev page links to, at the same paths as in the shell: the
 * same modules the remote exposes.
 */
export const standalonePages: StandalonePage[] = [
  { path: '/dashboard', label: 'Dashboard', Component: DashboardPage },
  { path: '/products', label: 'Data Produk', Component: ProductsPage },
  { path: '/incoming-goods', label: 'Barang Masuk', Component: IncomingGoodsPage },
  { path: '/outgoing-goods', label: 'Barang Keluar', Component: OutgoingGoodsPage },
  { path: '/damaged-goods', label: 'Barang Rusak', Component: DamagedGoodsPage },
  { path: '/stock-opname', label: 'Stok Opname', Component: StockOpnamePage },
  { path: '/reports', label: 'Laporan', Component: ReportsPage },
];
