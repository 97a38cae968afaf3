// Import in two steps: an uploaded file becomes a preview kept in the database (no
// order is written), each line's state computed against the current mappings and orders on every
// read; the commit writes the whole preview, all or nothing, once. On PGlite (one connection)
// a transaction keeps every other request waiting: the commit reads the preview and computes
// its lines' states and writes before its transaction, and inside it only checks that what they
// were computed from is still so; a big file's new orders are written in batches, hidden until
// one short final step shows them (issue 41: a 49,000-line file; docs/adr/0026).
import {
  MARKETPLACE_CHANNEL_LABELS,
  MARKETPLACE_MESSAGES,
  type CommitImportConflict,
  type CommitImportResult,
  type ImportLine,
  type ImportProblem,
  type ImportSummary,
  type MarketplaceChannel,
  type MarketplaceImport,
  type MarketplaceStatus,
  type SkippedOrderLine,
} from '@gudang/api-client/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { discardImport } from '../../db/pending-imports';
import { resolverOf, resolverRows, type ResolverRows } from './mappings';
import { textArray } from '../../lib/id-array';
import { inTiktokFamily, orderFamily } from '../../lib/order-family';
import type { ParsedLine } from './parse-orders';
import { Refusal, type Result } from '../../lib/result';
import { inOneStatement, inTransaction } from '../../lib/transaction';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { jsonColumn } from '../../lib/json-column';
import { keepPreview } from '../../lib/two-step-import';

const PREVIEWS = { table: 'marketplace_imports' };

type PreviewRow = {
  id: number;
  channel: MarketplaceChannel;
  file_name: string;
  lines: ParsedLine[] | string;
  committed_at: Date | string | null;
};

/**
 * The fields of a kept line, in the order a compact preview writes them: a line is kept as an
 * array of its values (half the JSON of an object with its keys: a 49,000-line preview's insert
 * is the longest statement of its upload). Previews kept as objects read as before.
 */
const LINE_FIELDS = [
  'row',
  'order_number',
  'resi_number',
  'status',
  'status_text',
  'date',
  'sku',
  'variation',
  'product_name',
  'quantity',
  'unit_price',
  'courier',
  'marketplace_fulfilled',
  'problem',
] as const satisfies readonly (keyof ParsedLine)[];

/** The lines as kept: each an array of its LINE_FIELDS. */
const keptLines = (lines: readonly ParsedLine[]): string =>
  JSON.stringify(lines.map((line) => LINE_FIELDS.map((field) => line[field] ?? null)));

function linesOf(row: PreviewRow): ParsedLine[] {
  const kept = (typeof row.lines === 'string' ? JSON.parse(row.lines) : row.lines) as (
    ParsedLine | unknown[]
  )[];
  return kept.map((line) =>
    Array.isArray(line)
      ? (Object.fromEntries(
          LINE_FIELDS.map((field, at) => [field, line[at] ?? null]),
        ) as unknown as ParsedLine)
      : line,
  );
}

/**
 * The statuses Gudang itself records (Scan Kirim ships, Retur returns), in their order. An order
 * Gudang shipped or returned takes a file's status only when it is further along this list: a
 * later export still reading 'Perlu Dikirim' (the courier has not collected yet) must not put a
 * packed order back on the to-ship list. A file's 'batal' of a shipped order is not taken
 * either: the goods left the shop, and only a Retur brings them back.
 */
const RECORDED_ORDER: readonly MarketplaceStatus[] = ['dikirim', 'selesai', 'retur'];

const recordedRank = (status: MarketplaceStatus) => RECORDED_ORDER.indexOf(status);

interface ExistingOrder {
  status: MarketplaceStatus;
  /** Shipped or returned by Gudang: a file moves its status forward only. */
  recorded: boolean;
  shipped: boolean;
}

/** The status an order has after a file gives it `fileStatus` (the same rule as the commit's SQL). */
export function statusAfter(
  order: ExistingOrder,
  fileStatus: MarketplaceStatus,
): MarketplaceStatus {
  if (!order.recorded) return fileStatus;
  return recordedRank(fileStatus) > recordedRank(order.status) ? fileStatus : order.status;
}

type ExistingRow = {
  order_number: string;
  status: MarketplaceStatus;
  shipped: boolean;
  sku: string | null;
  variation: string | null;
  quantity: unknown;
};

/** What the states of a preview's lines are computed from: the database's rows. */
interface StateInputs {
  resolve: ResolverRows;
  existing: ExistingRow[];
}

async function stateInputs(
  db: DbOrTx,
  channel: MarketplaceChannel,
  parsed: readonly ParsedLine[],
): Promise<StateInputs> {
  const resolve = await resolverRows(
    db,
    channel,
    parsed.filter((line) => line.sku !== '').map(({ sku, variation }) => ({ sku, variation })),
  );
  const numbers = [...new Set(parsed.map((line) => line.order_number).filter((n) => n !== ''))];
  const { rows: existing } = await db.execute<ExistingRow>(sql`
    select o.order_number, o.status, (o.shipped_at is not null) as shipped, l.sku, l.variation,
           l.quantity
      from marketplace_orders o
      left join marketplace_order_lines l on l.order_id = o.id
     where o.channel = ${channel} and o.order_number = any(${textArray(numbers)})
     order by o.id, l.id`);
  return { resolve, existing };
}

/**
 * The parts of the inputs the states depend on (a product's stock and price are not), as one
 * text: the same text, the same states.
 */
const statesKey = ({ resolve, existing }: StateInputs): string =>
  JSON.stringify([
    resolve.mappings.map((m) => [
      m.id,
      m.channel,
      m.sku,
      m.variation,
      m.product_id,
      m.code,
      m.name,
      m.quantity,
    ]),
    resolve.products.map((p) => [p.id, p.code, p.barcode_id, p.name]),
    existing.map((o) => [o.order_number, o.status, o.shipped, o.sku, o.variation, o.quantity]),
  ]);

/** The lines of a preview with their states, against the database as it is now. */
export async function linesWithStates(
  db: DbOrTx,
  channel: MarketplaceChannel,
  parsed: readonly ParsedLine[],
): Promise<ImportLine[]> {
  return statesOf(parsed, await stateInputs(db, channel, parsed));
}

function statesOf(parsed: readonly ParsedLine[], inputs: StateInputs): ImportLine[] {
  const resolve = resolverOf(inputs.resolve);
  const { existing } = inputs;
  const orders = new Map<string, ExistingOrder>();
  for (const row of existing) {
    const shipped = row.shipped === true;
    orders.set(row.order_number, {
      status: row.status,
      shipped,
      recorded: shipped || row.status === 'retur',
    });
  }
  const lineKey = (order: string, sku: string, variation: string | null) =>
    `${order}\u0001${sku}\u0001${variation ?? ''}`;
  // The imported lines and their quantities; the file's summed per line (Lazada writes a row a
  // unit), to tell a line whose quantity the file no longer agrees with.
  const lines = new Map(
    existing
      .filter((row) => row.sku !== null)
      .map((row) => [
        lineKey(row.order_number, row.sku ?? '', row.variation),
        Number(row.quantity),
      ]),
  );
  const inFile = new Map<string, number>();
  for (const line of parsed) {
    if (line.problem !== null || line.quantity === null) continue;
    const key = lineKey(line.order_number, line.sku, line.variation);
    inFile.set(key, (inFile.get(key) ?? 0) + line.quantity);
  }

  return parsed.map((line): ImportLine => {
    const items = line.sku === '' ? [] : resolve(line.sku, line.variation);
    const base = {
      ...line,
      items: items.map(({ product_code, quantity }) => ({ product_code, quantity })),
    };
    if (line.problem !== null) return { ...base, state: 'invalid' };
    const order = orders.get(line.order_number);
    const after = order === undefined ? line.status : statusAfter(order, line.status);
    const changed = {
      ...base,
      ...(order !== undefined && order.status !== line.status
        ? { status_change: { from: order.status, to: line.status, kept: after !== line.status } }
        : {}),
    };
    const key = lineKey(line.order_number, line.sku, line.variation);
    const kept = lines.get(key);
    // The goods left the shop: the file's cancellation is shown, the order stays shipped.
    const attention =
      order?.shipped === true && line.status === 'batal' && after !== 'batal'
        ? MARKETPLACE_MESSAGES.cancelledAfterShipping
        : null;
    // A cancelled order already imported gets its new status; a new one is skipped.
    if (line.status === 'batal')
      return order !== undefined
        ? { ...changed, state: 'existing', problem: attention }
        : { ...base, state: 'cancelled' };
    if (kept !== undefined) {
      // Imported lines are never rewritten (a package may be packed from them): said, not hidden.
      const counted = inFile.get(key);
      return counted === undefined || counted === kept
        ? { ...changed, state: 'existing' }
        : {
            ...changed,
            state: 'existing',
            problem: MARKETPLACE_MESSAGES.quantityKept(counted, kept),
          };
    }
    // The package left without this line: adding it now would book goods that were never sent.
    if (order?.shipped === true)
      return { ...changed, state: 'already_shipped', problem: MARKETPLACE_MESSAGES.alreadyShipped };
    if (items.length === 0)
      return {
        ...changed,
        state: 'unknown_sku',
        problem: MARKETPLACE_MESSAGES.unknownSku(line.sku),
      };
    return { ...changed, state: 'ready' };
  });
}

export function summaryOf(lines: readonly ImportLine[]): ImportSummary {
  const summary: Required<ImportSummary> = {
    total: lines.length,
    ready: 0,
    unknown_sku: 0,
    invalid: 0,
    existing: 0,
    cancelled: 0,
    already_shipped: 0,
    status_changed: 0,
    status_kept: 0,
  };
  for (const line of lines) {
    summary[line.state] += 1;
    if (line.status_change === undefined) continue;
    if (line.status_change.kept) summary.status_kept += 1;
    else summary.status_changed += 1;
  }
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
  preview: {
    channel: MarketplaceChannel;
    fileName: string;
    lines: ParsedLine[];
    /** The shop's store the orders came through (null: the channel's default store). */
    storeId?: number | null;
  },
  actor: ActivityActor,
): Promise<MarketplaceImport> {
  // The lines' JSON made before the transaction (half a second of a 49,000-line file).
  const lines = keptLines(preview.lines);
  return keepPreview(db, PREVIEWS, actor.id, {
    insert: (tx) =>
      tx.execute<{ id: number }>(sql`
        insert into marketplace_imports (channel, file_name, lines, created_by, store_id)
        values (${preview.channel}, ${preview.fileName}, ${lines}::jsonb,
                ${actor.id}, ${preview.storeId ?? null}::integer)
        returning id`),
    read: (reader, id) =>
      previewOf(reader, {
        id,
        channel: preview.channel,
        file_name: preview.fileName,
        lines: preview.lines,
        committed_at: null,
      }),
  });
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
  /** Issue 47; null: the file does not say (an existing order keeps what it has). */
  courier: string | null;
  marketplace_fulfilled: boolean | null;
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
        courier: line.courier ?? null,
        marketplace_fulfilled: line.marketplace_fulfilled ?? null,
      });
    else {
      order.resi_number ??= line.resi_number;
      order.courier ??= line.courier ?? null;
      order.marketplace_fulfilled ??= line.marketplace_fulfilled ?? null;
    }
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

const skippedKey = (line: Pick<SkippedOrderLine, 'sku' | 'variation'>) =>
  `${line.sku}\u0001${line.variation ?? ''}`;

/**
 * The lines a commit leaves out of orders that it writes or that exist ('Lewati baris
 * bermasalah'), per order number: an unknown SKU or an invalid line of an order that is not
 * cancelled. Its order is incomplete until a later import adds the line (issue 42 M5).
 */
function skippedOf(lines: readonly ImportLine[]): Map<string, SkippedOrderLine[]> {
  const skipped = new Map<string, SkippedOrderLine[]>();
  for (const line of lines) {
    if (line.state !== 'unknown_sku' && line.state !== 'invalid') continue;
    if (line.order_number === '' || line.status === 'batal') continue;
    const list = skipped.get(line.order_number) ?? [];
    list.push({
      sku: line.sku,
      variation: line.variation,
      product_name: line.product_name,
      quantity: line.quantity,
      problem: line.problem ?? '',
    });
    skipped.set(line.order_number, list);
  }
  return skipped;
}

/**
 * Keeps each unshipped order's skipped lines after a commit: those it had and those this file
 * skipped (the newer replacing the same SKU and variation), less every line the order now has.
 * Only the orders of this file change. Answers how many of them are incomplete.
 */
async function keepSkippedLines(
  tx: DbOrTx,
  channel: MarketplaceChannel,
  lines: readonly ImportLine[],
): Promise<number> {
  const incoming = skippedOf(lines);
  const numbers = [...new Set(lines.map((line) => line.order_number).filter((n) => n !== ''))];
  const { rows } = await tx.execute<{
    id: number;
    order_number: string;
    skipped_lines: SkippedOrderLine[] | string;
    keys: string[] | string;
  }>(sql`
    select o.id, o.order_number, o.skipped_lines,
           (select coalesce(json_agg(l.sku || chr(1) || l.variation), '[]')
              from marketplace_order_lines l where l.order_id = o.id) as keys
      from marketplace_orders o
     where o.channel = ${channel} and o.order_number = any(${textArray(numbers)})
       and o.shipped_at is null
       and (o.skipped_lines <> '[]'::jsonb
            or o.order_number = any(${textArray([...incoming.keys()])}))
     order by o.id
       for update`);
  const changes: { id: number; skipped: SkippedOrderLine[] }[] = [];
  let incomplete = 0;
  for (const row of rows) {
    const old = jsonColumn(row.skipped_lines);
    const present = new Set(jsonColumn(row.keys));
    const merged = new Map<string, SkippedOrderLine>();
    for (const line of [...old, ...(incoming.get(row.order_number) ?? [])])
      merged.set(skippedKey(line), line);
    const kept = [...merged.entries()].filter(([key]) => !present.has(key)).map(([, line]) => line);
    if (kept.length > 0) incomplete += 1;
    if (JSON.stringify(kept) !== JSON.stringify(old))
      changes.push({ id: Number(row.id), skipped: kept });
  }
  if (changes.length > 0)
    await tx.execute(sql`
      update marketplace_orders o set skipped_lines = x.skipped, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as x(id integer, skipped jsonb)
       where o.id = x.id`);
  return incomplete;
}

/** New orders of one commit from which the orders' statistics are read again (ANALYZE). */
const ANALYZE_AFTER_ORDERS = 1_000;

/**
 * New orders per batch of a big commit (issue 41; docs/adr/0026): a commit with more new orders
 * than this writes them in batches, each with its lines, hidden until its final step.
 */
export const COMMIT_BATCH_ORDERS = 2_000;

/** How long a commit waits for another import of its channel still being written. */
const PENDING_WAIT_MS = 120_000;
const PENDING_POLL_MS = 50;
/**
 * The pause after each batch (with separateBatches): a waiting request runs its next statements
 * (a request is several: its session, its reads), not only the one it had queued.
 */
const BATCH_PAUSE_MS = 20;

/** What a commit writes: orders and new lines as JSON (jsonb_to_recordset's input). */
interface Writes {
  orderCount: number;
  ordersJson: string;
  linesJson: string;
}

/** A preview's lines with their states, the inputs they came from, and what a commit writes. */
interface CommitPlan extends Writes {
  parsed: ParsedLine[];
  key: string;
  lines: ImportLine[];
  /** The orders that do not exist yet, with their lines: a big commit writes them in batches. */
  newOrders: OrderInput[];
  newLines: LineInput[];
  /** The writes of the orders that exist (the final step's). */
  existing: Writes;
}

const writesJson = (orders: readonly OrderInput[], lines: readonly LineInput[]): Writes => ({
  orderCount: orders.length,
  ordersJson: JSON.stringify(orders),
  linesJson: JSON.stringify(lines),
});

/** The writes of lines with their states, as the commit's statements take them. */
function writesPlan(lines: ImportLine[], inputs: StateInputs) {
  const writes = writesOf(lines);
  const known = new Set(inputs.existing.map((row) => row.order_number));
  const isNew = (order: { order_number: string }) => !known.has(order.order_number);
  return {
    lines,
    ...writesJson(writes.orders, writes.lines),
    newOrders: writes.orders.filter(isNew),
    newLines: writes.lines.filter(isNew),
    existing: writesJson(
      writes.orders.filter((order) => !isNew(order)),
      writes.lines.filter((line) => !isNew(line)),
    ),
  };
}

async function planCommit(db: DbOrTx, row: PreviewRow): Promise<CommitPlan> {
  const parsed = linesOf(row);
  const inputs = await stateInputs(db, row.channel, parsed);
  return { parsed, key: statesKey(inputs), ...writesPlan(statesOf(parsed, inputs), inputs) };
}

/** The preview's row as the commit locks it, with its store's name for the activity entry. */
type LockedPreview = Omit<PreviewRow, 'lines'> & {
  created_by: number | null;
  store_id: number | null;
  store: string | null;
};

/** What the writes of orders and lines did. */
interface Written {
  createdOrders: number;
  updatedOrders: number;
  createdLines: number;
}

/**
 * Writes orders and their new lines: new orders added, existing ones' status and resi updated,
 * lines added to orders not shipped, the totals of orders that got lines. Into the tables, not
 * the views (an upsert through a view would meet a row it cannot see, and has no xmax).
 */
async function writeOrders(
  tx: DbOrTx,
  channel: MarketplaceChannel,
  storeId: number | null,
  writes: Writes,
): Promise<Written> {
  if (writes.orderCount === 0) return { createdOrders: 0, updatedOrders: 0, createdLines: 0 };
  // statusAfter in SQL, on the row as locked by the upsert (a ship may have committed since
  // the states were read); a shipped order also keeps the resi its package went under.
  const rank = (status: SQL) =>
    sql`coalesce(array_position(${textArray(RECORDED_ORDER)}, ${status}), 0)`;
  const newStatus = sql`case
      when (o.shipped_at is null and o.status <> 'retur')
        or ${rank(sql`excluded.status`)} > ${rank(sql`o.status`)}
      then excluded.status else o.status end`;
  const newResi = sql`case when o.shipped_at is null
      then coalesce(excluded.resi_number, o.resi_number)
      else o.resi_number end`;
  // A file without the courier or fulfilment column leaves what an earlier file gave (issue 47).
  const newCourier = sql`coalesce(excluded.courier, o.courier)`;
  const newFulfilled = sql`coalesce(excluded.marketplace_fulfilled, o.marketplace_fulfilled)`;
  // A new order's total is its new lines' (the sum the update below computes for an order
  // that had lines), so that the rows just inserted are not written a second time.
  const { rows: upserted } = await tx.execute<{ id: number; inserted: boolean }>(sql`
    insert into marketplace_orders_all as o (channel, order_number, resi_number, status,
                                             status_text, date, store_id, courier,
                                             marketplace_fulfilled, total)
    select ${channel}, x.order_number, x.resi_number, x.status, x.status_text, x.date,
           ${storeId}::integer, x.courier, x.marketplace_fulfilled, coalesce(t.total, 0)
      from jsonb_to_recordset(${writes.ordersJson}::jsonb)
           as x(order_number text, resi_number text, status text, status_text text, date date,
                courier text, marketplace_fulfilled boolean)
      left join (select l.order_number,
                        sum(l.quantity * coalesce(l.unit_price::numeric(14, 2), 0)) as total
                   from jsonb_to_recordset(${writes.linesJson}::jsonb)
                        as l(order_number text, quantity integer, unit_price numeric)
                  group by l.order_number) t on t.order_number = x.order_number
    on conflict (channel, order_number) do update
       set status = ${newStatus},
           status_text = excluded.status_text,
           resi_number = ${newResi},
           courier = ${newCourier},
           marketplace_fulfilled = ${newFulfilled},
           updated_at = now()
     where o.status is distinct from ${newStatus}
        or o.status_text is distinct from excluded.status_text
        or o.resi_number is distinct from ${newResi}
        or o.courier is distinct from ${newCourier}
        or o.marketplace_fulfilled is distinct from ${newFulfilled}
    returning id, (xmax = 0) as inserted`);
  const inserted = new Set(upserted.filter((r) => r.inserted === true).map((r) => Number(r.id)));
  // Many new orders: the planner's statistics first (PGlite has no autovacuum, and none runs
  // inside this transaction). Without them the lines' join below was planned as a scan of every
  // order for each line: 8 minutes for a 49,000-line file (bench/marketplace-stall.ts).
  if (inserted.size >= ANALYZE_AFTER_ORDERS) await tx.execute(sql`analyze marketplace_orders_all`);
  const { rows: added } = await tx.execute<{ order_id: number }>(sql`
    insert into marketplace_order_lines_all (order_id, sku, variation, product_name, quantity,
                                             unit_price, open)
    -- open: the order holds stock (reserved_lines' partial index; migration 0047's trigger
    -- follows the order after).
    select o.id, x.sku, x.variation, x.product_name, x.quantity, x.unit_price,
           o.status in ('perlu_dikirim', 'belum_bayar')
      from jsonb_to_recordset(${writes.linesJson}::jsonb)
           as x(order_number text, sku text, variation text, product_name text,
                quantity integer, unit_price numeric)
      join marketplace_orders o on o.channel = ${channel} and o.order_number = x.order_number
     -- Never into a package already shipped (the order's row is locked by the upsert above).
     where o.shipped_at is null
    on conflict (order_id, sku, variation) do nothing
    returning order_id`);
  // The orders that had lines before and got more: their total again (a new one has its own).
  const changed = [...new Set(added.map((r) => Number(r.order_id)))].filter(
    (order) => !inserted.has(order),
  );
  if (changed.length > 0)
    await tx.execute(sql`
      update marketplace_orders o
         set total = (select coalesce(sum(l.quantity * coalesce(l.unit_price, 0)), 0)
                        from marketplace_order_lines l where l.order_id = o.id)
       where o.id = any(array(select jsonb_array_elements_text(${JSON.stringify(changed)}::jsonb)::integer))`);
  return {
    createdOrders: inserted.size,
    updatedOrders: upserted.length - inserted.size,
    createdLines: added.length,
  };
}

/**
 * One batch of a big commit's new orders with their lines, marked with the import: hidden by the
 * views until the final step removes the import from marketplace_imports_pending. An order that
 * exists meanwhile is left alone (the final step then finds the states changed).
 */
async function writeBatch(
  tx: DbOrTx,
  importId: number,
  channel: MarketplaceChannel,
  storeId: number | null,
  orders: readonly OrderInput[],
  lines: readonly LineInput[],
): Promise<{ orders: number; lines: number }> {
  const { rows } = await tx.execute<{ orders: number; lines: number }>(sql`
    with o as (
      insert into marketplace_orders_all (channel, order_number, resi_number, status, status_text,
                                          date, store_id, courier, marketplace_fulfilled, total,
                                          import_id)
      select ${channel}, x.order_number, x.resi_number, x.status, x.status_text, x.date,
             ${storeId}::integer, x.courier, x.marketplace_fulfilled, coalesce(t.total, 0),
             ${importId}::integer
        from jsonb_to_recordset(${JSON.stringify(orders)}::jsonb)
             as x(order_number text, resi_number text, status text, status_text text, date date,
                  courier text, marketplace_fulfilled boolean)
        left join (select l.order_number,
                          sum(l.quantity * coalesce(l.unit_price::numeric(14, 2), 0)) as total
                     from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
                          as l(order_number text, quantity integer, unit_price numeric)
                    group by l.order_number) t on t.order_number = x.order_number
      on conflict (channel, order_number) do nothing
      returning id, order_number, status
    ), l as (
      insert into marketplace_order_lines_all (order_id, sku, variation, product_name, quantity,
                                               unit_price, open, import_id)
      select o.id, x.sku, x.variation, x.product_name, x.quantity, x.unit_price,
             o.status in ('perlu_dikirim', 'belum_bayar'), ${importId}::integer
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
             as x(order_number text, sku text, variation text, product_name text,
                  quantity integer, unit_price numeric)
        join o on o.order_number = x.order_number
      returning 1
    )
    select (select count(*) from o)::integer as orders, (select count(*) from l)::integer as lines`);
  return { orders: Number(rows[0]?.orders ?? 0), lines: Number(rows[0]?.lines ?? 0) };
}

/**
 * The income of an order of this file settled before the order came, by the other channel of
 * its family (a Tokopedia income file before the order in TikTok Shop's export): moved to the
 * order's channel and store, so that it is read with the order as every settlement is, by (channel,
 * number), and its fees reach the order's sales (the settlements' update trigger). Only where
 * its own channel has no order of that number and the order's channel no settlement of it.
 */
async function adoptFamilySettlements(
  tx: DbOrTx,
  channel: MarketplaceChannel,
  lines: readonly ImportLine[],
): Promise<void> {
  const numbers = [...new Set(lines.map((line) => line.order_number))];
  if (numbers.length === 0) return;
  await tx.execute(sql`
    update marketplace_settlements s set channel = o.channel, store_id = o.store_id
      from marketplace_orders o
     where s.channel = any(${orderFamily(sql`${channel}::text`)}) and s.channel <> ${channel}
       and s.order_number = any(${textArray(numbers)})
       and o.channel = ${channel} and o.order_number = s.order_number
       and not exists (select 1 from marketplace_orders o
                        where o.channel = s.channel and o.order_number = s.order_number)
       and not exists (select 1 from marketplace_settlements t
                        where t.channel = ${channel} and t.order_number = s.order_number)`);
}

/** Thrown by a commit's first step when another import of its channel is being written. */
class ImportBusy extends Error {}

export interface CommitOptions {
  /**
   * Each batch of a big commit in its own transaction, so that other requests run between them
   * (PGlite, one connection). False (PostgreSQL): the same steps in one transaction, since
   * there other connections read the last committed state meanwhile and do not wait.
   */
  separateBatches?: boolean;
  /** New orders per batch (tests give fewer). */
  batchOrders?: number;
  /** Told of each step as it ends ('start', 'batch', 'final'; tests count events). */
  onStep?: (step: 'start' | 'batch' | 'final') => void | Promise<void>;
}

type StartOutcome =
  | { kind: 'done'; value: CommitOutcome }
  | { kind: 'batches'; row: LockedPreview; plan: CommitPlan; storeId: number | null };

/**
 * Commits a preview: new orders and lines added, imported orders' status and resi updated, the
 * activity entry written; all or nothing. With problem lines (unknown SKU, invalid) and without
 * skipProblems, nothing is written: 409 with the problems. Once only.
 *
 * A commit with more than `batchOrders` new orders writes them in batches first (each its own
 * transaction with `separateBatches`), hidden by the views marketplace_orders and
 * marketplace_order_lines (migration 0050) while the import is in marketplace_imports_pending;
 * then one short final transaction checks that the states still hold, writes the existing
 * orders' changes, and removes the pending mark: every batch appears at once. A failure removes
 * the batches written; should the states have changed meanwhile (a mapping, an order shipped),
 * the final step removes them and writes the whole import as a small commit does.
 */
export async function commitPreview(
  db: Db,
  id: number,
  skipProblems: boolean,
  actor: ActivityActor,
  options: CommitOptions = {},
): Promise<CommitOutcome> {
  const batchOrders = options.batchOrders ?? COMMIT_BATCH_ORDERS;
  // Before the transaction: the kept lines (they never change) and their states as the database
  // is now, with what the commit writes. Inside it, the same inputs read again decide whether
  // these states still hold (almost always) or are computed again there.
  const { rows: kept } = await db.execute<PreviewRow & { created_by: number | null }>(sql`
    select id, channel, file_name, lines, committed_at, created_by
      from marketplace_imports where id = ${id}`);
  const preview = kept[0];
  // A commit refused anyway (by the checks below) plans nothing.
  const planned =
    preview === undefined ||
    preview.committed_at !== null ||
    preview.created_by === null ||
    Number(preview.created_by) !== actor.id
      ? null
      : await planCommit(db, preview);

  /** The first step: the checks; a small commit writes everything here, a big one its mark. */
  const start = async (tx: Tx): Promise<StartOutcome> => {
    // The row lock makes a second, simultaneous commit wait and then find it committed.
    const { rows } = await tx.execute<LockedPreview>(sql`
      select i.id, i.channel, i.file_name, i.committed_at, i.created_by, i.store_id,
             coalesce((select s.name from marketplace_stores s where s.id = i.store_id),
                      (select s.name from marketplace_stores s
                        where s.channel = i.channel and s.is_default)) as store
        from marketplace_imports i
       where i.id = ${id} for update`);
    const row = rows[0];
    if (row === undefined) throw new Refusal(404, MARKETPLACE_MESSAGES.importNotFound);
    // The uploader has seen the preview's problems; another manager has not.
    if (row.created_by === null || Number(row.created_by) !== actor.id)
      return {
        kind: 'done',
        value: { ok: false, status: 403, message: MARKETPLACE_MESSAGES.notUploader },
      };
    if (row.committed_at !== null || planned === null)
      return {
        kind: 'done',
        value: {
          ok: false,
          status: 409,
          conflict: { message: MARKETPLACE_MESSAGES.alreadyCommitted, problems: [] },
        },
      };
    // Another import of the channel being written in batches: wait for it (its hidden orders
    // may be this file's too).
    const { rows: busy } = await tx.execute(
      sql`select 1 from marketplace_imports_pending where channel = ${row.channel}`,
    );
    if (busy.length > 0) throw new ImportBusy();
    const inputs = await stateInputs(tx, row.channel, planned.parsed);
    const plan: CommitPlan =
      statesKey(inputs) === planned.key
        ? planned
        : {
            ...planned,
            key: statesKey(inputs),
            ...writesPlan(statesOf(planned.parsed, inputs), inputs),
          };
    const problems = plan.lines.map(problemOf).filter((p): p is ImportProblem => p !== null);
    if (problems.length > 0 && !skipProblems)
      return {
        kind: 'done',
        value: {
          ok: false,
          status: 409,
          conflict: { message: MARKETPLACE_MESSAGES.hasProblems(problems.length), problems },
        },
      };
    // The channel's default store found once (the insert trigger would look it up per order).
    let storeId = row.store_id === null ? null : Number(row.store_id);
    if (storeId === null && plan.orderCount > 0) {
      const { rows: stores } = await tx.execute<{ id: number }>(
        sql`select marketplace_default_store(${row.channel}) as id`,
      );
      storeId = Number(stores[0]?.id);
    }
    if (plan.newOrders.length > batchOrders) {
      // (Another commit of the channel may have marked itself since the check above.)
      const { rows: marked } = await tx.execute(sql`
        insert into marketplace_imports_pending (id, channel) values (${id}, ${row.channel})
        on conflict do nothing returning id`);
      if (marked.length === 0) throw new ImportBusy();
      return { kind: 'batches', row, plan, storeId };
    }
    const written = await writeOrders(tx, row.channel, storeId, plan);
    return { kind: 'done', value: await finish(tx, row, plan.lines, written) };
  };

  /** The last writes of every commit: skipped lines kept, committed, the activity entry. */
  const finish = async (
    tx: DbOrTx,
    row: LockedPreview,
    lines: ImportLine[],
    written: Written,
  ): Promise<CommitOutcome> => {
    const incompleteOrders = await keepSkippedLines(tx, row.channel, lines);
    if (inTiktokFamily(row.channel)) await adoptFamilySettlements(tx, row.channel, lines);
    await tx.execute(sql`update marketplace_imports set committed_at = now() where id = ${id}`);
    const count = (state: ImportLine['state']) => lines.filter((l) => l.state === state).length;
    const shippedLines = count('already_shipped');
    const value: CommitImportResult = {
      created_orders: written.createdOrders,
      updated_orders: written.updatedOrders,
      created_lines: written.createdLines,
      incomplete_orders: incompleteOrders,
      skipped: {
        cancelled: count('cancelled'),
        invalid: count('invalid'),
        unknown_sku: count('unknown_sku'),
        already_shipped: shippedLines,
      },
    };
    await logActivity(tx, {
      action: 'IMPORT_MARKETPLACE_ORDERS',
      user: actor,
      details:
        `Impor pesanan ${MARKETPLACE_CHANNEL_LABELS[row.channel]}` +
        (row.store !== null && row.store !== MARKETPLACE_CHANNEL_LABELS[row.channel]
          ? ` (toko ${row.store})`
          : '') +
        ` dari file ${row.file_name}: ` +
        `${value.created_orders} pesanan baru, ${value.updated_orders} diperbarui, ` +
        `${value.created_lines} baris baru; dilewati: ${value.skipped.cancelled} batal, ` +
        `${value.skipped.invalid} tidak valid, ${value.skipped.unknown_sku} SKU belum dipetakan` +
        (shippedLines > 0
          ? `; ${shippedLines} baris tidak ditambahkan ke paket yang sudah dikirim`
          : '') +
        (incompleteOrders > 0
          ? `; ${incompleteOrders} pesanan tidak lengkap (baris dilewati), belum dapat dikirim`
          : ''),
    });
    return { ok: true, value };
  };

  /** A big commit after its first step: the batches, then the final step. */
  const batches = async (
    step: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
    { row, plan, storeId }: Extract<StartOutcome, { kind: 'batches' }>,
  ): Promise<CommitOutcome> => {
    const linesByOrder = new Map<string, LineInput[]>();
    for (const line of plan.newLines) {
      const list = linesByOrder.get(line.order_number) ?? [];
      list.push(line);
      linesByOrder.set(line.order_number, list);
    }
    let createdOrders = 0;
    let createdLines = 0;
    for (let at = 0; at < plan.newOrders.length; at += batchOrders) {
      const orders = plan.newOrders.slice(at, at + batchOrders);
      const lines = orders.flatMap((order) => linesByOrder.get(order.order_number) ?? []);
      const done = await step((tx) => writeBatch(tx, id, row.channel, storeId, orders, lines));
      createdOrders += done.orders;
      createdLines += done.lines;
      await options.onStep?.('batch');
      if (options.separateBatches === true)
        await new Promise((resolve) => setTimeout(resolve, BATCH_PAUSE_MS));
    }
    // The statistics for the final step's statements (see writeOrders), in a step of their own.
    if (createdOrders >= ANALYZE_AFTER_ORDERS)
      await step((tx) => tx.execute(sql`analyze marketplace_orders_all`));
    const outcome = await step(async (tx) => {
      await tx.execute(sql`select id from marketplace_imports where id = ${id} for update`);
      // The states read again with this import's rows still hidden: as planned, the batches
      // stand; otherwise (a mapping changed, an order was shipped or imported meanwhile) they
      // are removed and the whole import written here from the states of now.
      const inputs = await stateInputs(tx, row.channel, plan.parsed);
      if (statesKey(inputs) === plan.key && createdOrders === plan.newOrders.length) {
        await tx.execute(sql`delete from marketplace_imports_pending where id = ${id}`);
        const written = await writeOrders(tx, row.channel, storeId, plan.existing);
        return finish(tx, row, plan.lines, {
          createdOrders: createdOrders + written.createdOrders,
          updatedOrders: written.updatedOrders,
          createdLines: createdLines + written.createdLines,
        });
      }
      await discardImport(tx, id);
      const lines = statesOf(plan.parsed, inputs);
      const problems = lines.map(problemOf).filter((p): p is ImportProblem => p !== null);
      if (problems.length > 0 && !skipProblems)
        return {
          ok: false,
          status: 409,
          conflict: { message: MARKETPLACE_MESSAGES.hasProblems(problems.length), problems },
        } satisfies CommitOutcome;
      const written = await writeOrders(tx, row.channel, storeId, writesPlan(lines, inputs));
      return finish(tx, row, lines, written);
    });
    await options.onStep?.('final');
    return outcome;
  };

  const commit = async (
    step: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,
  ): Promise<CommitOutcome> => {
    const waitUntil = Date.now() + PENDING_WAIT_MS;
    for (;;) {
      let started: StartOutcome;
      try {
        started = await step(start);
      } catch (error) {
        if (!(error instanceof ImportBusy)) throw error;
        if (Date.now() > waitUntil)
          return {
            ok: false,
            status: 409,
            conflict: { message: MARKETPLACE_MESSAGES.importBusy, problems: [] },
          };
        await new Promise((resolve) => setTimeout(resolve, PENDING_POLL_MS));
        continue;
      }
      await options.onStep?.('start');
      if (started.kind === 'done') return started.value;
      try {
        return await batches(step, started);
      } catch (error) {
        // All or nothing: the batches written go (in one transaction, the rollback did it).
        if (options.separateBatches === true) await db.transaction((tx) => discardImport(tx, id));
        throw error;
      }
    }
  };

  const result: Result<CommitOutcome> =
    options.separateBatches === true
      ? await inOneStatement(() => commit((work) => db.transaction(work)))
      : await inTransaction(db, (tx) => commit((work) => work(tx)));
  if (!result.ok) return { ok: false, status: 404, message: result.message };
  return result.value;
}
