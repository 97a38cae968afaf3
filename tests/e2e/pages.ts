import type { Locator } from '@playwright/test';
import type { RoleName } from './accounts';

/** A list page of the app: its path, its title (the table's name) and its add button. */
export interface ListPage {
  path: string;
  title: string;
  add: string;
  roles: readonly RoleName[];
}

export const LIST_PAGES: readonly ListPage[] = [
  { path: '/products', title: 'Data Produk', add: 'Tambah Produk', roles: ['manager'] },
  {
    path: '/incoming-goods',
    title: 'Barang Masuk',
    add: 'Tambah Barang Masuk',
    roles: ['manager', 'admin'],
  },
  {
    path: '/outgoing-goods',
    title: 'Barang Keluar',
    add: 'Tambah Barang Keluar',
    roles: ['manager', 'admin'],
  },
  {
    path: '/damaged-goods',
    title: 'Barang Rusak',
    add: 'Tambah Barang Rusak',
    roles: ['manager', 'admin'],
  },
];

/** The dashboard's lists (tables named by their card titles). */
export const DASHBOARD_LISTS = [
  'Stok Terbanyak',
  'Barang Keluar Terbanyak',
  'Barang Stok Habis Terbanyak',
] as const;

/** Every page of the menu with the heading its content shows, and who may open it. */
export const ALL_PAGES: readonly { path: string; heading: string; roles: readonly RoleName[] }[] = [
  { path: '/dashboard', heading: 'Dashboard', roles: ['manager', 'admin'] },
  ...LIST_PAGES.map(({ path, title, roles }) => ({ path, heading: title, roles })),
  { path: '/barcode-generator', heading: 'Generator Barcode', roles: ['manager'] },
  { path: '/reports', heading: 'Laporan', roles: ['manager', 'admin'] },
  { path: '/order-list', heading: 'List Order Barang', roles: ['manager'] },
  { path: '/marketplace-orders', heading: 'Pesanan Marketplace', roles: ['manager', 'admin'] },
  { path: '/pick-batches', heading: 'Daftar Ambil', roles: ['manager', 'admin'] },
  { path: '/packing', heading: 'Scan Kirim', roles: ['manager', 'admin'] },
  { path: '/returns', heading: 'Retur', roles: ['manager', 'admin'] },
  { path: '/stock-opname', heading: 'Stok Opname', roles: ['manager', 'admin'] },
  { path: '/pembukuan', heading: 'Pembukuan', roles: ['manager'] },
  { path: '/settlements', heading: 'Penghasilan Marketplace', roles: ['manager'] },
  { path: '/activity-logs', heading: 'Log Aktivitas', roles: ['manager'] },
  { path: '/users', heading: 'Pengguna', roles: ['manager'] },
  { path: '/deploys', heading: 'Deploy', roles: ['manager'] },
];

/** The element's box on screen; fails the test when it is not rendered. */
export async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`not rendered: ${locator.toString()}`);
  return box;
}
