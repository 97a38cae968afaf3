/**
 * The one read cache (docs/adr/0022-one-read-cache.md). Nothing else in the server keeps an
 * answer between requests.
 *
 * THE RULE: an answer is kept with the database snapshot taken just BEFORE it was read
 * (`pg_current_snapshot()` as text, one round trip; `get`'s value, read in one transaction, with
 * that transaction's own snapshot), and is sent again only while the current snapshot is the same
 * text. An equal text means that no transaction has committed or aborted
 * since, in this worker, another worker, another app server or psql alike, so reading again would
 * give the same answer; any commit changes the text and the next request reads again. Reading
 * after the snapshot (not in it) is what lets an answer of several statements be kept: a write
 * that commits meanwhile leaves the answer newer than its snapshot, never older, and the next
 * request, seeing another snapshot, reads again.
 *
 * A route may keep its answer when, and only when:
 *   - it is a read that writes nothing (a write would change the snapshot it is kept with: a report
 *     view is logged after the read, out of it, see modules/reports/routes.ts), and
 *   - the answer depends on nothing but the database and its key: `send`'s key is the route, its
 *     parameters and query plus `extraKey` (the shop's day of a default date range, a role's
 *     view); `get`'s key is given.
 * Two front doors: `send` keeps a JSON route's answer as the text sent (list pages, searches, a
 * stock card); `get` keeps a value read in one read-only repeatable-read transaction (aggregates
 * whose statements must agree: the dashboard, a stock report, the orders summary).
 *
 * Requests of one key share one reading: those arriving with the snapshot a reading was started
 * at share it even while it runs; those arriving with another snapshot while it runs wait for it
 * and then share the next reading (twenty dashboards opened at once during sales cost two
 * readings, not twenty). A failed reading (a 404) is not kept. At most `size` answers and
 * `maxChars` characters of text are kept per cache, the least recently read making room.
 */
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx, Tx } from '../db/client';

/** Answers kept per cache by default. */
export const KEPT_ANSWERS = 64;
/** Characters of kept text per cache at most (a whole export is never kept). */
export const KEPT_CHARS = 8_000_000;

/** What a reading gives: the answer, and the snapshot it was read in when it knows it. */
interface Reading {
  answer: unknown;
  snapshot?: string;
}

interface Kept {
  /** The snapshot taken before the answer was read (or the one it was read in). */
  snapshot: string;
  answer: Promise<unknown>;
  /** Characters of a text answer once read (0 for a value, or while it is read). */
  chars: number;
  settled: boolean;
}

/** The database's current snapshot as text: equal texts mean no write has committed between. */
export async function currentSnapshot(db: DbOrTx): Promise<string> {
  const { rows } = await db.execute<{ snapshot: string }>(
    sql`select pg_current_snapshot()::text as snapshot`,
  );
  return rows[0]?.snapshot ?? '';
}

export class SnapshotCache {
  private readonly kept = new Map<string, Kept>();
  /** The reading that requests which found another one under way wait for, per key. */
  private readonly next = new Map<string, Promise<unknown>>();
  private chars = 0;

  constructor(
    private readonly db: Db,
    private readonly size: number = KEPT_ANSWERS,
    private readonly maxChars: number = KEPT_CHARS,
  ) {}

  /** Sends the JSON answer of a read-only GET route, kept as its text. */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
    extraKey = '',
  ): Promise<FastifyReply> {
    const key = `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)} ${extraKey}`;
    const text = await this.keep(key, async () => ({
      answer: reply.serialize(await compute()) as string,
    }));
    return reply.type('application/json; charset=utf-8').send(text);
  }

  /**
   * A value read in one read-only repeatable-read transaction, kept under `key` with the
   * transaction's own snapshot once read (its first statement: exactly what the value saw).
   */
  get<T>(key: string, compute: (tx: Tx) => Promise<T>): Promise<T> {
    return this.keep(`value ${key}`, () =>
      this.db.transaction(
        async (tx) => ({ snapshot: await currentSnapshot(tx), answer: await compute(tx) }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    ) as Promise<T>;
  }

  private async keep(key: string, read: () => Promise<Reading>): Promise<unknown> {
    const snapshot = await currentSnapshot(this.db);
    const kept = this.kept.get(key);
    if (kept !== undefined && kept.snapshot === snapshot) {
      // The most recently read goes last: the first in the map makes room.
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept.answer;
    }
    if (kept !== undefined && !kept.settled) return this.afterRunning(key, kept, read);
    return this.start(key, snapshot, read);
  }

  /** One reading for every request that found `running` under way with another snapshot. */
  private afterRunning(key: string, running: Kept, read: () => Promise<Reading>) {
    let next = this.next.get(key);
    if (next === undefined) {
      next = running.answer
        .catch(() => undefined)
        .then(() => {
          this.next.delete(key);
          // A snapshot taken now is later than every waiting request's arrival.
          return this.keep(key, read);
        });
      this.next.set(key, next);
    }
    return next;
  }

  private start(key: string, snapshot: string, read: () => Promise<Reading>) {
    const entry: Kept = { snapshot, answer: Promise.resolve(), chars: 0, settled: false };
    entry.answer = read().then((reading) => {
      // A later snapshot the reading was made in: requests up to it get the answer too.
      if (reading.snapshot !== undefined) entry.snapshot = reading.snapshot;
      return reading.answer;
    });
    this.drop(key);
    this.kept.set(key, entry);
    entry.answer.then(
      (answer) => {
        entry.settled = true;
        if (this.kept.get(key) !== entry) return;
        entry.chars = typeof answer === 'string' ? answer.length : 0;
        this.chars += entry.chars;
        this.makeRoom();
      },
      () => {
        entry.settled = true;
        this.drop(key, entry);
      },
    );
    return entry.answer;
  }

  /** Drops the answer of `key` (only `only`, when given). */
  private drop(key: string, only?: Kept): void {
    const kept = this.kept.get(key);
    if (kept === undefined || (only !== undefined && kept !== only)) return;
    this.kept.delete(key);
    this.chars -= kept.chars;
  }

  /** The least recently read make room, down to `size` answers and `maxChars` characters. */
  private makeRoom(): void {
    for (const key of this.kept.keys()) {
      if (this.kept.size <= this.size && this.chars <= this.maxChars) return;
      this.drop(key);
    }
  }
}
