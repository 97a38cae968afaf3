// 'Perlu dicek' settings of Penghasilan Marketplace (issue 45), kept in shop_settings beside
// 'Target Persediaan' (migration 0037): the days an order may stay shipped without a settlement,
// and the tolerance of 'Dana kurang dari perkiraan' in % of the price. PUT /api/settings
// (settings/routes.ts, the manager only) saves them; the schema (SettingsInput) bounds them.
import { FIELDS, SETTLEMENT_CHECK_DEFAULTS, type SettingsInput } from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { logCount } from '../../lib/log-text';

export interface SettlementSettings {
  settlement_check_days: number;
  settlement_tolerance_percent: number;
}

const KEYS = ['settlement_check_days', 'settlement_tolerance_percent'] as const;

export async function settlementSettings(db: DbOrTx): Promise<SettlementSettings> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select settlement_check_days, settlement_tolerance_percent from shop_settings`);
  const row = rows[0] ?? {};
  return {
    settlement_check_days: Number(
      row.settlement_check_days ?? SETTLEMENT_CHECK_DEFAULTS.settlement_check_days,
    ),
    settlement_tolerance_percent: Number(
      row.settlement_tolerance_percent ?? SETTLEMENT_CHECK_DEFAULTS.settlement_tolerance_percent,
    ),
  };
}

/** Saves the fields given and logs UPDATE_SETTINGS when any changed (inside `tx`). */
export async function saveSettlementSettings(
  tx: DbOrTx,
  input: SettingsInput,
  actor: ActivityActor,
): Promise<SettlementSettings> {
  const before = await settlementSettings(tx);
  const after: SettlementSettings = { ...before };
  for (const key of KEYS) {
    const value = input[key];
    if (value !== undefined) after[key] = value;
  }
  const changes = KEYS.filter((key) => after[key] !== before[key]).map(
    (key) => `${FIELDS[key].label} ${logCount(before[key])} → ${logCount(after[key])}`,
  );
  if (changes.length === 0) return before;
  await tx.execute(sql`
    insert into shop_settings (id, settlement_check_days, settlement_tolerance_percent)
    values (true, ${after.settlement_check_days}, ${after.settlement_tolerance_percent})
    on conflict (id) do update
       set settlement_check_days = excluded.settlement_check_days,
           settlement_tolerance_percent = excluded.settlement_tolerance_percent`);
  await logActivity(tx, { action: 'UPDATE_SETTINGS', user: actor, details: changes.join(', ') });
  return after;
}
