import type { StandalonePage } from '@gudang/shared-ui/standalone';
import OrderListPage from '../pages/order-list';

/**
 * The pages this remote's standalone dev page links to, at the same paths as in the shell: the
 * same modules the remote exposes.
 */
export const standalonePages: StandalonePage[] = [
  { path: '/order-list', label: 'List Order Barang', Component: OrderListPage },
];
