// Import in two steps: an uploaded file becomes a preview kept in the database (no
// order is written), each line's state computed against the current mappings and orders on every
// read; the commit writes the whole preview in one transaction, once.
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MAX_PREVIEWS_PER_USER,
  MARKETPLACE_MESSAGES,
  type CommitImportConflict,
  type CommitImportResult,
  type ImportLine,
  type ImportProblem,
  type ImportSummary,
  type MarketplaceChannel,
  type MarketplaceImport,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { resolver, textArray } from './mappings';
import type { ParsedLine } from './parse-orders';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

/** Previews not committed within this long are removed (with the next upload). */
export const PREVIEW_KEEP_HOURS = 48;

type PreviewRow = {
  id: number;
  channel: MarketplaceChannel;
  file_name: string;
  lines: ParsedLine[] | string;
  committed_at: Date | string | null;
};

const linesOf = (row: PreviewRow): ParsedLine[] =>
  typeof row.lines === 'string' ? (JSON.parse(row.lines) as ParsedLine[]) : row.lines;

/** The lines of a preview with their states, against the database as it is now. */
export async function linesWithStates(
  db: DbOrTx,
  channel: MarketplaceChannel,
  parsed: readonly ParsedLine[],
): Promise<ImportLine[]> {
  const resolve = await resolver(
    db,
    channel,
    parsed.filter((line) => line.sku !== '').map(({ sku, variation }) => ({ sku, variation })),
  );
  const numbers = [...new Set(parsed.map((line) => line.order_number).filter((n) => n !== ''))];
  const { rows: existing } = await db.execute<{
    order_number: string;
    sku: string | null;
    variation: string | null;
  }>(sql`
    select o.order_number, l.sku, l.variation
      from marketplace_orders o
      left join marketplace_order_lines l on l.order_id = o.id
     where o.channel = ${channel} and o.order_number = any(${textArray(numbers)})`);
  const orders = new Set(existing.map((row) => row.order_number));
  const lineKey = (order: string, sku: string, variation: string | null) =>
    `${order}\u0001${sku}\u0001${variation ?? ''}`;
  const lines = new Set(
    existing
      .filter((row) => row.sku !== null)
      .map((row) => lineKey(row.order_number, row.sku ?? '', row.variation)),
  );

  return parsed.map((line): ImportLine => {
    const items = line.sku === '' ? [] : resolve(line.sku, line.variation);
    const base = {
      ...line,
      items: items.map(({ product_code, quantity }) => ({ product_code, quantity })),
    };
    if (line.problem !== null) return { ...base, state: 'invalid' };
    const known = lines.has(lineKey(line.order_number, line.sku, line.variation));
    // A cancelled order already imported gets its new status; a new one is skipped.
    if (line.status === 'batal')
      return { ...base, state: orders.has(line.order_number) ? 'existing' : 'cancelled' };
    if (known) return { ...base, state: 'existing' };
    if (items.length === 0)
      return { ...base, state: 'unknown_sku', problem: MARKETPLACE_MESSAGES.unknownSku(line.sku) };
    return { ...base, state: 'ready' };
  });
}

export function summaryOf(lines: readonly ImportLine[]): ImportSummary {
  const summary: ImportSummary = {
    total: lines.length,
    ready: 0,
    unknown_sku: 0,
    invalid: 0,
    existing: 0,
    cancelled: 0,
  };
  for (const line of lines) summary[line.state] += 1;
  return summary;
}

async function previewOf(db: DbOrTx, row: PreviewRow): Promise<MarketplaceImport> {
  const lines = await linesWithStates(db, row.channel, linesOf(row));
  return {
    id: row.id,
    channel: row.channel,
    file_name: row.file_name,
    lines,
    summary: summaryOf(lines),
  };
}

/**
 * Keeps the parsed lines as a preview (removing expired ones, and the uploader's oldest beyond
 * MARKETPLACE_MAX_PREVIEWS_PER_USER) and answers it with its states.
 */
export async function createPreview(
  db: Db,
  preview: { channel: MarketplaceChannel; fileName: string; lines: ParsedLine[] },
  actor: ActivityActor,
): Promise<MarketplaceImport> {
  const row = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from marketplace_imports
                          where created_at < now() - make_interval(hours => ${PREVIEW_KEEP_HOURS})`);
    const { rows } = await tx.execute<PreviewRow>(sql`
      insert into marketplace_imports (channel, file_name, lines, created_by)
      values (${preview.channel}, ${preview.fileName}, ${JSON.stringify(preview.lines)}::jsonb,
              ${actor.id})
      returning id, channel, file_name, committed_at, '[]'::jsonb as lines`);
    const inserted = rows[0];
    if (inserted === undefined) throw new Error('the preview insert returned no row');
    // Each preview holds up to a file's worth of lines: one user's uploads cannot pile up.
    await tx.execute(sql`
      delete from marketplace_imports
       where created_by = ${actor.id}
         and id not in (select id from marketplace_imports where created_by = ${actor.id}
                         order by id desc limit ${MARKETPLACE_MAX_PREVIEWS_PER_USER})`);
    return { ...inserted, lines: preview.lines };
  });
  return previewOf(db, row);
}

export async function getPreview(db: DbOrTx, id: number): Promise<MarketplaceImport | null> {
  const { rows } = await db.execute<PreviewRow>(
    sql`select id, channel, file_name, lines, committed_at from marketplace_imports where id = ${id}`,
  );
  const row = rows[0];
  return row === undefined ? null : previewOf(db, row);
}

export type CommitOutcome =
  | { ok: true; value: CommitImportResult }
  | { ok: false; status: 403 | 404; message: string }
  | { ok: false; status: 409; conflict: CommitImportConflict };

interface OrderInput {
  order_number: string;
  resi_number: string | null;
  status: string;
  status_text: string;
  date: string;
}

interface LineInput {
  order_number: string;
  sku: string;
  variation: string;
  product_name: string;
  quantity: number;
  unit_price: number | null;
}

/**
 * The orders and the new lines a preview writes. Lines of one order with the same SKU and
 * variation (Lazada writes one row per unit) become one line: quantities summed, the unit price
 * their average weighted by quantity.
 */
function writesOf(lines: readonly ImportLine[]) {
  const orders = new Map<string, OrderInput>();
  const newLines = new Map<string, LineInput & { amount: number; priced: boolean }>();
  for (const line of lines) {
    if (line.state !== 'ready' && line.state !== 'existing') continue;
    if (line.date === null || line.quantity === null) continue;
    const order = orders.get(line.order_number);
    if (order === undefined)
      orders.set(line.order_number, {
        order_number: line.order_number,
        resi_number: line.resi_number,
        status: line.status,
        status_text: line.status_text,
        date: line.date,
      });
    else order.resi_number ??= line.resi_number;
    if (line.state !== 'ready') continue;
    const key = `${line.order_number}\u0001${line.sku}\u0001${line.variation ?? ''}`;
    const merged = newLines.get(key);
    if (merged === undefined)
      newLines.set(key, {
        order_number: line.order_number,
        sku: line.sku,
        variation: line.variation ?? '',
        product_name: line.product_name,
        quantity: line.quantity,
        unit_price: line.unit_price,
        amount: (line.unit_price ?? 0) * line.quantity,
        priced: line.unit_price !== null,
      });
    else {
      merged.quantity += line.quantity;
      merged.amount += (line.unit_price ?? 0) * line.quantity;
      merged.priced ||= line.unit_price !== null;
      merged.unit_price = merged.priced
        ? Math.round((merged.amount / merged.quantity) * 100) / 100
        : null;
    }
  }
  const lineList: LineInput[] = [...newLines.values()].map(
    ({ amount: _a, priced: _p, ...line }) => line,
  );
  return { orders: [...orders.values()], lines: lineList };
}

const problemOf = (line: ImportLine): ImportProblem | null =>
  line.state === 'invalid' || line.state === 'unknown_sku'
    ? {
        row: line.row,
        order_number: line.order_number,
        sku: line.sku,
        state: line.state,
        problem: line.problem ?? '',
      }
    : null;

/**
 * Commits a preview in one transaction: new orders and lines added, imported orders' status and
 * resi updated, the activity entry written; all or nothing. With problem lines (unknown SKU,
 * invalid) and without skipProblems, nothing is written: 409 with the problems. Once only.
 */
export async function commitPreview(
  db: Db,
  id: number,
  skipProblems: boolean,
  actor: ActivityActor,
): Promise<CommitOutcome> {
  const result: Result<CommitOutcome> = await inTransaction(db, async (tx) => {
    // The row lock makes a second, simultaneous commit wait and then find it committed.
    const { rows } = await tx.execute<PreviewRow & { created_by: number | null }>(sql`
      select id, channel, file_name, lines, committed_at, created_by from marketplace_imports
       where id = ${id} for update`);
    const row = rows[0];
    if (row === undefined) throw new Refusal(404, MARKETPLACE_MESSAGES.importNotFound);
    // The uploader has seen the preview's problems; another manager has not (F9).
    if (row.created_by === null || Number(row.created_by) !== actor.id)
      return { ok: false, status: 403, message: MARKETPLACE_MESSAGES.notUploader } as const;
    if (row.committed_at !== null)
      return {
        ok: false,
        status: 409,
        conflict: { message: MARKETPLACE_MESSAGES.alreadyCommitted, problems: [] },
      } as const;
    const lines = await linesWithStates(tx, row.channel, linesOf(row));
    const problems = lines.map(problemOf).filter((p): p is ImportProblem => p !== null);
    if (problems.length > 0 && !skipProblems)
      return {
        ok: false,
        status: 409,
        conflict: { message: MARKETPLACE_MESSAGES.hasProblems(problems.length), problems },
      } as const;

    const writes = writesOf(lines);
    const { rows: upserted } = await tx.execute<{ inserted: boolean }>(sql`
      insert into marketplace_orders (channel, order_number, resi_number, status, status_text, date)
      select ${row.channel}, x.order_number, x.resi_number, x.status, x.status_text, x.date
        from jsonb_to_recordset(${JSON.stringify(writes.orders)}::jsonb)
             as x(order_number text, resi_number text, status text, status_text text, date date)
      on conflict (channel, order_number) do update
         set status = excluded.status,
             status_text = excluded.status_text,
             resi_number = coalesce(excluded.resi_number, marketplace_orders.resi_number),
             updated_at = now()
       where marketplace_orders.status is distinct from excluded.status
          or marketplace_orders.status_text is distinct from excluded.status_text
          or (excluded.resi_number is not null
              and marketplace_orders.resi_number is distinct from excluded.resi_number)
      returning (xmax = 0) as inserted`);
    const createdOrders = upserted.filter((r) => r.inserted === true).length;
    const { rows: added } = await tx.execute<{ order_id: number }>(sql`
      insert into marketplace_order_lines (order_id, sku, variation, product_name, quantity, unit_price)
      select o.id, x.sku, x.variation, x.product_name, x.quantity, x.unit_price
        from jsonb_to_recordset(${JSON.stringify(writes.lines)}::jsonb)
             as x(order_number text, sku text, variation text, product_name text,
                  quantity integer, unit_price numeric)
        join marketplace_orders o on o.channel = ${row.channel} and o.order_number = x.order_number
      on conflict (order_id, sku, variation) do nothing
      returning order_id`);
    const changed = [...new Set(added.map((r) => Number(r.order_id)))];
    if (changed.length > 0)
      await tx.execute(sql`
        update marketplace_orders o
           set total = (select coalesce(sum(l.quantity * coalesce(l.unit_price, 0)), 0)
                          from marketplace_order_lines l where l.order_id = o.id)
         where o.id = any(array(select jsonb_array_elements_text(${JSON.stringify(changed)}::jsonb)::integer))`);
    await tx.execute(sql`update marketplace_imports set committed_at = now() where id = ${id}`);

    const count = (state: ImportLine['state']) => lines.filter((l) => l.state === state).length;
    const value: CommitImportResult = {
      created_orders: createdOrders,
      updated_orders: upserted.length - createdOrders,
      created_lines: added.length,
      skipped: {
        cancelled: count('cancelled'),
        invalid: count('invalid'),
        unknown_sku: count('unknown_sku'),
      },
    };
    await logActivity(tx, {
      action: 'IMPORT_MARKETPLACE_ORDERS',
      user: actor,
      details:
        `Impor pesanan ${MARKETPLACE_CHANNEL_LABELS[row.channel]} dari file ${row.file_name}: ` +
        `${value.created_orders} pesanan baru, ${value.updated_orders} diperbarui, ` +
        `${value.created_lines} baris baru; dilewati: ${value.skipped.cancelled} batal, ` +
        `${value.skipped.invalid} tidak valid, ${value.skipped.unknown_sku} SKU belum dipetakan`,
    });
    return { ok: true, value } as const;
  });
  if (!result.ok) return { ok: false, status: 404, message: result.message };
  return result.value;
}
