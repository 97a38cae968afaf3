#!/usr/bin/env node
// `npm test`: lint, formatting, type-check, every package's jest suite, then the end-to-end suite in
// Chromium. Every step runs even when an earlier one fails, so one run shows every problem.
// Counts go to .test-results/*.json; the last line is `N passed, N failed` over all suites.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTotals, resultsDir } from './test-totals.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs only the named steps
const keep = process.env.KEEP_TEST_RESULTS === '1';
if (!keep) rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'] },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-b'] },
  {
    name: 'unit',
    cmd: ['npx', 'jest', '--json', `--outputFile=${path.join(resultsDir, 'jest.json')}`],
  },
  { name: 'build', cmd: ['npx', 'lerna', 'run', 'build'] },
  {
    name: 'e2e',
    cmd: ['npx', 'playwright', 'test'],
    cwd: path.join(root, 'tests'),
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(resultsDir, 'e2e.json') },
  },
];

const failedSteps = [];
for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  if (step.name === 'e2e' && failedSteps.includes('build')) {
    failedSteps.push('e2e');
    continue;
  }
  console.log(`\n== ${step.name}: ${step.cmd.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: step.cwd ?? root,
    stdio: 'inherit',
    env: { ...process.env, ...step.env },
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`== ${step.name}: ${res.status === 0 ? 'ok' : 'FAILED'} (${secs} s)`);
  if (res.status !== 0) failedSteps.push(step.name);
}

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const totals = printTotals();
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
