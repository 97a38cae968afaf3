// The PGlite worker (node:worker_threads): owns the embedded database and runs what the server's
// thread asks of it (db/pglite-thread.ts), so that PostgreSQL's work and the server's HTTP and
// JSON work use two cores (docs/adr/0017-pglite-in-a-worker-thread.md). PGlite's own locks keep
// today's order: a query waits while a transaction runs, and only that transaction's queries go.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type {
  WireError,
  WireOptions,
  WorkerData,
  WorkerMessage,
  WorkerRequest,
} from './pglite-thread';

const port = parentPort;
if (port === null) throw new Error('pglite-worker.ts runs as a worker thread');

/** Thrown out of a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** Results cross the thread as the text PostgreSQL sent for these types (drizzle's choice). */
const keepText = (value: string) => value;

function queryOptions(wire: WireOptions | undefined): QueryOptions | undefined {
  if (wire === undefined) return undefined;
  const { textTypes, ...rest } = wire;
  if (textTypes === undefined) return rest;
  return { ...rest, parsers: Object.fromEntries(textTypes.map((type) => [type, keepText])) };
}

/** An error as plain data: its name, message, stack and PostgreSQL's fields (code, constraint). */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      fields[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}

function send(message: WorkerMessage): void {
  port?.postMessage(message);
}

interface OpenTransaction {
  tx: Transaction;
  end(commit: boolean): void;
  done: Promise<void>;
}

async function main(): Promise<void> {
  const { dataDir, image } = workerData as WorkerData;
  let db: PGlite;
  try {
    // btree_gist: the one-package-one-resi exclusion constraint (drizzle/0014_packing.sql).
    db = await PGlite.create(dataDir, {
      extensions: { pg_trgm, btree_gist },
      loadDataDir: image === undefined ? undefined : new Blob([readFileSync(image)]),
    });
  } catch (error) {
    send({ kind: 'failed', error: wireError(error) });
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  const listeners = new Map<number, () => Promise<void>>();
  let nextId = 1;

  const target = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return db;
    const open = transactions.get(tx);
    if (open === undefined) throw new Error('Transaction is closed');
    return open.tx;
  };

  const begin = () =>
    new Promise<number>((started, failed) => {
      const id = nextId++;
      let end!: (commit: boolean) => void;
      const ended = new Promise<boolean>((resolve) => (end = resolve));
      let began = false;
      const done = db
        .transaction(async (tx) => {
          began = true;
          transactions.set(id, { tx, end, done });
          started(id);
          if (!(await ended)) throw ROLLBACK;
        })
        .finally(() => transactions.delete(id));
      done.catch((error: unknown) => {
        if (!began) failed(error);
      });
    });

  const finish = async (tx: number, commit: boolean) => {
    const open = transactions.get(tx);
    if (open === undefined) throw new Error('Transaction is closed');
    open.end(commit);
    try {
      await open.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  };

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, queryOptions(request.options));
      case 'exec':
        return target(request.tx).exec(request.sql, queryOptions(request.options));
      case 'begin':
        return begin();
      case 'end':
        return finish(request.tx, request.commit);
      case 'listen': {
        const id = nextId++;
        const channel = request.channel;
        listeners.set(
          id,
          await db.listen(channel, (payload) => send({ kind: 'notify', listener: id, payload })),
        );
        return id;
      }
      case 'unlisten': {
        const stop = listeners.get(request.listener);
        listeners.delete(request.listener);
        if (stop !== undefined && !db.closed) await stop();
        return null;
      }
      case 'close':
        if (!db.closed) await db.close();
        return null;
    }
  };

  port?.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (value) => send({ kind: 'reply', id: request.id, value }),
      (error: unknown) => send({ kind: 'reply', id: request.id, error: wireError(error) }),
    );
  });
  send({ kind: 'ready' });
}

void main();
