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

/** Transactions between two snapshots past which `unknownEnded` gives up (it then answers null). */
const MAX_XIDS_BETWEEN = 4096;
/** Unknown transactions looked up in runtime.unread_transactions at most, for one request. */
const MAX_LOOKED_UP = 256;
/** How long a shared unread transaction is kept for the other server processes. */
const SHARED_MINUTES = 10;

function parseSnapshot(text: string): { xmax: bigint; running: Set<bigint> } | null {
  const [xmin = '', xmax = '', running = ''] = text.split(':');
  if (!/^\d+$/.test(xmin) || !/^\d+$/.test(xmax)) return null;
  return {
    xmax: BigInt(xmax),
    running: new Set(running === '' ? [] : running.split(',').map((xid) => BigInt(xid))),
  };
}

/**
 * The transactions that ended between snapshot `from` and the later snapshot `to` (those running
 * at `from` or begun after it, and ended by `to`) that are not in `known` (ids as text). Null when
 * the texts cannot be read, `to` is not later, or too many transactions lie between. Texts as
 * pg_current_snapshot() writes them (xmin:xmax:xip).
 */
export function unknownEnded(
  from: string,
  to: string,
  known: ReadonlySet<string>,
): string[] | null {
  const before = parseSnapshot(from);
  const after = parseSnapshot(to);
  if (before === null || after === null || after.xmax < before.xmax) return null;
  if (after.xmax - before.xmax > BigInt(MAX_XIDS_BETWEEN)) return null;
  const unknown: string[] = [];
  const check = (xid: bigint) => {
    if (xid < after.xmax && !after.running.has(xid) && !known.has(String(xid)))
      unknown.push(String(xid));
  };
  for (const xid of before.running) check(xid);
  for (let xid = before.xmax; xid < after.xmax; xid += 1n) check(xid);
  return unknown;
}

/**
 * Answers of an aggregate over many rows (the orders summary, the bookkeeping stats of a year),
 * each kept with the database snapshot it was read in, as the dashboard keeps its numbers
 * (docs/adr/0007-scale.md): while the current snapshot is the same text, nothing has been
 * written since and the kept answer is still exact. Any write makes the next request compute
 * again, except the writes made through `writeUnread`; requests arriving while a computation
 * runs share the next one. At most `size` answers are kept, the least recently computed making
 * room.
 */
export class KeptResults<T> {
  private readonly kept = new Map<string, { snapshot: string; value: T }>();
  private readonly shared = new FreshSharedResult<T>();
  /** Ids of this process's transactions that wrote nothing the answers read (writeUnread). */
  private readonly unread = new Set<string>();
  /** Unread writes made by this process (the shared table is pruned every 256th). */
  private writes = 0;

  /**
   * `scope`: the name under which `writeUnread` shares its transactions with the other server
   * processes (runtime.unread_transactions), so that their unread writes keep this process's
   * answers too; answers of another scope are not kept across them.
   */
  constructor(
    private readonly db: Db,
    private readonly size: number,
    private readonly scope: string | null = null,
  ) {}

  /**
   * Runs `write` in a transaction and remembers it as a write the kept answers do not read (the
   * log entry of a report changes nothing a report reads): every kept answer stays valid across
   * it, and across any number of such writes made meanwhile by other requests, in this process or,
   * with a scope, in another server process of the same scope. Any other write committed since an
   * answer was read drops that answer as before.
   */
  async writeUnread(write: (tx: Tx) => Promise<void>): Promise<void> {
    await this.db.transaction(async (tx) => {
      await write(tx);
      const { rows } = await tx.execute<{ xid: unknown }>(
        this.scope === null
          ? sql`select pg_current_xact_id()::text as xid`
          : sql`insert into runtime.unread_transactions (scope, xid)
                values (${this.scope}, pg_current_xact_id()) returning xid::text as xid`,
      );
      // Known before it commits: a request that sees it ended must find it here (should the
      // commit fail instead, the transaction wrote nothing at all).
      this.remember(String(rows[0]?.xid ?? ''));
      if (this.scope !== null && (this.writes += 1) % 256 === 1)
        await tx.execute(sql`delete from runtime.unread_transactions
          where at < now() - make_interval(mins => ${SHARED_MINUTES})`);
    });
  }

  private remember(xid: string): void {
    this.unread.add(xid);
    if (this.unread.size > MAX_XIDS_BETWEEN) {
      const oldest = this.unread.values().next().value;
      if (oldest !== undefined) this.unread.delete(oldest);
    }
  }

  /**
   * Whether only unread writes ended between the snapshots: those of this process, then those
   * the other processes shared under this scope.
   */
  private async onlyUnreadBetween(from: string, to: string): Promise<boolean> {
    const unknown = unknownEnded(from, to, this.unread);
    if (unknown === null) return false;
    if (unknown.length === 0) return true;
    if (this.scope === null || unknown.length > MAX_LOOKED_UP) return false;
    const { rows } = await this.db.execute<{ xid: unknown }>(sql`
      select xid::text as xid from runtime.unread_transactions
       where scope = ${this.scope} and xid = any(${`{${unknown.join(',')}}`}::xid8[])`);
    for (const row of rows) this.remember(String(row.xid));
    return rows.length === unknown.length;
  }

  async get(key: string, compute: (tx: Tx) => Promise<T>): Promise<T> {
    const last = this.kept.get(key);
    if (last !== undefined) {
      const now = await currentSnapshot(this.db);
      if (now === last.snapshot) return last.value;
      // Only writes the answers do not read ended since: still exact, kept as of now.
      if (await this.onlyUnreadBetween(last.snapshot, now)) {
        this.kept.set(key, { snapshot: now, value: last.value });
        return last.value;
      }
    }
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
