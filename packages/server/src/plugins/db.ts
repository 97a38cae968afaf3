import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseKind, Db } from '../db/client';
import { maintenanceWarning } from '../db/maintenance';
import { discardPendingImports } from '../db/pending-imports';
import { createSetupToken, setupLink, setupLinkMessage } from '../lib/setup-token';
import { seedDemo } from '../seed/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseKind;
  }
}

/** Logged when the PGlite directory was left open: the last process was killed or lost power. */
export const RECOVERY_MESSAGE =
  'the database was not closed cleanly last time (the process was killed or the power failed); ' +
  'PGlite recovered it from its write-ahead log';

/** Logged before the server exits because the embedded database's worker thread stopped. */
export const DATABASE_LOST_MESSAGE =
  'the embedded database stopped (its worker thread ended): exiting so that the service manager starts the server again';

/** Logged at start while the database has no user, so that nobody can sign in. */
export const NO_USERS_MESSAGE =
  'no user account exists yet, so nobody can sign in: create the first manager with ' +
  '`npm run user -w @gudang/server -- add --email you@shop.id --name "Your name" --role manager` ' +
  '(with the embedded database, stop the server first), or start once with SEED_DEMO=true for the demo accounts';

/** Logged when files of the data directory were open to other users of the machine. */
export const privateFilesMessage = (count: number) =>
  `${count} files and folders of the data directory could be read or written by other users ` +
  "of this machine; they are now readable by the server's own user only (files 0600, folders 0700)";

/** Logged at start when a crash left order imports half written (their rows were hidden). */
export const unfinishedImportsMessage = (count: number) =>
  `${count} marketplace order import(s) stopped before they finished were undone ` +
  '(their orders were never shown); import the file again';

export interface DbPluginOptions {
  database: Database;
  /** Close the database with the app (false when the caller shares it, e.g. tests). */
  closeWithApp: boolean;
  seed: boolean;
  shopTimezone: string;
  /** Where the server is reached (the first-manager link starts with it). */
  setupBaseUrl: string;
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  const { database } = options;
  if (options.closeWithApp) app.addHook('onClose', () => database.close());
  if (database.opened?.staleLockPid != null)
    app.log.warn(
      `took over the data directory's lock of pid ${database.opened.staleLockPid}, which no longer runs`,
    );
  if (database.opened?.uncleanShutdown === true) app.log.warn(RECOVERY_MESSAGE);
  if (database.opened !== null && database.opened.tightened > 0)
    app.log.warn(privateFilesMessage(database.opened.tightened));
  await database.migrate();
  // An order import a crash stopped between its batches: its hidden rows go (ADR 0026).
  const discarded = await discardPendingImports(database.db);
  if (discarded > 0) app.log.warn(unfinishedImportsMessage(discarded));
  // Once per start: with WORKERS > 1 the primary says it (cluster.ts).
  if (!cluster.isWorker) {
    const warning = await maintenanceWarning(database);
    if (warning !== null) app.log.warn(warning);
  }
  if (options.seed) {
    const seeded = await seedDemo(database.db, { timeZone: options.shopTimezone });
    if (seeded)
      app.log.info(
        'demo data created (manager@gudang.test / manager123, admin@gudang.test / admin123)',
      );
  }
  // A shop started without demo data has no account yet: say how to make the first one, on the
  // command line or from a one-time link (with WORKERS the primary says it, cluster.ts).
  if (!cluster.isWorker) {
    const token = await createSetupToken(database.db);
    if (token !== null) {
      app.log.warn(NO_USERS_MESSAGE);
      app.log.warn(setupLinkMessage(setupLink(options.setupBaseUrl, token)));
    }
  }
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
}

export const db = fp(dbPlugin, { name: 'db', fastify: '5.x' });
