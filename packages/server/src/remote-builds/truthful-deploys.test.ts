// Deploys that say the truth (issue 49; micro-frontend audit N5, N7, N8): a remote built against
// another API contract, a non-strict shared package of another major version and a version
// marked bad are refused by name; mark-bad can be undone.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as served from '@gudang/api-client/contract';
import { runRemoteCommand } from '../cli/remote-command';
import { CONTRACT_FILE, contractFields, fieldsHash, type ContractFields } from './contract';
import {
  DeployError,
  checkBuild,
  deployRemote,
  listRemotes,
  setBad,
  readHistory,
  readList,
  rollbackRemote,
  type RemoteStore,
} from './remote-builds';

const ROOT = path.resolve(__dirname, '../../../..');
const API_CLIENT = path.join(ROOT, 'packages', 'api-client');
// The build side, as @gudang/mf-build runs it (CommonJS, outside this package).
const mfContract = createRequire(__filename)(path.join(ROOT, 'packages/mf-build/contract.js')) as {
  contractFields: (schema: unknown) => ContractFields;
  contractUse: (
    files: string[],
    apiClientDir: string,
  ) => { hashes: Record<string, string>; fields: Record<string, ContractFields> };
};

const PROVIDES = {
  react: '19.3.1',
  '@gudang/shared-ui': '1.3.0',
  'styled-components': '6.6.0',
  '@reduxjs/toolkit': '2.14.0',
};

function makeStore(): { store: RemoteStore; work: string } {
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-truth-'));
  const shellDir = path.join(work, 'web', 'shell', 'dist');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'shell', metaData: { gudang: { provides: PROVIDES } } }),
  );
  const dir = path.join(work, 'remotes');
  return { store: { dir, listFile: path.join(dir, 'remotes.json'), shellDir }, work };
}

function build(
  dir: string,
  name: string,
  version: string,
  options: {
    requires?: Record<string, { requiredVersion: string; strictVersion: boolean }>;
    contract?: { hashes: Record<string, string>; fields: Record<string, ContractFields> };
  } = {},
): string {
  mkdirSync(dir, { recursive: true });
  const chunk = `page.${version.replace(/\W/g, '')}.js`;
  const manifest = {
    name,
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      buildInfo: { buildVersion: version },
      gudang: {
        name,
        version,
        requires: {
          react: { requiredVersion: '^19.3.1', strictVersion: true },
          ...options.requires,
        },
        ...(options.contract ? { contract: options.contract.hashes } : {}),
      },
    },
    shared: [],
    exposes: [{ name: 'Dashboard', assets: { js: { sync: [chunk], async: [] } } }],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  if (options.contract)
    writeFileSync(path.join(dir, CONTRACT_FILE), JSON.stringify(options.contract.fields));
  for (const file of ['remoteEntry.js', chunk])
    writeFileSync(path.join(dir, file), `/* ${file} */`);
  return dir;
}

/** A remote's source file using the dashboard's contract as inventory does (types only). */
function dashboardSource(work: string): string {
  const file = path.join(work, 'src', 'dashboard-api.ts');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    [
      "import { baseApi } from '@gudang/api-client';",
      "import type { DashboardStats, Period } from '@gudang/api-client';",
      'export const x: [typeof baseApi, DashboardStats | null, Period] | null = null;',
    ].join('\n'),
  );
  return file;
}

/**
 * A copy of @gudang/api-client whose contract renames DashboardStats.totalStock to stockTotal
 * (the audit's skew build), resolving its libraries from the repository's node_modules.
 */
function renamedApiClient(work: string): string {
  const dir = path.join(work, 'api-client');
  cpSync(path.join(API_CLIENT, 'src'), path.join(dir, 'src'), { recursive: true });
  cpSync(path.join(API_CLIENT, 'package.json'), path.join(dir, 'package.json'));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  const file = path.join(dir, 'src', 'contract', 'dashboard.ts');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain('  totalStock: Type.Integer(),');
  writeFileSync(
    file,
    text.replace('  totalStock: Type.Integer(),', '  stockTotal: Type.Integer(),'),
  );
  return dir;
}

describe('the API contract a remote uses (audit N5)', () => {
  it('the build reads the schemas a remote imports, types included, as the server reads its own', () => {
    const { work } = makeStore();
    const use = mfContract.contractUse([dashboardSource(work)], API_CLIENT);
    // baseApi is no schema; the type-only imports are recorded.
    expect(Object.keys(use.hashes)).toEqual(['DashboardStats', 'Period']);
    expect(use.fields.DashboardStats?.totalStock).toBe('integer');
    expect(use.hashes.DashboardStats).toBe(fieldsHash(contractFields(served.DashboardStats)));
    // One reading on both sides, for every schema of the contract.
    for (const [name, value] of Object.entries(served))
      if (value !== null && typeof value === 'object' && Symbol.for('TypeBox.Kind') in value)
        expect([name, mfContract.contractFields(value)]).toEqual([name, contractFields(value)]);
  });

  it('refuses a build against a renamed response field, naming it; accepts a matching one', () => {
    const { store, work } = makeStore();
    const source = dashboardSource(work);
    const matching = mfContract.contractUse([source], API_CLIENT);
    const skewed = mfContract.contractUse([source], renamedApiClient(work));
    expect(skewed.hashes.DashboardStats).not.toBe(matching.hashes.DashboardStats);

    const bad = build(path.join(work, 'skewed'), 'inventory', '1.4.0-skew', { contract: skewed });
    let refusal: unknown;
    try {
      deployRemote(store, { name: 'inventory', from: bad });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DeployError);
    expect((refusal as DeployError).message).toContain(
      'butuh API DashboardStats.stockTotal (server tidak mengenal field ini; server punya DashboardStats.totalStock)',
    );
    expect(readList(store).remotes).toEqual([]);

    const good = build(path.join(work, 'good'), 'inventory', '1.4.0-good', { contract: matching });
    expect(deployRemote(store, { name: 'inventory', from: good })).toMatchObject({
      switched: true,
      warnings: [],
    });
    // --force switches the skewed one anyway, saying why.
    const forced = deployRemote(store, { name: 'inventory', from: bad, force: true });
    expect(forced.warnings.join('\n')).toMatch(/DashboardStats\.stockTotal/);
  });

  it('names a changed type and a schema the server lacks; a field optional in the build is fine', () => {
    const { work } = makeStore();
    const fields = contractFields(served.DashboardStats);
    // incomingGoods optional in the build, required on the server: fine (not named below).
    const changed = { ...fields, totalStock: 'string', incomingGoods: `?${fields.incomingGoods}` };
    const gone = { '': 'object', x: 'string' };
    const contract = {
      hashes: { DashboardStats: fieldsHash(changed), GoneSchema: fieldsHash(gone) },
      fields: { DashboardStats: changed, GoneSchema: gone },
    };
    const dir = build(path.join(work, 'b'), 'inventory', '1.4.0-b', { contract });
    expect(checkBuild(dir, 'inventory', PROVIDES)).toEqual([
      'butuh API DashboardStats.totalStock bertipe string (server: integer)',
      'butuh API GoneSchema (server tidak menyediakan skema ini)',
    ]);
    // Fields that do not match their hash cannot be trusted: the schema is named.
    const forged = build(path.join(work, 'f'), 'inventory', '1.4.0-f', {
      contract: { hashes: { DashboardStats: 'ffffffffffff' }, fields: { DashboardStats: fields } },
    });
    expect(checkBuild(forged, 'inventory', PROVIDES)).toEqual([
      'butuh API DashboardStats versi lain (server menyajikan kontrak berbeda)',
    ]);
  });
});

describe('non-strict shared packages are held to the major version (audit N7)', () => {
  it('refuses ^7 styled-components and ^3 Redux Toolkit, accepts another minor of the same major', () => {
    const { store, work } = makeStore();
    const nonStrict = (requiredVersion: string) => ({ requiredVersion, strictVersion: false });
    const next = build(path.join(work, 'next'), 'inventory', '1.4.0-next', {
      requires: {
        'styled-components': nonStrict('^7.0.0'),
        '@reduxjs/toolkit': nonStrict('^3.0.0'),
      },
    });
    expect(() => deployRemote(store, { name: 'inventory', from: next })).toThrow(
      [
        'inventory 1.4.0-next ditolak:',
        '  - butuh styled-components ^7.0.0 (shell menyediakan 6.6.0; versi mayor lain)',
        '  - butuh @reduxjs/toolkit ^3.0.0 (shell menyediakan 2.14.0; versi mayor lain)',
      ].join('\n'),
    );
    expect(readList(store).remotes).toEqual([]);
    // Not held to the shell's minor or patch level.
    const newerMinor = build(path.join(work, 'minor'), 'inventory', '1.4.0-minor', {
      requires: {
        'styled-components': nonStrict('^6.9.0'),
        '@reduxjs/toolkit': nonStrict('~2.15.1'),
      },
    });
    expect(deployRemote(store, { name: 'inventory', from: newerMinor }).switched).toBe(true);
    const older = build(path.join(work, 'older'), 'inventory', '1.4.0-older', {
      requires: { 'styled-components': nonStrict('^5.3.0') },
    });
    expect(checkBuild(older, 'inventory', PROVIDES)).toEqual([
      'butuh styled-components ^5.3.0 (shell menyediakan 6.6.0; versi mayor lain)',
    ]);
  });
});

describe('mark-bad has an undo and stops a deploy (audit N8)', () => {
  it('a version marked bad deploys only with --force, and unmark-bad restores it', () => {
    const { store, work } = makeStore();
    const one = build(path.join(work, '1'), 'finance', '1.1.0-one');
    const crash = build(path.join(work, 'crash'), 'finance', '1.1.0-crash');
    deployRemote(store, { name: 'finance', from: one });
    deployRemote(store, { name: 'finance', from: crash });
    setBad(store, 'finance', '1.1.0-crash', true, { by: 'ani' });
    rollbackRemote(store, 'finance');
    expect(() => deployRemote(store, { name: 'finance', from: crash })).toThrow(
      /finance 1\.1\.0-crash ditandai buruk \(mark-bad\); tidak ada yang diubah\. Deploy tetap dengan --force/,
    );
    expect(readList(store).remotes[0]?.entry).toContain('1.1.0-one');
    const forced = deployRemote(store, { name: 'finance', from: crash, force: true, by: 'ani' });
    expect(forced).toMatchObject({ switched: true });
    expect(forced.warnings).toContain('finance 1.1.0-crash ditandai buruk (mark-bad)');
    expect(readHistory(store).at(-1)).toMatchObject({ action: 'deploy', forced: true });

    // The undo: rollback --to and a plain deploy work again; the history keeps both records.
    rollbackRemote(store, 'finance');
    expect(() => rollbackRemote(store, 'finance', { to: '1.1.0-crash' })).toThrow(/ditandai buruk/);
    setBad(store, 'finance', '1.1.0-crash', false, { by: 'budi' });
    expect(listRemotes(store).find((r) => r.name === 'finance')?.versions).toEqual(
      expect.arrayContaining([expect.objectContaining({ version: '1.1.0-crash', bad: false })]),
    );
    expect(rollbackRemote(store, 'finance', { to: '1.1.0-crash' })).toEqual({
      from: '1.1.0-one',
      to: '1.1.0-crash',
    });
    expect(readHistory(store).filter((r) => r.action.endsWith('mark-bad'))).toMatchObject([
      { action: 'mark-bad', version: '1.1.0-crash', by: 'ani' },
      { action: 'unmark-bad', version: '1.1.0-crash', by: 'budi' },
    ]);
    expect(() => setBad(store, 'finance', '1.1.0-one', false)).toThrow(/tidak ditandai buruk/);
  });

  it('npm run remote: deploy of a bad version exits 1 saying so; --force and unmark-bad work', () => {
    const { store, work } = makeStore();
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
    const web = path.join(work, 'web');
    const run = (...argv: string[]) => runRemoteCommand([...argv, '--by', 'ci'], store, web, io);
    const one = build(path.join(work, '1'), 'orders', '1.0.0-one');
    const two = build(path.join(work, '2'), 'orders', '1.0.0-two');
    expect(run('deploy', 'orders', '--from', one)).toBe(0);
    expect(run('deploy', 'orders', '--from', two)).toBe(0);
    expect(run('mark-bad', 'orders', '1.0.0-one')).toBe(0);
    expect(run('deploy', 'orders', '--from', one)).toBe(1);
    expect(err.at(-1)).toMatch(/orders 1\.0\.0-one ditandai buruk \(mark-bad\)/);
    expect(run('deploy', 'orders', '--from', one, '--force')).toBe(0);
    expect(err.at(-1)).toBe('PERINGATAN (--force): orders 1.0.0-one ditandai buruk (mark-bad)');
    expect(run('unmark-bad', 'orders', '1.0.0-one')).toBe(0);
    expect(out.at(-1)).toBe('orders 1.0.0-one tidak lagi ditandai buruk');
    expect(run('unmark-bad', 'orders', '1.0.0-one')).toBe(1);
    expect(run('deploy', 'orders', '--from', two)).toBe(0);
    expect(run('deploy', 'orders', '--from', one)).toBe(0);
  });
});
