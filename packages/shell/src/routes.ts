import type { Role } from '@gudang/api-client';

export type RemoteName = 'inventory' | 'orders' | 'finance' | 'admin';

export type IconName =
  | 'dashboard'
  | 'products'
  | 'incoming'
  | 'outgoing'
  | 'damaged'
  | 'barcode'
  | 'reports'
  | 'orders'
  | 'pembukuan'
  | 'activity';

export interface AppRoute {
  path: string;
  /** Menu label and header page name (SPEC.md point 2). */
  label: string;
  icon: IconName;
  roles: readonly Role[];
  remote: RemoteName;
  /** Exposed module name without './': loaded as `${remote}/${module}`. */
  module: string;
}

const EVERYONE: readonly Role[] = ['admin', 'manager'];
const MANAGER: readonly Role[] = ['manager'];

export const DASHBOARD_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** The one route table (SPEC.md point 2), in menu order. */
export const appRoutes: readonly AppRoute[] = [
  {
    path: DASHBOARD_PATH,
    label: 'Dashboard',
    icon: 'dashboard',
    roles: EVERYONE,
    remote: 'inventory',
    module: 'Dashboard',
  },
  {
    path: '/products',
    label: 'Data Produk',
    icon: 'products',
    roles: MANAGER,
    remote: 'inventory',
    module: 'Products',
  },
  {
    path: '/incoming-goods',
    label: 'Barang Masuk',
    icon: 'incoming',
    roles: EVERYONE,
    remote: 'inventory',
    module: 'IncomingGoods',
  },
  {
    path: '/outgoing-goods',
    label: 'Barang Keluar',
    icon: 'outgoing',
    roles: EVERYONE,
    remote: 'inventory',
    module: 'OutgoingGoods',
  },
  {
    path: '/damaged-goods',
    label: 'Barang Rusak',
    icon: 'damaged',
    roles: EVERYONE,
    remote: 'inventory',
    module: 'DamagedGoods',
  },
  {
    path: '/barcode-generator',
    label: 'Buat Barcode',
    icon: 'barcode',
    roles: MANAGER,
    remote: 'admin',
    module: 'BarcodeGenerator',
  },
  {
    path: '/reports',
    label: 'Laporan',
    icon: 'reports',
    roles: EVERYONE,
    remote: 'inventory',
    module: 'Reports',
  },
  {
    path: '/order-list',
    label: 'List Order',
    icon: 'orders',
    roles: MANAGER,
    remote: 'orders',
    module: 'OrderList',
  },
  {
    path: '/pembukuan',
    label: 'Pembukuan',
    icon: 'pembukuan',
    roles: MANAGER,
    remote: 'finance',
    module: 'Pembukuan',
  },
  {
    path: '/activity-logs',
    label: 'Log Aktivitas',
    icon: 'activity',
    roles: MANAGER,
    remote: 'admin',
    module: 'ActivityLogs',
  },
];

export function canOpen(route: AppRoute, role: Role): boolean {
  return route.roles.includes(role);
}

/** The menu of one role, in the table's order. */
export function routesForRole(role: Role): AppRoute[] {
  return appRoutes.filter((route) => canOpen(route, role));
}

/** The route shown at a path; '/' shows the dashboard. */
export function findRoute(pathname: string): AppRoute | undefined {
  const path = pathname === '/' ? DASHBOARD_PATH : pathname.replace(/\/+$/, '');
  return appRoutes.find((route) => route.path === path);
}
