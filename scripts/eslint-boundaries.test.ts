// The boundary rule is proved on the repository's own ESLint config: an import that breaks the
// direction, planted in a file of each package, must fail lint; the allowed ones must pass.
import path from 'node:path';
import { ESLint } from 'eslint';
import config from '../eslint.config.mjs';

const root = path.resolve(__dirname, '..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'gudang/boundaries')
    .map((m) => m.message);
}

const planted: [string, string][] = [
  ['packages/inventory/src/planted.ts', "import { x } from '@gudang/orders';"],
  ['packages/orders/src/planted.ts', "export { x } from '@gudang/finance/src/pages';"],
  ['packages/admin/src/planted.ts', "const m = import('@gudang/inventory');"],
  ['packages/shared-ui/src/planted.ts', "import { x } from '@gudang/inventory';"],
  ['packages/api-client/src/planted.ts', "import { x } from '@gudang/shared-ui';"],
  ['packages/shell/src/planted.ts', "import { x } from '@gudang/finance';"],
  ['packages/server/src/planted.ts', "import { baseApi } from '@gudang/api-client';"],
  ['packages/server/src/planted.ts', "import { x } from '@gudang/shared-ui';"],
  ['packages/inventory/src/features/planted.ts', "import { x } from '../../../orders/src/pages';"],
  ['packages/server/src/modules/planted.ts', "import { x } from '../../../shell/src/routes';"],
];

const allowed: [string, string][] = [
  ['packages/inventory/src/planted.ts', "import { x } from '@gudang/shared-ui';"],
  ['packages/shell/src/planted.ts', "import { x } from '@gudang/api-client';"],
  ['packages/shared-ui/src/planted.ts', "import { x } from '@gudang/api-client';"],
  ['packages/server/src/planted.ts', "import { x } from '@gudang/api-client/contract';"],
  ['packages/orders/src/features/planted.ts', "import { x } from '../pages';"],
];

async function cycleErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'gudang/no-cycle')
    .map((m) => m.message);
}

describe('import boundaries (lint)', () => {
  it.each(planted)('%s: %s fails lint', async (file, code) => {
    expect(await boundaryErrors(file, code)).toHaveLength(1);
  });

  it.each(allowed)('%s: %s passes', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('import cycles (lint)', () => {
  // stock-badge.tsx imports './badge': a badge that imports the stock badge back closes a cycle.
  const badge = 'packages/shared-ui/src/components/badge.tsx';

  it('fails lint on an import that closes a cycle, naming the chain', async () => {
    const errors = await cycleErrors(
      badge,
      "import { StockBadge } from './stock-badge';\nexport const again = StockBadge;\n",
    );
    expect(errors).toEqual([
      'Import cycle: packages/shared-ui/src/components/badge.tsx -> packages/shared-ui/src/components/stock-badge.tsx -> packages/shared-ui/src/components/badge.tsx.',
    ]);
  });

  it('fails lint on a longer cycle through an index', async () => {
    const errors = await cycleErrors(badge, "export { StockBadge } from '../index';\n");
    expect(errors).toHaveLength(1);
  });

  it('passes a type-only import, which leaves no cycle at run time', async () => {
    expect(
      await cycleErrors(badge, "import type { StockBadgeProps } from './stock-badge';\n"),
    ).toEqual([]);
  });
});

async function layerErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'gudang/server-layers')
    .map((m) => m.message);
}

const server = 'packages/server/src';

describe('server layers (lint)', () => {
  const violations: [string, string][] = [
    // A module borrows another module's internals instead of its service.ts.
    [
      `${server}/modules/orders/planted.ts`,
      "import { applyStockDeltas } from '../stock-movements/stock';",
    ],
    [`${server}/modules/packing/planted.ts`, "import { resolver } from '../marketplace/mappings';"],
    // The stock rules come from the stock kernel (lib/stock-kernel.ts), not from stock-movements.
    [
      `${server}/modules/orders/planted.ts`,
      "import { findProductByCode } from '../stock-movements/movements';",
    ],
    // db/, lib/ and plugins/ import no module; lib/ no plugin; db/ neither lib/ nor the seed.
    [`${server}/db/planted.ts`, "import { sessionCache } from '../modules/auth/service';"],
    [`${server}/db/planted.ts`, "import { addDays } from '../lib/dates';"],
    [`${server}/db/planted.ts`, "import { seedDemo } from '../seed/seed';"],
    [`${server}/plugins/planted.ts`, "import { listProducts } from '../modules/products/service';"],
    [`${server}/lib/planted.ts`, "import { listLogs } from '../modules/activity-logs/service';"],
    [`${server}/lib/planted.ts`, "import { auth } from '../plugins/auth';"],
    // A module reaches the command line or the app.
    [`${server}/modules/orders/planted.ts`, "import { buildApp } from '../../app';"],
  ];

  it.each(violations)('%s: %s fails lint', async (file, code) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it('fails lint on an import that closes a cycle between module folders', async () => {
    // reservations' service is imported by products' routes: reservations importing products
    // back closes a folder cycle, even through public service files.
    const errors = await layerErrors(
      `${server}/modules/reservations/planted.ts`,
      "import { listProducts } from '../products/service';",
    );
    expect(errors).toEqual([
      'Module folder cycle: modules/reservations -> modules/products -> modules/reservations.',
    ]);
  });

  it('names the stock kernel when a module takes the stock rules from stock-movements', async () => {
    const errors = await layerErrors(
      `${server}/modules/returns/planted.ts`,
      "import { applyStockDeltas } from '../stock-movements/service';",
    );
    expect(errors).toEqual([
      "'modules/returns/planted' imports 'modules/stock-movements/service': the stock rules are the stock kernel; import lib/stock-kernel.ts.",
    ]);
  });

  it('fails lint on an import that closes a cycle between other folders of the server', async () => {
    // plugins/ reads the remote builds: remote-builds/ importing a plugin back closes a cycle.
    const errors = await layerErrors(
      `${server}/remote-builds/planted.ts`,
      "import { remotes } from '../plugins/remotes';",
    );
    expect(errors).toEqual(['Folder cycle: remote-builds -> plugins -> remote-builds.']);
  });

  const fine: [string, string][] = [
    [
      `${server}/modules/orders/planted.ts`,
      "import { findProductByCode } from '../../lib/stock-kernel';",
    ],
    [`${server}/modules/orders/planted.ts`, "import { dailyTotals } from '../restock/service';"],
    [
      `${server}/modules/orders/planted.ts`,
      "import { inTransaction } from '../../lib/transaction';",
    ],
    [`${server}/modules/orders/planted.ts`, "import { orders } from '../../db/schema';"],
    [`${server}/plugins/planted.ts`, "import { publicUser } from '../lib/request-user';"],
    [`${server}/lib/planted.ts`, "import { products } from '../db/schema';"],
    [`${server}/seed/planted.ts`, "import { addDays } from '../lib/dates';"],
    [
      `${server}/modules/orders/planted.test.ts`,
      "import { buildTestApp } from '../../testing/test-app';",
    ],
  ];

  it.each(fine)('%s: %s passes', async (file, code) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });
});
