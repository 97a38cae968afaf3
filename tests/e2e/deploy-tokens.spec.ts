import { expect, test, type Page } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from './accounts';
import { repoRoot, startServer, stopServer } from './server-process';

// A team's own deploy credential (issue 49): the manager makes a deploy token for one remote on
// the Deploy page, sees it once, and the team deploys that remote with it; another remote is
// refused (403) and a revoked token is 401. On a server of its own: the deploy switches a live
// remote, which the other specs' server must not see.
const port = Number(process.env.E2E_DEPLOY_TOKENS_PORT ?? 8189);
const baseURL = `http://127.0.0.1:${port}`;
let work = '';
let server: ChildProcess | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  work = mkdtempSync(path.join(os.tmpdir(), 'gudang-deploy-tokens-'));
  server = await startServer(port, { DATA_DIR: path.join(work, 'data'), SEED_DEMO: 'true' });
});

test.afterAll(async () => {
  await stopServer(server);
  if (work !== '') rmSync(work, { recursive: true, force: true });
});

/**
 * The built remote (packages/<name>/dist) under another version: the same files, the manifest's
 * version changed, packed as the .tar.gz a team uploads.
 */
function archiveOf(name: string, version: string): Buffer {
  const dir = path.join(work, `${name}-${version}`);
  cpSync(path.join(repoRoot, 'packages', name, 'dist'), dir, { recursive: true });
  const file = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.metaData.gudang.version = version;
  manifest.metaData.buildInfo.buildVersion = version;
  writeFileSync(file, JSON.stringify(manifest));
  const archive = path.join(work, `${name}-${version}.tar.gz`);
  const packed = spawnSync('tar', ['-czf', archive, '-C', dir, '.']);
  expect(packed.status, String(packed.stderr)).toBe(0);
  return readFileSync(archive);
}

async function deploy(name: string, version: string, token: string) {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([new Uint8Array(archiveOf(name, version))]), 'build.tar.gz');
  const response = await fetch(`${baseURL}/api/remote-builds`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

async function liveEntry(name: string): Promise<string> {
  const list = (await (await fetch(`${baseURL}/remotes.json`)).json()) as {
    remotes: { name: string; entry: string }[];
  };
  return list.remotes.find((remote) => remote.name === name)?.entry ?? '';
}

async function signIn(page: Page) {
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

test('a token made on the Deploy page deploys its remote, not another; revoked, it is refused', async ({
  page,
}) => {
  await signIn(page);
  await page.getByRole('navigation').getByRole('link', { name: 'Deploy' }).click();
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Deploy', exact: true }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Buat Token' }).click();
  const form = page.getByRole('dialog', { name: 'Buat Token' });
  await form.getByLabel('Nama Token').fill('tim-keuangan');
  await form.getByLabel('Modul').selectOption('finance');
  await form.getByRole('button', { name: 'Simpan' }).click();
  const shown = page.getByRole('dialog', { name: 'Token Deploy Baru' });
  const token = await shown.getByRole('textbox').inputValue();
  expect(token).toMatch(/^gdt_[0-9a-f]{64}$/);
  await shown.getByRole('button', { name: 'Sudah Disalin' }).click();
  const tokens = page.getByRole('table', { name: 'Daftar token deploy' });
  await expect(tokens.getByRole('row', { name: /tim-keuangan/ })).toContainText('Keuangan');
  // Shown once: the page no longer holds it.
  await expect(page.locator('body')).not.toContainText(token);

  const own = await deploy('finance', '9.9.0-token', token);
  expect(own.status, own.body.message).toBe(200);
  expect(own.body.message).toBe('finance 9.9.0-token aktif');
  expect(await liveEntry('finance')).toBe('/remotes/finance/9.9.0-token/mf-manifest.json');

  const before = await liveEntry('orders');
  const other = await deploy('orders', '9.9.0-token', token);
  expect(other.status).toBe(403);
  expect(other.body.message).toBe('Token deploy ini hanya untuk finance, bukan orders');
  expect(await liveEntry('orders')).toBe(before);

  // The panel names the token in finance's history.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Riwayat finance' })).toContainText(
    "token deploy 'tim-keuangan'",
  );

  page.once('dialog', (dialog) => void dialog.accept());
  await tokens.getByRole('button', { name: 'Cabut tim-keuangan' }).click();
  await expect(page.getByText('Token deploy dicabut')).toBeVisible();
  const revoked = await deploy('finance', '9.9.1-token', token);
  expect(revoked.status).toBe(401);
  expect(await liveEntry('finance')).toBe('/remotes/finance/9.9.0-token/mf-manifest.json');
});

test('a remote that fails to load in a browser is counted on the Deploy page, by its version', async ({
  page,
}) => {
  await signIn(page);
  const live = (await liveEntry('finance')).split('/')[3] ?? '';
  expect(live).not.toBe('');
  // finance's files do not arrive: Pembukuan shows its error panel and the shell reports it.
  await page.route('**/remotes/finance/**', (route) => route.abort());
  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/api/client-errors') && response.status() === 202,
  );
  await page.getByRole('navigation').getByRole('link', { name: 'Pembukuan' }).click();
  await expect(page.getByRole('main')).toContainText('Modul Pembukuan gagal dimuat');
  await reported;

  await page.unroute('**/remotes/finance/**');
  await page.getByRole('navigation').getByRole('link', { name: 'Deploy' }).click();
  const versions = page.getByRole('table', { name: 'Versi finance' });
  await expect(
    versions.getByRole('row', { name: new RegExp(live.replaceAll('.', '\\.')) }),
  ).toContainText(/1 \((bagian )?gagal dimuat 1\)/);
});
