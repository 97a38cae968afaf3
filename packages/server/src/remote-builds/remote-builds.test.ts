import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runRemoteCommand } from '../cli/remote-command';
import {
  DeployError,
  LOCK_FILE,
  checkBuild,
  deployRemote,
  insideBuild,
  listRemotes,
  liveShellDir,
  liveShellVersion,
  setBad,
  pruneRemote,
  readHistory,
  readList,
  registerStartBuilds,
  rollbackRemote,
  unmetSurface,
  withDeployLock,
  writeAtomically,
  type RemoteStore,
} from './remote-builds';

const PROVIDES = { react: '19.3.1', '@gudang/shared-ui': '1.3.0', '@gudang/api-client': '1.2.0' };
/** The shell's shared-ui surface: exported name -> fingerprint of its type. */
const SURFACE = { Button: 'aaaaaaaaaaaa', Badge: 'bbbbbbbbbbbb' };

function build(
  dir: string,
  name: string,
  version: string,
  options: {
    sharedUi?: string;
    dropFile?: string;
    chunk?: string;
    uses?: Record<string, Record<string, string>>;
  } = {},
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
        ...(options.uses ? { uses: options.uses } : {}),
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
    JSON.stringify({
      name: 'shell',
      metaData: { gudang: { provides: PROVIDES, surface: { '@gudang/shared-ui': SURFACE } } },
    }),
  );
  const dir = path.join(work, 'remotes');
  return { store: { dir, listFile: path.join(dir, 'remotes.json'), shellDir }, work };
}

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
      // By when each last went live: 3 (deployed), 2 and 1 (rolled back to).
      versions: [{ version: '3' }, { version: '2' }, { version: '1' }],
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

describe('deploys cannot race', () => {
  it('two processes deploying in a loop at once lose no switch and no history record', async () => {
    const { store, work } = makeStore();
    const rounds = 15;
    const builds = {
      inventory: ['1', '2'].map((v) => build(path.join(work, `i${v}`), 'inventory', `1.0.${v}`)),
      orders: ['1', '2'].map((v) => build(path.join(work, `o${v}`), 'orders', `2.0.${v}`)),
    };
    const script = path.join(work, 'race.mts');
    writeFileSync(
      script,
      `import { deployRemote } from ${JSON.stringify(path.join(__dirname, 'remote-builds.ts'))};
const [name, startAt, rounds, ...dirs] = process.argv.slice(2);
const store = JSON.parse(process.env.STORE);
while (Date.now() < Number(startAt));
let switched = 0;
for (let i = 0; i < Number(rounds); i++)
  if (deployRemote(store, { name, from: dirs[i % 2] }).switched) switched += 1;
console.log(switched);
`,
    );
    const tsx = path.join(__dirname, '../../../../node_modules/.bin/tsx');
    const startAt = Date.now() + 3000; // both processes are up and start together
    const run = (name: string, dirs: string[]) =>
      new Promise<string>((resolve, reject) => {
        let out = '';
        const child = spawn(tsx, [script, name, String(startAt), String(rounds), ...dirs], {
          env: { ...process.env, STORE: JSON.stringify(store) },
        });
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
      });
    const [inventory, orders] = await Promise.all([
      run('inventory', builds.inventory),
      run('orders', builds.orders),
    ]);
    expect([inventory, orders]).toEqual([String(rounds), String(rounds)]);
    // The last round of each deployed version 1 (rounds is odd): both switches are in the list.
    expect(
      readList(store)
        .remotes.map((r) => r.entry)
        .sort(),
    ).toEqual([
      '/remotes/inventory/1.0.1/mf-manifest.json',
      '/remotes/orders/2.0.1/mf-manifest.json',
    ]);
    const history = readHistory(store);
    expect(history.filter((r) => r.name === 'inventory')).toHaveLength(rounds);
    expect(history.filter((r) => r.name === 'orders')).toHaveLength(rounds);
    expect(existsSync(path.join(store.dir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('waits for a held lock and fails loudly, changing nothing, when it is not released', () => {
    const { store, work } = makeStore();
    mkdirSync(store.dir, { recursive: true });
    // A lock held by a live process (this one): a deploy gives up after the wait.
    const ran = jest.fn();
    withDeployLock(store, () => {
      expect(() => withDeployLock(store, ran, 100)).toThrow(/deploy lain sedang berjalan/);
    });
    expect(ran).not.toHaveBeenCalled();
    // A lock left by a process that is gone is taken over.
    writeFileSync(path.join(store.dir, LOCK_FILE), '999999999 dead');
    deployRemote(store, { name: 'inventory', from: build(path.join(work, 'v'), 'inventory', '1') });
    expect(readList(store).remotes).toHaveLength(1);
  });
});

describe('a build cannot reach outside its folder; a version is never re-used (security F9)', () => {
  it('refuses a manifest naming a file outside the build, and a link', () => {
    const { store, work } = makeStore();
    const evilFile = build(path.join(work, 'f'), 'inventory', '9.9.9-evilfile');
    const manifestFile = path.join(evilFile, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.exposes[0].assets.js.sync.push('../../../../../../etc/passwd');
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(() => deployRemote(store, { name: 'inventory', from: evilFile })).toThrow(
      /berkas \.\.\/\.\.\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd berada di luar folder build/,
    );

    const evilEntry = build(path.join(work, 'e'), 'inventory', '9.9.9-evilentry');
    const entryFile = path.join(evilEntry, 'mf-manifest.json');
    const entryManifest = JSON.parse(readFileSync(entryFile, 'utf8'));
    entryManifest.metaData.remoteEntry = { path: '../../../../../../etc', name: 'passwd' };
    writeFileSync(entryFile, JSON.stringify(entryManifest));
    expect(() => deployRemote(store, { name: 'inventory', from: evilEntry })).toThrow(
      /di luar folder build/,
    );

    const linked = build(path.join(work, 'l'), 'inventory', '9.9.9-link');
    symlinkSync('/etc/passwd', path.join(linked, 'extra.js'));
    expect(() => deployRemote(store, { name: 'inventory', from: linked })).toThrow(
      /extra.js bukan berkas biasa/,
    );
    expect(existsSync(store.listFile)).toBe(false);
    expect(existsSync(path.join(store.dir, 'inventory'))).toBe(false);
  });

  it('knows which names stay inside', () => {
    expect(insideBuild('/b', 'a/b.js')).toBe(true);
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a\\..\\x', '', '..', 'C:\\x'])
      expect(insideBuild('/b', bad)).toBe(false);
  });

  it('refuses the same version with any other file content, not just another manifest', () => {
    const { store, work } = makeStore();
    deployRemote(store, { name: 'inventory', from: build(path.join(work, 'a'), 'inventory', '1') });
    const changed = build(path.join(work, 'b'), 'inventory', '1');
    writeFileSync(path.join(changed, 'remoteEntry.js'), '/* changed */');
    expect(() => deployRemote(store, { name: 'inventory', from: changed })).toThrow(
      /inventory 1 sudah ada dengan isi lain/,
    );
    const extra = build(path.join(work, 'c'), 'inventory', '1');
    writeFileSync(path.join(extra, 'more.js'), '/* more */');
    expect(() => deployRemote(store, { name: 'inventory', from: extra })).toThrow(/isi lain/);
    expect(
      readFileSync(path.join(store.dir, 'inventory', '1', 'remoteEntry.js'), 'utf8'),
    ).toContain('1 remoteEntry.js');
  });
});

describe('rollback --to, mark-bad, prune and list', () => {
  const day = 24 * 60 * 60 * 1000;
  const at = (ms: number) => new Date(Date.parse('2026-11-01T00:00:00Z') + ms);

  it('a stack rollback skips a version marked bad; --to goes to any stored good version', () => {
    const { store, work } = makeStore();
    for (const v of ['1', 'crash', 'fix'])
      deployRemote(store, { name: 'finance', from: build(path.join(work, v), 'finance', v) });
    // The audit's case: after a forward fix, a plain rollback went back to the crashing build.
    setBad(store, 'finance', 'crash', true, { by: 'ani' });
    expect(rollbackRemote(store, 'finance')).toEqual({ from: 'fix', to: '1' });
    expect(() => rollbackRemote(store, 'finance', { to: 'crash' })).toThrow(/ditandai buruk/);
    expect(() => rollbackRemote(store, 'finance', { to: 'nope' })).toThrow(/build tidak ada/);
    expect(rollbackRemote(store, 'finance', { to: 'fix', by: 'budi' })).toEqual({
      from: '1',
      to: 'fix',
    });
    // The stack after --to: fix is on top, under it 1 (crash is skipped).
    expect(rollbackRemote(store, 'finance')).toEqual({ from: 'fix', to: '1' });
    expect(() => setBad(store, 'finance', 'nope', true)).toThrow(/build tidak ada/);
  });

  it('prune keeps the N last live, the live one and any live within a day', () => {
    const { store, work } = makeStore();
    const versions = ['1', '2', '3', '4', '5'];
    versions.forEach((v, i) =>
      deployRemote(store, {
        name: 'orders',
        from: build(path.join(work, v), 'orders', v),
        now: at(i * day * 2),
      }),
    );
    // 5 is live; 4 stopped being live at day 8, one hour before "now": an open tab may load it.
    rollbackRemote(store, 'orders', { to: '2', now: at(8 * day + 1000) });
    expect(
      pruneRemote(store, 'orders', 1, { now: at(9 * day - 60 * 60 * 1000 + 1000), by: 'ani' }),
    ).toEqual(['1', '3']);
    expect(readdirSync(path.join(store.dir, 'orders')).sort()).toEqual(['2', '4', '5']);
    expect(readHistory(store).filter((r) => r.action === 'prune')).toMatchObject([
      { version: '1', by: 'ani' },
      { version: '3', by: 'ani' },
    ]);
    // Two days later 4 and 5 may go as well; the live one (2) never.
    expect(pruneRemote(store, 'orders', 1, { now: at(12 * day) })).toEqual(['4', '5']);
    expect(readdirSync(path.join(store.dir, 'orders'))).toEqual(['2']);
    expect(() => pruneRemote(store, 'orders', 0)).toThrow(/--keep/);
  });

  it('list orders versions by deploy time and names who deployed', () => {
    const { store, work } = makeStore();
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`E ${l}`) };
    const web = path.join(work, 'web');
    for (const v of ['b', 'a'])
      expect(
        runRemoteCommand(
          ['deploy', 'admin', '--from', build(path.join(work, v), 'admin', v), '--by', `tim-${v}`],
          store,
          web,
          io,
        ),
      ).toBe(0);
    expect(runRemoteCommand(['mark-bad', 'admin', 'b'], store, web, io)).toBe(0);
    expect(runRemoteCommand(['prune', 'admin', '--keep', '5'], store, web, io)).toBe(0);
    lines.length = 0;
    expect(runRemoteCommand(['list'], store, web, io)).toBe(0);
    const admin = lines.slice(
      lines.indexOf('admin: aktif a') + 1,
      lines.indexOf('shell: aktif (tidak ada)'),
    );
    expect(admin).toHaveLength(2);
    expect(admin[0]).toMatch(/^ {4}b {2}\S+Z {2}tim-b {2}build .*\(buruk\)$/);
    expect(admin[1]).toMatch(/^ {2}\* a {2}\S+Z {2}tim-a /);
    expect(listRemotes(store)[3]?.versions.map((v) => v.by)).toEqual(['tim-b', 'tim-a']);
  });
});

describe('compatibility from what the code exports (audit 4 and 6)', () => {
  it('refuses a remote using a shared-ui export the live shell lacks, with no version bumped', () => {
    const { store, work } = makeStore();
    const fits = build(path.join(work, 'a'), 'inventory', '1', {
      uses: { '@gudang/shared-ui': { Button: SURFACE.Button } },
    });
    expect(deployRemote(store, { name: 'inventory', from: fits }).switched).toBe(true);
    // The audit's case: shared-ui gained NewBadge without a version bump; the dashboard uses it.
    const newExport = build(path.join(work, 'b'), 'inventory', '2', {
      uses: { '@gudang/shared-ui': { Button: SURFACE.Button, NewBadge: 'cccccccccccc' } },
    });
    expect(() => deployRemote(store, { name: 'inventory', from: newExport })).toThrow(
      /inventory 2 ditolak:\n {2}- butuh @gudang\/shared-ui NewBadge \(shell tidak menyediakan\)/,
    );
    const changedType = build(path.join(work, 'c'), 'inventory', '3', {
      uses: { '@gudang/shared-ui': { Badge: 'dddddddddddd' } },
    });
    expect(() => deployRemote(store, { name: 'inventory', from: changedType })).toThrow(
      /butuh @gudang\/shared-ui Badge dengan tipe lain/,
    );
    expect(readList(store).remotes[0]?.entry).toBe('/remotes/inventory/1/mf-manifest.json');
  });

  it("compares no fingerprint when the remote was built from the shell's sources of the package", () => {
    // A team's fresh install took a newer release of a library (@types/react, Redux Toolkit),
    // which prints some types of the same shared-ui sources otherwise.
    const shell = { '@gudang/shared-ui': { '#source': 's1', Badge: 'bbbbbbbbbbbb' } };
    const sameSources = { '@gudang/shared-ui': { '#source': 's1', Badge: 'eeeeeeeeeeee' } };
    expect(unmetSurface(sameSources, shell)).toEqual([]);
    // Other sources: every name is compared, and a name the shell lacks is named.
    const otherSources = {
      '@gudang/shared-ui': { '#source': 's2', Badge: 'eeeeeeeeeeee', NewBadge: 'c' },
    };
    expect(unmetSurface(otherSources, shell)).toEqual([
      '@gudang/shared-ui Badge dengan tipe lain (tipe di shell berbeda)',
      '@gudang/shared-ui NewBadge (shell tidak menyediakan)',
    ]);
    // A remote built before the digest was recorded: compared name by name.
    expect(unmetSurface({ '@gudang/shared-ui': { Badge: 'bbbbbbbbbbbb' } }, shell)).toEqual([]);
  });
});

describe('the shell is deployed like a remote (audit 3)', () => {
  function shellBuild(
    dir: string,
    version: string,
    provides: Record<string, string>,
    surface: Record<string, string>,
  ): string {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'mf-manifest.json'),
      JSON.stringify({
        name: 'shell',
        metaData: {
          remoteEntry: { name: 'remoteEntry.js', path: '' },
          gudang: { name: 'shell', version, provides, surface: { '@gudang/shared-ui': surface } },
        },
      }),
    );
    for (const file of ['remoteEntry.js', 'index.html', 'main.js'])
      writeFileSync(path.join(dir, file), `/* shell ${version} ${file} */`);
    return dir;
  }

  it('stores versioned shells, refuses one that would lock a live remote out, and rolls back', () => {
    const { store, work } = makeStore();
    deployRemote(store, {
      name: 'inventory',
      from: build(path.join(work, 'i'), 'inventory', '1', {
        uses: { '@gudang/shared-ui': { Button: SURFACE.Button } },
      }),
    });
    const s1 = shellBuild(path.join(work, 's1'), '1.0.0-a', PROVIDES, SURFACE);
    expect(deployRemote(store, { name: 'shell', from: s1 })).toMatchObject({
      entry: '/shell/1.0.0-a/',
      switched: true,
    });
    expect(liveShellVersion(store)).toBe('1.0.0-a');
    expect(liveShellDir(store)).toBe(path.join(store.dir, 'shell', '1.0.0-a'));

    // A shared-ui major bump, and a shell whose shared-ui lost Button: inventory could not load.
    const major = shellBuild(
      path.join(work, 's2'),
      '2.0.0-b',
      { ...PROVIDES, '@gudang/shared-ui': '2.0.0' },
      SURFACE,
    );
    expect(() => deployRemote(store, { name: 'shell', from: major })).toThrow(
      /shell 2\.0\.0-b ditolak:\n {2}- butuh @gudang\/shared-ui \^1\.3\.0 \(shell menyediakan 2\.0\.0\) untuk inventory 1/,
    );
    const lost = shellBuild(path.join(work, 's3'), '1.0.1-c', PROVIDES, { Badge: SURFACE.Badge });
    expect(() => deployRemote(store, { name: 'shell', from: lost })).toThrow(
      /butuh @gudang\/shared-ui Button \(shell tidak menyediakan\) untuk inventory 1/,
    );
    expect(liveShellVersion(store)).toBe('1.0.0-a');
    expect(existsSync(path.join(store.dir, 'shell', '2.0.0-b'))).toBe(false);

    // A remote is now checked against the stored live shell, not packages/shell/dist.
    writeFileSync(path.join(store.shellDir, 'mf-manifest.json'), '{"name":"shell","metaData":{}}');
    const s2 = shellBuild(path.join(work, 's4'), '1.1.0-d', PROVIDES, SURFACE);
    deployRemote(store, { name: 'shell', from: s2, by: 'tim-shell' });
    deployRemote(store, { name: 'orders', from: build(path.join(work, 'o'), 'orders', '1') });
    expect(rollbackRemote(store, 'shell')).toEqual({ from: '1.1.0-d', to: '1.0.0-a' });
    expect(listRemotes(store).at(-1)).toMatchObject({ name: 'shell', live: '1.0.0-a' });
    expect(
      readHistory(store)
        .filter((r) => r.name === 'shell')
        .map((r) => r.action),
    ).toEqual(['deploy', 'deploy', 'rollback']);
  });
});
