// The one-time link of a shop started without accounts (issue 42, m18): the start logs it, its
// page creates the first manager (modules/users/setup.ts), only while no account exists. The
// token is 32 random bytes; only its SHA-256 is kept (runtime.setup_token, drizzle/0029), one at
// a time: each start without accounts makes a new one, and the setup uses it up.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';

/** The shell's page of the link (packages/shell/src/auth/setup-page.tsx). */
export const SETUP_PATH = '/setup';

export const setupTokenHash = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export async function anyUser(db: DbOrTx): Promise<boolean> {
  const { rows } = await db.execute<{ any: boolean }>(
    sql`select exists (select 1 from users) as any`,
  );
  return rows[0]?.any === true;
}

/** A new setup token when no account exists (the previous one no longer works), else null. */
export async function createSetupToken(db: Db): Promise<string | null> {
  if (await anyUser(db)) {
    await db.execute(sql`delete from runtime.setup_token`);
    return null;
  }
  const token = randomBytes(32).toString('base64url');
  await db.execute(sql`
    insert into runtime.setup_token (id, token_hash) values (true, ${setupTokenHash(token)})
    on conflict (id) do update set token_hash = excluded.token_hash, created_at = now()`);
  return token;
}

/** The address the ready line names (main.ts): a wildcard host is shown as localhost. */
export function serverAddress(server: { tls?: unknown; host: string; port: number }): string {
  const host = server.host === '0.0.0.0' || server.host === '::' ? 'localhost' : server.host;
  return `${server.tls ? 'https' : 'http'}://${host}:${server.port}`;
}

/** The link the start logs: `base` is the address the server is reached at. */
export const setupLink = (base: string, token: string) =>
  `${base.replace(/\/+$/, '')}${SETUP_PATH}?token=${token}`;

/** Logged after NO_USERS_MESSAGE (plugins/db.ts, cluster.ts). */
export const setupLinkMessage = (link: string) =>
  `or open ${link} in a browser to create the first manager there ` +
  '(the link works once, only while no account exists; each start without accounts gives a new one)';
