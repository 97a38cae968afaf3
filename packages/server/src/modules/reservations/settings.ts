// The shop's reservation settings (issue 44): 'Pesanan belum dibayar ikut dipesan' and each
// channel's default stock-file buffer, kept in shop_settings beside 'Target Persediaan'.
import {
  FIELDS,
  MARKETPLACE_CHANNELS,
  type SettingsInput,
  type SettingsResponse,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { logCount } from '../../lib/log-text';

export type ReservationSettings = Omit<SettingsResponse, 'shopTimezone' | 'targetStockDays'>;

const BUFFER_KEYS = MARKETPLACE_CHANNELS.map((channel) => `buffer_${channel}` as const);

export async function reservationSettings(db: DbOrTx): Promise<ReservationSettings> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select reserve_unpaid, buffer_shopee, buffer_tiktok, buffer_lazada, buffer_tokopedia,
           buffer_bigseller from shop_settings`);
  const row = rows[0] ?? {};
  return {
    reserve_unpaid: row.reserve_unpaid === true,
    buffer_shopee: Number(row.buffer_shopee ?? 0),
    buffer_tiktok: Number(row.buffer_tiktok ?? 0),
    buffer_lazada: Number(row.buffer_lazada ?? 0),
    buffer_tokopedia: Number(row.buffer_tokopedia ?? 0),
    buffer_bigseller: Number(row.buffer_bigseller ?? 0),
  };
}

/** Saves the fields given and logs UPDATE_SETTINGS when any changed (inside `tx`). */
export async function saveReservationSettings(
  tx: DbOrTx,
  input: SettingsInput,
  actor: ActivityActor,
): Promise<ReservationSettings> {
  const before = await reservationSettings(tx);
  const after: ReservationSettings = { ...before };
  if (input.reserve_unpaid !== undefined) after.reserve_unpaid = input.reserve_unpaid;
  for (const key of BUFFER_KEYS) {
    const value = input[key];
    if (value !== undefined) after[key] = value;
  }
  const changes: string[] = [];
  if (after.reserve_unpaid !== before.reserve_unpaid)
    changes.push(
      `${FIELDS.reserve_unpaid.label} ${before.reserve_unpaid ? 'ya' : 'tidak'} → ${after.reserve_unpaid ? 'ya' : 'tidak'}`,
    );
  for (const key of BUFFER_KEYS)
    if (after[key] !== before[key])
      changes.push(`${FIELDS[key].label} ${logCount(before[key])} → ${logCount(after[key])}`);
  if (changes.length === 0) return before;
  await tx.execute(sql`
    insert into shop_settings (id, reserve_unpaid, buffer_shopee, buffer_tiktok, buffer_lazada,
                               buffer_tokopedia, buffer_bigseller)
    values (true, ${after.reserve_unpaid}, ${after.buffer_shopee}, ${after.buffer_tiktok},
            ${after.buffer_lazada}, ${after.buffer_tokopedia}, ${after.buffer_bigseller})
    on conflict (id) do update
       set reserve_unpaid = excluded.reserve_unpaid, buffer_shopee = excluded.buffer_shopee,
           buffer_tiktok = excluded.buffer_tiktok, buffer_lazada = excluded.buffer_lazada,
           buffer_tokopedia = excluded.buffer_tokopedia,
           buffer_bigseller = excluded.buffer_bigseller`);
  await logActivity(tx, { action: 'UPDATE_SETTINGS', user: actor, details: changes.join(', ') });
  return after;
}
