// 'Dari Marketplace' setting of Retur (issue 46), kept in shop_settings beside 'Target
// Persediaan' (migration 0038): the days a refunded (or failed, or cancelled after shipping)
// parcel may take to come back before the board counts it as lost. PUT /api/settings
// (settings/routes.ts, the manager only) saves it; the schema (SettingsInput) bounds it.
import { FIELDS, RETURN_CHECK_DEFAULTS, type SettingsInput } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { logCount } from '../../lib/log-text';

export interface ReturnSettings {
  return_check_days: number;
}

export async function returnSettings(db: DbOrTx): Promise<ReturnSettings> {
  const { rows } = await db.execute<{ return_check_days: unknown }>(
    sql`select return_check_days from shop_settings`,
  );
  return {
    return_check_days: Number(
      rows[0]?.return_check_days ?? RETURN_CHECK_DEFAULTS.return_check_days,
    ),
  };
}

/** Saves the field when given and logs UPDATE_SETTINGS when it changed (inside `tx`). */
export async function saveReturnSettings(
  tx: DbOrTx,
  input: SettingsInput,
  actor: ActivityActor,
): Promise<ReturnSettings> {
  const before = await returnSettings(tx);
  const days = input.return_check_days;
  if (days === undefined || days === before.return_check_days) return before;
  await tx.execute(sql`
    insert into shop_settings (id, return_check_days) values (true, ${days})
    on conflict (id) do update set return_check_days = excluded.return_check_days`);
  await logActivity(tx, {
    action: 'UPDATE_SETTINGS',
    user: actor,
    details: `${FIELDS.return_check_days.label} ${logCount(before.return_check_days)} → ${logCount(days)}`,
  });
  return { return_check_days: days };
}
