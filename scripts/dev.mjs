#!/usr/bin/env node
// `npm run dev`: the API (restarting on change, port 8080) plus the dev servers of the shell
// (http://localhost:3000) and of the four remotes (3001-3004), all in one terminal.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const procs = [
  ['server', ['npm', 'run', 'dev', '-w', '@gudang/server']],
  ...['inventory', 'orders', 'finance', 'admin', 'shell'].map((name) => [
    name,
    ['npm', 'run', 'dev', '-w', `@gudang/${name}`],
  ]),
].map(([name, cmd]) => {
  // Each in its own process group, so that stopping dev stops npm's children (webpack, tsx) too.
  const child = spawn(cmd[0], cmd.slice(1), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = `[${name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (buf) => process.stdout.write(buf.toString().replace(/^(?=.)/gm, prefix)));
  }
  return child;
});

const stop = () => {
  for (const child of procs) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
