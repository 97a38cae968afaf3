import { checkPageDeclarations, PAGE_MESSAGES, type PageDeclaration } from './pages';

const page = (over: Partial<Record<keyof PageDeclaration, unknown>> = {}) => ({
  path: '/settlement-checks',
  label: 'Cek Penghasilan',
  icon: 'settlements',
  roles: ['manager'],
  order: 155,
  module: 'Settlements',
  ...over,
});

test('a page in PAGE_RULES, for roles its rule lets in, passes', () => {
  const checked = checkPageDeclarations('finance', [page()], {
    exposes: ['Pembukuan', 'Settlements'],
  });
  expect(checked).toEqual({ pages: [page()], problems: [] });
  // A remote may narrow a page open to both roles.
  expect(
    checkPageDeclarations('inventory', [page({ path: '/reports', roles: ['manager'] })]).problems,
  ).toEqual([]);
});

test('an unknown page is refused, named', () => {
  const checked = checkPageDeclarations('finance', [page({ path: '/laporan-rahasia' })]);
  expect(checked.pages).toEqual([]);
  expect(checked.problems).toEqual([PAGE_MESSAGES.unknown('/laporan-rahasia')]);
  expect(checked.problems[0]).toBe(
    "Halaman '/laporan-rahasia' tidak dikenal: tidak ada di aturan halaman kontrak (PAGE_RULES)",
  );
});

test('a role the server refuses is refused: a remote cannot widen a page', () => {
  const checked = checkPageDeclarations('finance', [page({ roles: ['admin', 'manager'] })]);
  expect(checked.pages).toEqual([]);
  expect(checked.problems).toEqual([
    "Halaman '/settlement-checks': peran 'admin' ditolak aturan server (hanya manager)",
  ]);
});

test('a module the build does not expose, a path twice, a path another remote declares', () => {
  expect(
    checkPageDeclarations('finance', [page({ module: 'Nope' })], { exposes: ['Settlements'] })
      .problems,
  ).toEqual([PAGE_MESSAGES.module('/settlement-checks', 'Nope', 'finance')]);
  const twice = checkPageDeclarations('finance', [page(), page({ label: 'Lagi' })]);
  expect(twice.problems).toEqual([PAGE_MESSAGES.twice('/settlement-checks')]);
  expect(twice.pages).toHaveLength(1);
  expect(
    checkPageDeclarations('finance', [page()], {
      others: { orders: ['/settlement-checks'], finance: ['/settlement-checks'] },
    }).problems,
  ).toEqual([PAGE_MESSAGES.taken('/settlement-checks', 'orders')]);
});

test('malformed declarations are refused field by field; the valid ones are kept', () => {
  expect(checkPageDeclarations('finance', { path: '/x' }).problems).toEqual([
    PAGE_MESSAGES.notList('finance'),
  ]);
  const checked = checkPageDeclarations('finance', [
    null,
    page({ label: ' ', order: 'first' }),
    page({ roles: [] }),
    page({ roles: ['owner'] }),
    page({ path: '/pembukuan', module: 'Pembukuan' }),
  ]);
  expect(checked.problems).toEqual([
    'Halaman ke-1 dari finance: path tidak valid',
    'Halaman ke-1 dari finance: label tidak valid',
    'Halaman ke-1 dari finance: icon tidak valid',
    'Halaman ke-1 dari finance: order tidak valid',
    'Halaman ke-1 dari finance: module tidak valid',
    'Halaman ke-1 dari finance: roles tidak valid',
    "Halaman '/settlement-checks': label tidak valid",
    "Halaman '/settlement-checks': order tidak valid",
    "Halaman '/settlement-checks': roles tidak valid",
    "Halaman '/settlement-checks': roles tidak valid",
  ]);
  expect(checked.pages.map((p) => p.path)).toEqual(['/pembukuan']);
  // An inherited name is no page rule.
  expect(checkPageDeclarations('finance', [page({ path: '/constructor' })]).problems).toEqual([
    PAGE_MESSAGES.unknown('/constructor'),
  ]);
});
