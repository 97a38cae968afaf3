#!/usr/bin/env node
// `npm start`: build the front ends that are missing or older than their sources, then run the
// server (API + shell + remotes at one URL). Environment variables pass straight through.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// package.json's engines, said plainly before anything else can fail on an older Node.js.
const NODE_MAJOR_MIN = 20;
const nodeMajor = Number(process.versions.node.split('.')[0]);
if (nodeMajor < NODE_MAJOR_MIN) {
  console.error(
    `Gudang needs Node.js ${NODE_MAJOR_MIN} or newer; this is Node.js ${process.versions.node}. ` +
      'Install Node.js 20 LTS (https://nodejs.org) and run `npm ci && npm start` again.',
  );
  process.exit(1);
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webPackages = ['shell', 'inventory', 'orders', 'finance', 'admin'];
// Sources every front-end build depends on besides its own src/.
const sharedSources = [
  'packages/api-client/src',
  'packages/shared-ui/src',
  'packages/mf-build/index.js',
  'packages/mf-build/surface.js',
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sharedNewest = Math.max(...sharedSources.map((s) => newestMtime(path.join(root, s))));
const stale = webPackages.filter((name) => {
  const marker = path.join(
    root,
    'packages',
    name,
    'dist',
    name === 'shell' ? 'index.html' : 'mf-manifest.json',
  );
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  const src = newestMtime(path.join(root, 'packages', name, 'src'));
  return Math.max(src, sharedNewest) > built;
});

if (stale.length > 0 && process.env.SKIP_BUILD !== '1') {
  console.log(`[start] building: ${stale.join(', ')}`);
  const scopes = stale.flatMap((name) => ['--scope', `@gudang/${name}`]);
  const build = spawnSync('npx', ['lerna', 'run', 'build', ...scopes], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [path.join(root, 'packages/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

// `npm start` stopped with SIGTERM exits without passing the signal on, which left this process
// and the server running as orphans (micro-frontend audit 11). When the process that started us
// is gone (we were re-parented), stop the server the same way.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphanCheck);
  server.kill('SIGTERM');
}, 1000);
orphanCheck.unref();
