// WORKERS=N: N server processes on one port (node:cluster), on PostgreSQL only
// (docs/adr/0007-scale.md, "Both cores"). The primary does what must happen once: the JWT secret
// file (loadConfig), the remote builds' registration, the data directory's permissions, the
// migrations and the demo data; then it starts the workers, restarts one that dies, and on
// SIGTERM or SIGINT asks each to close as a single server does (no new connections, open
// requests answered) and ends when they have. Each worker is the server of main.ts; what workers
// share lives in the database (the sign-in lock, session versions through NOTIFY; a logout also
// goes through the primary to every worker before it answers), and the scheduled jobs take an
// advisory lock (db/advisory-lock.ts).
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { ConfigError, type Config } from './config';
import { createDatabase } from './db/client';
import { maintenanceWarning } from './db/maintenance';
import { createSetupToken, serverAddress, setupLink, setupLinkMessage } from './lib/setup-token';
import { NO_USERS_MESSAGE } from './plugins/db';
import { relaySessionForgets } from './modules/auth/workers';
import { seedDemo } from './seed/seed';

/** The message the primary sends a worker to close it. */
export const CLOSE_MESSAGE = 'gudang:close';

/** A worker that died is replaced after this long (a worker that cannot start must not spin). */
const RESTART_DELAY_MS = 1000;

/** The hosts that are this machine (a unix socket path, starting with '/', is too). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * Whether DATABASE_URL's PostgreSQL runs on this machine: its host is localhost, 127.0.0.1, ::1
 * or a unix socket path (`postgres://%2Fvar%2Frun%2Fpostgresql/gudang`, or `?host=/var/run/...`);
 * no host at all is node-postgres' default, localhost.
 */
export function isLocalDatabase(databaseUrl: string): boolean {
  const url = new URL(databaseUrl);
  let host = url.searchParams.get('host') ?? url.hostname;
  try {
    host = decodeURIComponent(host).toLowerCase();
  } catch {
    return false; // not a name this machine has
  }
  return host === '' || host.startsWith('/') || LOCAL_HOSTS.has(host);
}

/**
 * How many server processes (ADR 0007, "The default of WORKERS"): WORKERS (decoded by
 * EnvSchema, config.ts) when set; otherwise 1 on PGlite, half the cores (at least 1) when
 * PostgreSQL runs on this machine and needs the other half, and one per core when it runs
 * elsewhere. PGlite is a database inside one process: WORKERS above 1 without DATABASE_URL stops
 * the start.
 */
export function workerCount(
  config: Pick<Config, 'databaseUrl' | 'workers'>,
  cores: number = os.availableParallelism(),
): number {
  const { databaseUrl, workers } = config;
  if (workers === undefined) {
    if (databaseUrl === null) return 1;
    return Math.max(1, isLocalDatabase(databaseUrl) ? Math.floor(cores / 2) : cores);
  }
  if (workers > 1 && databaseUrl === null)
    throw new ConfigError(
      `WORKERS=${workers} needs DATABASE_URL: the embedded PGlite database is open in one ` +
        'process only. Set DATABASE_URL to a PostgreSQL server, or WORKERS=1',
    );
  return workers;
}

const say = (message: string) => console.log(`[cluster] ${message}`);

/** The migrations and the demo data, once, before any worker opens the database. */
async function prepareDatabase(config: Config): Promise<void> {
  const database = await createDatabase(config);
  try {
    await database.migrate();
    const warning = await maintenanceWarning(database);
    if (warning !== null) console.warn(`[cluster] ${warning}`);
    if (config.seedDemo && (await seedDemo(database.db, { timeZone: config.shopTimezone })))
      say('demo data created (manager@gudang.test / manager123, admin@gudang.test / admin123)');
    // No account yet: the workers skip this (plugins/db.ts); the token is in the database.
    const token = await createSetupToken(database.db);
    if (token !== null) {
      console.warn(`[cluster] ${NO_USERS_MESSAGE}`);
      console.warn(`[cluster] ${setupLinkMessage(setupLink(serverAddress(config), token))}`);
    }
  } finally {
    await database.close();
  }
}

/** Runs the primary: starts `count` workers and looks after them until a signal ends them. */
export async function runPrimary(config: Config, count: number): Promise<void> {
  await prepareDatabase(config);

  let stopping = false;
  let ready = false;
  let exitCode = 0;
  const listened = new Set<number>();
  const start = () => cluster.fork();

  cluster.on('listening', (worker, address) => {
    listened.add(worker.id);
    if (ready) {
      say(`worker ${worker.process.pid} listening`);
      return;
    }
    if (listened.size < count) return;
    ready = true;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const port = address.port === 0 ? config.port : address.port;
    say(
      `Gudang siap di ${config.tls ? 'https' : 'http'}://${shownHost}:${port} (database: postgresql, ${count} workers, pid ${Object.values(
        cluster.workers ?? {},
      )
        .map((w) => w?.process.pid)
        .join(', ')})`,
    );
  });

  cluster.on('exit', (worker: Worker, code: number | null, signal: NodeJS.Signals | null) => {
    const how = signal === null ? `code ${code}` : `signal ${signal}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      say(`worker ${worker.process.pid} closed (${how})`);
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        say('closed cleanly');
        process.exit(exitCode);
      }
      return;
    }
    if (!ready && !listened.has(worker.id)) {
      // It could not start (the database, the port): the others would fail the same way.
      console.error(`Gudang could not start: worker ${worker.process.pid} ended (${how})`);
      stopping = true;
      exitCode = 1;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    listened.delete(worker.id);
    say(`worker ${worker.process.pid} ended (${how}): starting another`);
    setTimeout(() => {
      if (!stopping) start();
    }, RESTART_DELAY_MS).unref();
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      say(`${signal} again: ending the workers without waiting`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    stopping = true;
    say(`${signal} received: closing ${count} workers (each finishes its open requests)`);
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const worker of workers) {
      if (worker?.isConnected() === true) worker.send(CLOSE_MESSAGE);
      else worker?.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  // A logout answers once every worker has forgotten the account (modules/auth/workers.ts).
  relaySessionForgets();
  for (let i = 0; i < count; i++) start();
}

/**
 * In a worker: `close` runs when the primary asks, or when the primary is gone (the IPC channel
 * closes), so that no worker outlives it.
 */
export function onPrimaryClose(close: () => void): void {
  process.on('message', (message) => {
    if (message === CLOSE_MESSAGE) close();
  });
  process.on('disconnect', close);
}

export const isWorker = () => cluster.isWorker;
