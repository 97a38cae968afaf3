// The settlement import in two steps, like the order import (marketplace/imports.ts): a parsed
// income file is kept as a preview (nothing written to the settlements), its orders as rows of
// settlement_import_orders written a batch at a time (migration 0043: never the whole file as one
// value, which PGlite would read whole into its memory for every count, page and commit), its
// counts computed against the database on every read; the commit adds every order of the preview
// in one statement (an INSERT ... SELECT from those rows; the imported orders it matches counted
// by one join), once, with its activity entry in the same transaction. An order imported before is
// left as it was ('Sudah ada'). A settlement's order is never stored: every read joins it by
// (channel, order number), so a settlement imported before its order matches it once imported.
// TikTok Shop's file also settles Tokopedia's orders (its 'Order Source', row by row; the file is
// Tokopedia's only when every row is), and TikTok's order export may have been imported under
// either channel: a row of either is written under the channel of its imported order of either
// (its file's first), and is 'Sudah ada' when either has settled its order number (one number
// space: TikTok's order ids).
import {
  MARKETPLACE_CHANNEL_LABELS,
  SETTLEMENT_FEE_CATEGORIES,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_PREVIEW_ORDERS,
  SETTLEMENT_PREVIEW_PROBLEMS,
  type SettlementChannel,
  type SettlementCommitResult,
  type SettlementFeeCategory,
  type SettlementImport,
  type SettlementPreviewOrder,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import { LOCKS } from '../../db/advisory-lock';
import type { Db, DbOrTx } from '../../db/client';
import { previewTable, type CommitOutcome, type NewPreview } from '../../lib/two-step-import';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { countsOf } from '../../lib/numbers';
import { inTiktokFamily, orderFamily } from '../../lib/order-family';
import {
  FEE_CATEGORIES,
  SETTLEMENT_ORDERS_PER_BATCH,
  type KeptSettlementFile,
} from './parse-settlements';

const PREVIEWS = previewTable<SettlementChannel, SettlementImport['format']>({
  table: 'settlement_imports',
  countColumn: 'order_count',
  messages: SETTLEMENT_MESSAGES,
});

// The contract's categories are the parser's, in the same order.
const SAME_CATEGORIES: readonly SettlementFeeCategory[] = FEE_CATEGORIES;
if (SAME_CATEGORIES.join() !== SETTLEMENT_FEE_CATEGORIES.join())
  throw new Error('the fee categories of the contract and the parser differ');

/** Sen (as the database or JSON answers it) to rupiah. */
export const rupiah = (sen: number | string | null | undefined): number =>
  sen === null || sen === undefined ? 0 : Number(sen) / 100;

/** The fee columns of a row as rupiah, by category. */
export function feesOf(
  row: Record<SettlementFeeCategory, number | string>,
): Record<SettlementFeeCategory, number> {
  return Object.fromEntries(
    SETTLEMENT_FEE_CATEGORIES.map((category) => [category, rupiah(row[category])]),
  ) as Record<SettlementFeeCategory, number>;
}

/** The file's column names by category, only the categories that have some. */
export function feeColumnsOf(value: unknown): Record<string, string[]> {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return {};
  const out: Record<string, string[]> = {};
  for (const [category, names] of Object.entries(parsed as Record<string, unknown>))
    if (Array.isArray(names) && names.length > 0) out[category] = names.map(String);
  return out;
}

/**
 * Orders written per statement: one batch of the worker's (KeptSettlementFile), about 0.2 MB of
 * JSON, so that neither this thread nor the database holds the file's orders as one value.
 */
export const SETTLEMENT_ORDERS_PER_STATEMENT = SETTLEMENT_ORDERS_PER_BATCH;

/**
 * A batch of the worker's orders (JSON text, KeptSettlementFile.batches) as SQL columns (`x`),
 * with its place in the batch (`line`, from 1); `lists`: the file's lists of column names.
 */
export const batchOrdersOf = (json: string, lists: string) => sql`(
    select x.n as order_number, x.d as released_at, coalesce(x.b, 0) as price_before,
           coalesce(x.a, 0) as price_after, coalesce(x.f, '{}'::json) as fees,
           coalesce(${lists}::jsonb -> x.c, '{}'::jsonb) as fee_columns,
           coalesce(x.r, 0) as released, coalesce(x.x, 0) as difference, x.w as row,
           x.j as adjustment_row, coalesce(x.o, 0) = 1 as adjustments_only, x.line
      from rows from (json_to_recordset(${json}::json) as (
             n text, d date, b bigint, a bigint, f json, c int, r bigint, x bigint, w int, j int,
             o int)) with ordinality as x(n, d, b, a, f, c, r, x, w, j, o, line))`;

const feeColumnsSql = sql.join(
  SETTLEMENT_FEE_CATEGORIES.map((category) => sql.raw(`"${category}"`)),
  sql`, `,
);
/** The fee columns of the preview's rows (`x`). */
const keptFeesSql = sql.join(
  SETTLEMENT_FEE_CATEGORIES.map((category) => sql.raw(`x."${category}"`)),
  sql`, `,
);
const feeValuesSql = sql.join(
  SETTLEMENT_FEE_CATEGORIES.map((category) => sql`coalesce((x.fees ->> ${category})::bigint, 0)`),
  sql`, `,
);

/** Writes the file's orders as the preview's rows, a batch of the worker's a statement. */
async function keepOrders(tx: DbOrTx, id: number, file: KeptSettlementFile): Promise<void> {
  for (const [index, batch] of file.batches.entries()) {
    const start = index * SETTLEMENT_ORDERS_PER_BATCH;
    await tx.execute(sql`
      insert into settlement_import_orders
             (import_id, line, order_number, released_at, price_before, price_after,
              ${feeColumnsSql}, fee_columns, released, difference)
      select ${id}, ${start} + x.line, x.order_number, x.released_at, x.price_before,
             x.price_after, ${feeValuesSql}, x.fee_columns, x.released, x.difference
        from ${batchOrdersOf(batch, file.columnLists)} x`);
  }
}

/**
 * The join of a preview's row `x` (of import `i`) with `o`, the imported order of its number (of
 * its file's channel first; its id, channel and store): an index probe of marketplace_orders'
 * unique (channel, order_number).
 */
const orderOfRow = sql`
      left join lateral (
        select o.id, o.channel, o.store_id from marketplace_orders o
         where o.order_number = x.order_number and o.channel = any(${orderFamily(sql`i.channel`)})
         order by o.channel = i.channel desc
         limit 1) o on true`;

/** The join of a preview's row with `m`, the settlement already imported of its number. */
const settledOfRow = sql`
      left join lateral (
        select m.id from marketplace_settlements m
         where m.order_number = x.order_number and m.channel = any(${orderFamily(sql`i.channel`)})
         limit 1) m on true`;

/** The matched order `o` has no Barang Keluar record: never packed with Scan Kirim. */
const notPacked = sql`not exists (select 1 from outgoing_goods g where g.marketplace_order_id = o.id)`;

type PreviewOrderRow = {
  order_number: string;
  released_at: string | null;
  price_before: string | number;
  price_after: string | number;
  released: string | number;
  difference: string | number;
  fee_columns: unknown;
  already: boolean;
  matched_order_id: number | string | null;
} & Record<SettlementFeeCategory, string | number>;

/** The preview as it reads against the database now: counts over all its orders, the first N. */
async function previewOf(db: DbOrTx, id: number): Promise<SettlementImport | null> {
  const kept = await PREVIEWS.read(db, id, {
    // The orders of the preview beside the settlement and the imported order of the same number.
    joined: sql`
      from settlement_import_orders x
      join settlement_imports i on i.id = x.import_id
      ${orderOfRow}
      ${settledOfRow}
     where x.import_id = ${id}`,
    counts: {
      names: ['already', 'matched', 'not_packed', 'differences'],
      select: sql`count(m.id) as already, count(o.id) as matched,
           count(o.id) filter (where ${notPacked}) as not_packed,
           count(*) filter (where x.difference <> 0) as differences`,
    },
    rows: sql<PreviewOrderRow>`x.order_number, to_char(x.released_at, 'YYYY-MM-DD') as released_at, x.price_before,
           x.price_after, x.released, x.difference, x.fee_columns, ${keptFeesSql},
           (m.id is not null) as already, o.id as matched_order_id`,
    order: sql`x.released_at desc nulls last, x.order_number`,
    limit: SETTLEMENT_PREVIEW_ORDERS,
    problems: SETTLEMENT_PREVIEW_PROBLEMS,
  });
  if (kept === null) return null;
  const { counted, rows: orders, problems } = kept;
  const total = kept.count;
  const { matched } = counted;
  return {
    ...kept.head,
    counts: {
      orders: total,
      already: counted.already,
      matched,
      unmatched: total - matched,
      not_packed: counted.not_packed,
      differences: counted.differences,
      problems: kept.problemCount,
    },
    orders: orders.map((row): SettlementPreviewOrder => ({
      order_number: row.order_number,
      released_at: row.released_at,
      price_before: rupiah(row.price_before),
      price: rupiah(row.price_after),
      fees: feesOf(row),
      fee_columns: feeColumnsOf(row.fee_columns),
      released: rupiah(row.released),
      difference: rupiah(row.difference),
      state: row.already === true ? 'sudah_ada' : 'baru',
      matched_order_id: row.matched_order_id === null ? null : Number(row.matched_order_id),
    })),
    problems,
  };
}

/**
 * Keeps the parsed file as a preview (removing expired ones, and the uploader's oldest beyond
 * MARKETPLACE_MAX_PREVIEWS_PER_USER) and answers it with its counts.
 */
export async function createSettlementPreview(
  db: Db,
  preview: NewPreview<KeptSettlementFile>,
  actor: ActivityActor,
): Promise<SettlementImport> {
  return PREVIEWS.keep(db, actor.id, preview, {
    count: preview.file.orderCount,
    fill: (tx, id) => keepOrders(tx, id, preview.file),
    read: previewOf,
  });
}

export const getSettlementPreview = previewOf;

/**
 * Commits a preview in one transaction: every order not imported before added (one INSERT ...
 * SELECT from the preview's rows, in the file's order, ON CONFLICT DO NOTHING), the file's orders
 * with an imported order counted (all of them, as the preview counts them, and as the return
 * import does), the activity entry written; all or nothing, once. The preview's row lock makes a
 * simultaneous second commit wait and then find it committed.
 */
export async function commitSettlementPreview(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<CommitOutcome<SettlementCommitResult>> {
  return PREVIEWS.commit(db, id, actor.id, async (tx, row) => {
    // A TikTok file and a Tokopedia file may name one order, and each settles it under the
    // channel of its matched order or else its own: the unique (channel, order_number) cannot
    // guard the pair, so two such commits take turns, and the second sees the first's rows.
    if (inTiktokFamily(row.channel))
      await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.tiktokFamilySettlements}::bigint)`);
    // The settlement's order is not stored: it is joined by (channel, order number) when read
    // (migration 0037), so an order imported later matches too. Counted here for the message.
    const {
      created,
      matched,
      not_packed: notPackedCount,
    } = await countsOf(
      tx,
      ['created', 'matched', 'not_packed'],
      sql`
      with added as (
        insert into marketplace_settlements
               (channel, order_number, store_id, released_at, price_before, price_after,
                ${feeColumnsSql}, fee_columns, released, difference, import_id)
        select coalesce(o.channel, i.channel), x.order_number,
               -- Matched with an order of the family's other channel: that order's store (the
               -- file's is a store of the other marketplace).
               case when o.channel <> i.channel then coalesce(o.store_id, i.store_id)
                    else i.store_id end,
               x.released_at,
               x.price_before, x.price_after, ${keptFeesSql}, x.fee_columns, x.released,
               x.difference, i.id
          from settlement_import_orders x
          join settlement_imports i on i.id = x.import_id
          ${orderOfRow}
          ${settledOfRow}
         where x.import_id = ${id} and m.id is null
         order by x.line
        on conflict (channel, order_number) do nothing
        returning 1)
      select (select count(*) from added) as created, count(o.id) as matched,
             count(o.id) filter (where ${notPacked}) as not_packed
        from settlement_import_orders x
        join settlement_imports i on i.id = x.import_id
        ${orderOfRow}
       where x.import_id = ${id}`,
    );
    const value: SettlementCommitResult = {
      message: '',
      created,
      already: row.count - created,
      matched,
      not_packed: notPackedCount,
    };
    value.message =
      `Impor penghasilan ${MARKETPLACE_CHANNEL_LABELS[row.channel]} (${row.store}) dari file ` +
      `${row.file_name}: ${value.created} pesanan baru, ${value.already} sudah ada; ` +
      `${value.matched} cocok dengan pesanan yang sudah diimpor` +
      (notPackedCount > 0 ? `, ${notPackedCount} di antaranya belum dikemas di Gudang` : '');
    await logActivity(tx, { action: 'IMPORT_SETTLEMENT', user: actor, details: value.message });
    return value;
  });
}
