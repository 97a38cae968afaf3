import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';

/**
 * Shares one computation among the requests that wait for it, without ever answering a request
 * with data read before it arrived: a request that finds a computation under way waits for the
 * next one, which starts when that one ends and serves every request queued meanwhile. Twenty
 * dashboards opened at once cost two computations, not twenty; a lone request computes at once.
 */
export class FreshSharedResult<T> {
  private readonly running = new Map<string, Promise<T>>();
  private readonly queued = new Map<string, Promise<T>>();

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const queued = this.queued.get(key);
    if (queued !== undefined) return queued;
    const running = this.running.get(key);
    if (running === undefined) return this.start(key, compute);
    const next = running
      .catch(() => undefined)
      .then(() => {
        this.queued.delete(key);
        return this.start(key, compute);
      });
    this.queued.set(key, next);
    return next;
  }

  private start(key: string, compute: () => Promise<T>): Promise<T> {
    const run = compute().finally(() => {
      if (this.running.get(key) === run) this.running.delete(key);
    });
    this.running.set(key, run);
    return run;
  }
}

/** The database's current snapshot as text: equal texts mean no write has committed between. */
export async function currentSnapshot(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ snapshot: string }>(
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  return rows[0]?.snapshot ?? '';
}

/**
 * The snapshot that follows `snapshot` when exactly one transaction, `xid`, committed after it:
 * `xid` was the next id (no other writer had begun), and the running ones are still running.
 * Null when `xid` was not the next id. Texts as pg_current_snapshot() writes them (xmin:xmax:xip).
 */
export function snapshotAfter(snapshot: string, xid: string): string | null {
  const [xmin = '', xmax = '', running = ''] = snapshot.split(':');
  if (xmax !== xid) return null;
  const next = String(BigInt(xmax) + 1n);
  return `${running === '' ? next : xmin}:${next}:${running}`;
}

/**
 * Answers of an aggregate over many rows (the orders summary, the bookkeeping stats of a year),
 * each kept with the database snapshot it was read in, as the dashboard keeps its numbers
 * (docs/adr/0007-scale.md): while the current snapshot is the same text, nothing has been
 * written since and the kept answer is still exact. Any write makes the next request compute
 * again; requests arriving while a computation runs share the next one. At most `size` answers
 * are kept, the least recently computed making room.
 */
export class KeptResults<T> {
  private readonly kept = new Map<string, { snapshot: string; value: T }>();
  private readonly shared = new FreshSharedResult<T>();

  constructor(
    private readonly db: Db,
    private readonly size: number,
  ) {}

  /**
   * Runs `write` in a transaction (the log entry of the answer just given) and keeps `key`'s
   * answer valid across it when it was the only write committed since that answer was read: a
   * log entry of a report changes nothing the report reads, so the report's next page need not
   * compute it again. Any other write in between, or still running, drops it as usual.
   */
  async writeKeeping(key: string, write: (tx: Tx) => Promise<void>): Promise<void> {
    const last = this.kept.get(key);
    const xid = await this.db.transaction(async (tx) => {
      await write(tx);
      const { rows } = await tx.execute<{ xid: unknown }>(
        sql`select pg_current_xact_id()::text as xid`,
      );
      return String(rows[0]?.xid ?? '');
    });
    if (last === undefined) return;
    const expected = snapshotAfter(last.snapshot, xid);
    if (expected === null || (await currentSnapshot(this.db)) !== expected) return;
    if (this.kept.get(key) === last) this.kept.set(key, { snapshot: expected, value: last.value });
  }

  async get(key: string, compute: (tx: Tx) => Promise<T>): Promise<T> {
    const last = this.kept.get(key);
    if (last !== undefined && last.snapshot === (await currentSnapshot(this.db))) return last.value;
    return this.shared.get(key, async () => {
      const fresh = await this.db.transaction(
        async (tx) => ({ snapshot: await currentSnapshot(tx), value: await compute(tx) }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      this.kept.delete(key);
      this.kept.set(key, fresh);
      if (this.kept.size > this.size) {
        const oldest = this.kept.keys().next().value;
        if (oldest !== undefined) this.kept.delete(oldest);
      }
      return fresh.value;
    });
  }
}
