// Pengguna (issue 42): the manager's screen over the shop's accounts. Expected refusals are
// values (the routes turn them into statuses); every change writes its activity-log entry in the
// same transaction. A new password, role or deactivation moves the account's token version on
// (drizzle/0029), which ends its tokens; the routes then have every process forget the account.
import {
  MIN_PASSWORD_LENGTH,
  USER_MESSAGES,
  type CreateUserInput,
  type Role,
  type UpdateUserInput,
  type User,
  type UserAccount,
} from '@gudang/api-client/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { logActivity } from '../../lib/activity-log';
import { createUser, findUserByEmail } from '../auth/service';
import { hashPassword } from '../../lib/password';

/** The same shape of address the user command accepts. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export type Refusal = { status: 400 | 403 | 404 | 409; message: string };
export type Outcome<T> = { ok: T } | { refused: Refusal };

const refuse = (status: Refusal['status'], message: string): { refused: Refusal } => ({
  refused: { status, message },
});

export function toAccount(row: UserRow): UserAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

const ROLE_LABEL: Record<Role, string> = { admin: 'admin', manager: 'manager' };

/** Active first, then by name. */
export async function listUsers(db: DbOrTx): Promise<UserAccount[]> {
  const rows = await db
    .select()
    .from(users)
    .orderBy(desc(users.active), asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map(toAccount);
}

/** The password rule of the user command and the setup page; null when it holds. */
export function passwordProblem(password: string): string | null {
  return password.length < MIN_PASSWORD_LENGTH ? USER_MESSAGES.passwordTooShort : null;
}

/** The email and password rules of a new account; null when both hold. */
export function newAccountProblem(input: { email: string; password: string }): string | null {
  if (!EMAIL_PATTERN.test(input.email.trim())) return USER_MESSAGES.emailInvalid;
  return passwordProblem(input.password);
}

export async function addUser(
  db: Db,
  actor: User,
  input: CreateUserInput,
): Promise<Outcome<UserAccount>> {
  const problem = newAccountProblem(input);
  if (problem !== null) return refuse(400, problem);
  return db.transaction(async (tx) => {
    const created = await createUser(tx, input).catch((error: unknown) => {
      // Two adds of one address at once: the unique index answers for the later one.
      if (isUniqueViolation(error)) return null;
      throw error;
    });
    if (created === null) return refuse(409, USER_MESSAGES.emailTaken);
    await logActivity(tx, {
      action: 'CREATE_USER',
      user: actor,
      details: `Pengguna ditambahkan: ${created.name} (${created.email}), role ${ROLE_LABEL[created.role]}`,
    });
    const row = await findUserByEmail(tx, created.email);
    if (row === null) throw new Error('the created user is not there');
    return { ok: toAccount(row) };
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    typeof e === 'object' && e !== null;
    e = (e as { cause?: unknown }).cause
  )
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/**
 * Changes name, role or active. The last active manager keeps both (the managers' rows are locked
 * first, so two managers demoting each other at once cannot leave none); nobody deactivates
 * themselves. `ended` says whether the account's sessions ended (role or active changed).
 */
export async function updateUser(
  db: Db,
  actor: User,
  id: number,
  input: UpdateUserInput,
): Promise<Outcome<{ account: UserAccount; ended: boolean; message: string }>> {
  if (input.name === undefined && input.role === undefined && input.active === undefined)
    return refuse(400, USER_MESSAGES.nothingToChange);
  return db.transaction(async (tx) => {
    // Every active manager, locked in id order: the count below holds until the commit.
    const managers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'manager'), eq(users.active, true)))
      .orderBy(asc(users.id))
      .for('update');
    const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (row === undefined) return refuse(404, USER_MESSAGES.notFound);
    if (input.active === false && row.active && id === actor.id)
      return refuse(409, USER_MESSAGES.notSelf);
    const name = input.name?.trim() ?? row.name;
    const role = input.role ?? row.role;
    const active = input.active ?? row.active;
    const wasActiveManager = row.role === 'manager' && row.active;
    const staysActiveManager = role === 'manager' && active;
    if (wasActiveManager && !staysActiveManager && managers.length <= 1)
      return refuse(409, USER_MESSAGES.lastManager);
    const changes: string[] = [];
    if (name !== row.name) changes.push(`nama ${row.name} → ${name}`);
    if (role !== row.role) changes.push(`role ${ROLE_LABEL[row.role]} → ${ROLE_LABEL[role]}`);
    if (active !== row.active) changes.push(active ? 'diaktifkan kembali' : 'dinonaktifkan');
    if (changes.length === 0)
      return { ok: { account: toAccount(row), ended: false, message: USER_MESSAGES.updated } };
    const [saved] = await tx
      .update(users)
      .set({ name, role, active, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (saved === undefined) throw new Error('the locked user is not there');
    await logActivity(tx, {
      action: 'UPDATE_USER',
      user: actor,
      details: `Pengguna ${saved.name} (${saved.email}): ${changes.join(', ')}`,
    });
    const message =
      active !== row.active
        ? active
          ? USER_MESSAGES.reactivated
          : USER_MESSAGES.deactivated
        : USER_MESSAGES.updated;
    return {
      ok: {
        account: toAccount(saved),
        ended: saved.tokenVersion !== row.tokenVersion,
        message,
      },
    };
  });
}

/** Sets a new password; every session of the account ends (the token version moves on). */
export async function resetUserPassword(
  db: Db,
  actor: User,
  id: number,
  password: string,
): Promise<Outcome<UserAccount>> {
  const problem = passwordProblem(password);
  if (problem !== null) return refuse(400, problem);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (saved === undefined) return refuse(404, USER_MESSAGES.notFound);
    await logActivity(tx, {
      action: 'RESET_PASSWORD',
      user: actor,
      details: `Password pengguna ${saved.name} (${saved.email}) direset`,
    });
    return { ok: toAccount(saved) };
  });
}
