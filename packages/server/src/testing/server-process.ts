// The real server as a child process (main.ts through tsx, as `npm start` runs it), for the tests
// that kill it: SIGKILL mid-write, SIGTERM under load, a second server on the same directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pgliteTemplate } from './template';
import { TEST_JWT_SECRET } from './test-app';

const REPO_ROOT = path.resolve(__dirname, '../../../..');
const MAIN = path.join(REPO_ROOT, 'packages/server/src/main.ts');
const READY = /Gudang siap di http:\/\/127\.0\.0\.1:(\d+)/;

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:<port> (the port is chosen by the system: PORT=0). */
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerEnv {
  dataDir: string;
  /** The PostgreSQL database to use; null: PGlite in dataDir. */
  databaseUrl: string | null;
  extra?: Record<string, string>;
}

/** Starts the process; `ready` resolves once it listens, or rejects with its output if it ends. */
export function spawnServer(env: ServerEnv): {
  process: Omit<ServerProcess, 'baseUrl'>;
  ready: Promise<ServerProcess>;
} {
  const inherited = { ...process.env };
  // Not a jest worker (db/client.ts imports PGlite differently there), and no database but ours.
  delete inherited.JEST_WORKER_ID;
  delete inherited.DATABASE_URL;
  // A new PGlite directory starts as a copy of the run's migrated template: no initdb (about 4 s).
  const pgliteDir = path.join(env.dataDir, 'pglite');
  const template = pgliteTemplate();
  if (env.databaseUrl === null && template !== null && !existsSync(pgliteDir))
    cpSync(template, pgliteDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      JWT_SECRET: TEST_JWT_SECRET,
      SEED_DEMO: 'true',
      // One process, as before WORKERS (cluster.test.ts asks for more).
      WORKERS: '1',
      DATA_DIR: env.dataDir,
      WEB_DIR: path.join(env.dataDir, 'no-web'),
      ...(env.databaseUrl === null ? {} : { DATABASE_URL: env.databaseUrl }),
      ...env.extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = { child, pid: child.pid ?? 0, output: () => text, exited };
  const ready = new Promise<ServerProcess>((resolve, reject) => {
    const onData = () => {
      const match = READY.exec(text);
      if (match === null) return;
      child.stdout?.off('data', onData);
      resolve({ ...base, baseUrl: `http://127.0.0.1:${match[1]}` });
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(
        new Error(`the server ended (code ${code}, signal ${signal}) before listening:\n${text}`),
      ),
    );
  });
  return { process: base, ready };
}

export function startServer(env: ServerEnv): Promise<ServerProcess> {
  return spawnServer(env).ready;
}

/** Runs one of the commands in src/cli (as `npm run <command>` does) to its end. */
export function runCli(
  command: string,
  args: string[],
  env: ServerEnv,
): Promise<{ code: number | null; output: string }> {
  const inherited = { ...process.env };
  delete inherited.JEST_WORKER_ID;
  delete inherited.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'packages/server/src/cli', `${command}.ts`), ...args],
    {
      cwd: REPO_ROOT,
      env: {
        ...inherited,
        DATA_DIR: env.dataDir,
        ...(env.databaseUrl === null ? {} : { DATABASE_URL: env.databaseUrl }),
        ...env.extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** Sends the signal and waits for the process to end. */
export async function stopServer(
  server: Pick<ServerProcess, 'child' | 'exited'>,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  return server.exited;
}

/** A JSON request to the server; the answer's status and body. */
export async function request(
  baseUrl: string,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: parsed };
}

/** Signs in one of the demo accounts (SEED_DEMO=true) and returns the token. */
export async function demoLogin(baseUrl: string, role: 'manager' | 'admin'): Promise<string> {
  const answer = await request(baseUrl, 'POST', '/api/auth/login', null, {
    email: `${role}@gudang.test`,
    password: `${role}123`,
  });
  if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return (answer.body as { token: string }).token;
}
