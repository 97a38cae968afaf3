// Guessing one account from many addresses. The lock of login-attempts.ts is per
// account and address, so an outsider never locks the owner out, but 20 addresses could guess 100
// passwords without meeting it. Here the failures of an account from every address are counted
// too: past `freeFailures` in the window, checks of that account are spaced out by a delay that
// doubles with each further failure up to `maxDelayMs`, whatever address they come from, so
// parallel guesses gain nothing. Past `maxWaitMs` of waiting an attempt is answered 429 at once.
// The owner is not held back: an address the account signed in from (in the last 30 days) skips
// the delay, and its check goes first in the password pool. Kept in memory, per process.

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
/** Accounts and trusted pairs kept at most (spraying random e-mails must not grow memory). */
const MAX_TRACKED = 10_000;

export type Admission = { waitMs: number; trusted: boolean } | { refusedForMs: number };

interface AccountState {
  failures: number[];
  /** The earliest time the next spaced check may run. */
  nextSlot: number;
}

const normalize = (email: string) => email.trim().toLowerCase();

function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_TRACKED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export class AccountGuard {
  private readonly accounts = new Map<string, AccountState>();
  private readonly trusted = new Map<string, number>();

  constructor(
    private readonly limit: AccountGuardLimit = DEFAULT_ACCOUNT_GUARD,
    private readonly now: () => number = Date.now,
  ) {}

  private pair(email: string, address: string): string {
    return `${normalize(email)}\u0000${address}`;
  }

  isTrusted(email: string, address: string): boolean {
    const until = this.trusted.get(this.pair(email, address));
    return until !== undefined && until > this.now();
  }

  /** Failures of the account within the window (any address). */
  failures(email: string): number {
    const state = this.accounts.get(normalize(email));
    if (state === undefined) return 0;
    const since = this.now() - this.limit.windowMs;
    state.failures = state.failures.filter((at) => at > since);
    return state.failures.length;
  }

  /** May this attempt be checked, and after how long a wait. */
  admit(email: string, address: string): Admission {
    if (this.isTrusted(email, address)) return { waitMs: 0, trusted: true };
    const over = this.failures(email) - this.limit.freeFailures;
    if (over < 0) return { waitMs: 0, trusted: false };
    const state = this.accounts.get(normalize(email)) as AccountState;
    const step = Math.min(this.limit.firstDelayMs * 2 ** Math.min(over, 30), this.limit.maxDelayMs);
    const now = this.now();
    const slot = Math.max(now, state.nextSlot);
    if (slot - now > this.limit.maxWaitMs) return { refusedForMs: slot - now };
    state.nextSlot = slot + step;
    return { waitMs: slot - now + step, trusted: false };
  }

  recordFailure(email: string): void {
    const key = normalize(email);
    const state = this.accounts.get(key) ?? { failures: [], nextSlot: 0 };
    state.failures.push(this.now());
    remember(this.accounts, key, state);
  }

  recordSuccess(email: string, address: string): void {
    remember(this.trusted, this.pair(email, address), this.now() + TRUSTED_MS);
  }
}
