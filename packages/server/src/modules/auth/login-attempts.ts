// Brute-force guard per account and client address together: after `maxFailures` failed sign-ins
// for one email from one address within `windowMs`, that pair is locked for `windowMs`, even for
// the right password. Keying on the pair means an outsider guessing a password locks only
// themselves out, never the account's owner at another address (the per-address rate limit of
// the route bounds how fast one address may guess). Kept in the database (runtime.login_pairs,
// drizzle/0017_shared_login_limits.sql), so that every server process (WORKERS, several app
// servers on one database) sees the same lock; each change is one statement.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface AccountLimit {
  maxFailures: number;
  windowMs: number;
}

const normalize = (email: string) => email.trim().toLowerCase();

export class LoginAttempts {
  constructor(
    private readonly db: Db,
    private readonly limit: AccountLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until the pair may try again; 0 when it is not locked. */
  async lockedFor(email: string, address: string): Promise<number> {
    const key = normalize(email);
    const { rows } = await this.db.execute<{ locked_until: string }>(
      sql`select locked_until::text from runtime.login_pairs
          where email = ${key} and address = ${address}`,
    );
    const lockedUntil = Number(rows[0]?.locked_until ?? 0);
    const left = lockedUntil - this.now();
    if (left > 0) return left;
    // The lock is over: its failures are forgotten with it.
    if (lockedUntil > 0)
      await this.db.execute(
        sql`delete from runtime.login_pairs
            where email = ${key} and address = ${address} and locked_until = ${lockedUntil}`,
      );
    return 0;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    const key = normalize(email);
    const now = this.now();
    const since = now - this.limit.windowMs;
    const until = now + this.limit.windowMs;
    const firstLocks = this.limit.maxFailures <= 1 ? until : 0;
    // The failures within the window plus this one; at the limit the pair is locked.
    await this.db.execute(sql`
      insert into runtime.login_pairs as p (email, address, failures, locked_until, expires_at)
      values (${key}, ${address}, array[${now}::bigint], ${firstLocks}, ${until})
      on conflict (email, address) do update set
        failures = array(select f from unnest(p.failures) f where f > ${since}) || ${now}::bigint,
        locked_until = case
          when cardinality(array(select f from unnest(p.failures) f where f > ${since})) + 1
            >= ${this.limit.maxFailures}
          then ${until}::bigint else p.locked_until end,
        expires_at = ${until}`);
    // Keeps the table small when someone sprays random addresses.
    await this.db.execute(sql`delete from runtime.login_pairs where expires_at < ${now}`);
  }

  async reset(email: string, address: string): Promise<void> {
    await this.db.execute(
      sql`delete from runtime.login_pairs where email = ${normalize(email)} and address = ${address}`,
    );
  }
}
