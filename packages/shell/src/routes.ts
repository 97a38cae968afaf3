import { PAGE_RULES, rolesAllowed, type PagePath, type Role } from '@gudang/api-client';

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
  | 'marketplace'
  | 'pick'
  | 'packing'
  | 'returns'
  | 'opname'
  | 'pembukuan'
  | 'settlements'
  | 'activity'
  | 'users'
  | 'deploy';

export interface AppRoute {
  path: PagePath;
  /** Menu label and header page name (docs/product.md point 2). */
  label: string;
  icon: IconName;
  /** From the contract's PAGE_RULES: the rules the server's checks are tested against. */
  roles: readonly Role[];
  remote: RemoteName;
  /** Exposed module name without './': loaded as `${remote}/${module}`. */
  module: string;
}

export const DASHBOARD_PATH: PagePath = '/dashboard';
export const LOGIN_PATH = '/login';

/** The one route table (docs/product.md point 2), in menu order; who may open a page is the contract's. */
const pages: readonly Omit<AppRoute, 'roles'>[] = [
  {
    path: DASHBOARD_PATH,
    label: 'Dashboard',
    icon: 'dashboard',
    remote: 'inventory',
    module: 'Dashboard',
  },
  {
    path: '/products',
    label: 'Data Produk',
    icon: 'products',
    remote: 'inventory',
    module: 'Products',
  },
  {
    path: '/incoming-goods',
    label: 'Barang Masuk',
    icon: 'incoming',
    remote: 'inventory',
    module: 'IncomingGoods',
  },
  {
    path: '/outgoing-goods',
    label: 'Barang Keluar',
    icon: 'outgoing',
    remote: 'inventory',
    module: 'OutgoingGoods',
  },
  {
    path: '/damaged-goods',
    label: 'Barang Rusak',
    icon: 'damaged',
    remote: 'inventory',
    module: 'DamagedGoods',
  },
  {
    path: '/stock-opname',
    label: 'Stok Opname',
    icon: 'opname',
    remote: 'inventory',
    module: 'StockOpname',
  },
  {
    path: '/barcode-generator',
    label: 'Buat Barcode',
    icon: 'barcode',
    remote: 'admin',
    module: 'BarcodeGenerator',
  },
  {
    path: '/reports',
    label: 'Laporan',
    icon: 'reports',
    remote: 'inventory',
    module: 'Reports',
  },
  {
    path: '/order-list',
    label: 'List Order',
    icon: 'orders',
    remote: 'orders',
    module: 'OrderList',
  },
  {
    path: '/marketplace-orders',
    label: 'Pesanan Marketplace',
    icon: 'marketplace',
    remote: 'orders',
    module: 'MarketplaceOrders',
  },
  {
    path: '/pick-batches',
    label: 'Daftar Ambil',
    icon: 'pick',
    remote: 'orders',
    module: 'PickBatches',
  },
  {
    path: '/packing',
    label: 'Scan Kirim',
    icon: 'packing',
    remote: 'orders',
    module: 'Packing',
  },
  {
    path: '/returns',
    label: 'Retur',
    icon: 'returns',
    remote: 'orders',
    module: 'Returns',
  },
  {
    path: '/pembukuan',
    label: 'Pembukuan',
    icon: 'pembukuan',
    remote: 'finance',
    module: 'Pembukuan',
  },
  {
    path: '/settlements',
    label: 'Penghasilan Marketplace',
    icon: 'settlements',
    remote: 'finance',
    module: 'Settlements',
  },
  {
    path: '/activity-logs',
    label: 'Log Aktivitas',
    icon: 'activity',
    remote: 'admin',
    module: 'ActivityLogs',
  },
  {
    path: '/users',
    label: 'Pengguna',
    icon: 'users',
    remote: 'admin',
    module: 'Users',
  },
  {
    path: '/deploys',
    label: 'Deploy',
    icon: 'deploy',
    remote: 'admin',
    module: 'Deploys',
  },
];

export const appRoutes: readonly AppRoute[] = pages.map((page) => ({
  ...page,
  roles: rolesAllowed(PAGE_RULES[page.path].access),
}));

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
