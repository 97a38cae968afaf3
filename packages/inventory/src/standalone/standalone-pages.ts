import type { ComponentType } from 'react';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ProductsPage } from '../features/products/products-page';
import { IncomingGoodsPage } from '../features/incoming-goods/incoming-goods-page';
import { OutgoingGoodsPage } from '../features/outgoing-goods/outgoing-goods-page';
import { DamagedGoodsPage } from '../features/damaged-goods/damaged-goods-page';
import { ReportsPage } from '../features/reports/reports-page';

/** The pages this remote's standalone dev page links to, at the same paths as in the shell. */
export const standalonePages: { path: string; label: string; Component: ComponentType }[] = [
  { path: '/dashboard', label: 'Dashboard', Component: DashboardPage },
  { path: '/products', label: 'Data Produk', Component: ProductsPage },
  { path: '/incoming-goods', label: 'Barang Masuk', Component: IncomingGoodsPage },
  { path: '/outgoing-goods', label: 'Barang Keluar', Component: OutgoingGoodsPage },
  { path: '/damaged-goods', label: 'Barang Rusak', Component: DamagedGoodsPage },
  { path: '/reports', label: 'Laporan', Component: ReportsPage },
];
