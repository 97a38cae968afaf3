// PGlite in a worker thread (docs/adr/0017-pglite-in-a-worker-thread.md). The server's thread gets
// a stand-in with the part of PGlite's interface that drizzle-orm/pglite, the migrations, the
// listeners and the tests use (query, exec, transaction, listen, close); the worker
// (db/pglite-worker.ts) owns the database. Values cross the thread by structured clone.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';

const WORKER_ENTRY = path.join(__dirname, 'pglite-worker.cjs');

export interface WorkerData {
  /** The data directory; undefined: in memory. */
  dataDir: string | undefined;
  /** In memory: start from this data-directory image (DatabaseOptions.pgliteImage). */
  image?: string;
}

/** QueryOptions without functions: the parsers drizzle gives all keep the text, by type id. */
export interface WireOptions extends Omit<QueryOptions, 'parsers' | 'serializers' | 'onNotice'> {
  textTypes?: number[];
}

export type WorkerRequest = { id: number } & (
  | { op: 'query'; sql: string; params?: unknown[]; options?: WireOptions; tx?: number }
  | { op: 'exec'; sql: string; options?: WireOptions; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; listener: number }
  | { op: 'close' }
);

export interface WireError {
  name: string;
  message: string;
  stack?: string;
  /** PostgreSQL's fields (code, constraint, detail, ...), read by db/errors.ts. */
  fields: Record<string, string | number | boolean>;
}

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; error: WireError }
  | { kind: 'reply'; id: number; value?: unknown; error?: WireError }
  | { kind: 'notify'; listener: number; payload: string };

type Request = WorkerRequest extends infer R
  ? R extends { id: number }
    ? Omit<R, 'id'>
    : never
  : never;

function fromWire(wire: WireError): Error {
  const error = new Error(wire.message);
  error.name = wire.name;
  Object.assign(error, wire.fields);
  if (wire.stack !== undefined) error.stack = wire.stack;
  return error;
}

const identityChecked = new WeakMap<object, number[]>();

/** The options as data; a parser other than "keep the text" cannot cross the thread. */
function toWire(options: QueryOptions | undefined): WireOptions | undefined {
  if (options === undefined) return undefined;
  const { parsers, serializers, onNotice, ...rest } = options;
  if (serializers !== undefined || onNotice !== undefined)
    throw new Error('PGlite thread: serializers and onNotice are not supported');
  if (parsers === undefined) return rest;
  let textTypes = identityChecked.get(parsers);
  if (textTypes === undefined) {
    textTypes = Object.entries(parsers).map(([type, parser]) => {
      const probe = 'probe';
      if (parser(probe, Number(type)) !== probe)
        throw new Error(`PGlite thread: the parser of type ${type} does not keep the text`);
      return Number(type);
    });
    identityChecked.set(parsers, textTypes);
  }
  return { ...rest, textTypes };
}

type Queries = Pick<Transaction, 'query' | 'exec'>;

/** The server thread's PGlite: every call is a message to the worker that owns the database. */
export class PgliteThread {
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly handlers = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private lost: Error | null = null;
  private closing = false;

  private constructor(
    private readonly worker: Worker,
    onLost: (error: Error) => void,
  ) {
    worker.on('message', (message: WorkerMessage) => {
      if (message.kind === 'notify') {
        this.handlers.get(message.listener)?.(message.payload);
        return;
      }
      if (message.kind !== 'reply') return;
      const call = this.pending.get(message.id);
      if (call === undefined) return;
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (message.error !== undefined) call.reject(fromWire(message.error));
      else call.resolve(message.value);
    });
    const fail = (error: Error) => {
      const first = this.lost === null;
      this.lost ??= error;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      if (first && !this.closing) onLost(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  /**
   * Starts the worker and opens the database (a directory, or undefined: in memory, from `image`
   * when given). `onLost` is told once if the worker stops without close(): every call fails from
   * then on.
   */
  static async open(
    dataDir: string | undefined,
    onLost: (error: Error) => void = () => undefined,
    image?: string,
  ): Promise<PgliteThread> {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { dataDir, image } satisfies WorkerData,
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: WorkerMessage) => {
        if (message.kind === 'ready') done(resolve);
        else if (message.kind === 'failed') done(() => reject(fromWire(message.error)));
      };
      const onError = (error: Error) => done(() => reject(error));
      const onExit = (code: number) =>
        done(() => reject(new Error(`the PGlite worker stopped (exit code ${code})`)));
      const done = (settle: () => void) => {
        worker.off('message', onMessage).off('error', onError).off('exit', onExit);
        settle();
      };
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    // An idle database does not keep the process alive, as PGlite in the server's thread did not.
    worker.unref();
    return new PgliteThread(worker, onLost);
  }

  get closed(): boolean {
    return this.closing || this.lost !== null;
  }

  private call<T>(request: Request): Promise<T> {
    if (this.lost !== null) return Promise.reject(this.lost);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private queries(tx: number | undefined): Queries {
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.call<Results<T>>({ op: 'query', sql, params, options: toWire(options), tx }),
      exec: (sql: string, options?: QueryOptions) =>
        this.call<Results[]>({ op: 'exec', sql, options: toWire(options), tx }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queries(undefined).query<T>(sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.queries(undefined).exec(sql, options);
  }

  /**
   * Runs `callback` in a transaction: committed when it resolves, rolled back when it throws.
   * Meanwhile the worker runs no other query (PGlite has one connection).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const { query, exec } = this.queries(id);
    const guard = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        guard();
        return query<R>(sql, params, options);
      },
      exec: (sql: string, options?: QueryOptions) => {
        guard();
        return exec(sql, options);
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.call({ op: 'end', tx: id, commit: false });
      throw error;
    }
    closed = true;
    await this.call({ op: 'end', tx: id, commit: true });
    return result;
  }

  /** Calls `handler` with every NOTIFY on `channel`; resolves to the function that stops. */
  async listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = await this.call<number>({ op: 'listen', channel });
    this.handlers.set(listener, handler);
    return async () => {
      this.handlers.delete(listener);
      if (!this.closed) await this.call({ op: 'unlisten', listener });
    };
  }

  /** Closes the database (PostgreSQL's shutdown checkpoint), then ends the worker. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closing = true;
      await this.worker.terminate();
    }
  }
}
