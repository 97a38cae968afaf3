import rateLimit from '@fastify/rate-limit';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { HttpError } from '../http-error';

export const MSG_TOO_MANY_REQUESTS =
  'Terlalu banyak permintaan dari alamat IP ini. Silakan coba lagi nanti.';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store in the database (runtime.address_limits, drizzle/0022): the count
 * of a client address's requests in its current window is one row that every server process
 * (WORKERS, several app servers on one database) counts in, so one address gets `max` requests a
 * window in all, not `max` per process. A request is one statement: the row is read, restarted
 * when its window is over, and counted in one upsert, so parallel requests on any process each
 * count once. Rows of windows over are deleted by a later request.
 */
export class DatabaseRateLimitStore implements FastifyRateLimitStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key`; `ttl` is the milliseconds left of its window. */
  incr(key: string, callback: Callback, timeWindow: number): void {
    this.count(key, timeWindow).then(
      (result) => callback(null, result),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Every route shares the one table; a key names its address (and the route's groupId). */
  child(): DatabaseRateLimitStore {
    return this;
  }

  private async count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = this.now();
    const over = now - timeWindow;
    const { rows } = await this.db.execute<{ count: number; window_start: string }>(sql`
      with done as (
        delete from runtime.address_limits
        where window_start <= ${over} and key <> ${key}
          and key in (select key from runtime.address_limits where window_start <= ${over} limit 100)
      )
      insert into runtime.address_limits as l (key, count, window_start)
      values (${key}, 1, ${now})
      on conflict (key) do update set
        count = case when l.window_start <= ${over} then 1 else l.count + 1 end,
        window_start = case when l.window_start <= ${over} then ${now}::bigint else l.window_start end
      returning count, window_start::text`);
    const row = rows[0];
    if (row === undefined) throw new Error('address_limits: no row returned');
    return { current: row.count, ttl: Number(row.window_start) + timeWindow - now };
  }
}

export interface RateLimitOptions {
  db: Db;
  /** The store's clock in ms (tests). */
  now?: () => number;
}

/** Registers @fastify/rate-limit without a global limit; routes opt in with `config.rateLimit`. */
async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { db, now } = options;
  await app.register(rateLimit, {
    global: false,
    // The plugin makes its store with `new` and no way to pass the database: bound here.
    store: class extends DatabaseRateLimitStore {
      constructor() {
        super(db, now);
      }
    },
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, MSG_TOO_MANY_REQUESTS),
  });
}

export const rateLimits = fp(rateLimitPlugin, { name: 'rate-limit', fastify: '5.x' });
