// Deploy tokens (issue 49): a team deploys and rolls back its own remote (or the shell) with a
// token the manager made on the deploy panel, instead of a manager's 12-hour session. Only the
// token's sha256 is kept; the value is shown once, when it is made.
import { randomBytes } from 'node:crypto';
import {
  DEPLOY_MESSAGES,
  DEPLOY_TOKEN_PREFIX,
  type CreateRemoteTokenInput,
  type RemoteToken,
} from '@gudang/api-client/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { remoteTokens } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashToken, type DeployTokenIdentity } from '../../lib/deploy-token';
import type { AuthUser } from '../../lib/request-user';

const TOKEN_SHAPE = new RegExp(`^${DEPLOY_TOKEN_PREFIX}[0-9a-f]{64}$`);

function listed(row: typeof remoteTokens.$inferSelect): RemoteToken {
  return {
    id: row.id,
    name: row.name,
    remote: row.remote,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function createRemoteToken(
  db: DbOrTx,
  user: AuthUser,
  input: CreateRemoteTokenInput,
): Promise<{ row: RemoteToken; token: string }> {
  const token = `${DEPLOY_TOKEN_PREFIX}${randomBytes(32).toString('hex')}`;
  const [row] = await db
    .insert(remoteTokens)
    .values({
      name: input.name.trim(),
      remote: input.remote,
      tokenHash: hashToken(token),
      createdBy: `${user.name} <${user.email}>`,
    })
    .returning();
  if (!row) throw new Error('remote_tokens insert returned nothing');
  return { row: listed(row), token };
}

/** The tokens not revoked, oldest first; never their values. */
export async function listRemoteTokens(db: DbOrTx): Promise<RemoteToken[]> {
  const rows = await db
    .select()
    .from(remoteTokens)
    .where(isNull(remoteTokens.revokedAt))
    .orderBy(asc(remoteTokens.id));
  return rows.map(listed);
}

/** Revokes a token (its row stays, so its use answers 'sudah dicabut'); null when none. */
export async function revokeRemoteToken(db: DbOrTx, id: number): Promise<RemoteToken | null> {
  const [row] = await db
    .update(remoteTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(remoteTokens.id, id), isNull(remoteTokens.revokedAt)))
    .returning();
  return row ? listed(row) : null;
}

/**
 * The token a bearer value names, or a 401: unknown, malformed or revoked. Its use is noted
 * (last_used_at) so that the panel shows which tokens are still in use.
 */
export async function verifyDeployToken(db: Db, bearer: string): Promise<DeployTokenIdentity> {
  if (!TOKEN_SHAPE.test(bearer)) throw new HttpError(401, DEPLOY_MESSAGES.tokenInvalid);
  const [row] = await db
    .select()
    .from(remoteTokens)
    .where(eq(remoteTokens.tokenHash, hashToken(bearer)));
  if (!row) throw new HttpError(401, DEPLOY_MESSAGES.tokenInvalid);
  if (row.revokedAt !== null) throw new HttpError(401, DEPLOY_MESSAGES.tokenRevokedUse);
  await db.update(remoteTokens).set({ lastUsedAt: new Date() }).where(eq(remoteTokens.id, row.id));
  return { id: row.id, name: row.name, remote: row.remote };
}
