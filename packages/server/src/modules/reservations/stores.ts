// The shop's stores on each marketplace (issue 44): channel, name and the buffer its stock file
// keeps back (null: the channel's default in shop_settings). One default store per channel,
// made on first use by marketplace_default_store (migration 0033).
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_CHANNELS,
  RESERVATION_MESSAGES,
  SETTLEMENT_MESSAGES,
  type MarketplaceChannel,
  type MarketplaceStore,
  type MarketplaceStoreInput,
  type MarketplaceStoreUpdate,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { logCount } from '../../lib/log-text';
import { optionalIdField } from '../../lib/two-step-import';
import { reservationSettings } from './settings';

type StoreRow = {
  id: number;
  channel: MarketplaceChannel;
  name: string;
  buffer: number | string | null;
  effective_buffer: number | string;
  is_default: boolean;
  order_count: number | string;
};

/** The channel's default buffer of shop_settings, for a store row `s`. */
export const channelBuffer = (store: SQL) => sql`coalesce((select case ${store}.channel
    when 'shopee' then x.buffer_shopee when 'tiktok' then x.buffer_tiktok
    when 'lazada' then x.buffer_lazada when 'tokopedia' then x.buffer_tokopedia
    else x.buffer_bigseller end from shop_settings x), 0)`;

const STORE_COLUMNS = sql`s.id, s.channel, s.name, s.buffer,
  coalesce(s.buffer, ${channelBuffer(sql`s`)}) as effective_buffer, s.is_default,
  (select count(*) from marketplace_orders o where o.store_id = s.id) as order_count`;

const toStore = (row: StoreRow): MarketplaceStore => ({
  id: Number(row.id),
  channel: row.channel,
  name: row.name,
  buffer: row.buffer === null ? null : Number(row.buffer),
  effective_buffer: Number(row.effective_buffer),
  is_default: row.is_default === true,
  order_count: Number(row.order_count),
});

/** The id of the channel's default store, made if the channel has none yet. */
export async function defaultStoreId(db: DbOrTx, channel: MarketplaceChannel): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(
    sql`select marketplace_default_store(${channel}) as id`,
  );
  const id = rows[0]?.id;
  if (id === undefined || id === null) throw new Error(`no default store for ${channel}`);
  return Number(id);
}

export async function findStore(db: DbOrTx, id: number): Promise<MarketplaceStore | null> {
  const { rows } = await db.execute<StoreRow>(
    sql`select ${STORE_COLUMNS} from marketplace_stores s where s.id = ${id}`,
  );
  const row = rows[0];
  return row === undefined ? null : toStore(row);
}

/** The optional `store_id` field of an upload: a store's id, or undefined when left out (or empty). */
export const storeIdField = (value: string | undefined): number | undefined =>
  optionalIdField(value, RESERVATION_MESSAGES.storeNotFound) ?? undefined;

/**
 * The store a file is for: `id` when given (400 when it is unknown or of another channel), else
 * the channel's default store.
 */
export async function storeForUpload(
  db: DbOrTx,
  channel: MarketplaceChannel,
  id: number | undefined,
): Promise<Result<MarketplaceStore>> {
  const store = await findStore(db, id ?? (await defaultStoreId(db, channel)));
  if (store === null)
    return { ok: false, status: 400, message: RESERVATION_MESSAGES.storeNotFound };
  if (store.channel !== channel)
    return {
      ok: false,
      status: 400,
      message: RESERVATION_MESSAGES.storeOtherChannel(MARKETPLACE_CHANNEL_LABELS[channel]),
    };
  return { ok: true, value: store };
}

/** A store as the stock file needs it: id null for a default store not made yet. */
export type FileStore = Pick<MarketplaceStore, 'name' | 'effective_buffer'> & { id: number | null };

/**
 * The store a stock file is for, read only (a file writes no store): `id` when given (400 when
 * unknown or of another channel), else the channel's default store, or what it will be.
 */
export async function storeForFile(
  db: DbOrTx,
  channel: MarketplaceChannel,
  id: number | undefined,
): Promise<Result<FileStore>> {
  if (id !== undefined) return storeForUpload(db, channel, id);
  const { rows } = await db.execute<StoreRow>(sql`
    select ${STORE_COLUMNS} from marketplace_stores s
     where s.channel = ${channel} and s.is_default`);
  const row = rows[0];
  if (row !== undefined) return { ok: true, value: toStore(row) };
  const settings = await reservationSettings(db);
  return {
    ok: true,
    value: {
      id: null,
      name: MARKETPLACE_CHANNEL_LABELS[channel],
      effective_buffer: settings[`buffer_${channel}`],
    },
  };
}

/** The stores, by channel then name; a channel asked for gets its default store first. */
export async function listStores(
  db: DbOrTx,
  channel: MarketplaceChannel | undefined,
): Promise<MarketplaceStore[]> {
  if (channel !== undefined) await defaultStoreId(db, channel);
  const { rows } = await db.execute<StoreRow>(sql`
    select ${STORE_COLUMNS} from marketplace_stores s
     where ${channel === undefined ? sql`true` : sql`s.channel = ${channel}`}
     order by array_position(${sql.raw(`array[${MARKETPLACE_CHANNELS.map((c) => `'${c}'`).join(',')}]`)}, s.channel),
              s.is_default desc, lower(s.name), s.id`);
  return rows.map(toStore);
}

const bufferText = (buffer: number | null) =>
  buffer === null ? 'cadangan bawaan channel' : `cadangan ${logCount(buffer)}`;

const describe = (store: Pick<MarketplaceStore, 'channel' | 'name'>) =>
  `Toko ${MARKETPLACE_CHANNEL_LABELS[store.channel]} '${store.name}'`;

function nameTaken(name: string) {
  return (error: unknown) =>
    isUniqueViolation(error, 'marketplace_stores_name_key')
      ? new Refusal(409, RESERVATION_MESSAGES.storeNameTaken(name))
      : null;
}

export function createStore(
  db: Db,
  input: MarketplaceStoreInput,
  actor: ActivityActor,
): Promise<Result<MarketplaceStore>> {
  const name = input.name.trim();
  const buffer = input.buffer ?? null;
  return inTransaction(
    db,
    async (tx) => {
      // The default store first: the channel's first store made by hand is not its default.
      await defaultStoreId(tx, input.channel);
      const { rows } = await tx.execute<{ id: number }>(sql`
        insert into marketplace_stores (channel, name, buffer)
        values (${input.channel}, ${name}, ${buffer}) returning id`);
      const store = await findStore(tx, Number(rows[0]?.id));
      if (store === null) throw new Error('the store insert returned no row');
      await logActivity(tx, {
        action: 'UPDATE_SETTINGS',
        user: actor,
        details: `${describe(store)} dibuat, ${bufferText(buffer)}`,
      });
      return store;
    },
    nameTaken(name),
  );
}

export function updateStore(
  db: Db,
  id: number,
  input: MarketplaceStoreUpdate,
  actor: ActivityActor,
): Promise<Result<MarketplaceStore>> {
  const name = input.name?.trim();
  return inTransaction(
    db,
    async (tx) => {
      const before = await findStore(tx, id);
      if (before === null) throw new Refusal(404, RESERVATION_MESSAGES.storeNotFound);
      const buffer = input.buffer === undefined ? before.buffer : input.buffer;
      await tx.execute(sql`
        update marketplace_stores set name = ${name ?? before.name}, buffer = ${buffer},
               updated_at = now()
         where id = ${id}`);
      const store = await findStore(tx, id);
      if (store === null) throw new Error(`store ${id} vanished inside its transaction`);
      const changes = [
        store.name === before.name ? null : `nama '${before.name}' → '${store.name}'`,
        store.buffer === before.buffer
          ? null
          : `${bufferText(before.buffer)} → ${bufferText(store.buffer)}`,
      ].filter((part) => part !== null);
      if (changes.length > 0)
        await logActivity(tx, {
          action: 'UPDATE_SETTINGS',
          user: actor,
          details: `${describe(before)} diubah: ${changes.join(', ')}`,
        });
      return store;
    },
    nameTaken(name ?? ''),
  );
}

/** Deletes a store without orders or settlements; one with either stays (409). */
export function deleteStore(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<StoreRow>(
      sql`select s.id, s.channel, s.name from marketplace_stores s where s.id = ${id} for update`,
    );
    const store = rows[0];
    if (store === undefined) throw new Refusal(404, RESERVATION_MESSAGES.storeNotFound);
    // The lock above keeps a new order of this store out until the answer (the insert waits
    // on the store row's key share lock).
    const { rows: counted } = await tx.execute<{ total: number | string }>(
      sql`select count(*) as total from marketplace_orders where store_id = ${id}`,
    );
    const orders = Number(counted[0]?.total ?? 0);
    if (orders > 0) throw new Refusal(409, RESERVATION_MESSAGES.storeHasOrders(orders));
    // Its settlements (issue 45) keep it too: their store is what the income file named.
    const { rows: settled } = await tx.execute<{ total: number | string }>(
      sql`select count(*) as total from marketplace_settlements where store_id = ${id}`,
    );
    const settlements = Number(settled[0]?.total ?? 0);
    if (settlements > 0)
      throw new Refusal(409, SETTLEMENT_MESSAGES.storeHasSettlements(settlements));
    await tx.execute(sql`delete from marketplace_stores where id = ${id}`);
    await logActivity(tx, {
      action: 'UPDATE_SETTINGS',
      user: actor,
      details: `${describe(store)} dihapus`,
    });
    return null;
  });
}
