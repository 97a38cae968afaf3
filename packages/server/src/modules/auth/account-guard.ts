// Guessing one account from many addresses. The lock of login-attempts.ts is per
// account and address, so an outsider never locks the owner out, but 20 addresses could guess 100
// passwords without meeting it. Here the failures of an account from every address are counted
// too: past `freeFailures` in the window, checks of that account are spaced out by a delay that
// doubles with each further failure up to `maxDelayMs`, whatever address they come from, so
// parallel guesses gain nothing. Past `maxWaitMs` of waiting an attempt is answered 429 at once.
// The owner is not held back: an address the account signed in from (in the last 30 days) skips
// the delay, and its check goes first in the password pool. Kept in the database
// (runtime.login_accounts and runtime.login_trusted, drizzle/0017_shared_login_limits.sql), so that
// the spacing holds across every server process; taking a slot is one statement, so parallel
// checks on any process queue behind each other.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface AccountGuardLimit {
  /** Failures of one account, from any address, within `windowMs` before checks are spaced. */
  freeFailures: number;
  windowMs: number;
  /** The spacing after `freeFailures`; doubled with each failure after that. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** An attempt that would wait longer is refused (429). */
  maxWaitMs: number;
}

export const DEFAULT_ACCOUNT_GUARD: AccountGuardLimit = {
  freeFailures: 10,
  windowMs: 15 * 60 * 1000,
  firstDelayMs: 250,
  maxDelayMs: 10_000,
  maxWaitMs: 30_000,
};

/** How long an address the account signed in from skips the delay. */
const TRUSTED_MS = 30 * 24 * 60 * 60 * 1000;

export type Admission = { waitMs: number; trusted: boolean } | { refusedForMs: number };

const normalize = (email: string) => email.trim().toLowerCase();

export class AccountGuard {
  constructor(
    private readonly db: Db,
    private readonly limit: AccountGuardLimit = DEFAULT_ACCOUNT_GUARD,
    private readonly now: () => number = Date.now,
  ) {}

  async isTrusted(email: string, address: string): Promise<boolean> {
    const { rows } = await this.db.execute<{ until: string }>(
      sql`select until::text from runtime.login_trusted
          where email = ${normalize(email)} and address = ${address}`,
    );
    const until = rows[0]?.until;
    return until !== undefined && Number(until) > this.now();
  }

  /** Failures of the account within the window (any address). */
  async failures(email: string): Promise<number> {
    const since = this.now() - this.limit.windowMs;
    const { rows } = await this.db.execute<{ count: number | string }>(
      sql`select count(*) as count from runtime.login_accounts a, unnest(a.failures) f
          where a.email = ${normalize(email)} and f > ${since}`,
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** May this attempt be checked, and after how long a wait. */
  async admit(email: string, address: string): Promise<Admission> {
    if (await this.isTrusted(email, address)) return { waitMs: 0, trusted: true };
    const over = (await this.failures(email)) - this.limit.freeFailures;
    if (over < 0) return { waitMs: 0, trusted: false };
    const step = Math.min(this.limit.firstDelayMs * 2 ** Math.min(over, 30), this.limit.maxDelayMs);
    const now = this.now();
    const key = normalize(email);
    // The next free slot, read and taken in one statement: a parallel check (on any process)
    // waits for this row and then takes the slot after it.
    const taken = await this.db.execute<{ slot: string }>(sql`
      update runtime.login_accounts set next_slot = greatest(${now}::bigint, next_slot) + ${step}
      where email = ${key} and greatest(${now}::bigint, next_slot) - ${now} <= ${this.limit.maxWaitMs}
      returning (next_slot - ${step})::text as slot`);
    const slot = taken.rows[0]?.slot;
    if (slot !== undefined) return { waitMs: Number(slot) - now + step, trusted: false };
    const { rows } = await this.db.execute<{ slot: string }>(
      sql`select greatest(${now}::bigint, next_slot)::text as slot from runtime.login_accounts
          where email = ${key}`,
    );
    const next = rows[0]?.slot;
    if (next === undefined) return { waitMs: 0, trusted: false };
    return { refusedForMs: Number(next) - now };
  }

  async recordFailure(email: string): Promise<void> {
    const now = this.now();
    const since = now - this.limit.windowMs;
    await this.db.execute(sql`
      insert into runtime.login_accounts as a (email, failures, expires_at)
      values (${normalize(email)}, array[${now}::bigint], ${now + this.limit.windowMs})
      on conflict (email) do update set
        failures = array(select f from unnest(a.failures) f where f > ${since}) || ${now}::bigint,
        expires_at = ${now + this.limit.windowMs}`);
    // Spraying random e-mails must not grow the table.
    await this.db.execute(sql`delete from runtime.login_accounts where expires_at < ${now}`);
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    const now = this.now();
    await this.db.execute(sql`
      insert into runtime.login_trusted (email, address, until)
      values (${normalize(email)}, ${address}, ${now + TRUSTED_MS})
      on conflict (email, address) do update set until = excluded.until`);
    await this.db.execute(sql`delete from runtime.login_trusted where until < ${now}`);
  }
}
