import { expect, test, type Browser, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS, type RoleName } from './accounts';
import { repoRoot, startServer, stopServer } from './server-process';

// A remote's own pages (issue 49, docs/adr/0027): the finance team deploys a build whose
// pages.json declares a new page for the manager only; the manager's menu shows it at its place
// and opens it, the admin's menu does not, and a build declaring a page the contract does not know
// is refused with the page named. On a server of its own: the deploy switches a live remote, which
// the other specs' server must not see.
const port = Number(process.env.E2E_DECLARED_PAGES_PORT ?? 8186);
const baseURL = `http://127.0.0.1:${port}`;
let work = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'gudang-declared-pages-'));
  server = await startServer(port, { DATA_DIR: path.join(work, 'data'), SEED_DEMO: 'true' });
});

test.afterAll(async () => {
  await stopServer(server);
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

const CHECKS_PAGE = {
  path: '/settlement-checks',
  label: 'Cek Penghasilan',
  icon: 'settlements',
  roles: ['manager'],
  order: 155,
  module: 'Settlements',
};

/**
 * The built finance remote (packages/finance/dist) under another version, its pages.json (as the
 * build stamped it) with `extra` pages added, packed as the .tar.gz a team uploads.
 */
function financeArchive(version: string, extra: object[]): Buffer {
  const dir = path.join(work, `finance-${version}`);
  cpSync(path.join(repoRoot, 'packages', 'finance', 'dist'), dir, { recursive: true });
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  expect(manifest.metaData.gudang.pages.map((page: { path: string }) => page.path)).toEqual([
    '/pembukuan',
    '/settlements',
  ]);
  manifest.metaData.gudang.version = version;
  manifest.metaData.buildInfo.buildVersion = version;
  manifest.metaData.gudang.pages.push(...extra);
  writeFileSync(file, JSON.stringify(manifest));
  rmSync(`${file}.gz`, { force: true });
  rmSync(`${file}.br`, { force: true });
  const archive = path.join(work, `finance-${version}.tar.gz`);
  const packed = spawnSync('tar', ['-czf', archive, '-C', dir, '.']);
  expect(packed.status, String(packed.stderr)).toBe(0);
  return readFileSync(archive);
}

async function deploy(version: string, extra: object[]) {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ACCOUNTS.manager),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  form.append('name', 'finance');
  form.append('file', new Blob([new Uint8Array(financeArchive(version, extra))]), 'build.tar.gz');
  const response = await fetch(`${baseURL}/api/remote-builds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

async function signIn(browser: Browser, role: RoleName): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS[role].email);
  await page.getByLabel('Password').fill(ACCOUNTS[role].password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Menu utama' });

test('a page the contract does not know is refused at deploy, named; nothing switches', async () => {
  const refused = await deploy('9.9.0-unknown', [
    { ...CHECKS_PAGE, path: '/laporan-rahasia', label: 'Rahasia' },
  ]);
  expect(refused.status).toBe(400);
  expect(refused.body.message).toContain("Halaman '/laporan-rahasia' tidak dikenal");
  const widened = await deploy('9.9.0-admin', [{ ...CHECKS_PAGE, roles: ['admin', 'manager'] }]);
  expect(widened.status).toBe(400);
  expect(widened.body.message).toContain(
    "Halaman '/settlement-checks': peran 'admin' ditolak aturan server (hanya manager)",
  );
});

test("a page declared by finance's deploy is in the manager's menu, at its place, and not in the admin's", async ({
  browser,
}) => {
  const deployed = await deploy('9.9.0-pages', [CHECKS_PAGE]);
  expect(deployed.status, deployed.body.message).toBe(200);

  const manager = await signIn(browser, 'manager');
  const item = menu(manager).getByRole('link', { name: 'Cek Penghasilan' });
  await expect(item).toBeVisible();
  const labels = await menu(manager).getByRole('link').allTextContents();
  expect(labels.slice(labels.indexOf('Pembukuan'), labels.indexOf('Pembukuan') + 4)).toEqual([
    'Pembukuan',
    'Penghasilan Marketplace',
    'Cek Penghasilan',
    'Log Aktivitas',
  ]);
  await item.click();
  await expect(manager).toHaveURL(/\/settlement-checks$/);
  await expect(manager.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Cek Penghasilan',
  );
  // Opened directly (a reload), the page is found once finance's pages are read.
  await manager.reload();
  await expect(manager).toHaveURL(/\/settlement-checks$/);
  await expect(manager.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    'Cek Penghasilan',
  );

  const admin = await signIn(browser, 'admin');
  // The admin's shell read finance's declarations too: the manager's page leads to the dashboard.
  await admin.goto('/settlement-checks');
  await expect(admin).toHaveURL(/\/dashboard$/);
  await expect(menu(admin).getByRole('link', { name: 'Barang Masuk' })).toBeVisible();
  await expect(menu(admin).getByRole('link', { name: 'Cek Penghasilan' })).toHaveCount(0);
  expect(await menu(admin).getByRole('link').count()).toBe(10);
});
