import type { StandalonePage } from '@gudang/shared-ui/standalone';
import MarketplaceOrdersPage from '../pages/marketplace-orders';
import OrderListPage from '../pages/order-list';
import PackingPage from '../pages/packing';
import PickBatchesPage from '../pages/pick-batches';
import ReturnsPage from '../pages/returns';

/**
 * The pages this remote's standalone dev page links to, at the same paths as in the shell: the
 * same modules the remote exposes.
 */
export const standalonePages: StandalonePage[] = [
  { path: '/order-list', label: 'List Order Barang', Component: OrderListPage },
  { path: '/marketplace-orders', label: 'Pesanan Marketplace', Component: MarketplaceOrdersPage },
  { path: '/pick-batches', label: 'Daftar Ambil', Component: PickBatchesPage },
  { path: '/packing', label: 'Scan Kirim', Component: PackingPage },
  { path: '/returns', label: 'Retur', Component: ReturnsPage },
];
