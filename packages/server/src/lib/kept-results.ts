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
