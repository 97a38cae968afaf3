import type { ComponentType } from 'react';
import { OrderListPage } from '../features/order-list/order-list-page';

/** The pages this remote's standalone dev page links to, at the same paths as in the shell. */
export const standalonePages: { path: string; label: string; Component: ComponentType }[] = [
  { path: '/order-list', label: 'List Order Barang', Component: OrderListPage },
];
