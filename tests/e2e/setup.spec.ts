import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stopServer } from './server-process';

// A shop's first start without demo accounts (README 'First start'): the log prints a one-time
// link; its page creates the first manager, who then signs in; the link works once, and a link
// with another token is refused (issue 42, Pengguna).
const port = Number(process.env.E2E_SETUP_PORT ?? 8188);
const baseURL = `http://127.0.0.1:${port}`;
const manager = { name: 'Pemilik Toko', email: 'pemilik@toko.test', password: 'rahasia-toko-1' };

let server: ChildProcess | undefined;
const links: string[] = [];

test.use({ baseURL, storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer(
    port,
    { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gudang-setup-')), SEED_DEMO: 'false' },
    (line) => {
      const link = /https?:\/\/\S+\/setup\?token=[\w-]+/.exec(line)?.[0];
      if (link !== undefined) links.push(link);
    },
  );
});

test.afterAll(() => stopServer(server));

test('the link the log prints creates the first manager once; then the manager signs in', async ({
  page,
}) => {
  await expect.poll(() => links.length).toBeGreaterThan(0);
  const link = new URL(links.at(-1) ?? '');
  const token = link.searchParams.get('token') ?? '';
  expect(token.length).toBeGreaterThan(20);

  // Another token: refused, nothing made.
  await page.goto(`/setup?token=${token.slice(0, -4)}abcd`);
  await page.getByLabel('Nama', { exact: true }).fill(manager.name);
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password', { exact: true }).fill(manager.password);
  await page.getByLabel('Ulangi Password').fill(manager.password);
  await page.getByRole('button', { name: 'Buat Akun' }).click();
  await expect(page.getByRole('alert')).toContainText(/tautan/i);

  await page.goto(`/setup?token=${token}`);
  await expect(page.getByRole('heading', { name: 'Buat Akun Manager Pertama' })).toBeVisible();
  await page.getByLabel('Nama', { exact: true }).fill(manager.name);
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password', { exact: true }).fill(manager.password);
  await page.getByLabel('Ulangi Password').fill(manager.password);
  await page.getByRole('button', { name: 'Buat Akun' }).click();
  await page.getByRole('link', { name: 'Ke halaman Masuk' }).click();

  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password').fill(manager.password);
  await page.getByRole('button', { name: /Masuk|Login/ }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByText(manager.email)).toBeVisible();
  // The manager's menu: Pengguna, where the staff are added.
  await expect(page.getByRole('link', { name: 'Pengguna' })).toBeVisible();

  // The link is used up.
  const again = await page.request.post('/api/setup', {
    data: { token, name: 'Lain', email: 'lain@toko.test', password: manager.password },
  });
  expect(again.status()).toBe(409);
});
