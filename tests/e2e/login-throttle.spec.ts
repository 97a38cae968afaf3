import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNTS } from './accounts';
import { startServer, stopServer } from './server-process';

// An outsider's wrong passwords must not lock the manager out. The server trusts
// X-Forwarded-For from 127.0.0.1 (TRUST_PROXY), so the outsider's requests can come "from"
// another address, as they would through a reverse proxy; the browser signs in as itself.
const port = Number(process.env.E2E_THROTTLE_PORT ?? 8185);
const baseURL = `http://127.0.0.1:${port}`;
const OUTSIDER = '203.0.113.7';

let server: ChildProcess | undefined;

test.use({ baseURL, storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer(port, {
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gudang-throttle-')),
    TRUST_PROXY: '127.0.0.1',
    SEED_DEMO: 'true',
  });
});

test.afterAll(() => stopServer(server));

const outsiderLogin = (password: string) =>
  fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': OUTSIDER },
    body: JSON.stringify({ email: ACCOUNTS.manager.email, password }),
  });

test("an outsider's five wrong passwords do not stop the manager signing in", async ({ page }) => {
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect((await outsiderLogin(`tebakan-${attempt}`)).status).toBe(401);
  }
  // The outsider is now locked out, even with the right password, and told when to come back.
  const locked = await outsiderLogin(ACCOUNTS.manager.password);
  expect(locked.status).toBe(429);
  expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);

  await page.goto('/login');
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('main').getByRole('heading', { name: 'Dashboard', level: 2 }),
  ).toBeVisible();
});
