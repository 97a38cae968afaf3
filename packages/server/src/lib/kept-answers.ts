import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { currentSnapshot } from './kept-results';

/** Answers kept per route module by default. */
export const KEPT_ANSWERS = 64;
/** Characters of kept answers per route module at most (a whole export is never kept). */
export const KEPT_CHARS = 8_000_000;

interface KeptAnswer {
  /** The database snapshot taken before the answer was read (pg_current_snapshot() as text). */
  snapshot: string;
  /** The answer's JSON text, as the route's response schema serializes it. */
  text: Promise<string>;
  /** Its length once read (0 while it is read). */
  chars: number;
}

/**
 * The JSON answers of read-only GET routes (list pages, searches, a stock card) kept as the text
 * sent, each with the database snapshot taken just BEFORE it was read (docs/adr/0007-scale.md,
 * "Answers kept per snapshot"). A request takes the current snapshot (one round trip) and, when
 * it is the same text as a kept answer's for the same route, parameters and query, sends that
 * text: an equal snapshot means no write has committed since the snapshot the answer was read
 * after, so the answer is what reading again would give. Any commit changes the snapshot and
 * the next request reads again. Reading after the snapshot (not in it) is what lets an answer
 * of several statements, each with its own snapshot, be kept without a transaction: a write that
 * commits between the snapshot and the reads leaves the answer newer than its snapshot, never
 * older, and the next request, seeing another snapshot, reads again.
 *
 * Requests with the same key and the same snapshot share one reading, even while it runs: each
 * of them arrived after that snapshot with nothing committed since, so an answer read after it
 * is at least as new as the request. An answer that fails (a 404) is not kept. At most `size`
 * answers and `maxChars` characters are kept, the least recently read making room.
 *
 * Only for answers that depend on nothing but the database, the request's parameters and query
 * and `extraKey` (the shop's day of a default date range, a role's view).
 */
export class KeptAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  /** The kept answers' characters. */
  private chars = 0;

  constructor(
    private readonly db: Db,
    private readonly size: number = KEPT_ANSWERS,
    private readonly maxChars: number = KEPT_CHARS,
  ) {}

  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<unknown>,
    extraKey = '',
  ): Promise<FastifyReply> {
    const key = `${request.method} ${request.routeOptions.url ?? ''} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)} ${extraKey}`;
    const snapshot = await currentSnapshot(this.db);
    let answer = this.kept.get(key);
    if (answer !== undefined && answer.snapshot === snapshot) {
      // The most recently read goes last: the first in the map makes room.
      this.kept.delete(key);
      this.kept.set(key, answer);
    } else {
      const kept: KeptAnswer = {
        snapshot,
        text: compute().then((value) => reply.serialize(value) as string),
        chars: 0,
      };
      this.drop(key);
      this.kept.set(key, kept);
      kept.text.then(
        (text) => {
          if (this.kept.get(key) !== kept) return;
          kept.chars = text.length;
          this.chars += text.length;
          this.makeRoom();
        },
        () => this.drop(key, kept),
      );
      answer = kept;
    }
    const text = await answer.text;
    return reply.type('application/json; charset=utf-8').send(text);
  }

  /** Drops the answer of `key` (only `only`, when given). */
  private drop(key: string, only?: KeptAnswer): void {
    const answer = this.kept.get(key);
    if (answer === undefined || (only !== undefined && answer !== only)) return;
    this.kept.delete(key);
    this.chars -= answer.chars;
  }

  /** The least recently read make room, down to `size` answers and `maxChars` characters. */
  private makeRoom(): void {
    for (const key of this.kept.keys()) {
      if (this.kept.size <= this.size && this.chars <= this.maxChars) return;
      this.drop(key);
    }
  }
}
