#!/usr/bin/env node
// `npm run typecheck`: the whole repository once (tsconfig.json: every file, tests and scripts
// with Node and DOM types), then each package alone with only the types it may use (its own
// tsconfig.json: no DOM in the server, no Node in browser code). Exit 1 when any fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['api-client', 'shared-ui', 'inventory', 'orders', 'finance', 'admin', 'shell'];
const projects = [
  'tsconfig.json',
  'packages/server/tsconfig.json',
  ...PACKAGES.map((name) => `packages/${name}/tsconfig.json`),
];

let failed = 0;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync('npx', ['tsc', '-p', project], { cwd: root, stdio: 'inherit' });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`tsc -p ${project}: ${result.status === 0 ? 'ok' : 'FAILED'} (${secs} s)`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
