import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { constants, runInThisContext } from 'node:vm';
import type * as PgliteModule from '@electric-sql/pglite';
import type * as PgTrgmModule from '@electric-sql/pglite/contrib/pg_trgm';
import type * as BtreeGistModule from '@electric-sql/pglite/contrib/btree_gist';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { acquireDataDirLock, clusterState } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';
import { createPrivately, tightenTree } from './private-files';
import { schema } from './schema';

export type Schema = typeof schema;
interface Rows<T> {
  rows: T[];
}
/** What `db.execute(sql)` returns with either driver: at least the rows. */
export interface QueryResultHKT extends PgQueryResultHKT {
  type: Rows<this['row']>;
}
/** The drizzle database, whichever driver is underneath. */
export type Db = PgDatabase<QueryResultHKT, Schema>;
/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Services accept both, so that a caller can run them inside its own transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseKind = 'pglite' | 'postgresql';

/** How a PGlite directory was found when it was opened (null: in memory, or PostgreSQL). */
export interface OpenedState {
  /** The last process using it did not close it (killed, power loss): PGlite replayed its WAL. */
  uncleanShutdown: boolean;
  /** The pid of a dead process whose lock file was taken over, else null. */
  staleLockPid: number | null;
  /** Files and folders of the directory that others could read or write, now owner-only. */
  tightened: number;
}

/**
 * Told whether notifications are being received: false when the listening connection was lost
 * (notifications sent meanwhile are missed), true once it listens (again).
 */
export type ListenState = (listening: boolean) => void;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  opened: OpenedState | null;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (lower case), from any process
   * on the database, this one included. Resolves once listening; the function it gives stops.
   */
  listen(
    channel: string,
    handler: (payload: string) => void,
    state: ListenState,
  ): Promise<() => Promise<void>>;
  /** Applies the committed migrations in drizzle/, or those of `folder` (idempotent). */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** When set, a real PostgreSQL server through node-postgres. */
  databaseUrl: string | null;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  pgliteDir: string;
  /**
   * With 'memory://': the database starts as this data-directory image (a tar file written by
   * writePgliteImage) instead of a new, empty one. The tests' migrated template (testing/template.ts).
   */
  pgliteImage?: string;
  /** This process already holds the directory's lock (restore): do not take it again. */
  lockHeld?: boolean;
  /**
   * PostgreSQL: open the pool's connections at once and keep them open
   * (the server; not a command or a test, which want few connections).
   */
  warm?: boolean;
  /**
   * PGlite in its worker thread: told if the thread stops without close() (the database is gone
   * for this process; the server exits so that its service manager starts it again).
   */
  onLost?: (error: Error) => void;
  /**
   * PGlite in a worker thread (default), or in this thread with false: PGLITE_THREAD
   * (docs/adr/0017-pglite-in-a-worker-thread.md).
   */
  pgliteThread?: boolean;
}

// PGlite loads Node built-ins with import(). Jest runs test code in a vm sandbox that cannot
// execute import() without --experimental-vm-modules, so under jest PGlite is imported through a
// function compiled in the host context with Node's own loader.
function hostImport(specifier: string): Promise<unknown> {
  const importer = runInThisContext('(specifier) => import(specifier)', {
    filename: __filename,
    importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  }) as (specifier: string) => Promise<unknown>;
  return importer(specifier);
}

async function loadPglite() {
  if (process.env.JEST_WORKER_ID !== undefined) {
    const { PGlite } = (await hostImport('@electric-sql/pglite')) as typeof PgliteModule;
    const { pg_trgm } = (await hostImport(
      '@electric-sql/pglite/contrib/pg_trgm',
    )) as typeof PgTrgmModule;
    const { btree_gist } = (await hostImport(
      '@electric-sql/pglite/contrib/btree_gist',
    )) as typeof BtreeGistModule;
    return { PGlite, pg_trgm, btree_gist };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  return { PGlite, pg_trgm, btree_gist };
}

/**
 * The PGlite of `dataDir` (undefined: in memory, from `image` when given) in this thread, with the
 * extensions.
 */
async function openPgliteHere(
  dataDir: string | undefined,
  image?: string,
): Promise<PgliteModule.PGlite> {
  const { PGlite, pg_trgm, btree_gist } = await loadPglite();
  // btree_gist: the one-package-one-resi exclusion constraint (drizzle/0014_packing.sql).
  return PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gist },
    loadDataDir: image === undefined ? undefined : new Blob([readFileSync(image)]),
  });
}

/**
 * Writes the image of a closed PGlite data directory (a tar, PGlite's dumpDataDir) to `file`, for
 * DatabaseOptions.pgliteImage: an in-memory database that starts as a copy of it.
 */
export async function writePgliteImage(pgliteDir: string, file: string): Promise<void> {
  const pglite = await openPgliteHere(pgliteDir);
  try {
    writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await pglite.close();
  }
}

/** packages/server/drizzle, from src/db. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

/** How long a lost listening connection waits before it connects again. */
const RELISTEN_MS = 1000;

/**
 * LISTEN on a connection of its own (not one of the pool's), made again when it is lost; `state`
 * hears of the loss and of each new start, since notifications sent in between are gone.
 */
async function listenPg(
  connectionString: string,
  channel: string,
  handler: (payload: string) => void,
  state: ListenState,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let current: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) handler(message.payload ?? '');
    });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (current !== client) return;
      current = null;
      state(false);
      if (!stopped) timer = setTimeout(again, RELISTEN_MS);
    });
    await client.connect();
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
    state(true);
  };
  const again = () => {
    connect().catch(() => {
      if (!stopped) timer = setTimeout(again, RELISTEN_MS);
    });
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => undefined);
  };
}

/** How long an idle pool connection stays open (node-postgres' default is 10 s). */
const POOL_IDLE_MS = 5 * 60_000;
/** Connections of a server process's pool. */
const POOL_MAX = 10;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== null) {
    const warm = options.warm === true;
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_MAX,
      // node-postgres would close a connection after 10 s without a query, and the next request
      // paid a new connection: a server's connections stay open. Statements are not kept per
      // connection (ADR 0018's addendum of 2026-11-28: measured, no gain a shop could notice).
      idleTimeoutMillis: POOL_IDLE_MS,
      min: warm ? POOL_MAX : 0,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => undefined);
    if (warm) {
      // Every connection opened before the server listens.
      const clients = await Promise.all(Array.from({ length: POOL_MAX }, () => pool.connect()));
      await Promise.all(clients.map((client) => client.query('select 1')));
      for (const client of clients) client.release();
    } else await pool.query('select 1');
    const db = drizzlePg({ client: pool, schema });
    const url = options.databaseUrl;
    return {
      db,
      kind: 'postgresql',
      opened: null,
      listen: (channel, handler, state) => listenPg(url, channel, handler, state),
      migrate: (folder = MIGRATIONS_FOLDER) => migratePg(db, { migrationsFolder: folder }),
      close: () => pool.end(),
    };
  }

  const inMemory = options.pgliteDir.startsWith('memory://');
  // Owner-only files, whatever the umask (src/db/private-files.ts).
  if (!inMemory) createPrivately();
  const tightened = inMemory ? 0 : tightenTree(options.pgliteDir);
  // PGlite does not create missing parent folders itself.
  if (!inMemory) mkdirSync(options.pgliteDir, { recursive: true });
  // One process at a time on a directory (docs/adr/0011-durability-and-backup.md).
  const lock = inMemory || options.lockHeld === true ? null : acquireDataDirLock(options.pgliteDir);
  const opened: OpenedState | null = inMemory
    ? null
    : {
        uncleanShutdown: clusterState(options.pgliteDir) === 'not shut down',
        staleLockPid: lock?.staleFrom ?? null,
        tightened,
      };
  let client: Pick<PgliteModule.PGlite, 'closed' | 'listen' | 'close'>;
  try {
    const dataDir = inMemory ? undefined : options.pgliteDir;
    const image = inMemory ? options.pgliteImage : undefined;
    client =
      options.pgliteThread !== false
        ? await PgliteThread.open(dataDir, options.onLost, image)
        : await openPgliteHere(dataDir, image);
    // A new directory is unpacked with files open to everybody.
    if (!inMemory) tightenTree(options.pgliteDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  // PgliteThread has the part of PGlite's interface drizzle uses (query, transaction).
  const db = drizzlePglite({ client: client as PgliteModule.PGlite, schema });
  return {
    db,
    kind: 'pglite',
    opened,
    // One process, one connection: nothing can be missed.
    listen: async (channel, handler, state) => {
      const stop = await client.listen(channel, handler);
      state(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db, { migrationsFolder: folder }),
    // Closing writes PostgreSQL's shutdown checkpoint: the next open needs no recovery.
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}
