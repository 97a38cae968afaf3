// Brute-force guard per account: after `maxFailures` failed sign-ins for one email within
// `windowMs`, the account is locked for `windowMs`, even for the right password. Kept in memory:
// Gudang runs as one process.

export interface AccountLimit {
  maxFailures: number;
  windowMs: number;
}

interface AttemptState {
  failures: number[];
  lockedUntil: number;
}

/** Keeps memory bounded when someone sprays random addresses. */
const MAX_TRACKED_ACCOUNTS = 10_000;

export class LoginAttempts {
  private readonly accounts = new Map<string, AttemptState>();

  constructor(
    private readonly limit: AccountLimit,
    private readonly now: () => number = Date.now,
  ) {}

  private key(email: string): string {
    return email.trim().toLowerCase();
  }

  isLocked(email: string): boolean {
    const state = this.accounts.get(this.key(email));
    if (state === undefined) return false;
    if (state.lockedUntil > this.now()) return true;
    if (state.lockedUntil > 0) this.accounts.delete(this.key(email));
    return false;
  }

  recordFailure(email: string): void {
    const key = this.key(email);
    const now = this.now();
    const state = this.accounts.get(key) ?? { failures: [], lockedUntil: 0 };
    state.failures = state.failures.filter((at) => at > now - this.limit.windowMs);
    state.failures.push(now);
    if (state.failures.length >= this.limit.maxFailures)
      state.lockedUntil = now + this.limit.windowMs;
    this.accounts.delete(key);
    this.accounts.set(key, state);
    if (this.accounts.size > MAX_TRACKED_ACCOUNTS) {
      const oldest = this.accounts.keys().next().value;
      if (oldest !== undefined) this.accounts.delete(oldest);
    }
  }

  reset(email: string): void {
    this.accounts.delete(this.key(email));
  }
}
