import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ACCOUNTS } from './accounts';
import { startServer, stopServer } from './server-process';

// The app on a real PostgreSQL server (DATABASE_URL), so that the test can break the stock
// directly in the database while the app runs, as a faulty import or a manual fix would.
const adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = Number(process.env.E2E_PG_PORT ?? 8183);
const baseURL = `http://127.0.0.1:${port}`;
const dbName = `gudang_e2e_${Date.now().toString(36)}`;
let server: ChildProcess | undefined;
let dbUrl: string;

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = adminUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  server = await startServer(port, {
    DATABASE_URL: dbUrl,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'gudang-e2e-pg-')),
  });
});

test.afterAll(async () => {
  await stopServer(server);
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

test('an inconsistent stock shows the warning, and Hitung Ulang Stok clears it', async ({
  page,
  browser,
}) => {
  const health = await (await fetch(`${baseURL}/api/health`)).json();
  expect(health.database).toBe('postgresql');

  await page.goto(`${baseURL}/login`);
  await page.getByLabel('Email').fill(ACCOUNTS.manager.email);
  await page.getByLabel('Password').fill(ACCOUNTS.manager.password);
  await page.getByRole('button', { name: 'Masuk' }).click();
  await expect(page.getByRole('status', { name: 'Data Konsisten' })).toBeVisible();

  await admin(
    (c) =>
      c.query(
        'UPDATE products SET current_stock = current_stock + 5 WHERE id = (SELECT min(id) FROM products)',
      ),
    dbUrl,
  );
  await page.reload();
  const warning = page.getByRole('alert', { name: 'Data Stok Tidak Konsisten' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText('Selisih: +5');

  // An admin sees the same warning with the button disabled, and why (tooltip and text).
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${baseURL}/login`);
  await adminPage.getByLabel('Email').fill(ACCOUNTS.admin.email);
  await adminPage.getByLabel('Password').fill(ACCOUNTS.admin.password);
  await adminPage.getByRole('button', { name: 'Masuk' }).click();
  const adminWarning = adminPage.getByRole('alert', { name: 'Data Stok Tidak Konsisten' });
  const reason = 'Hanya manager yang dapat menghitung ulang stok';
  const recalculate = adminWarning.getByRole('button', { name: 'Hitung Ulang Stok' });
  await expect(recalculate).toBeDisabled();
  await expect(recalculate).toHaveAccessibleDescription(reason);
  await expect(adminWarning.getByText(reason)).toBeVisible();
  await expect(adminWarning.locator(`[title="${reason}"]`)).toContainText('Hitung Ulang Stok');
  const { violations } = await new AxeBuilder({ page: adminPage })
    .include('[role="alert"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await adminContext.close();

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(
      'Apakah Anda yakin ingin menghitung ulang stok? Operasi ini akan memperbaiki data yang tidak konsisten.',
    );
    void dialog.accept();
  });
  await warning.getByRole('button', { name: 'Hitung Ulang Stok' }).click();
  await expect(page.getByText('Stok berhasil dihitung ulang')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Data Konsisten' })).toBeVisible();
  await expect(warning).toBeHidden();
});
