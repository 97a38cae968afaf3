#!/usr/bin/env node
/* global window, document, MutationObserver, requestAnimationFrame -- these run inside the page */
// `npm run bench:web`: production build, then in headless Chromium (cold cache each time) measure
//  - the bytes actually transferred (compressed bodies plus headers, as the browser's resource
//    timing reports them) for /login and for the signed-in dashboard, in total and for JavaScript,
//  - the requests /login makes before the first frame that shows its form,
//  - the time from navigation to the dashboard's first rendered content (median of 5 cold loads).
// Budgets: /login at most 200 KB transferred and at most 12 requests before the form;
// the dashboard shown within 1 s.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startServer, waitForServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 8190);
const base = `http://127.0.0.1:${port}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LOGIN_BUDGET_KB = 200;
const LOGIN_REQUESTS_BUDGET = 12;
const DASHBOARD_BUDGET_MS = 1000;
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
const stopServer = startServer(root, port, { DATA_DIR: dataDir });

/**
 * Marks (in the page) the first frame that shows `selector` with `text` as window.__shownAt, so
 * that the harness's own round trips do not count.
 */
function markShown(ctx, selector, text) {
  return ctx.addInitScript(
    ([sel, txt]) => {
      const observer = new MutationObserver(() => {
        const found = [...document.querySelectorAll(sel)].find((el) => el.textContent === txt);
        if (!found) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          window.__shownAt = performance.now();
        });
      });
      document.addEventListener('DOMContentLoaded', () =>
        observer.observe(document.body, { childList: true, subtree: true }),
      );
    },
    [selector, text],
  );
}

/** What the page transferred (resource timing: compressed body + headers), and before `shownAt`. */
async function transfers(page) {
  return page.evaluate(() => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ];
    const shownAt = window.__shownAt;
    const js = entries.filter((e) => /\.js(\?|$)/.test(e.name));
    const sum = (list) => list.reduce((total, e) => total + e.transferSize, 0);
    return {
      requests: entries.length,
      bytes: sum(entries),
      jsFiles: js.length,
      jsBytes: sum(js),
      decodedBytes: entries.reduce((total, e) => total + e.decodedBodySize, 0),
      beforeShown: entries.filter((e) => e.startTime < shownAt).length,
      shownAt: Math.round(shownAt),
    };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

await waitForServer(base);
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
  await markShown(anon, 'button', 'Masuk');
  const loginPage = await anon.newPage();
  await loginPage.goto(`${base}/login`);
  await loginPage.waitForFunction(() => typeof window.__shownAt === 'number');
  await loginPage.waitForLoadState('networkidle');
  const login = await transfers(loginPage);
  await anon.close();

  const times = [];
  let dash;
  for (let i = 0; i < RUNS; i++) {
    const ctx = await browser.newContext({ storageState }); // cold cache each run
    await markShown(ctx, 'main h1, main h2', 'Dashboard');
    const page = await ctx.newPage();
    await page.goto(`${base}/dashboard`);
    await page.waitForFunction(() => typeof window.__shownAt === 'number');
    if (i === 0) {
      await page.waitForLoadState('networkidle');
      dash = await transfers(page);
    }
    times.push(Math.round(await page.evaluate(() => window.__shownAt)));
    await ctx.close();
  }

  console.log('Web benchmark (production build, headless Chromium, cold cache, loopback)');
  console.log(
    `  /login transferred:       ${kb(login.bytes)} in ${login.requests} requests (budget ${LOGIN_BUDGET_KB} KB); JavaScript ${kb(login.jsBytes)} in ${login.jsFiles} files; ${kb(login.decodedBytes)} uncompressed`,
  );
  console.log(
    `  /login form shown:        after ${login.beforeShown} requests (budget ${LOGIN_REQUESTS_BUDGET}), at ${login.shownAt} ms`,
  );
  console.log(
    `  /dashboard transferred:   ${kb(dash.bytes)} in ${dash.requests} requests; JavaScript ${kb(dash.jsBytes)} in ${dash.jsFiles} files; ${kb(dash.decodedBytes)} uncompressed`,
  );
  console.log(
    `  dashboard first content:  median ${median(times)} ms of ${RUNS} (${times.join(', ')} ms; budget ${DASHBOARD_BUDGET_MS} ms)`,
  );
  const over = [];
  if (login.bytes > LOGIN_BUDGET_KB * 1024) over.push('/login transfer');
  if (login.beforeShown > LOGIN_REQUESTS_BUDGET) over.push('/login requests before the form');
  if (median(times) > DASHBOARD_BUDGET_MS) over.push('dashboard time');
  if (over.length > 0) {
    console.log(`  OVER BUDGET: ${over.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  stopServer();
}
