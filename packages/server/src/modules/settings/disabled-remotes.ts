// The kill switch's setting (issue 49): the remotes the shell loads for no one, kept in
// shop_settings (migration 0045) so that every app server on one database reads the same list.
// PUT /api/settings (the manager only) saves it; a name outside the contract's REMOTE_MODULES, or
// 'shell', is refused whole with a message naming it.
import {
  KILL_SWITCH_MESSAGES,
  REMOTE_MODULES,
  type SettingsInput,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

export interface DisabledRemotesSetting {
  disabled_remotes: string[];
}

export async function disabledRemotesSetting(db: DbOrTx): Promise<DisabledRemotesSetting> {
  const { rows } = await db.execute<{ disabled_remotes: unknown }>(
    sql`select disabled_remotes from shop_settings`,
  );
  const saved = rows[0]?.disabled_remotes;
  return { disabled_remotes: Array.isArray(saved) ? saved.map(String) : [] };
}

/** The list in the contract's order, or the first refused name's message. */
export function checkDisabledRemotes(names: readonly string[]): string[] | { problem: string } {
  const seen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim();
    if (name.toLowerCase() === 'shell') return { problem: KILL_SWITCH_MESSAGES.shell };
    if (!(REMOTE_MODULES as readonly string[]).includes(name))
      return { problem: KILL_SWITCH_MESSAGES.unknown(name) };
    if (seen.has(name)) return { problem: KILL_SWITCH_MESSAGES.duplicate(name) };
    seen.add(name);
  }
  return REMOTE_MODULES.filter((name) => seen.has(name));
}

/**
 * Checks the field when given (before anything is saved: a refused list changes nothing); a
 * route calls it ahead of the transaction.
 */
export function readDisabledRemotes(input: SettingsInput): string[] | undefined {
  if (input.disabled_remotes === undefined) return undefined;
  const checked = checkDisabledRemotes(input.disabled_remotes);
  if (!Array.isArray(checked)) throw new HttpError(400, checked.problem);
  return checked;
}

/** Saves the list when given and logs UPDATE_SETTINGS when it changed (inside `tx`). */
export async function saveDisabledRemotes(
  tx: DbOrTx,
  names: string[] | undefined,
  actor: ActivityActor,
): Promise<DisabledRemotesSetting> {
  const before = await disabledRemotesSetting(tx);
  if (names === undefined || names.join(',') === before.disabled_remotes.join(',')) return before;
  await tx.execute(sql`
    insert into shop_settings (id, disabled_remotes) values (true, ${sql.param(names)}::text[])
    on conflict (id) do update set disabled_remotes = excluded.disabled_remotes`);
  const shown = (list: string[]) => (list.length === 0 ? '-' : list.join(', '));
  await logActivity(tx, {
    action: 'UPDATE_SETTINGS',
    user: actor,
    details: `${KILL_SWITCH_MESSAGES.label} ${shown(before.disabled_remotes)} → ${shown(names)}`,
  });
  return { disabled_remotes: names };
}
