// The app as `npm start` serves it (scripts/start.mjs, the builds already made), started for the
// browser benchmarks (bench-web.mjs, bench-lighthouse.mjs).
import { spawn } from 'node:child_process';

/**
 * Starts the app from `root` on `port`, with `env` added to this process's environment. It is
 * stopped when this process exits; returns the function that stops it sooner.
 */
export function startServer(root, port, env) {
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SKIP_BUILD: '1', ...env },
    stdio: 'ignore',
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  return stop;
}

/** Waits until GET `base`/api/health answers, at most two minutes. */
export async function waitForServer(base) {
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
