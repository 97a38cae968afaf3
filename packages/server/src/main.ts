import { existsSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirInUseError } from './db/data-dir-lock';
import { createPrivately, tightenDataDir } from './db/private-files';
import { DATABASE_LOST_MESSAGE, privateFilesMessage } from './plugins/db';
import { controlSocketOf, listenControl } from './backup/control';
import { backupsDirOf, scheduleDailyBackups } from './backup/schedule';
import { scheduleHousekeeping } from './lib/housekeeping';
import { trackRequests } from './shutdown';
import { LOCK_WAIT_MS, registerStartBuilds, storeFor } from './remote-builds/remote-builds';
import { pullShared, withSharedBuilds } from './remote-builds/shared';
import { createDatabase } from './db/client';
import { isWorker, onPrimaryClose, runPrimary, workerCount } from './cluster';

/**
 * Without REMOTES_JSON the live list is REMOTES_DIR/remotes.json, kept by the deploy command; the
 * default builds (packages/<name>/dist) are registered in it as versions first (ADR 0010). On
 * PostgreSQL the folder is first brought up to the builds kept in the database, and what the
 * registration changes is kept there (remote-builds/shared.ts; ADR 0007).
 */
async function withRemoteBuilds(config: Config): Promise<Config> {
  if (config.remotesJson !== null) return config;
  const store = storeFor(config);
  const log = (message: string) => console.log(`[remotes] ${message}`);
  // With WORKERS the primary registers them, once; the workers read the list it wrote.
  if (config.databaseUrl !== null) {
    const database = await createDatabase({ ...config, pgliteDir: 'memory://' });
    try {
      if (isWorker()) await pullShared(database.db, store).catch(() => false);
      else
        await withSharedBuilds(
          database.db,
          store,
          () => registerStartBuilds(store, config.webDir, log),
          LOCK_WAIT_MS,
        );
    } finally {
      await database.close();
    }
  } else if (!isWorker()) registerStartBuilds(store, config.webDir, log);
  return existsSync(store.listFile) ? { ...config, remotesJson: store.listFile } : config;
}

/**
 * A second signal this soon after the first is the same stop delivered again (the process group
 * and the parent both pass it on); later, it is someone asking to exit without waiting.
 */
const SAME_STOP_MS = 1000;

/** Unix socket paths longer than this do not fit sockaddr_un on every system. */
const MAX_SOCKET_PATH = 100;

async function main(): Promise<void> {
  // The JWT secret, the lock, the control socket, backups and the database: owner-only.
  createPrivately();
  // The JWT secret file is created here, by the primary before any worker starts.
  const config = await withRemoteBuilds(loadConfig());
  const workers = workerCount(config);
  const worker = isWorker();
  const tightened = worker ? 0 : tightenDataDir(config.dataDir);
  // WORKERS above 1: this process starts and watches the workers (cluster.ts), which run the rest.
  if (workers > 1 && !worker) {
    if (tightened > 0) console.warn(`${privateFilesMessage(tightened)} (in ${config.dataDir})`);
    await runPrimary(config, workers);
    return;
  }
  // Without its database a process can only answer 500: it exits non-zero instead, and the
  // service manager (README: running it as a service) starts it again on the same data.
  let logFatal = (message: string) => console.error(message);
  const app = await buildApp({
    config,
    logger: { level: config.logLevel },
    onDatabaseLost: (error) => {
      logFatal(`${DATABASE_LOST_MESSAGE} (${error.message})`);
      process.exit(1);
    },
  });
  logFatal = (message) => app.log.fatal(message);
  if (tightened > 0) app.log.warn(`${privateFilesMessage(tightened)} (in ${config.dataDir})`);
  // Which worker answered (a test counts them); only with WORKERS above 1.
  if (worker)
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-worker', String(process.pid));
    });

  let closingSince: number | null = null;
  const shutdown = (signal: NodeJS.Signals | 'close') => {
    if (closingSince !== null) {
      // The primary's request after a signal the worker got itself (Ctrl-C reaches both), or the
      // same stop delivered twice: Ctrl-C or a closed terminal reach the whole process group and
      // `npm start` passes the signal on too, as systemd stops every process of the service.
      if (signal === 'close' || Date.now() - closingSince < SAME_STOP_MS) return;
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closingSince = Date.now();
    // A closed terminal takes stdout with it: the close goes on without its log lines.
    if (signal === 'SIGHUP')
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    // Stops accepting at once; answers every request already sent; then app.close() runs onClose
    // (the database).
    const drained = drainer.drain();
    app.log.info(
      `${signal === 'close' ? 'the primary asked' : `${signal} received`}: closing (no new connections, finishing open requests)`,
    );
    drained
      .then(async () => {
        // Each waits for its run under way (a backup, the housekeeping), then the control
        // socket for a backup being written through it.
        await daily?.stop();
        await housekeeping?.stop();
        await control?.close();
        await app.close();
      })
      .then(
        () => {
          app.log.info('closed cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while closing');
          process.exit(1);
        },
      );
  };
  const drainer = trackRequests(app);
  let control: { close(): Promise<void> } | null = null;
  let daily: { stop(): Promise<void> } | null = null;
  let housekeeping: { stop(): Promise<void> } | null = null;
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // The terminal that started the server was closed.
  process.on('SIGHUP', shutdown);
  if (worker) onPrimaryClose(() => shutdown('close'));

  await app.listen({ port: config.port, host: config.host });
  const database = { db: app.db, kind: app.dbKind };
  // `npm run backup` of a running PGlite server asks this process (docs/adr/0011).
  if (config.databaseUrl === null) {
    if (controlSocketOf(config.dataDir).length > MAX_SOCKET_PATH)
      app.log.warn(
        `DATA_DIR is too long a path for the backup socket: back up with the server stopped`,
      );
    else
      control = await listenControl(database, config.dataDir, (error) =>
        app.log.error({ err: error }, 'backup failed'),
      );
  }
  // PGlite has no autovacuum: a daily VACUUM ANALYZE of its own (lib/housekeeping.ts).
  if (config.databaseUrl === null)
    housekeeping = scheduleHousekeeping(database, config.dataDir, config.shopTimezone, app.log);
  if (config.backupKeep > 0)
    daily = scheduleDailyBackups(
      database,
      backupsDirOf(config.dataDir),
      config.backupKeep,
      app.log,
    );
  // The primary says when every worker listens.
  if (worker) {
    app.log.info(`worker ${process.pid} listening`);
    return;
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  app.log.info(
    `Gudang siap di ${config.tls ? 'https' : 'http'}://${shownHost}:${port} (database: ${app.dbKind}${config.databaseUrl === null ? `, ${config.pgliteDir}` : ''})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else if (error instanceof DataDirInUseError) {
    console.error(`Gudang could not start: ${error.message}`);
  } else {
    console.error('Gudang could not start:', error);
  }
  process.exit(1);
});
