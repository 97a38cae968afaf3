import { expect, test, type Page } from '@playwright/test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from './accounts';
import { repoRoot, startServer, stopServer } from './server-process';

// A team ships its area with `npm run remote -- deploy|rollback` (docs/adr/0010): an open tab
// keeps working on the version it started with, a reload gets the new one, a build that needs
// what the live shell does not provide is refused, and, forced through, named in a panel.
const port = Number(process.env.E2E_DEPLOY_PORT ?? 8184);
const baseURL = `http://127.0.0.1:${port}`;
// Made when the tests start (not when the file is loaded: Playwright also loads it to list the
// tests, which left an empty folder behind each run) and removed when they end.
let work = '';
let dataDir = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

/**
 * A real production build of the inventory remote under another version, into its own folder
 * (packages/inventory/dist is left alone); `env` can make it require other shared versions.
 */
function buildInventory(version: string, env: Record<string, string> = {}): string {
  const dir = path.join(work, `inventory-${version}`);
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/webpack'),
    ['--mode', 'production', '--output-path', dir],
    {
      cwd: path.join(repoRoot, 'packages/inventory'),
      env: { ...process.env, REMOTE_VERSION: version, ...env },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`build failed: ${result.stdout}${result.stderr}`);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.gudang.version).toBe(version);
  return dir;
}

/**
 * Runs a team's command (npm, npx, tar) to its end and returns its output; throws with the output
 * when it fails or outlives `timeoutMs` (then its whole process group is killed, so a hung
 * install or jest worker cannot hold CI). npm's own variables of the npm that runs these tests
 * (npm_config_workspace, …) are not passed on: the team's npm reads only its own folder.
 */
function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number },
): Promise<string> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
  );
  const child = spawn(command, args, {
    cwd: options.cwd,
    // No colours: the output is read (jest's summary) and shown in a failure.
    env: { ...env, FORCE_COLOR: '0', ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-30_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const shown = `${command} ${args.join(' ')} (in ${options.cwd})`;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // already gone
      }
      reject(new Error(`${shown} did not finish in ${options.timeoutMs / 1000} s:\n${out}`));
    }, options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`${shown} could not start: ${error.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // How long each step took, in the report (the CI budget; not asserted).
      const took = `${command} ${args[0] ?? ''}: ${((Date.now() - started) / 1000).toFixed(1)} s`;
      test.info().annotations.push({ type: 'duration', description: took });
      console.log(took);
      if (code === 0) resolve(out);
      else reject(new Error(`${shown} failed (${signal ?? code}):\n${out}`));
    });
  });
}

function remoteCommand(...args: string[]) {
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'packages/server/src/cli/remote.ts'), ...args],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function liveEntry(name: string): Promise<string> {
  const url = `${baseURL}/remotes.json`;
  // Sent again once when the kept-alive connection was closed by the server while idle (a build
  // in between takes longer than its keep-alive): 'other side closed', as a browser retries a GET.
  const response = await fetch(url).catch(() => fetch(url));
  const list = (await response.json()) as {
    remotes: { name: string; entry: string }[];
  };
  return list.remotes.find((remote) => remote.name === name)?.entry ?? '';
}

async function signIn(page: Page, dashboard = true) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  if (dashboard)
    await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'gudang-deploy-'));
  dataDir = path.join(work, 'data');
  server = await startServer(port, { DATA_DIR: dataDir, SEED_DEMO: 'true' });
});

test.afterAll(async () => {
  await stopServer(server);
  // The builds, the data and the team's checkout (a whole install, ~300 MB).
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

test('an open tab keeps its version while v2 is deployed; a reload shows v2; rollback brings v1 back', async ({
  page,
}) => {
  test.setTimeout(150_000); // includes a production build
  const v1Entry = await liveEntry('inventory');
  expect(v1Entry).toMatch(/^\/remotes\/inventory\/[^/]+\/mf-manifest\.json$/);
  const v1Base = v1Entry.replace('mf-manifest.json', '');
  const responses: { url: string; status: number }[] = [];
  page.on('response', (r) =>
    responses.push({ url: r.url().replace(baseURL, ''), status: r.status() }),
  );
  await signIn(page);

  const deployed = remoteCommand('deploy', 'inventory', '--from', buildInventory('9.0.0-e2e'));
  expect(deployed.out).toContain('inventory 9.0.0-e2e aktif');
  expect(deployed.status).toBe(0);
  expect(await liveEntry('inventory')).toBe('/remotes/inventory/9.0.0-e2e/mf-manifest.json');

  // The open tab goes on with version 1: its chunks are still served.
  responses.length = 0;
  await page.getByRole('navigation').getByRole('link', { name: 'Data Produk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Data Produk' })).toBeVisible();
  const chunks = responses.filter((r) => r.url.startsWith('/remotes/inventory/'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    expect(chunk.url.startsWith(v1Base)).toBe(true);
    expect(chunk.status).toBe(200);
  }

  // A reload takes version 2.
  responses.length = 0;
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Data Produk' })).toBeVisible();
  expect(responses.map((r) => r.url)).toContain('/remotes/inventory/9.0.0-e2e/mf-manifest.json');

  const rolledBack = remoteCommand('rollback', 'inventory');
  expect(rolledBack.status).toBe(0);
  expect(await liveEntry('inventory')).toBe(v1Entry);
  responses.length = 0;
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Data Produk' })).toBeVisible();
  expect(responses.map((r) => r.url)).toContain(v1Entry);
  expect(remoteCommand('list').out).toMatch(/inventory: aktif [^\n]+\n(.*\n)*.*9\.0\.0-e2e/);
});

test('a build needing a shared-ui the shell lacks is refused; forced, the page names the remote, version and need', async ({
  page,
}) => {
  test.setTimeout(150_000); // includes a production build
  const before = await liveEntry('inventory');
  const skewed = buildInventory('9.1.0-skew', {
    SHARED_REQUIRE_OVERRIDE: '@gudang/shared-ui=^9.0.0',
  });
  const refused = remoteCommand('deploy', 'inventory', '--from', skewed);
  expect(refused.status).toBe(1);
  expect(refused.out).toContain('inventory 9.1.0-skew ditolak');
  expect(refused.out).toMatch(
    /butuh @gudang\/shared-ui \^9\.0\.0 \(shell menyediakan \d+\.\d+\.\d+\)/,
  );
  expect(await liveEntry('inventory')).toBe(before);

  const forced = remoteCommand('deploy', 'inventory', '--from', skewed, '--force');
  expect(forced.status).toBe(0);
  await signIn(page, false); // the dashboard itself is the inventory remote
  const panel = page.getByRole('alert');
  await expect(panel).toContainText('Modul Dashboard tidak cocok dengan aplikasi ini.');
  await expect(panel).toContainText('(Kode untuk admin: inventory 9.1.0-skew');
  await expect(panel).toContainText('butuh @gudang/shared-ui ^9.0.0 (shell menyediakan');
  // The rest of the app works.
  await page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();

  expect(remoteCommand('rollback', 'inventory').status).toBe(0);
  expect(await liveEntry('inventory')).toBe(before);
});

// 'Coba lagi' after a crashing version is rolled back or fixed: remote-versions.spec.ts (the
// page reloads into the live version; a tab never runs two versions of a remote).

test("an open tab learns of a deploy: 'Versi baru tersedia - muat ulang' on the next navigation, and it reloads into the new version", async ({
  page,
}) => {
  const before = await liveEntry('inventory');
  const beforeVersion = before.split('/')[3] ?? '';
  await signIn(page);
  const notice = page.getByRole('button', { name: 'Versi baru tersedia - muat ulang' });
  await page.getByRole('navigation').getByRole('link', { name: 'Data Produk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Data Produk' })).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The first test's version 2 goes live again.
  expect(remoteCommand('rollback', 'inventory', '--to', '9.0.0-e2e').status).toBe(0);
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(notice).toBeVisible();
  // The page was not swapped under the user: the dashboard still runs the version it loaded.
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/mf-manifest.json')) manifests.push(new URL(r.url()).pathname);
  });
  await notice.click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(manifests).toContain('/remotes/inventory/9.0.0-e2e/mf-manifest.json');
  await expect(notice).toHaveCount(0);

  expect(remoteCommand('rollback', 'inventory', '--to', beforeVersion).status).toBe(0);
});

test('the shell is deployed like a remote: one that would lock areas out is refused; a fitting one goes live and rolls back', async ({
  page,
}) => {
  test.setTimeout(150_000); // includes a production build of the shell
  const shellOf = async () =>
    /\/shell\/([^/]+)\/main\.js/.exec(await (await fetch(`${baseURL}/`)).text())?.[1];
  const before = await shellOf();
  expect(before).toBeTruthy();

  // A real shell build under another version.
  const built = path.join(work, 'shell-9.1.0-e2e');
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/webpack'),
    ['--mode', 'production', '--output-path', built],
    {
      cwd: path.join(repoRoot, 'packages/shell'),
      env: { ...process.env, REMOTE_VERSION: '9.1.0-e2e' },
      encoding: 'utf8',
    },
  );
  expect(result.status, `${result.stdout}${result.stderr}`).toBe(0);

  // The same build claiming a shared-ui major bump (the audit's shared-ui 2.0.0 shell): every
  // live area would show "tidak cocok", so it is refused and nothing changes.
  const major = path.join(work, 'shell-9.2.0-major');
  cpSync(built, major, { recursive: true });
  const manifestFile = path.join(major, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.metaData.gudang.version = '9.2.0-major';
  manifest.metaData.gudang.provides['@gudang/shared-ui'] = '2.0.0';
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const refused = remoteCommand('deploy', 'shell', '--from', major);
  expect(refused.status).toBe(1);
  expect(refused.out).toContain('shell 9.2.0-major ditolak');
  for (const remote of ['inventory', 'orders', 'finance', 'admin'])
    expect(refused.out).toMatch(
      new RegExp(`butuh @gudang/shared-ui \\S+ \\(shell menyediakan 2\\.0\\.0\\) untuk ${remote} `),
    );
  expect(await shellOf()).toBe(before);

  // The fitting one goes live without a restart; an open tab gets it on reload.
  await signIn(page);
  const deployed = remoteCommand('deploy', 'shell', '--from', built, '--by', 'tim-shell');
  expect(deployed.out).toContain('shell 9.1.0-e2e aktif');
  expect(await shellOf()).toBe('9.1.0-e2e');
  await page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();
  // The open tab, on the old shell, is told.
  await expect(
    page.getByRole('button', { name: 'Versi baru tersedia - muat ulang' }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Pembukuan' })).toBeVisible();
  expect(
    await page.evaluate(() =>
      [...document.scripts].some((s) => s.src.includes('/shell/9.1.0-e2e/main.js')),
    ),
  ).toBe(true);

  expect(remoteCommand('rollback', 'shell').status).toBe(0);
  expect(await shellOf()).toBe(before);
  expect(remoteCommand('list').out).toMatch(
    /shell: aktif \S+\n(.*\n)*.*9\.1\.0-e2e\s+\S+\s+tim-shell/,
  );
});

test("a team's own checkout: one remote with the packed shared packages, in an empty folder, no git: a real npm install, its own unit tests, its build, deployed over HTTP", async ({
  page,
}) => {
  // A real install from the npm registry (785 packages; ~75 s the first time, 26-48 s once the
  // npm cache holds them), the remote's unit tests and a production build: each child is bounded
  // below, and this bounds their sum (the test took 1.7-2.9 min).
  test.setTimeout(20 * 60_000);
  const team = path.join(work, 'team');
  const packs = path.join(team, 'packs');
  mkdirSync(packs, { recursive: true });
  // What the shared teams publish: shared-ui, api-client and the build and test helper.
  await run(
    'npm',
    [
      'pack',
      '--pack-destination',
      packs,
      ...['shared-ui', 'api-client', 'mf-build'].flatMap((p) => ['-w', `@gudang/${p}`]),
    ],
    { cwd: repoRoot, timeoutMs: 60_000 },
  );

  // The remote's folder alone (no node_modules, no build, no lockfile, no git), its @gudang
  // dependencies pointing at the packed files; every other dependency is its package.json's own.
  const orders = path.join(team, 'orders');
  cpSync(path.join(repoRoot, 'packages/orders'), orders, {
    recursive: true,
    filter: (src) => !/[\\/](node_modules|dist)$/.test(src),
  });
  const pkgFile = path.join(orders, 'package.json');
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const tgz = (name: string) =>
    readdirSync(packs).find((f) => f.startsWith(`gudang-${name}-`)) ?? `${name}.tgz`;
  pkg.dependencies['@gudang/shared-ui'] = `file:../packs/${tgz('shared-ui')}`;
  pkg.dependencies['@gudang/api-client'] = `file:../packs/${tgz('api-client')}`;
  pkg.devDependencies['@gudang/mf-build'] = `file:../packs/${tgz('mf-build')}`;
  writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
  const noGit = { GIT_DIR: path.join(team, 'no-git') };

  await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: orders,
    env: noGit,
    timeoutMs: 8 * 60_000,
  });
  expect(existsSync(path.join(orders, 'node_modules/@gudang/shared-ui/src/index.ts'))).toBe(true);
  expect(lstatSync(path.join(orders, 'node_modules/react')).isSymbolicLink()).toBe(false);

  // Its own unit tests, with its own jest.config.js, in that folder: three files that need each
  // part of the team's test setup (Node's fs; msw and the api-client's store; a page rendered with
  // shared-ui's providers and typed into with user-event). Every orders test already runs in the
  // unit step; all of them again here took 127 s of a 2-core CI and proved nothing more (the
  // build below compiles every file the remote ships from the packed packages). They run beside
  // the other e2e worker's browser: a per-test limit of 30 s instead of jest's 5 s keeps a slow
  // moment from failing a test that is only slow (a hang still fails, and so does any assertion).
  const teamTests = [
    'src/pages.test.ts',
    'src/features/order-list/orders-api.test.ts',
    'src/features/returns/return-import-dialog.test.tsx',
  ];
  const tested = await run('npx', ['jest', '--ci', '--testTimeout=30000', ...teamTests], {
    cwd: orders,
    env: noGit,
    timeoutMs: 6 * 60_000,
  });
  expect(tested).toMatch(/Test Suites:\s+3 passed, 3 total/);
  expect(tested).toMatch(/Tests:\s+\d+ passed, \d+ total/);
  expect(tested).not.toMatch(/Tests:.*failed/);

  await run('npm', ['run', 'build'], { cwd: orders, env: noGit, timeoutMs: 5 * 60_000 });
  const manifest = JSON.parse(readFileSync(path.join(orders, 'dist/mf-manifest.json'), 'utf8'));
  const version: string = manifest.metaData.gudang.version;
  expect(version).toMatch(/^1\.1\.0-[0-9a-f]{7}$/);
  // No commit in the manifest: the same sources build the same bytes in any checkout.
  expect(manifest.metaData.gudang.commit).toBeUndefined();

  // Deployed over HTTP as the README shows it: a manager's token, a .tar.gz of dist, a POST.
  const archive = path.join(team, 'orders.tar.gz');
  await run('tar', ['-czf', archive, '-C', path.join(orders, 'dist'), '.'], {
    cwd: team,
    timeoutMs: 60_000,
  });
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.manager),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('name', 'orders');
  form.append('file', new Blob([readFileSync(archive)]), 'orders.tar.gz');
  const deployed = await fetch(`${baseURL}/api/remote-builds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await deployed.json()) as { message?: string; version?: string };
  expect(deployed.status, answer.message).toBe(200);
  expect(answer.message).toBe(`orders ${version} aktif`);
  expect(await liveEntry('orders')).toBe(`/remotes/orders/${version}/mf-manifest.json`);

  // Served: the new version's files, and its page from them.
  const loaded: string[] = [];
  page.on('response', (r) => {
    if (r.ok()) loaded.push(new URL(r.url()).pathname);
  });
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'List Order' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'List Order Barang' }),
  ).toBeVisible();
  expect(loaded).toContain(`/remotes/orders/${version}/remoteEntry.js`);
  // Recorded as the manager's deploy.
  const listed = remoteCommand('list').out.split('\n');
  expect(listed).toContain(`orders: aktif ${version}`);
  expect(listed.find((line) => line.includes(`* ${version}`))).toContain(
    `<${ACCOUNTS.manager.email}>`,
  );
});
