// Who may do what (docs/product.md point 6 and the area issues): the one table the server enforces, the
// shell's menu and route guards read, and the server's role walk checks every registered route
// against (packages/server/src/permissions/role-walk.test.ts). A route without a rule here fails
// that test: a new route adds its line. Plain data (no TypeBox): the browser imports it.
import type { Role } from './auth';

/**
 * public: anyone, signed in or not; signed-in: admin and manager (anonymous 401);
 * manager: the manager (anonymous 401, admin 403).
 */
export type Access = 'public' | 'signed-in' | 'manager';

/** `METHOD /api/path` (Fastify's path, `:param` for parameters) -> who may call it. */
export const API_RULES = {
  'GET /api/health': 'public',
  'GET /api/settings': 'public',
  'PUT /api/settings': 'manager',
  'POST /api/auth/login': 'public',
  'GET /api/auth/verify': 'signed-in',
  'POST /api/auth/logout': 'signed-in',
  'POST /api/auth/logout-all': 'manager',

  'GET /api/dashboard/stats': 'signed-in',
  'GET /api/dashboard/daily': 'signed-in',
  // 'Perlu Restock' on the dashboard and its menu badge: both roles.
  'GET /api/restock': 'signed-in',
  'POST /api/utils/recalculate-stock': 'manager',

  // Reading products is open to both: the pickers and look-ups of the movement screens.
  'GET /api/products': 'signed-in',
  'GET /api/products/all': 'signed-in',
  'GET /api/products/barcode/:barcode': 'signed-in',
  'GET /api/products/:id/ledger': 'manager',
  'POST /api/products': 'manager',
  'PUT /api/products/:id': 'manager',
  'DELETE /api/products/:id': 'manager',

  'GET /api/incoming-goods': 'signed-in',
  'GET /api/incoming-goods/check-resi/:resi': 'signed-in',
  'GET /api/incoming-goods/for-comparison': 'signed-in',
  'POST /api/incoming-goods': 'signed-in',
  'PUT /api/incoming-goods/:id': 'manager',
  'DELETE /api/incoming-goods/:id': 'manager',

  'GET /api/outgoing-goods': 'signed-in',
  'GET /api/outgoing-goods/check-resi/:resi': 'signed-in',
  'POST /api/outgoing-goods': 'signed-in',
  'PUT /api/outgoing-goods/:id': 'manager',
  'DELETE /api/outgoing-goods/:id': 'manager',

  'GET /api/damaged-goods': 'signed-in',
  'POST /api/damaged-goods': 'signed-in',
  'PUT /api/damaged-goods/:id': 'manager',
  'DELETE /api/damaged-goods/:id': 'manager',

  'GET /api/reports': 'signed-in',
  'GET /api/reports/stock': 'signed-in',
  'POST /api/barcode/generate': 'manager',
  'GET /api/activity-logs': 'manager',
  // Pengguna (issue 42): only the manager manages accounts; the first manager is made from the
  // one-time link the server logs while there is no account (its token is the check).
  'GET /api/users': 'manager',
  'POST /api/users': 'manager',
  'PUT /api/users/:id': 'manager',
  'POST /api/users/:id/reset-password': 'manager',
  'POST /api/setup': 'public',

  'GET /api/orders': 'manager',
  'GET /api/orders/summary': 'manager',
  'POST /api/orders': 'manager',
  'POST /api/orders/from-restock': 'manager',
  'PUT /api/orders/:id': 'manager',
  'DELETE /api/orders/:id': 'manager',

  'GET /api/pembukuan': 'manager',
  'GET /api/pembukuan/stats': 'manager',
  'POST /api/pembukuan': 'manager',

  // Pesanan Marketplace: both read; only the manager imports, maps, deletes and fills
  // the stock files.
  'GET /api/marketplace-orders': 'signed-in',
  'GET /api/marketplace-orders/:id': 'signed-in',
  'DELETE /api/marketplace-orders/:id': 'manager',
  'POST /api/marketplace-imports': 'manager',
  'GET /api/marketplace-imports/:id': 'manager',
  'POST /api/marketplace-imports/:id/commit': 'manager',
  'GET /api/sku-mappings': 'signed-in',
  'PUT /api/sku-mappings': 'manager',
  'DELETE /api/sku-mappings/:id': 'manager',
  'POST /api/marketplace-stock-file': 'manager',
  // Stok Tersedia (issue 44): stores (admin reads, manager writes), reservations, short orders.
  'POST /api/marketplace-stock-file/preview': 'manager',
  'GET /api/marketplace-stores': 'signed-in',
  'POST /api/marketplace-stores': 'manager',
  'PUT /api/marketplace-stores/:id': 'manager',
  'DELETE /api/marketplace-stores/:id': 'manager',
  'GET /api/reservations': 'signed-in',
  'GET /api/dashboard/short-orders': 'signed-in',
  // Penghasilan Marketplace (issue 45): money matters, the manager only.
  'POST /api/settlement-imports': 'manager',
  'GET /api/settlement-imports/:id': 'manager',
  'POST /api/settlement-imports/:id/commit': 'manager',
  'GET /api/settlements': 'manager',
  'GET /api/settlements/summary': 'manager',
  'GET /api/settlements/checks': 'manager',
  // Pengembalian dari Marketplace (issue 46): the manager imports; the board shows the cost at
  // the sale and the loss in rupiah (purchase prices, like Pembukuan), so the manager only. The
  // admin still scans a return tracking number in Retur (GET /api/returns/lookup/:resi).
  'POST /api/return-imports': 'manager',
  'GET /api/return-imports/:id': 'manager',
  'POST /api/return-imports/:id/commit': 'manager',
  'GET /api/marketplace-returns': 'manager',
  'GET /api/marketplace-returns/summary': 'manager',

  // Deploy over HTTP: a team without shell access uploads a built remote; the same
  // checks, lock and switch as `npm run remote -- deploy`.
  'POST /api/remote-builds': 'manager',
  // The deploy panel (issue 49): the manager's; a deploy token (a team's) may also deploy and
  // roll back its own remote (the routes' config.deployToken, plugins/auth.ts). Any signed-in
  // browser reports a remote that failed to load or crashed.
  'GET /api/remote-builds': 'manager',
  'POST /api/remote-builds/:name/rollback': 'manager',
  'POST /api/remote-builds/:name/versions/:version/mark-bad': 'manager',
  'POST /api/remote-builds/:name/versions/:version/unmark-bad': 'manager',
  'GET /api/remote-tokens': 'manager',
  'POST /api/remote-tokens': 'manager',
  'DELETE /api/remote-tokens/:id': 'manager',
  'POST /api/client-errors': 'signed-in',
  'GET /api/client-errors/summary': 'manager',
  // Scan Kirim: admin and manager pack by resi; only the manager ships a selection of
  // orders without scanning.
  'GET /api/packing': 'signed-in',
  'GET /api/packing/:resi': 'signed-in',
  'POST /api/packing/:resi/ship': 'signed-in',
  'POST /api/marketplace-orders/ship': 'manager',
  // Retur: admin and manager record returns; only the manager deletes one.
  'GET /api/returns': 'signed-in',
  'GET /api/returns/lookup/:resi': 'signed-in',
  'POST /api/returns': 'signed-in',
  'DELETE /api/returns/:id': 'manager',
  // Stok Opname: admin and manager start and count; only the manager posts or cancels.
  'GET /api/stock-opname': 'signed-in',
  'GET /api/stock-opname/:id': 'signed-in',
  'POST /api/stock-opname': 'signed-in',
  'POST /api/stock-opname/:id/counts': 'signed-in',
  'POST /api/stock-opname/:id/post': 'manager',
  'POST /api/stock-opname/:id/cancel': 'manager',
  'GET /api/stock-adjustments': 'signed-in',
  // Label dengan isi paket (issue 47): admin and manager print the labels they pack.
  'POST /api/shipping-labels': 'signed-in',
  'GET /api/shipping-labels/:id/report': 'signed-in',
  // Daftar Ambil and Rak (issue 47): admin and manager build, pick and cancel batches; only the
  // manager sets racks from a file (the product form is the manager's too).
  'GET /api/pick-batches': 'signed-in',
  'GET /api/pick-batches/available': 'signed-in',
  'GET /api/pick-batches/:id': 'signed-in',
  'POST /api/pick-batches': 'signed-in',
  'POST /api/pick-batches/:id/picks': 'signed-in',
  'POST /api/pick-batches/:id/cancel': 'signed-in',
  'POST /api/product-racks/imports': 'manager',
  'GET /api/product-racks/imports/:id': 'manager',
  'POST /api/product-racks/imports/:id/commit': 'manager',
} as const satisfies Record<string, Access>;

export type ApiRouteKey = keyof typeof API_RULES;

export interface PageRule {
  access: Access;
  /** The API route the page stands on (its list or its action): both must have the same rule. */
  api?: ApiRouteKey;
}

/**
 * The shell's pages (docs/product.md point 2): the menu shows, and the guard opens, these to whom.
 * A remote declares which of them it shows (contract/pages.ts); a path not here is refused.
 */
export const PAGE_RULES = {
  '/dashboard': { access: 'signed-in', api: 'GET /api/dashboard/stats' },
  '/products': { access: 'manager', api: 'POST /api/products' },
  '/incoming-goods': { access: 'signed-in', api: 'GET /api/incoming-goods' },
  '/outgoing-goods': { access: 'signed-in', api: 'GET /api/outgoing-goods' },
  '/damaged-goods': { access: 'signed-in', api: 'GET /api/damaged-goods' },
  '/barcode-generator': { access: 'manager', api: 'POST /api/barcode/generate' },
  '/reports': { access: 'signed-in', api: 'GET /api/reports' },
  '/order-list': { access: 'manager', api: 'GET /api/orders' },
  '/pembukuan': { access: 'manager', api: 'GET /api/pembukuan' },
  '/settlements': { access: 'manager', api: 'GET /api/settlements' },
  '/marketplace-orders': { access: 'signed-in', api: 'GET /api/marketplace-orders' },
  '/pick-batches': { access: 'signed-in', api: 'POST /api/pick-batches' },
  '/packing': { access: 'signed-in', api: 'POST /api/packing/:resi/ship' },
  '/returns': { access: 'signed-in', api: 'POST /api/returns' },
  '/stock-opname': { access: 'signed-in', api: 'POST /api/stock-opname/:id/counts' },
  '/activity-logs': { access: 'manager', api: 'GET /api/activity-logs' },
  '/users': { access: 'manager', api: 'GET /api/users' },
  '/deploys': { access: 'manager', api: 'GET /api/remote-builds' },
  // Pages no built-in row shows: a remote that declares one adds it to the menu with its own
  // deploy (issue 49, docs/adr/0027). Finance's checks of the settlements, a page of their own.
  '/settlement-checks': { access: 'manager', api: 'GET /api/settlements/checks' },
} as const satisfies Record<string, PageRule>;

export type PagePath = keyof typeof PAGE_RULES;

const ROLES_OF: Record<Access, readonly Role[]> = {
  public: ['admin', 'manager'],
  'signed-in': ['admin', 'manager'],
  manager: ['manager'],
};

/** The roles a rule lets in. */
export const rolesAllowed = (access: Access): readonly Role[] => ROLES_OF[access];

/** What a caller gets from a rule: allowed, 401 (not signed in) or 403 (wrong role). */
export function accessOutcome(access: Access, caller: Role | null): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === null) return 401;
  return rolesAllowed(access).includes(caller) ? 'allowed' : 403;
}

/** The rule of a registered route, or undefined when it has none. */
export function apiRule(method: string, url: string): Access | undefined {
  return (API_RULES as Record<string, Access>)[`${method} ${url}`];
}
