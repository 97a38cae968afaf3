// Which tokens still open a session. A token names its user, the user's token version
// when it was signed, and its own id. It is refused when the user is gone, the version moved on (a
// new password or role, or 'Keluar dari semua perangkat': drizzle/0010_sessions.sql) or its id
// was signed out. The database holds the truth; every server process keeps the accounts it needs
// in memory, so a request costs no query, and forgets one as soon as NOTIFY gudang_sessions names
// it (the triggers send it on every change, from any process); with WORKERS a logout also has
// every worker forget it before it answers (workers.ts). While the process is not listening (its
// listening connection lost) nothing is kept and every request reads the database; and no entry
// is older than MAX_AGE_MS, a bound should a notification ever go astray.
import type { Role } from '@gudang/api-client/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { users } from '../../db/schema';
import { onForgetFromWorkers } from './workers';

export const SESSIONS_CHANNEL = 'gudang_sessions';

/** The longest an account is kept without being read again. */
export const MAX_AGE_MS = 30_000;
/** Accounts kept at most (a shop has a handful; forged ids must not grow the map). */
const MAX_ENTRIES = 10_000;

export interface SessionAccount {
  id: number;
  email: string;
  name: string;
  role: Role;
  tokenVersion: number;
  /** Ids of this user's signed-out tokens that have not expired yet. */
  revoked: string[];
}

/**
 * The account and its session state by id: a query built once (a named prepared statement). A
 * deactivated account (issue 42) reads as no account: it has no session.
 */
export function prepareSessionAccount(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      tokenVersion: users.tokenVersion,
      revoked: sql<string[]>`array(select r.jti from revoked_tokens r
        where r.user_id = ${users.id} and r.expires_at > now())`,
    })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.active, true)))
    .limit(1)
    .prepare('auth_session_account');
}

export class SessionCache {
  private readonly entries = new Map<number, { account: SessionAccount | null; at: number }>();
  private readonly loading = new Map<number, Promise<SessionAccount | null>>();
  private listening = false;
  /** Counts forgets, so that a read begun before one is not kept after it. */
  private changes = 0;

  constructor(
    private readonly load: (id: number) => Promise<SessionAccount | null>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Listens for changes (NOTIFY, and other workers' logouts); the function it gives stops. */
  async listen(database: Pick<Database, 'listen'>): Promise<() => Promise<void>> {
    const stopWorkers = onForgetFromWorkers((id) => this.forget(id));
    const stopNotify = await database
      .listen(
        SESSIONS_CHANNEL,
        (payload) => {
          const id = Number(payload);
          if (Number.isSafeInteger(id)) this.forget(id);
          else this.forgetAll();
        },
        (listening) => {
          this.listening = listening;
          this.forgetAll();
        },
      )
      .catch((error: unknown) => {
        stopWorkers();
        throw error;
      });
    return async () => {
      stopWorkers();
      await stopNotify();
    };
  }

  forget(id: number): void {
    this.changes++;
    this.entries.delete(id);
    this.loading.delete(id);
  }

  forgetAll(): void {
    this.changes++;
    this.entries.clear();
    this.loading.clear();
  }

  /** The account as the database has it (null: no such user), from memory when it may be. */
  async account(id: number): Promise<SessionAccount | null> {
    const kept = this.entries.get(id);
    if (kept !== undefined && this.listening && this.now() - kept.at < MAX_AGE_MS)
      return kept.account;
    const pending = this.loading.get(id);
    if (pending !== undefined) return pending;
    const changesBefore = this.changes;
    const read = this.load(id).then(
      (account) => {
        if (this.loading.get(id) === read) this.loading.delete(id);
        if (this.listening && this.changes === changesBefore) {
          this.entries.delete(id);
          this.entries.set(id, { account, at: this.now() });
          if (this.entries.size > MAX_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
        }
        return account;
      },
      (error: unknown) => {
        if (this.loading.get(id) === read) this.loading.delete(id);
        throw error;
      },
    );
    this.loading.set(id, read);
    return read;
  }
}
