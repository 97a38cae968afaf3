#!/usr/bin/env node
/* global window, document, MutationObserver, requestAnimationFrame -- these run inside the page */
// `npm run bench:web`: production build, then in headless Chromium measure
//  - the JavaScript (gzip) the browser downloads for /login and for the signed-in dashboard,
//  - the time from navigation to the dashboard's first rendered content (median of 5 cold loads).
// Budget: /login at most 200 KB of gzipped JavaScript.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8190);
const base = `http://127.0.0.1:${port}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOGIN_BUDGET_KB = 200;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (process.env.BENCH_SKIP_BUILD !== '1') {
  const build = spawnSync('npx', ['lerna', 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gudang-bench-'));
const server = spawn('node', ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1' },
  stdio: 'ignore',
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** Gzipped size of every JavaScript response the page downloads while `action` runs. */
async function jsBytes(page, action) {
  const seen = new Map();
  const onResponse = async (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    try {
      seen.set(res.url(), gzipSync(await res.body()).length);
    } catch {
      // redirects and aborted responses have no body
    }
  };
  page.on('response', onResponse);
  await action();
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  return { files: seen.size, bytes: [...seen.values()].reduce((a, b) => a + b, 0) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await waitForServer();
const login = await (
  await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@gudang.test', password: 'manager123' }),
  })
).json();
const storageState = {
  cookies: [],
  origins: [{ origin: base, localStorage: [{ name: 'token', value: login.token }] }],
};

const browser = await chromium.launch({
  executablePath:
    process.env.CHROMIUM_PATH ?? execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim(),
  args: CHROMIUM_ARGS,
});
try {
  const anon = await browser.newContext();
  const loginPage = await anon.newPage();
  const loginJs = await jsBytes(loginPage, () => loginPage.goto(`${base}/login`));
  await anon.close();

  const signed = await browser.newContext({ storageState });
  const dashPage = await signed.newPage();
  const dashJs = await jsBytes(dashPage, async () => {
    await dashPage.goto(`${base}/dashboard`);
    await dashPage.getByRole('main').getByRole('heading', { name: 'Dashboard' }).waitFor();
  });
  await signed.close();

  // Time from navigation start to the first frame that shows the dashboard's heading, taken in
  // the page (a MutationObserver plus the next animation frame), so that the harness's own
  // round trips do not count.
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext({ storageState }); // cold cache each run
    await ctx.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const heading = [...document.querySelectorAll('main h1, main h2')].find(
          (el) => el.textContent === 'Dashboard',
        );
        if (!heading) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__dashboardShownAt = performance.now();
        });
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    });
    const page = await ctx.newPage();
    await page.goto(`${base}/dashboard`);
    await page.waitForFunction(() => typeof window.__dashboardShownAt === 'number');
    times.push(Math.round(await page.evaluate(() => window.__dashboardShownAt)));
    await ctx.close();
  }

  console.log('Web benchmark (production build, headless Chromium, uncached)');
  console.log(
    `  /login JavaScript:       ${kb(loginJs.bytes)} gzip in ${loginJs.files} files (budget ${LOGIN_BUDGET_KB} KB)`,
  );
  console.log(`  /dashboard JavaScript:   ${kb(dashJs.bytes)} gzip in ${dashJs.files} files`);
  console.log(
    `  dashboard first content: median ${median(times)} ms of ${RUNS} (${times.join(', ')} ms)`,
  );
  if (loginJs.bytes > LOGIN_BUDGET_KB * 1024) {
    console.log('  OVER BUDGET: /login JavaScript');
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  stopServer();
}
