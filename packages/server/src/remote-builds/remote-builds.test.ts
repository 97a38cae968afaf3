import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runRemoteCommand } from '../cli/remote-command';
import {
  DeployError,
  checkBuild,
  deployRemote,
  listRemotes,
  readHistory,
  readList,
  registerStartBuilds,
  rollbackRemote,
  unmetRequirements,
  writeAtomically,
  type RemoteStore,
} from './remote-builds';

const PROVIDES = { react: '19.3.1', '@gudang/shared-ui': '1.3.0', '@gudang/api-client': '1.2.0' };

function build(
  dir: string,
  name: string,
  version: string,
  options: { sharedUi?: string; dropFile?: string; chunk?: string } = {},
): string {
  mkdirSync(dir, { recursive: true });
  const chunk = options.chunk ?? `page.${version.replace(/\W/g, '')}0000000.js`;
  const manifest = {
    name,
    metaData: {
      remoteEntry: { name: 'remoteEntry.js', path: '' },
      buildInfo: { buildVersion: version },
      gudang: {
        name,
        version,
        commit: 'abc1234',
        builtAt: '2026-11-22T10:00:00.000Z',
        requires: {
          react: { requiredVersion: '^19.3.1', strictVersion: true },
          '@gudang/shared-ui': {
            requiredVersion: options.sharedUi ?? '^1.3.0',
            strictVersion: true,
          },
        },
      },
    },
    shared: [{ name: 'react', assets: { js: { sync: ['react.1111111111.js'], async: [] } } }],
    exposes: [{ name: 'Dashboard', assets: { js: { sync: [chunk], async: [] } } }],
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  for (const file of ['remoteEntry.js', 'react.1111111111.js', chunk])
    if (file !== options.dropFile) writeFileSync(path.join(dir, file), `/* ${version} ${file} */`);
  return dir;
}

function makeStore(): { store: RemoteStore; work: string } {
  const work = mkdtempSync(path.join(tmpdir(), 'gudang-deploy-'));
  const shellDir = path.join(work, 'web', 'shell', 'dist');
  mkdirSync(shellDir, { recursive: true });
  writeFileSync(
    path.join(shellDir, 'mf-manifest.json'),
    JSON.stringify({ name: 'shell', metaData: { gudang: { provides: PROVIDES } } }),
  );
  const dir = path.join(work, 'remotes');
  return { store: { dir, listFile: path.join(dir, 'remotes.json'), shellDir }, work };
}

describe('unmetRequirements', () => {
  it('names each requirement the shell does not satisfy, with what it provides', () => {
    expect(
      unmetRequirements(
        {
          react: { requiredVersion: '^19.0.0' },
          '@gudang/shared-ui': { requiredVersion: '^2.0.0' },
          'left-pad': { requiredVersion: '^1.0.0' },
          free: { requiredVersion: false },
        },
        PROVIDES,
      ),
    ).toEqual([
      '@gudang/shared-ui ^2.0.0 (shell menyediakan 1.3.0)',
      'left-pad ^1.0.0 (shell tidak menyediakan)',
    ]);
  });
});

describe('checkBuild', () => {
  it('accepts a complete build whose requirements the shell meets', () => {
    const { work } = makeStore();
    expect(
      checkBuild(build(path.join(work, 'b'), 'inventory', '1.4.0-a'), 'inventory', PROVIDES),
    ).toEqual([]);
  });

  it('names a missing manifest, a missing file, another remote and an unmet version', () => {
    const { work } = makeStore();
    expect(checkBuild(path.join(work, 'empty'), 'inventory', PROVIDES)[0]).toMatch(
      /mf-manifest.json tidak ada/,
    );
    const broken = build(path.join(work, 'b'), 'orders', '1.0.0-a', {
      dropFile: 'react.1111111111.js',
      sharedUi: '^9.0.0',
    });
    expect(checkBuild(broken, 'inventory', PROVIDES)).toEqual([
      "mf-manifest.json adalah untuk remote 'orders', bukan 'inventory'",
      'berkas react.1111111111.js tidak ada',
      'butuh @gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)',
    ]);
  });
});

describe('deploy and rollback', () => {
  it('copies a build under its version, switches the list and keeps a history', () => {
    const { store, work } = makeStore();
    const v1 = build(path.join(work, 'v1'), 'inventory', '1.4.0-aaa');
    const result = deployRemote(store, { name: 'inventory', from: v1 });
    expect(result).toMatchObject({ version: '1.4.0-aaa', switched: true, warnings: [] });
    expect(existsSync(path.join(store.dir, 'inventory', '1.4.0-aaa', 'remoteEntry.js'))).toBe(true);
    expect(readList(store).remotes).toEqual([
      { name: 'inventory', entry: '/remotes/inventory/1.4.0-aaa/mf-manifest.json' },
    ]);
    // Deploying the same build again changes nothing.
    expect(deployRemote(store, { name: 'inventory', from: v1 }).switched).toBe(false);
    expect(readHistory(store)).toHaveLength(1);
  });

  it('refuses a failing build and leaves the list, the history and the versions as they were', () => {
    const { store, work } = makeStore();
    deployRemote(store, {
      name: 'inventory',
      from: build(path.join(work, 'v1'), 'inventory', '1'),
    });
    const listBefore = readFileSync(store.listFile, 'utf8');
    const skewed = build(path.join(work, 'v2'), 'inventory', '2', { sharedUi: '^9.0.0' });
    expect(() => deployRemote(store, { name: 'inventory', from: skewed })).toThrow(
      /inventory 2 ditolak:\n {2}- butuh @gudang\/shared-ui \^9.0.0 \(shell menyediakan 1.3.0\)/,
    );
    const incomplete = build(path.join(work, 'v3'), 'inventory', '3', {
      dropFile: 'remoteEntry.js',
    });
    expect(() => deployRemote(store, { name: 'inventory', from: incomplete })).toThrow(
      /berkas remoteEntry.js tidak ada/,
    );
    expect(readFileSync(store.listFile, 'utf8')).toBe(listBefore);
    expect(readHistory(store)).toHaveLength(1);
    expect(readdirSync(path.join(store.dir, 'inventory'))).toEqual(['1']);
  });

  it('switches a skewed build only with force, recording it', () => {
    const { store, work } = makeStore();
    const skewed = build(path.join(work, 'v2'), 'inventory', '2', { sharedUi: '^9.0.0' });
    const result = deployRemote(store, { name: 'inventory', from: skewed, force: true });
    expect(result.warnings).toEqual(['butuh @gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)']);
    expect(readHistory(store)[0]).toMatchObject({ version: '2', forced: true });
  });

  it('never overwrites a stored version with other content', () => {
    const { store, work } = makeStore();
    deployRemote(store, { name: 'inventory', from: build(path.join(work, 'a'), 'inventory', '1') });
    const other = build(path.join(work, 'b'), 'inventory', '1', { chunk: 'other.2222222222.js' });
    expect(() => deployRemote(store, { name: 'inventory', from: other })).toThrow(DeployError);
    expect(() => deployRemote(store, { name: 'inventory', from: other })).toThrow(/ditimpa/);
    // A rebuild of the same commit differs only in its build time: it is the same version.
    const rebuilt = build(path.join(work, 'c'), 'inventory', '1');
    const file = path.join(rebuilt, 'mf-manifest.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('2026-11-22T10:00', '2026-11-23T11:00'));
    expect(deployRemote(store, { name: 'inventory', from: rebuilt }).switched).toBe(false);
  });

  it('rolls back version by version, keeping every build on disk', () => {
    const { store, work } = makeStore();
    for (const v of ['1', '2', '3'])
      deployRemote(store, { name: 'inventory', from: build(path.join(work, v), 'inventory', v) });
    deployRemote(store, { name: 'orders', from: build(path.join(work, 'o1'), 'orders', '1') });
    expect(rollbackRemote(store, 'inventory')).toEqual({ from: '3', to: '2' });
    expect(rollbackRemote(store, 'inventory')).toEqual({ from: '2', to: '1' });
    expect(() => rollbackRemote(store, 'inventory')).toThrow(/tidak ada versi sebelumnya/);
    expect(readList(store).remotes).toEqual([
      { name: 'inventory', entry: '/remotes/inventory/1/mf-manifest.json' },
      { name: 'orders', entry: '/remotes/orders/1/mf-manifest.json' },
    ]);
    expect(listRemotes(store)[0]).toMatchObject({
      name: 'inventory',
      live: '1',
      versions: [{ version: '1' }, { version: '2' }, { version: '3' }],
    });
  });

  it('writes the list atomically: a reader sees the old or the new file, never a temp file', () => {
    const { work } = makeStore();
    const file = path.join(work, 'x', 'list.json');
    writeAtomically(file, 'one');
    writeAtomically(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    expect(readdirSync(path.dirname(file))).toEqual(['list.json']);
  });
});

describe('registerStartBuilds', () => {
  it("registers npm start's builds as versions and follows a rebuild, but not past a deploy", () => {
    const { store, work } = makeStore();
    const web = path.join(work, 'web');
    build(path.join(web, 'inventory', 'dist'), 'inventory', '1.4.0-start1');
    registerStartBuilds(store, web);
    expect(readList(store).remotes).toEqual([
      { name: 'inventory', entry: '/remotes/inventory/1.4.0-start1/mf-manifest.json' },
    ]);
    build(path.join(web, 'inventory', 'dist'), 'inventory', '1.4.0-start2');
    registerStartBuilds(store, web);
    expect(readList(store).remotes[0]?.entry).toContain('1.4.0-start2');
    deployRemote(store, {
      name: 'inventory',
      from: build(path.join(work, 't'), 'inventory', '2.0.0'),
    });
    build(path.join(web, 'inventory', 'dist'), 'inventory', '1.4.0-start3');
    registerStartBuilds(store, web);
    expect(readList(store).remotes[0]?.entry).toContain('2.0.0');
  });
});

describe('npm run remote', () => {
  it('deploys, lists and rolls back, and exits 1 with the reason on a refused deploy', () => {
    const { store, work } = makeStore();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`E ${l}`) };
    const web = path.join(work, 'web');
    build(path.join(web, 'inventory', 'dist'), 'inventory', '1');
    expect(runRemoteCommand(['deploy', 'inventory'], store, web, io)).toBe(0);
    build(path.join(work, 'v2'), 'inventory', '2');
    expect(
      runRemoteCommand(['deploy', 'inventory', '--from', path.join(work, 'v2')], store, web, io),
    ).toBe(0);
    build(path.join(work, 'bad'), 'inventory', '3', { sharedUi: '^9.0.0' });
    expect(
      runRemoteCommand(['deploy', 'inventory', '--from', path.join(work, 'bad')], store, web, io),
    ).toBe(1);
    expect(runRemoteCommand(['rollback', 'inventory'], store, web, io)).toBe(0);
    expect(runRemoteCommand(['list'], store, web, io)).toBe(0);
    expect(runRemoteCommand(['deploy'], store, web, io)).toBe(2);
    expect(lines.slice(0, 5)).toEqual([
      'inventory 1 aktif: /remotes/inventory/1/mf-manifest.json',
      'inventory 2 aktif: /remotes/inventory/2/mf-manifest.json',
      'E inventory 3 ditolak:\n  - butuh @gudang/shared-ui ^9.0.0 (shell menyediakan 1.3.0)',
      'inventory: 2 -> 1',
      'inventory: aktif 1',
    ]);
  });
});
