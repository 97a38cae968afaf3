import { expect, test, type Page } from '@playwright/test';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from './accounts';
import { repoRoot, startServer, stopServer } from './server-process';

// A tab never runs two versions of a remote (micro-frontend audit N1, issue 49): every page of
// every remote injects its endpoints into the shell's one store, so a second runtime of a remote
// in one page throws Redux Toolkit error #39. When 'Coba lagi' would load another version than
// the one the tab runs (a forward fix, a rollback, a pruned version), the page says so and
// reloads, keeping its URL. The crashing builds here inject endpoints, as real pages do.
const port = Number(process.env.E2E_VERSIONS_PORT ?? 8187);
const baseURL = `http://127.0.0.1:${port}`;
let work = '';
let dataDir = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

/** A real production build of `remote` under `version` (its own folder; dist left alone). */
function buildRemote(remote: string, version: string, config?: string): string {
  const dir = path.join(work, `${remote}-${version}`);
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/webpack'),
    [...(config ? ['--config', config] : []), '--mode', 'production', '--output-path', dir],
    {
      cwd: path.join(repoRoot, 'packages', remote),
      env: { ...process.env, REMOTE_VERSION: version },
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(`build failed: ${result.stdout}${result.stderr}`);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  expect(manifest.metaData.gudang.version).toBe(version);
  return dir;
}

/**
 * The finance remote whose Pembukuan page injects finance's real endpoints (as the real page does,
 * through pembukuan-api.ts) and then throws `message` while rendering.
 */
function buildCrashingFinance(version: string, message: string): string {
  const page = path.join(work, `crash-${version}.ts`);
  const api = path.join(repoRoot, 'packages/finance/src/features/pembukuan/pembukuan-api');
  writeFileSync(
    page,
    `import { pembukuanApi } from ${JSON.stringify(api)};
export default function Pembukuan(): never {
  throw new Error(${JSON.stringify(message)} + ' ' + Object.keys(pembukuanApi.endpoints).length);
}
`,
  );
  const config = path.join(work, `webpack-${version}.config.cjs`);
  writeFileSync(
    config,
    `const { makeConfig } = require(${JSON.stringify(path.join(repoRoot, 'packages/mf-build/index.js'))});
module.exports = makeConfig({ name: 'finance', dir: ${JSON.stringify(path.join(repoRoot, 'packages/finance'))}, port: 3003, exposes: { './Pembukuan': ${JSON.stringify(page)} } });
`,
  );
  return buildRemote('finance', version, config);
}

/** Runs `npm run remote -- <args>`; a failure fails the test with the command's output. */
function remote(...args: string[]): void {
  const { status, out } = remoteCommand(...args);
  expect({ args, status, out }).toMatchObject({ status: 0 });
}

function remoteCommand(...args: string[]) {
  const result = spawnSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'packages/server/src/cli/remote.ts'), ...args],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

async function liveVersion(name: string): Promise<string> {
  const list = (await (await fetch(`${baseURL}/remotes.json`)).json()) as {
    remotes: { name: string; entry: string }[];
  };
  return list.remotes.find((remote) => remote.name === name)?.entry.split('/')[3] ?? '';
}

/** Console errors and uncaught exceptions of the page, kept for the whole test. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Redux Toolkit's error #39: endpoints injected twice (a second runtime of a remote). */
const injectedTwice = (errors: string[]) =>
  errors.filter((e) => /Redux Toolkit error #39|injectEndpoints|before initialization/.test(e));

async function signIn(page: Page) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

/** Counts the page's full loads (a reload is one more). */
function countLoads(page: Page): { loads: number } {
  const counter = { loads: 0 };
  page.on('load', () => (counter.loads += 1));
  return counter;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'gudang-versions-'));
  dataDir = path.join(work, 'data');
  server = await startServer(port, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Its own PostgreSQL database when the run uses one (the suite's server has another).
    ...(process.env.E2E_VERSIONS_DATABASE_URL
      ? { DATABASE_URL: process.env.E2E_VERSIONS_DATABASE_URL }
      : {}),
  });
});

test.afterAll(async () => {
  await stopServer(server);
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

test("'Coba lagi' after a forward fix and after a rollback reloads the page into the live version: no error #39, the URL kept", async ({
  page,
}) => {
  test.setTimeout(420_000); // two production builds
  const good = await liveVersion('finance');
  const crash = buildCrashingFinance('9.2.0-crash-inject', 'boom: Pembukuan crash-inject');
  const fix = buildRemote('finance', '9.3.0-fix');
  const errors = watchErrors(page);
  const counter = countLoads(page);
  await signIn(page);
  const menu = page.getByRole('navigation');
  const heading = page.getByRole('main').getByRole('heading', { name: 'Pembukuan' });
  const panel = page.getByRole('alert');

  // The crashing version (its endpoints injected) runs in the tab.
  remote('deploy', 'finance', '--from', crash);
  await page.reload();
  await menu.getByRole('link', { name: 'Pembukuan' }).click();
  await expect(panel).toContainText('Modul Pembukuan gagal ditampilkan.');
  await expect(panel).toContainText('(Kode untuk admin: finance 9.2.0-crash-inject)');

  // A forward fix: 'Coba lagi' says that the module was replaced and reloads into the fix.
  remote('deploy', 'finance', '--from', fix);
  const loadsBefore = counter.loads;
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/mf-manifest.json')) manifests.push(new URL(r.url()).pathname);
  });
  errors.length = 0;
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(heading).toBeVisible();
  expect(counter.loads).toBe(loadsBefore + 1);
  expect(new URL(page.url()).pathname).toBe('/pembukuan');
  expect(manifests).toContain('/remotes/finance/9.3.0-fix/mf-manifest.json');
  expect(manifests.filter((m) => m.includes('/_r'))).toEqual([]);
  expect(injectedTwice(errors)).toEqual([]);

  // The crashing version again (a reload takes it), then a rollback to the good one.
  remote('rollback', 'finance', '--to', '9.2.0-crash-inject');
  await page.reload();
  await expect(panel).toContainText('(Kode untuk admin: finance 9.2.0-crash-inject)');
  remote('rollback', 'finance', '--to', good);
  errors.length = 0;
  const loadsBeforeRollback = counter.loads;
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect(heading).toBeVisible();
  expect(counter.loads).toBe(loadsBeforeRollback + 1);
  expect(new URL(page.url()).pathname).toBe('/pembukuan');
  expect(injectedTwice(errors)).toEqual([]);
  await expect(panel).toHaveCount(0);
});

test('a tab whose version was pruned: opening a page of it reloads into the live version; pages it had shown keep working', async ({
  page,
}) => {
  test.setTimeout(300_000); // one production build
  const v1 = await liveVersion('inventory');
  const v2 = buildRemote('inventory', '9.4.0-next');
  const errors = watchErrors(page);
  const counter = countLoads(page);
  await signIn(page);
  const menu = page.getByRole('navigation');
  const main = page.getByRole('main');
  await menu.getByRole('link', { name: 'Data Produk' }).click();
  await expect(main.getByRole('heading', { name: 'Data Produk' })).toBeVisible();

  // v2 goes live and v1's files are removed (what `prune` does once a version is old enough).
  remote('deploy', 'inventory', '--from', v2);
  rmSync(path.join(dataDir, 'remotes', 'inventory', v1), { recursive: true, force: true });
  const loadsBefore = counter.loads;
  errors.length = 0;
  await menu.getByRole('link', { name: 'Barang Masuk' }).click();
  await expect(main.getByRole('heading', { name: 'Barang Masuk' })).toBeVisible();
  expect(counter.loads).toBe(loadsBefore + 1);
  expect(new URL(page.url()).pathname).toBe('/incoming-goods');
  for (const label of ['Dashboard', 'Data Produk']) {
    await menu.getByRole('link', { name: label, exact: true }).click();
    await expect(main.getByRole('heading', { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(injectedTwice(errors)).toEqual([]);
});
