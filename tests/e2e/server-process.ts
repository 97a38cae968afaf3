import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Starts the app exactly as `npm start` does (already built), on its own port and environment; one
 * server process (WORKERS=1) unless `env` says otherwise: several workers are the server suite's
 * cluster test.
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  /** Each line the server writes (stdout and stderr), when a test reads its log. */
  onLine?: (line: string) => void,
): Promise<ChildProcess> {
  const child = spawn('node', [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      WORKERS: '1',
      ...env,
    },
    stdio: onLine === undefined ? 'ignore' : ['ignore', 'pipe', 'pipe'],
  });
  if (onLine !== undefined)
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

export function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
