// Reads source files with Node.js, which jest runs this test in; browser code sees no Node.js
// types (docs/architecture.md, type-checking).
/// <reference types="node" />
import { PAGE_RULES, rolesAllowed } from '@gudang/api-client';
import { appRoutes, findRoute, routesForRole, type RemoteName } from './routes';
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
  expect(Object.keys(PAGE_RULES).sort()).toEqual(appRoutes.map((route) => route.path).sort());
});
