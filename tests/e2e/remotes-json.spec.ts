import { expect, test } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from './accounts';

// A team ships a new build of its remote by putting it at a new address and editing
// remotes.json: the running shell picks it up on reload, with no shell rebuild and no restart.
const root = path.resolve(__dirname, '..', '..');
const port = Number(process.env.E2E_REMOTES_PORT ?? 8182);
const baseURL = `http://127.0.0.1:${port}`;
const defaultRemotes = {
  remotes: ['inventory', 'orders', 'finance', 'admin'].map((name) => ({
    name,
    entry: `/remotes/${name}/mf-manifest.json`,
  })),
};

let server: ChildProcess;
let cdn: http.Server;
let cdnOrigin: string;
let remotesFile: string;

function serveDir(dir: string): Promise<http.Server> {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.json': 'application/json',
    '.css': 'text/css',
  };
  const srv = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      res.statusCode = 404;
      res.end();
      return;
    }
    res.setHeader('Content-Type', types[path.extname(file)] ?? 'application/octet-stream');
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => srv.listen(0, '127.0.0.1', () => resolve(srv)));
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const work = mkdtempSync(path.join(os.tmpdir(), 'gudang-remotes-'));
  // The "second build": the inventory remote's build, published under a versioned path on
  // another origin (a CDN stand-in on this machine).
  cpSync(path.join(root, 'packages/inventory/dist'), path.join(work, 'cdn', 'inventory', 'v2'), {
    recursive: true,
  });
  cdn = await serveDir(path.join(work, 'cdn'));
  cdnOrigin = `http://127.0.0.1:${(cdn.address() as AddressInfo).port}`;
  remotesFile = path.join(work, 'remotes.json');
  writeFileSync(remotesFile, JSON.stringify(defaultRemotes));

  server = spawn('node', [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(work, 'data'),
      REMOTES_JSON: remotesFile,
      // A shop far from the browser's zone (Asia/Jakarta in the test config): the header date
      // must follow the shop.
      SHOP_TIMEZONE: 'Pacific/Pago_Pago',
      SKIP_BUILD: '1',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 120; i++) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('second server did not start');
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise<void>((resolve) => (cdn ? cdn.close(() => resolve()) : resolve()));
});

test('an edited remotes.json is picked up on reload', async ({ page }) => {
  const manifests: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('mf-manifest.json')) manifests.push(req.url());
  });
  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(manifests).toContain(`${baseURL}/remotes/inventory/mf-manifest.json`);
  const shopToday = new Intl.DateTimeFormat('id-ID', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Pacific/Pago_Pago',
  }).format(new Date());
  await expect(page.getByRole('banner')).toContainText(shopToday);

  const moved = {
    remotes: defaultRemotes.remotes.map((r) =>
      r.name === 'inventory' ? { ...r, entry: `${cdnOrigin}/inventory/v2/mf-manifest.json` } : r,
    ),
  };
  writeFileSync(remotesFile, JSON.stringify(moved));
  manifests.length = 0;
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(manifests).toContain(`${cdnOrigin}/inventory/v2/mf-manifest.json`);
  expect(manifests).not.toContain(`${baseURL}/remotes/inventory/mf-manifest.json`);
});
