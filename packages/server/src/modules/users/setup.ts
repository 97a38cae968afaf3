// The first manager of a shop started without accounts, from the one-time link the start logs
// (lib/setup-token.ts).
import { USER_MESSAGES, type SetupInput, type User } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { logActivity } from '../../lib/activity-log';
import { anyUser, setupTokenHash } from '../../lib/setup-token';
import { createUser } from '../auth/service';
import { newAccountProblem, type Outcome } from './service';

/**
 * Creates the first manager: 409 once any account exists, 403 for a token that is not the
 * current one; the token is used up in the same transaction.
 */
export async function setupFirstManager(db: Db, input: SetupInput): Promise<Outcome<User>> {
  const problem = newAccountProblem(input);
  return db.transaction(async (tx) => {
    // One setup at a time, and none beside an account made meanwhile (the user command).
    await tx.execute(sql`lock table users in share row exclusive mode`);
    if (await anyUser(tx)) return { refused: { status: 409, message: USER_MESSAGES.setupDone } };
    const { rows } = await tx.execute<{ token_hash: string }>(
      sql`select token_hash from runtime.setup_token where id for update`,
    );
    if (rows[0]?.token_hash !== setupTokenHash(input.token))
      return { refused: { status: 403, message: USER_MESSAGES.setupBadLink } };
    if (problem !== null) return { refused: { status: 400, message: problem } };
    const user = await createUser(tx, { ...input, role: 'manager' });
    if (user === null) throw new Error('no account existed, yet the email is taken');
    await tx.execute(sql`delete from runtime.setup_token`);
    await logActivity(tx, {
      action: 'SETUP_FIRST_MANAGER',
      user,
      details: `Manager pertama dibuat dari tautan penyiapan: ${user.name} (${user.email})`,
    });
    return { ok: user };
  });
}
