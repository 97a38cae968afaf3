// The moving-average cost replayed from a product's history: its initial stock at the starting
// cost, then every movement by date. A receipt moves the cost incrementally when it is written
// (modules/stock-movements/cost.ts addReceiptCost); an edit or delete of a receipt, and any
// movement written before a later one of its product (backdated: a receipt, a sale, a good
// return), replay the history instead, so that the cost never depends on the order the
// movements were typed in (ADR 0015). Here in lib, as a stock rule, for every writer of a
// product's stock history (scripts/eslint-boundaries.mjs).
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { products } from '../db/schema';

/** Money as whole sen (exact), from a numeric(14,2) read as a number or text. */
const sen = (amount: number | string): bigint => BigInt(Math.round(Number(amount) * 100));

/** a / b rounded half up, for b > 0 and a >= 0. */
const roundedDivision = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/** One movement of a product's history as the replay weighs it. */
export interface CostEvent {
  date: string;
  at: Date;
  /** 'in': a receipt, which moves the average; 'out': a sale; 'stock': a good return (+) or a
   *  Stok Opname adjustment (+/-), which move only the stock, as they do when recorded. */
  kind: 'in' | 'out' | 'stock';
  /** Units: a receipt's and a sale's positive, a 'stock' event's signed. */
  quantity: number;
  /** A receipt's unit price. */
  price?: number | string;
  /** A sale's id: its cost at its place in the history is reported under it. */
  sale?: number;
}

const KIND_ORDER = { in: 0, stock: 1, out: 2 } as const;

/**
 * The moving-average cost of the history: the initial stock at the starting cost, then every
 * movement by date (on one day, in the order they were recorded, as the stock card lists them):
 * a receipt moves the average, rounded to the sen as each receipt does; a sale, a good return
 * and a Stok Opname adjustment only move the stock (never below 0). Also the cost each sale
 * named by `sale` took at its place.
 */
export function replayCost(
  start: { stock: number; cost: number | string },
  events: readonly CostEvent[],
): { cost: number; sales: Map<number, number> } {
  const ordered = [...events].sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      x.at.getTime() - y.at.getTime() ||
      KIND_ORDER[x.kind] - KIND_ORDER[y.kind],
  );
  let stock = BigInt(start.stock);
  let cost = sen(start.cost);
  const sales = new Map<number, number>();
  for (const event of ordered) {
    const quantity = BigInt(event.quantity);
    if (event.kind === 'in') {
      cost = roundedDivision(stock * cost + quantity * sen(event.price ?? 0), stock + quantity);
      stock += quantity;
      continue;
    }
    const change = event.kind === 'out' ? -quantity : quantity;
    stock = stock + change > 0n ? stock + change : 0n;
    if (event.sale !== undefined) sales.set(event.sale, Number(cost) / 100);
  }
  return { cost: Number(cost) / 100, sales };
}

/**
 * Recomputes the product's cost from its whole history (after a receipt was edited or deleted,
 * or a movement was written before a later one), and gives each of its sales the cost of its
 * place in that history, but a sale whose price is fixed (`cost_fixed`: set by hand in Pembukuan,
 * or recorded before migration 0051). So Pembukuan's cost of the goods sold and the cost of the
 * stock left always add up to what was received. The caller holds the product's row lock. Reads
 * the product's own movements by their (product_id, date) indexes; writes only the sales whose
 * cost changed, in one statement.
 */
export async function recomputeCost(tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ stock: products.initialStock, cost: products.startingCost })
    .from(products)
    .where(eq(products.id, productId));
  if (product === undefined) return;
  const { rows } = await tx.execute<{
    kind: CostEvent['kind'];
    id: unknown;
    date: string;
    at: Date | string;
    quantity: unknown;
    price: string | null;
    /** A sale's price may follow the replay (its cost is not fixed). */
    repriced: unknown;
  }>(sql`
    select 'in' as kind, id, to_char(date, 'YYYY-MM-DD') as date, created_at as at, quantity,
           purchase_price::text as price, false as repriced
      from incoming_goods where product_id = ${productId}
    union all
    select 'out', id, to_char(date, 'YYYY-MM-DD'), created_at, quantity, purchase_price::text,
           not cost_fixed
      from outgoing_goods where product_id = ${productId}
    union all
    select 'stock', id, to_char(date, 'YYYY-MM-DD'), created_at, quantity, null, false
      from return_lines where product_id = ${productId} and condition = 'good'
    union all
    select 'stock', id, to_char(date, 'YYYY-MM-DD'), created_at, quantity, null, false
      from stock_adjustments where product_id = ${productId}`);
  const { cost, sales } = replayCost(
    product,
    rows.map((row) => ({
      kind: row.kind,
      date: row.date,
      at: new Date(row.at),
      quantity: Number(row.quantity),
      price: row.price ?? 0,
      ...(row.kind === 'out' ? { sale: Number(row.id) } : {}),
    })),
  );
  await tx.update(products).set({ purchasePrice: cost }).where(eq(products.id, productId));
  const repriced = rows.flatMap((row) => {
    if (row.kind !== 'out' || !(row.repriced === true || row.repriced === 't')) return [];
    const id = Number(row.id);
    const at = sales.get(id);
    return at === undefined || sen(at) === sen(row.price ?? 0) ? [] : [{ id, cost: at.toFixed(2) }];
  });
  if (repriced.length > 0)
    await tx.execute(sql`
      update outgoing_goods o set purchase_price = x.cost
        from jsonb_to_recordset(${JSON.stringify(repriced)}::jsonb) as x(id integer, cost numeric)
       where o.id = x.id`);
}

/**
 * Whether the product has a movement dated after `date` (a receipt, sale, good return or
 * adjustment): one written on `date` then lands before it, and the cost moved incrementally is no
 * longer the history's. Four probes of the tables' (product_id, date) indexes.
 */
export async function movedAfter(tx: DbOrTx, productId: number, date: string): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select exists (select 1 from incoming_goods where product_id = ${productId} and date > ${date}::date)
        or exists (select 1 from outgoing_goods where product_id = ${productId} and date > ${date}::date)
        or exists (select 1 from return_lines
                    where product_id = ${productId} and condition = 'good' and date > ${date}::date)
        or exists (select 1 from stock_adjustments
                    where product_id = ${productId} and date > ${date}::date) as later`);
  const later = (rows[0] as { later?: unknown } | undefined)?.later;
  return later === true || later === 't';
}

/**
 * After a movement dated `date` was written (the caller holds the product's row lock): when it
 * lands before a later movement, the product's cost is replayed from the history, so that the cost
 * is the same whether the movements were recorded in date order or not, and every sale whose
 * cost is not fixed (a new one among them) takes the cost of its date.
 */
export async function replayIfBackdated(tx: Tx, productId: number, date: string): Promise<void> {
  if (await movedAfter(tx, productId, date)) await recomputeCost(tx, productId);
}
