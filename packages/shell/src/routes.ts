import {
  PAGE_RULES,
  checkPageDeclarations,
  rolesAllowed,
  type PageDeclaration,
  type PagePath,
  type Role,
} from '@gudang/api-client';

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
  /** A name of the icon set; a remote may declare one the shell does not know (a generic icon). */
  icon: IconName | (string & {});
  /**
   * Who sees it: the contract's PAGE_RULES (the rules the server's checks are tested against), or
   * a subset a remote declares (contract/pages.ts checks it).
   */
  roles: readonly Role[];
  /** Menu position: the built-in rows are at 10, 20, ...; a declared page may go between. */
  order: number;
  remote: RemoteName;
  /** Exposed module name without './': loaded as `${remote}/${module}`. */
  module: string;
}

export const DASHBOARD_PATH: PagePath = '/dashboard';
export const LOGIN_PATH = '/login';

/**
 * The built-in route table (docs/product.md point 2), in menu order; who may open a page is the
 * contract's. Each remote declares its own pages in its build (its pages.json, issue 49,
 * docs/adr/0027); a live remote's declaration replaces its rows here, which stay the fallback for a
 * remote not read (yet), switched off, or built before pages.json.
 */
const pages: readonly Omit<AppRoute, 'roles' | 'order'>[] = [
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

export const builtInRoutes: readonly AppRoute[] = pages.map((page, index) => ({
  ...page,
  roles: rolesAllowed(PAGE_RULES[page.path].access),
  order: (index + 1) * 10,
}));

/**
 * The route table from the built-in rows and the live remotes' declared pages (already checked):
 * a remote that declares pages has exactly those; a path a remote declares leaves the built-in
 * table; the menu is sorted by `order` (equal orders keep the built-in table's order).
 */
export function mergeRoutes(
  builtIn: readonly AppRoute[],
  declared: ReadonlyMap<string, readonly PageDeclaration[]>,
): AppRoute[] {
  const declaredPaths = new Set([...declared.values()].flat().map((page) => page.path));
  const kept = builtIn.filter(
    (route) => !declared.has(route.remote) && !declaredPaths.has(route.path),
  );
  const added = [...declared].flatMap(([remote, list]) =>
    list.map((page) => ({ ...page, remote: remote as RemoteName })),
  );
  return [...kept, ...added].sort((a, b) => a.order - b.order);
}

// The live declarations, by remote, and the table they make (a new array on each change, for
// React's useSyncExternalStore; no React here: index.ts reads the table before React arrives).
const declared = new Map<string, readonly PageDeclaration[]>();
let table: readonly AppRoute[] = builtInRoutes;
let settled = false;
const listeners = new Set<() => void>();

function publish(): void {
  table = mergeRoutes(builtInRoutes, declared);
  for (const listener of listeners) listener();
}

/**
 * Takes the pages a live remote's manifest declares (metaData.gudang.pages), checked as the
 * deploy checks them; a page failing the check is dropped with a console warning. A manifest
 * that declares none leaves the remote's built-in rows.
 */
export function declarePages(remote: string, pages: unknown, exposes?: readonly string[]): void {
  if (pages === undefined) return;
  const others = Object.fromEntries(
    [...declared].map(([name, list]) => [name, list.map((page) => page.path)]),
  );
  const checked = checkPageDeclarations(remote, pages, exposes ? { exposes, others } : { others });
  for (const problem of checked.problems) console.warn(`[gudang] ${problem}`);
  declared.set(remote, checked.pages);
  publish();
}

/** Every live remote's declaration has been read (or failed): an unknown path is unknown. */
export function settleDeclaredPages(): void {
  if (settled) return;
  settled = true;
  for (const listener of listeners) listener();
}

/** The route table now (built-in rows merged with the declared pages read so far). */
export function currentRoutes(): readonly AppRoute[] {
  return table;
}

/** Whether the declarations are all read (settleDeclaredPages). */
export function declaredPagesSettled(): boolean {
  return settled;
}

export function subscribeRoutes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the declarations (tests). */
export function resetDeclaredPages(): void {
  declared.clear();
  settled = false;
  publish();
}

export function canOpen(route: AppRoute, role: Role): boolean {
  return route.roles.includes(role);
}

/** The menu of one role, in the table's order. */
export function routesForRole(role: Role, routes: readonly AppRoute[] = table): AppRoute[] {
  return routes.filter((route) => canOpen(route, role));
}

/** The route shown at a path; '/' shows the dashboard. */
export function findRoute(
  pathname: string,
  routes: readonly AppRoute[] = table,
): AppRoute | undefined {
  const path = pathname === '/' ? DASHBOARD_PATH : pathname.replace(/\/+$/, '');
  return routes.find((route) => route.path === path);
}
