import type { Db, Tx } from '../db/client';
import { currentSnapshot, FreshSharedResult } from '../modules/dashboard/service';

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
