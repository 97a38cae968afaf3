// The return import in two steps, like the order and income imports (marketplace/imports.ts,
// settlements/imports.ts): a parsed return file is kept as a preview (nothing written to the
// requests), its states computed against the database on every read; the commit writes every
// request of the preview in one statement (an INSERT ... SELECT from the kept jsonb, ON CONFLICT
// on the request's key updating only what changed), once, with its activity entry in the same
// transaction. The same file again adds nothing and changes nothing ('Sudah ada'); a later file
// of the same request moves its status, refund and tracking on ('Berubah').
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_RETURN_MESSAGES,
  RETURN_PREVIEW_PROBLEMS,
  RETURN_PREVIEW_ROWS,
  type ReturnCommitResult,
  type ReturnImport,
  type ReturnPreviewRow,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { previewTable, type CommitOutcome, type NewPreview } from '../../lib/two-step-import';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { logCount } from '../../lib/log-text';
import { countsOf } from '../../lib/numbers';
import { orderFamily } from '../../lib/order-family';
import type { ParsedReturnFile } from './parse-returns';

const PREVIEWS = previewTable<ReturnImport['channel'], ReturnImport['format']>({
  table: 'return_imports',
  countColumn: 'row_count',
  messages: MARKETPLACE_RETURN_MESSAGES,
});

/** The kept jsonb's requests as SQL columns (`x`), camelCase as the parser writes them. */
const REQUEST_RECORD = sql`x("row" integer, reference text, "lineKey" text, "orderNumber" text,
  "returnNumber" text, type text, status text, "statusText" text, reason text, sku text,
  "productName" text, quantity integer, "refundAmount" numeric, "compensationAmount" numeric,
  "requestedOn" date, "refundedOn" date, "returnTracking" text, "claimDeadline" date)`;

/**
 * The product name a request is shown with (`name`, its file's) when its file names none, as
 * Shopee's return files do: its SKU's product in Gudang, resolved as the order import resolves a
 * SKU without a variation (marketplace/mappings.ts resolverOf: a mapping for the order's
 * `channel` before one for every channel, a bundle's products joined by ' + '; else the product
 * whose code, else whose barcode, is the SKU), else the name on its order's line of that SKU.
 * Read when shown, never stored: a product or mapping made later names it too.
 */
export const shownName = (name: SQL, sku: SQL, channel: SQL, orderId: SQL): SQL => sql`
  coalesce(${name},
    (select string_agg(p.name, ' + ' order by p.code)
       from (select m.id from sku_mappings m
              where lower(m.sku) = lower(btrim(${sku})) and m.variation is null
                and (m.channel is null or m.channel = ${channel})
              order by (m.channel is null) limit 1) best
       join sku_mapping_items mi on mi.mapping_id = best.id
       join products p on p.id = mi.product_id),
    (select p.name from products p where lower(p.code) = lower(btrim(${sku}))),
    (select p.name from products p where lower(p.barcode_id) = lower(btrim(${sku}))),
    (select nullif(l.product_name, '') from marketplace_order_lines l
      where l.order_id = ${orderId} and lower(l.sku) = lower(btrim(${sku}))
      order by l.id limit 1))`;

/** What a later file may change of a request: compared to tell 'Berubah' from 'Sudah ada'. */
const CHANGED = (m: string, x: string) =>
  sql.raw(`(${m}.status, ${m}.status_text, ${m}.reason, ${m}.quantity, ${m}.refund_amount,
    ${m}.compensation_amount, ${m}.refunded_on, ${m}.return_tracking, ${m}.claim_deadline,
    ${m}.sku, ${m}.product_name)
    is distinct from
    (${x}.status, ${x}."statusText", ${x}.reason, ${x}.quantity, ${x}."refundAmount"::numeric(14,2),
    ${x}."compensationAmount"::numeric(14,2), ${x}."refundedOn", ${x}."returnTracking",
    ${x}."claimDeadline", ${x}.sku, ${x}."productName")`);

type PreviewRow = {
  row: number | string;
  order_number: string;
  return_number: string | null;
  type: ReturnPreviewRow['type'];
  status: ReturnPreviewRow['status'];
  status_text: string;
  reason: string | null;
  sku: string | null;
  product_name: string | null;
  quantity: number | string | null;
  refund_amount: number | string;
  compensation_amount: number | string;
  requested_at: string | null;
  refunded_at: string | null;
  return_tracking: string | null;
  claim_deadline: string | null;
  existing: boolean;
  changed: boolean;
  matched_order_id: number | string | null;
};

/** The preview as it reads against the database now: counts over all its requests, the first N. */
async function previewOf(db: DbOrTx, id: number): Promise<ReturnImport | null> {
  const name = shownName(
    sql`x."productName"`,
    sql`x.sku`,
    sql`coalesce(o.channel, i.channel)`,
    sql`o.id`,
  );
  const kept = await PREVIEWS.read(db, id, {
    // The requests of the preview beside the imported request of the same key and their order.
    joined: sql`
      from return_imports i
      cross join lateral jsonb_to_recordset(i.rows) as ${REQUEST_RECORD}
      left join marketplace_returns m
        on m.channel = i.channel and m.format = i.format and m.reference = x.reference
       and m.line_key = x."lineKey"
      left join lateral (select o.id, o.channel from marketplace_orders o
                          where o.order_number = x."orderNumber"
                            and o.channel = any(${orderFamily(sql`i.channel`)})
                          order by (o.channel = i.channel) desc limit 1) o on true
     where i.id = ${id}`,
    counts: {
      names: ['existing', 'changed', 'matched'],
      select: sql`count(m.id) as existing,
           count(m.id) filter (where ${CHANGED('m', 'x')}) as changed,
           count(o.id) as matched`,
    },
    rows: sql<PreviewRow>`x."row", x."orderNumber" as order_number, x."returnNumber" as return_number, x.type,
           x.status, x."statusText" as status_text, x.reason, x.sku,
           ${name} as product_name, x.quantity, x."refundAmount" as refund_amount,
           x."compensationAmount" as compensation_amount,
           to_char(x."requestedOn", 'YYYY-MM-DD') as requested_at,
           to_char(x."refundedOn", 'YYYY-MM-DD') as refunded_at,
           x."returnTracking" as return_tracking,
           to_char(x."claimDeadline", 'YYYY-MM-DD') as claim_deadline,
           (m.id is not null) as existing, coalesce(${CHANGED('m', 'x')}, false) as changed,
           o.id as matched_order_id`,
    order: sql`x."row"`,
    limit: RETURN_PREVIEW_ROWS,
    problems: RETURN_PREVIEW_PROBLEMS,
  });
  if (kept === null) return null;
  const { counted, rows, problems } = kept;
  const total = kept.count;
  const { existing, changed, matched } = counted;
  return {
    ...kept.head,
    counts: {
      rows: total,
      new: total - existing,
      changed,
      already: existing - changed,
      matched,
      unmatched: total - matched,
      problems: kept.problemCount,
    },
    rows: rows.map((row): ReturnPreviewRow => ({
      row: Number(row.row),
      order_number: row.order_number,
      return_number: row.return_number,
      type: row.type,
      status: row.status,
      status_text: row.status_text,
      reason: row.reason,
      sku: row.sku,
      product_name: row.product_name,
      quantity: row.quantity === null ? 0 : Number(row.quantity),
      refund_amount: Number(row.refund_amount),
      compensation_amount: Number(row.compensation_amount),
      requested_at: row.requested_at,
      refunded_at: row.refunded_at,
      return_tracking: row.return_tracking,
      claim_deadline: row.claim_deadline,
      state: row.existing !== true ? 'baru' : row.changed === true ? 'berubah' : 'sudah_ada',
      matched_order_id: row.matched_order_id === null ? null : Number(row.matched_order_id),
    })),
    problems,
  };
}

/**
 * Keeps the parsed file as a preview (removing expired ones, and the uploader's oldest beyond
 * MARKETPLACE_MAX_PREVIEWS_PER_USER) and answers it with its states.
 */
export async function createReturnPreview(
  db: Db,
  preview: NewPreview<ParsedReturnFile>,
  actor: ActivityActor,
): Promise<ReturnImport> {
  return PREVIEWS.keep(db, actor.id, preview, {
    count: preview.file.requests.length,
    rows: preview.file.requests,
    read: previewOf,
  });
}

export const getReturnPreview = previewOf;

/**
 * Commits a preview in one transaction: every request new or changed written by one INSERT ...
 * SELECT ... ON CONFLICT DO UPDATE (the update only where something differs), the file's requests
 * with an imported order counted (all of them, as the preview counts them), the activity entry
 * written; all or nothing, once. The preview's row lock makes a simultaneous second commit wait
 * and then find it committed.
 * `today`: the shop's day, for a request whose file gives no day at all.
 */
export async function commitReturnPreview(
  db: Db,
  id: number,
  today: string,
  actor: ActivityActor,
): Promise<CommitOutcome<ReturnCommitResult>> {
  return PREVIEWS.commit(db, id, actor.id, async (tx, row) => {
    const { created, updated, matched } = await countsOf(
      tx,
      ['created', 'updated', 'matched'],
      sql`
      with written as (
        insert into marketplace_returns as m
               (channel, format, reference, line_key, store_id, order_number, return_number, type,
                status, status_text, reason, sku, product_name, quantity, refund_amount,
                compensation_amount, requested_on, refunded_on, return_tracking, claim_deadline,
                import_id)
        select i.channel, i.format, x.reference, x."lineKey", i.store_id, x."orderNumber",
               x."returnNumber", x.type, x.status, x."statusText", x.reason, x.sku,
               x."productName", x.quantity, x."refundAmount", x."compensationAmount",
               coalesce(x."requestedOn", x."refundedOn", ${today}::date), x."refundedOn",
               x."returnTracking", x."claimDeadline", i.id
          from return_imports i
          cross join lateral jsonb_to_recordset(i.rows) as ${REQUEST_RECORD}
         where i.id = ${id}
        on conflict (channel, format, reference, line_key) do update
           set store_id = excluded.store_id, order_number = excluded.order_number,
               return_number = excluded.return_number, type = excluded.type,
               status = excluded.status, status_text = excluded.status_text,
               reason = excluded.reason, sku = excluded.sku, product_name = excluded.product_name,
               quantity = excluded.quantity, refund_amount = excluded.refund_amount,
               compensation_amount = excluded.compensation_amount,
               requested_on = excluded.requested_on, refunded_on = excluded.refunded_on,
               return_tracking = excluded.return_tracking,
               claim_deadline = excluded.claim_deadline, import_id = excluded.import_id,
               updated_at = now()
         where (m.status, m.status_text, m.reason, m.quantity, m.refund_amount,
                m.compensation_amount, m.refunded_on, m.return_tracking, m.claim_deadline, m.sku,
                m.product_name)
               is distinct from
               (excluded.status, excluded.status_text, excluded.reason, excluded.quantity,
                excluded.refund_amount, excluded.compensation_amount, excluded.refunded_on,
                excluded.return_tracking, excluded.claim_deadline, excluded.sku,
                excluded.product_name)
        returning (m.created_at = m.updated_at) as created)
      select (select count(*) from written w where w.created) as created,
             (select count(*) from written w where not w.created) as updated,
             -- Over every request of the file, as its preview counts them: one already imported
             -- (written now or not) is no less matched to its order.
             count(*) filter (where exists (
               select 1 from marketplace_orders o
                where o.order_number = x."orderNumber"
                  and o.channel = any(${orderFamily(sql`i.channel`)}))) as matched
        from return_imports i
        cross join lateral jsonb_to_recordset(i.rows) as ${REQUEST_RECORD}
       where i.id = ${id}`,
    );
    const value: ReturnCommitResult = {
      message: MARKETPLACE_RETURN_MESSAGES.committed(created, updated),
      created,
      updated,
      already: row.count - created - updated,
      matched,
    };
    await logActivity(tx, {
      action: 'IMPORT_RETURNS',
      user: actor,
      details:
        `Impor pengembalian ${MARKETPLACE_CHANNEL_LABELS[row.channel]} (${row.store}) dari file ` +
        `${row.file_name}: ${logCount(created)} baru, ${logCount(updated)} diperbarui, ` +
        `${logCount(value.already)} sudah ada; ${logCount(value.matched)} cocok dengan pesanan ` +
        `yang sudah diimpor`,
    });
    return value;
  });
}
