#!/usr/bin/env node
// `npm test`: lint, formatting, type-check, every package's jest suite, then the end-to-end suite in
// Chromium. Every step runs even when an earlier one fails, so one run shows every problem.
// The three checks run at once (each is mostly one process on one core; on 2 cores one after
// the other took 44 + 29 + 78 s): their output is printed whole, one step after the other.
// Counts go to .test-results/*.json, each step's seconds to .test-results/steps.json; the last
// line is `N passed, N failed, N flaky` over all suites.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTotals, resultsDir, stepsFile } from './test-totals.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2); // e.g. `npm test -- unit` runs only the named steps
const keep = process.env.KEEP_TEST_RESULTS === '1';
if (!keep) rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'], atOnce: true },
  { name: 'format', cmd: ['npx', 'prettier', '--check', '.', '--log-level=warn'], atOnce: true },
  { name: 'typecheck', cmd: ['npx', 'tsc', '-b'], atOnce: true },
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
  // CI's second pass (.ci/run): the server files whose behaviour differs by engine, on PostgreSQL.
  {
    name: 'server-postgresql',
    onlyWhenNamed: true,
    cmd: [
      'npx',
      'jest',
      '--selectProjects=server',
      '--json',
      `--outputFile=${path.join(resultsDir, 'jest-server-postgresql.json')}`,
    ],
    env: {
      DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
      SERVER_TESTS: 'engine-specific',
    },
  },
];

// Seconds and outcome by step name; a kept file (KEEP_TEST_RESULTS=1) gets the new steps added.
const timesFile = path.join(resultsDir, stepsFile);
const times = keep && existsSync(timesFile) ? JSON.parse(readFileSync(timesFile, 'utf8')) : {};

const failedSteps = [];
/** Notes a finished step: its line, its seconds in steps.json, and a failure. */
function finished(step, status, started) {
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`== ${step.name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
  times[step.name] = { seconds, ok: status === 0 };
  writeFileSync(timesFile, `${JSON.stringify(times, null, 2)}\n`);
  if (status !== 0) failedSteps.push(step.name);
}

/** Runs `step` with its output kept, then prints the output whole: for steps that run at once. */
function runKept(step) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(step.cmd[0], step.cmd.slice(1), {
      cwd: step.cwd ?? root,
      env: { ...process.env, ...step.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    let reported = false;
    const done = (status) => {
      if (reported) return; // 'error' may be followed by 'close'
      reported = true;
      console.log(`\n== ${step.name}: ${step.cmd.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      finished(step, status, started);
      resolve();
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

const chosen = steps.filter((step) =>
  only.length > 0 ? only.includes(step.name) : !step.onlyWhenNamed,
);
await Promise.all(chosen.filter((step) => step.atOnce).map(runKept));
for (const step of chosen.filter((s) => !s.atOnce)) {
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
  finished(step, res.status, started);
}

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const totals = printTotals();
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
