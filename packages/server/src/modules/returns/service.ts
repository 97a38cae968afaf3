// Retur: a returned package found by its resi. Each line takes back at most what its
// Barang Keluar record shipped minus what was returned of it before; the outgoing rows are locked
// first, so two returns of the last unit cannot both pass. A good line is a stock movement of its
// own (+, kept in the totals by the return_lines trigger, drizzle/0016); a damaged line moves no
// stock (ADR 0004) and writes a Barang Rusak record instead. One transaction with the log entry
// (docs/adr/0016-returns-and-adjustments.md).
import {
  RETURN_CONDITION_LABELS,
  RETURN_MESSAGES,
  type List,
  type Return,
  type ReturnCondition,
  type ReturnInput,
  type ReturnLine,
  type ReturnListQuery,
  type ReturnLookup,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { toIso } from '../../lib/dates';
import { replayIfBackdated } from '../../lib/cost-replay';
import { logCount } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { datedListReaders, listPage } from '../../lib/paging';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { idArray } from '../../lib/id-array';
import { orderFamily } from '../../lib/order-family';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { addDelta, applyStockDeltas } from '../../lib/stock-kernel';

type LookupRow = {
  id: number;
  resi_number: string;
  code: string;
  name: string;
  barcode_id: string;
  quantity: number;
  returned: unknown;
};

/**
 * The Barang Keluar records of a scanned resi (any letter case), in id order, with what was
 * returned of each. A return tracking number of an imported return file (issue 46) finds the
 * records of its order instead (those packed for it, or entered under the order's resi);
 * `tracking` is then the number scanned.
 */
async function recordsOfResi(
  db: DbOrTx,
  resi: string,
): Promise<{ rows: LookupRow[]; tracking?: string }> {
  const scanned = resi.trim();
  const columns = sql`o.id, o.resi_number, p.code, p.name, p.barcode_id, o.quantity,
           (select coalesce(sum(l.quantity), 0) from return_lines l
             where l.outgoing_goods_id = o.id) as returned`;
  const { rows } = await db.execute<LookupRow>(sql`
    select ${columns}
      from outgoing_goods o
      join products p on p.id = o.product_id
     where lower(o.resi_number) = lower(${scanned})
     order by o.id`);
  if (rows.length > 0) return { rows };
  // The newest request of that return tracking number whose order has Barang Keluar records.
  const { rows: byTracking } = await db.execute<LookupRow>(sql`
    with found as (
      select mo.id as order_id, mo.resi_number
        from marketplace_returns r
        join marketplace_orders mo
          on mo.order_number = r.order_number
         and mo.channel = any(${orderFamily(sql`r.channel`)})
       where lower(r.return_tracking) = lower(${scanned})
         and exists (select 1 from outgoing_goods g
                      where g.marketplace_order_id = mo.id
                         or (mo.resi_number is not null
                             and lower(g.resi_number) = lower(mo.resi_number)))
       order by r.id desc
       limit 1)
    select ${columns}
      from found f
      join outgoing_goods o
        on o.marketplace_order_id = f.order_id
        or (f.resi_number is not null and lower(o.resi_number) = lower(f.resi_number))
      join products p on p.id = o.product_id
     order by o.id`);
  return byTracking.length > 0 ? { rows: byTracking, tracking: scanned } : { rows: [] };
}

/** GET /api/returns/lookup/:resi: the Barang Keluar records of the resi (recordsOfResi). */
export async function lookupResi(db: DbOrTx, resi: string): Promise<Result<ReturnLookup>> {
  const { rows, tracking } = await recordsOfResi(db, resi);
  const first = rows[0];
  if (first === undefined) return { ok: false, status: 404, message: RETURN_MESSAGES.resiNotFound };
  return {
    ok: true,
    value: {
      resi_number: first.resi_number,
      ...(tracking === undefined ? {} : { return_tracking: tracking }),
      lines: rows.map((row) => ({
        outgoing_goods_id: toNumber(row.id),
        product_code: row.code,
        product_name: row.name,
        quantity_shipped: toNumber(row.quantity),
        quantity_returned: toNumber(row.returned),
      })),
    },
  };
}

type NamedLine = { outgoing_goods_id: number; quantity: number; condition: ReturnCondition };

/**
 * The lines of a return, each naming its Barang Keluar record. A line sent with the barcode
 * scanned offline (issue 48) gets the resi's record of that product (barcode or code, any letter
 * case; one per resi and product, outgoing_goods_resi_product_key, except where a return tracking
 * number finds two resis of one order: then its units go in id order, each record up to what is
 * left of it, the rest to the last, so that too many units are refused by checkedLines as any
 * over-return is). The resi becomes the package's own when a return tracking number was scanned.
 */
async function namedLines(
  db: DbOrTx,
  input: ReturnInput,
): Promise<{ resi: string; lines: NamedLine[] }> {
  for (const line of input.lines)
    if ((line.outgoing_goods_id === undefined) === (line.barcode === undefined))
      throw new Refusal(400, RETURN_MESSAGES.lineNeedsRecord);
  if (input.lines.every((line) => line.barcode === undefined))
    return { resi: input.resi_number, lines: input.lines as NamedLine[] };
  const { rows } = await recordsOfResi(db, input.resi_number);
  if (rows.length === 0) throw new Refusal(404, RETURN_MESSAGES.resiNotFound);
  const left = new Map(rows.map((row) => [row, toNumber(row.quantity) - toNumber(row.returned)]));
  const named = new Map<string, NamedLine>();
  const add = (id: number, quantity: number, condition: ReturnCondition) => {
    const key = `${id}:${condition}`;
    const line = named.get(key) ?? { outgoing_goods_id: id, quantity: 0, condition };
    line.quantity += quantity;
    named.set(key, line);
  };
  for (const line of input.lines) {
    if (line.barcode === undefined) {
      add(line.outgoing_goods_id ?? 0, line.quantity, line.condition);
      continue;
    }
    const key = line.barcode.trim().toLowerCase();
    const records = rows.filter(
      (row) => row.barcode_id.toLowerCase() === key || row.code.toLowerCase() === key,
    );
    const last = records.at(-1);
    if (last === undefined) throw new Refusal(400, RETURN_MESSAGES.barcodeNotInResi(line.barcode));
    let units = line.quantity;
    for (const record of records) {
      const take = record === last ? units : Math.min(units, Math.max(0, left.get(record) ?? 0));
      if (take === 0) continue;
      add(toNumber(record.id), take, line.condition);
      left.set(record, (left.get(record) ?? 0) - take);
      units -= take;
    }
  }
  return { resi: rows[0]?.resi_number ?? input.resi_number, lines: [...named.values()] };
}

type ReturnRow = {
  id: number;
  resi_number: string;
  date: string;
  reason: string;
  marketplace_order_id: number | null;
  created_by_name: string;
  created_at: unknown;
};

type LineRow = {
  id: number;
  return_id: number;
  outgoing_goods_id: number;
  product_id: number;
  code: string;
  name: string;
  quantity: number;
  condition: 'good' | 'damaged';
  damaged_goods_id: number | null;
};

/** The returns of these ids with their lines, in the order of the ids. */
async function returnsOf(db: DbOrTx, ids: readonly number[]): Promise<Return[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.execute<ReturnRow>(sql`
    select id, resi_number, to_char(date, 'YYYY-MM-DD') as date, reason, marketplace_order_id,
           created_by_name, created_at
      from returns where id = any(${idArray(ids)})`);
  const { rows: lineRows } = await db.execute<LineRow>(sql`
    select l.id, l.return_id, l.outgoing_goods_id, l.product_id, p.code, p.name, l.quantity,
           l.condition, l.damaged_goods_id
      from return_lines l
      join products p on p.id = l.product_id
     where l.return_id = any(${idArray(ids)})
     order by l.id`);
  const linesOf = new Map<number, ReturnLine[]>();
  for (const line of lineRows) {
    const returnId = toNumber(line.return_id);
    const list = linesOf.get(returnId) ?? [];
    list.push({
      id: toNumber(line.id),
      outgoing_goods_id: toNumber(line.outgoing_goods_id),
      product_id: toNumber(line.product_id),
      product_code: line.code,
      product_name: line.name,
      quantity: toNumber(line.quantity),
      condition: line.condition,
      damaged_goods_id: line.damaged_goods_id === null ? null : toNumber(line.damaged_goods_id),
    });
    linesOf.set(returnId, list);
  }
  const byId = new Map(rows.map((row) => [toNumber(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined) return [];
    const lines = linesOf.get(id) ?? [];
    const sum = (condition: 'good' | 'damaged') =>
      lines
        .filter((line) => line.condition === condition)
        .reduce((total, line) => total + line.quantity, 0);
    return [
      {
        id,
        resi_number: row.resi_number,
        date: row.date,
        reason: row.reason,
        marketplace_order_id:
          row.marketplace_order_id === null ? null : toNumber(row.marketplace_order_id),
        quantity_good: sum('good'),
        quantity_damaged: sum('damaged'),
        created_by: row.created_by_name,
        created_at: toIso(row.created_at),
        lines,
      },
    ];
  });
}

type OutgoingRow = {
  id: number;
  product_id: number;
  quantity: number;
  resi_number: string;
  marketplace_order_id: number | null;
  code: string;
  name: string;
  barcode_id: string;
  category: string;
  brand: string;
};

/** A line and what it was checked against. */
interface CheckedLine {
  outgoing: OutgoingRow;
  productId: number;
  quantity: number;
  condition: 'good' | 'damaged';
}

/**
 * Locks the outgoing records of the lines (in id order: two returns of one package never wait on
 * each other in a cycle) and checks the lines of each record together against what is left to
 * return of it. A record may be named once per condition (2 good + 1 damaged of one record in one
 * save, issue 46).
 */
async function checkedLines(
  tx: Tx,
  input: { resi: string; lines: NamedLine[] },
): Promise<CheckedLine[]> {
  const seen = new Set<number>();
  const named = new Set<string>();
  const asked = new Map<number, number>();
  for (const line of input.lines) {
    const key = `${line.outgoing_goods_id}:${line.condition}`;
    if (named.has(key))
      throw new Refusal(
        400,
        RETURN_MESSAGES.duplicateLine(
          line.outgoing_goods_id,
          RETURN_CONDITION_LABELS[line.condition],
        ),
      );
    named.add(key);
    seen.add(line.outgoing_goods_id);
    asked.set(line.outgoing_goods_id, (asked.get(line.outgoing_goods_id) ?? 0) + line.quantity);
  }
  const ids = [...seen].sort((a, b) => a - b);
  const { rows } = await tx.execute<OutgoingRow>(sql`
    select o.id, o.product_id, o.quantity, o.resi_number, o.marketplace_order_id, p.code, p.name,
           p.barcode_id, p.category, p.brand
      from outgoing_goods o
      join products p on p.id = o.product_id
     where o.id = any(${idArray(ids)})
     order by o.id
       for update of o`);
  const outgoingOf = new Map(rows.map((row) => [toNumber(row.id), row]));
  // Read after the lock: a return committed meanwhile is counted.
  const { rows: returned } = await tx.execute<{ id: number; returned: unknown }>(sql`
    select outgoing_goods_id as id, sum(quantity) as returned from return_lines
     where outgoing_goods_id = any(${idArray(ids)}) group by outgoing_goods_id`);
  const returnedOf = new Map(returned.map((row) => [toNumber(row.id), toNumber(row.returned)]));
  const resi = input.resi.trim().toLowerCase();
  return input.lines.map((line) => {
    const outgoing = outgoingOf.get(line.outgoing_goods_id);
    if (outgoing === undefined || outgoing.resi_number.trim().toLowerCase() !== resi)
      throw new Refusal(400, RETURN_MESSAGES.lineNotInResi(line.outgoing_goods_id));
    const left = toNumber(outgoing.quantity) - (returnedOf.get(line.outgoing_goods_id) ?? 0);
    if ((asked.get(line.outgoing_goods_id) ?? 0) > left)
      throw new Refusal(400, RETURN_MESSAGES.overReturn(outgoing.name, Math.max(0, left)));
    return {
      outgoing,
      productId: toNumber(outgoing.product_id),
      quantity: line.quantity,
      condition: line.condition,
    };
  });
}

/**
 * The marketplace order of the resi: the one its packed records name, else one whose resi it is.
 * Locked, so that two returns of one order decide its status one after the other.
 */
async function orderOfResi(
  tx: Tx,
  lines: readonly CheckedLine[],
  resi: string,
): Promise<{ id: number; status: string } | null> {
  const packed = lines.find((line) => line.outgoing.marketplace_order_id !== null);
  const { rows } = await tx.execute<{ id: number; status: string }>(
    packed === undefined
      ? sql`select id, status from marketplace_orders
             where lower(resi_number) = lower(${resi}) order by id desc limit 1 for update`
      : sql`select id, status from marketplace_orders
             where id = ${packed.outgoing.marketplace_order_id} for update`,
  );
  const row = rows[0];
  return row === undefined ? null : { id: toNumber(row.id), status: row.status };
}

/** True when every Barang Keluar record of the resi is returned in full. */
async function allReturned(tx: Tx, resi: string): Promise<boolean> {
  const { rows } = await tx.execute<{ shipped: unknown; returned: unknown }>(sql`
    select coalesce(sum(o.quantity), 0) as shipped,
           coalesce(sum((select coalesce(sum(l.quantity), 0) from return_lines l
                          where l.outgoing_goods_id = o.id)), 0) as returned
      from outgoing_goods o
     where lower(o.resi_number) = lower(${resi})`);
  const row = rows[0];
  return (
    row !== undefined &&
    toNumber(row.shipped) > 0 &&
    toNumber(row.shipped) === toNumber(row.returned)
  );
}

const conditionWord = { good: 'baik', damaged: 'rusak' } as const;

/** POST /api/returns: everything in one transaction, or nothing. */
export function createReturn(
  db: Db,
  input: ReturnInput,
  actor: ActivityActor,
): Promise<Result<Return>> {
  return inTransaction(db, (tx) => createReturnIn(tx, input, actor));
}

/**
 * createReturn inside the caller's transaction (a return sent with a client_id,
 * lib/idempotency.ts); a refusal is thrown, rolling it back.
 */
export async function createReturnIn(
  tx: Tx,
  input: ReturnInput,
  actor: ActivityActor,
): Promise<Return> {
  const lines = await checkedLines(tx, await namedLines(tx, input));
  const resi = lines[0]?.outgoing.resi_number ?? input.resi_number.trim();
  const reason = input.reason.trim();
  const order = await orderOfResi(tx, lines, resi);
  const { rows: created } = await tx.execute<{ id: number }>(sql`
    insert into returns (resi_number, date, reason, marketplace_order_id, created_by,
                         created_by_name)
    values (${resi}, ${input.date}::date, ${reason}, ${order?.id ?? null}, ${actor.id},
            ${actor.name})
    returning id`);
  const returnId = toNumber(created[0]?.id);

  // Good units back to stock: the product rows are locked in id order (applyStockDeltas).
  const deltas = new Map<number, number>();
  for (const line of lines)
    if (line.condition === 'good') addDelta(deltas, line.productId, line.quantity);
  if (deltas.size > 0) await applyStockDeltas(tx, deltas);

  for (const line of lines) {
    let damagedId: number | null = null;
    if (line.condition === 'damaged') {
      const product = line.outgoing;
      const { rows: damaged } = await tx.execute<{ id: number }>(sql`
        insert into damaged_goods (product_id, barcode_id, code, name, stock, category, brand,
                                   damage_reason, date, created_by)
        values (${line.productId}, ${product.barcode_id}, ${product.code}, ${product.name},
                ${line.quantity}, ${product.category}, ${product.brand},
                ${RETURN_MESSAGES.damagedReason(resi, reason)}, ${input.date}::date,
                ${actor.id})
        returning id`);
      damagedId = toNumber(damaged[0]?.id);
    }
    await tx.execute(sql`
      insert into return_lines (return_id, outgoing_goods_id, product_id, date, quantity,
                                condition, damaged_goods_id)
      values (${returnId}, ${toNumber(line.outgoing.id)}, ${line.productId}, ${input.date}::date,
              ${line.quantity}, ${line.condition}, ${damagedId})`);
  }

  // Good units back before a later movement (a backdated return): the cost replayed by date.
  for (const productId of deltas.keys()) await replayIfBackdated(tx, productId, input.date);

  let orderText = '';
  if (order !== null && order.status !== 'retur' && (await allReturned(tx, resi))) {
    await tx.execute(sql`
      update marketplace_orders set status = 'retur', updated_at = now() where id = ${order.id}`);
    await tx.execute(sql`
      update returns set previous_order_status = ${order.status} where id = ${returnId}`);
    orderText = '; pesanan marketplace menjadi retur';
  }
  const items = lines.map(
    (line) =>
      `${line.outgoing.name} (${line.outgoing.code}) ${logCount(line.quantity)} ${conditionWord[line.condition]}`,
  );
  await logActivity(tx, {
    action: 'RETURN_GOODS',
    user: actor,
    details: `Retur resi ${resi}: ${items.join(', ')}; alasan: ${reason}${orderText}`,
  });
  const [saved] = await returnsOf(tx, [returnId]);
  if (saved === undefined) throw new Error('return not found after insert');
  return saved;
}

/**
 * DELETE /api/returns/:id (manager): undoes the stock effect of the good lines (refused when a
 * product's stock would go below zero: its units were sold again), removes the Barang Rusak
 * records the damaged lines wrote, and gives the marketplace order back its status.
 */
export function deleteReturn(db: Db, id: number, actor: ActivityActor): Promise<Result<Return>> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{
      id: number;
      resi_number: string;
      marketplace_order_id: number | null;
      previous_order_status: string | null;
    }>(sql`
      select id, resi_number, marketplace_order_id, previous_order_status
        from returns where id = ${id} for update`);
    const row = rows[0];
    if (row === undefined) throw new Refusal(404, RETURN_MESSAGES.notFound);
    const [existing] = await returnsOf(tx, [id]);
    if (existing === undefined) throw new Refusal(404, RETURN_MESSAGES.notFound);

    const deltas = new Map<number, number>();
    for (const line of existing.lines)
      if (line.condition === 'good') addDelta(deltas, line.product_id, -line.quantity);
    if (deltas.size > 0) {
      const change = await applyStockDeltas(tx, deltas);
      if (change.shortfall !== null) {
        const { product, delta } = change.shortfall;
        throw new Refusal(
          409,
          RETURN_MESSAGES.deleteNegative(product.name, product.currentStock + delta),
        );
      }
    }
    const damagedIds = existing.lines.flatMap((line) =>
      line.damaged_goods_id === null ? [] : [line.damaged_goods_id],
    );
    if (damagedIds.length > 0)
      await tx.execute(sql`delete from damaged_goods where id = any(${idArray(damagedIds)})`);
    await tx.execute(sql`delete from returns where id = ${id}`);
    for (const productId of deltas.keys()) await replayIfBackdated(tx, productId, existing.date);
    let orderText = '';
    if (row.marketplace_order_id !== null && row.previous_order_status !== null) {
      const { rows: restored } = await tx.execute(sql`
        update marketplace_orders set status = ${row.previous_order_status}, updated_at = now()
         where id = ${row.marketplace_order_id} and status = 'retur'
        returning id`);
      if (restored.length > 0) orderText = '; status pesanan marketplace dikembalikan';
    }
    const items = existing.lines.map(
      (line) =>
        `${line.product_name} (${line.product_code}) ${logCount(line.quantity)} ${conditionWord[line.condition]}`,
    );
    await logActivity(tx, {
      action: 'DELETE_RETURN',
      user: actor,
      details: `Menghapus retur resi ${existing.resi_number}: ${items.join(', ')}${orderText}`,
    });
    return existing;
  });
}

/** GET /api/returns: newest first (returns_date_idx); search over resi, reason and products. */
export function listReturns(db: DbOrTx, query: ReturnListQuery): Promise<List<Return>> {
  const { count, estimate, pageIds } = datedListReaders(db, 'returns', 'r', query);
  return listPage<Return>(
    query,
    (pattern) => sql`((r.resi_number || chr(1) || r.reason) ilike ${pattern}
      or r.id = any(array(select l.return_id from return_lines l
                   where l.product_id = any(array(
                     select p.id from products p
                      where (p.name || chr(1) || p.code || chr(1) || p.barcode_id || chr(1)
                             || p.category || chr(1) || p.brand) ilike ${pattern})))))`,
    {
      count,
      estimate,
      rows: async (search, limit, offset, sortMatches) => {
        const { rows } = await db.execute<{ id: number }>(
          pageIds(search, limit, offset, sortMatches),
        );
        return returnsOf(
          db,
          rows.map((row) => toNumber(row.id)),
        );
      },
    },
  );
}
