// Reads source files with Node.js, which jest runs this test in; browser code sees no Node.js
// types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { PAGE_RULES, rolesAllowed } from '@gudang/api-client';
import {
  builtInRoutes as appRoutes,
  declarePages,
  findRoute,
  mergeRoutes,
  resetDeclaredPages,
  routesForRole,
  type RemoteName,
} from './routes';
import { readFileSync } from 'node:fs';
import path from 'node:path';

test('a manager sees all 18 menu items in the order of docs/product.md point 2', () => {
  expect(routesForRole('manager').map((route) => route.label)).toEqual([
    'Dashboard',
    'Data Produk',
    'Barang Masuk',
    'Barang Keluar',
    'Barang Rusak',
    'Stok Opname',
    'Buat Barcode',
    'Laporan',
    'List Order',
    'Pesanan Marketplace',
    'Daftar Ambil',
    'Scan Kirim',
    'Retur',
    'Pembukuan',
    'Penghasilan Marketplace',
    'Log Aktivitas',
    'Pengguna',
    'Deploy',
  ]);
});

test('an admin sees Dashboard, Barang Masuk, Barang Keluar, Barang Rusak, Stok Opname, Laporan, Pesanan Marketplace, Daftar Ambil, Scan Kirim, Retur', () => {
  expect(routesForRole('admin').map((route) => route.path)).toEqual([
    '/dashboard',
    '/incoming-goods',
    '/outgoing-goods',
    '/damaged-goods',
    '/stock-opname',
    '/reports',
    '/marketplace-orders',
    '/pick-batches',
    '/packing',
    '/returns',
  ]);
});

test("every route names a module that its remote's webpack config exposes", () => {
  // The exposes of each remote's webpack.config.mjs, read from the exposes.json it imports (a
  // file, not code: the shell imports no remote), so that a renamed expose fails here.
  const exposesOf = (remote: RemoteName): string[] =>
    Object.keys(
      JSON.parse(
        readFileSync(path.join(__dirname, '..', '..', remote, 'exposes.json'), 'utf8'),
      ) as Record<string, string>,
    );
  const exposed: Record<RemoteName, string[]> = {
    inventory: exposesOf('inventory'),
    orders: exposesOf('orders'),
    finance: exposesOf('finance'),
    admin: exposesOf('admin'),
  };
  for (const route of appRoutes) expect(exposed[route.remote]).toContain(`./${route.module}`);
  expect(new Set(appRoutes.map((route) => `${route.remote}/${route.module}`)).size).toBe(
    appRoutes.length,
  );
});

test('"/" and "/dashboard" both show the dashboard; unknown paths have no route', () => {
  expect(findRoute('/')?.label).toBe('Dashboard');
  expect(findRoute('/dashboard')?.label).toBe('Dashboard');
  expect(findRoute('/reports/')?.label).toBe('Laporan');
  expect(findRoute('/nope')).toBeUndefined();
});

test('who may open a page comes from the contract, the table the server is tested against', () => {
  for (const route of appRoutes)
    expect({ path: route.path, roles: route.roles }).toEqual({
      path: route.path,
      roles: rolesAllowed(PAGE_RULES[route.path].access),
    });
  // Every page rule has a built-in row, but the pages only a remote's declaration shows.
  expect(
    Object.keys(PAGE_RULES).filter((path) => !appRoutes.some((route) => route.path === path)),
  ).toEqual(['/settlement-checks']);
});

const REMOTES: RemoteName[] = ['inventory', 'orders', 'finance', 'admin'];
const readJson = (remote: RemoteName, file: string): unknown =>
  JSON.parse(readFileSync(path.join(__dirname, '..', '..', remote, file), 'utf8')) as unknown;

/** Reads each remote's pages.json, as the shell reads it from the remote's live manifest. */
function declareEveryRemote(): void {
  resetDeclaredPages();
  for (const remote of REMOTES) {
    const exposes = Object.keys(readJson(remote, 'exposes.json') as Record<string, string>);
    declarePages(
      remote,
      readJson(remote, 'pages.json'),
      exposes.map((name) => name.replace(/^\.\//, '')),
    );
  }
}

test("the remotes' declared pages make today's table for every role: same paths, labels, icons, order", () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  declareEveryRemote();
  for (const role of ['admin', 'manager'] as const)
    expect(routesForRole(role)).toEqual(routesForRole(role, appRoutes));
  expect(findRoute('/pembukuan')).toEqual(appRoutes.find((route) => route.path === '/pembukuan'));
  expect(warn).not.toHaveBeenCalled();
  resetDeclaredPages();
  warn.mockRestore();
});

test("a manifest's pages replace its remote's rows: a new manager page between, for the manager only", () => {
  const checks = {
    path: '/settlement-checks',
    label: 'Cek Penghasilan',
    icon: 'settlements',
    roles: ['manager'],
    order: 155,
    module: 'Settlements',
  } as const;
  const merged = mergeRoutes(
    appRoutes,
    new Map([['finance', [{ ...checks, roles: [...checks.roles] }]]]),
  );
  // finance declares only the new page: its built-in rows give way to its declaration.
  expect(routesForRole('manager', merged).map((route) => route.path)).toEqual(
    routesForRole('manager', appRoutes)
      .map((route) => route.path)
      .filter((path) => path !== '/pembukuan' && path !== '/settlements')
      .flatMap((path) => (path === '/activity-logs' ? ['/settlement-checks', path] : [path])),
  );
  expect(routesForRole('admin', merged)).toEqual(routesForRole('admin', appRoutes));
  expect(findRoute('/settlement-checks', merged)).toMatchObject({ remote: 'finance', ...checks });
});

test('declarePages keeps what passes the contract check and warns of the rest', () => {
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetDeclaredPages();
  const finance = readJson('finance', 'pages.json') as object[];
  declarePages(
    'finance',
    [
      ...finance,
      {
        path: '/settlement-checks',
        label: 'Cek Penghasilan',
        icon: 'bintang',
        roles: ['manager'],
        order: 155,
        module: 'Settlements',
      },
      // A role the server refuses, and an unknown page: dropped.
      {
        path: '/activity-logs',
        label: 'Log',
        icon: 'activity',
        roles: ['admin'],
        order: 1,
        module: 'Pembukuan',
      },
      {
        path: '/rahasia',
        label: 'R',
        icon: 'x',
        roles: ['manager'],
        order: 2,
        module: 'Pembukuan',
      },
    ],
    ['Pembukuan', 'Settlements'],
  );
  expect(routesForRole('manager').map((route) => route.label)).toContain('Cek Penghasilan');
  expect(routesForRole('admin').map((route) => route.label)).not.toContain('Cek Penghasilan');
  expect(routesForRole('admin').map((route) => route.path)).not.toContain('/activity-logs');
  expect(findRoute('/rahasia')).toBeUndefined();
  expect(warn.mock.calls.map(([message]) => String(message))).toEqual([
    "[gudang] Halaman '/activity-logs': peran 'admin' ditolak aturan server (hanya manager)",
    "[gudang] Halaman '/rahasia' tidak dikenal: tidak ada di aturan halaman kontrak (PAGE_RULES)",
  ]);
  resetDeclaredPages();
  warn.mockRestore();
});
