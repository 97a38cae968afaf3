import type { Role, User } from '@gudang/api-client/contract';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { revokedTokens, users, type UserRow } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/password';
import { publicUser } from '../../lib/request-user';
import { prepareSessionAccount, SessionCache } from './sessions';

// Ending an account's sessions in every process (a logout, and the Pengguna page's changes).
export { forgetEverywhere } from './workers';

/**
 * The accounts the auth plugin checks tokens against. The query is built once, on first use
 * (once the database plugin has decorated `db`), and on PostgreSQL is a named prepared statement.
 */
export function sessionCache(db: () => Db): SessionCache {
  let prepared: ReturnType<typeof prepareSessionAccount> | undefined;
  return new SessionCache(async (id) => {
    prepared ??= prepareSessionAccount(db());
    const [row] = await prepared.execute({ id });
    return row ?? null;
  });
}

/** A bcrypt hash of nothing anyone knows: unknown emails cost as much time as wrong passwords. */
const TIMING_DUMMY_HASH = '$2b$10$eYaS0JXG9YRRFxrk1ceY1u4HwdPxoFvrHojUCf6UVVOqOF2Lv/5J2';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .limit(1);
  return row ?? null;
}

/**
 * The user and their token version when the email and password match, else null. `client` (the
 * caller's address) is the line the check waits in, `first` puts it first (password.ts).
 */
export async function checkCredentials(
  db: DbOrTx,
  email: string,
  password: string,
  client?: string,
  first?: boolean,
): Promise<{ user: User; tokenVersion: number; active: boolean } | null> {
  const row = await findUserByEmail(db, email);
  const matches = await verifyPassword(
    password,
    row?.passwordHash ?? TIMING_DUMMY_HASH,
    client,
    first,
  );
  return row !== null && matches
    ? { user: publicUser(row), tokenVersion: row.tokenVersion, active: row.active }
    : null;
}

/**
 * Ends the token `jti` of `user` (logout) until it would have expired anyway; the expired ones
 * recorded earlier go. The triggers tell every server process (drizzle/0010_sessions.sql).
 */
export async function revokeToken(
  db: DbOrTx,
  user: User,
  jti: string,
  expiresAt: Date,
): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
  await db.insert(revokedTokens).values({ jti, userId: user.id, expiresAt }).onConflictDoNothing();
}

/** Ends every token of `user` signed until now ('Keluar dari semua perangkat'). */
export async function endAllSessions(db: DbOrTx, user: User): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, user.id));
}

export interface NewUser {
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** Creates a user; null when the email is already taken (case-insensitive). */
export async function createUser(db: DbOrTx, input: NewUser): Promise<User | null> {
  if ((await findUserByEmail(db, input.email)) !== null) return null;
  const [row] = await db
    .insert(users)
    .values({
      email: normalizeEmail(input.email),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
    })
    .returning();
  return row === undefined ? null : publicUser(row);
}

/** Sets a new password; null when no user has that email. */
export async function resetPassword(
  db: DbOrTx,
  email: string,
  password: string,
): Promise<User | null> {
  const [row] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, normalizeEmail(email)))
    .returning();
  return row === undefined ? null : publicUser(row);
}
