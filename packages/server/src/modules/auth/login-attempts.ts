// Brute-force guard per account and client address together: after `maxFailures` failed sign-ins
// for one email from one address within `windowMs`, that pair is locked for `windowMs`, even for
// the right password. Keying on the pair means an outsider guessing a password locks only
// themselves out, never the account's owner at another address (the per-address rate limit of
// the route bounds how fast one address may guess). Kept in memory: Gudang runs as one process.

export interface AccountLimit {
  maxFailures: number;
  windowMs: number;
}

interface AttemptState {
  failures: number[];
  lockedUntil: number;
}

/** Keeps memory bounded when someone sprays random addresses. */
const MAX_TRACKED_PAIRS = 10_000;

export class LoginAttempts {
  private readonly pairs = new Map<string, AttemptState>();

  constructor(
    private readonly limit: AccountLimit,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string, address: string): string {
    return `${email.trim().toLowerCase()}\u0000${address}`;
  }

  /** Milliseconds until the pair may try again; 0 when it is not locked. */
  lockedFor(email: string, address: string): number {
    const key = this.key(email, address);
    const state = this.pairs.get(key);
    if (state === undefined) return 0;
    const left = state.lockedUntil - this.now();
    if (left > 0) return left;
    if (state.lockedUntil > 0) this.pairs.delete(key);
    return 0;
  }

  recordFailure(email: string, address: string): void {
    const key = this.key(email, address);
    const now = this.now();
    const state = this.pairs.get(key) ?? { failures: [], lockedUntil: 0 };
    state.failures = state.failures.filter((at) => at > now - this.limit.windowMs);
    state.failures.push(now);
    if (state.failures.length >= this.limit.maxFailures)
      state.lockedUntil = now + this.limit.windowMs;
    this.pairs.delete(key);
    this.pairs.set(key, state);
    if (this.pairs.size > MAX_TRACKED_PAIRS) {
      const oldest = this.pairs.keys().next().value;
      if (oldest !== undefined) this.pairs.delete(oldest);
    }
  }

  reset(email: string, address: string): void {
    this.pairs.delete(this.key(email, address));
  }
}
