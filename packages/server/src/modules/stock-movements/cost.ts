// Cost by moving average. A product's purchase price is its moving-average cost: each
// receipt moves it to (stock x cost + quantity x price) / (stock + quantity), in the transaction
// that adds the stock; an edit or delete of a receipt replays the product's history instead. A
// new sale copies the cost (sell_outgoing, migration 0008), so Pembukuan keeps the cost at the
// time of the sale.
import { COMPARISON_TOLERANCE_DAYS } from '@gudang/api-client/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { incomingGoods, orders, outgoingGoods, products } from '../../db/schema';
import { addDays } from '../../lib/dates';

/**
 * The unit price of a receipt given without one: the price of the List Order line it receives
 * (the same product and resi, dated within 3 days; docs/product.md's comparison, its exact match
 * first - the same quantity -, then Product+Resi; the closest, then the newest), else the
 * product's current cost. A product is received once under a resi (migration 0028), so a
 * Product+Resi receipt is that line delivered short or over: still at the order's unit price.
 */
export async function defaultUnitPrice(
  tx: Tx,
  productId: number,
  receipt: { resiNumber: string; quantity: number; date: string },
): Promise<number> {
  const [order] = await tx
    .select({ price: orders.price })
    .from(orders)
    .where(
      and(
        eq(orders.productId, productId),
        sql`${orders.date} between ${addDays(receipt.date, -COMPARISON_TOLERANCE_DAYS)}
              and ${addDays(receipt.date, COMPARISON_TOLERANCE_DAYS)}`,
        sql`lower(${orders.resiNumber}) = lower(${receipt.resiNumber})`,
      ),
    )
    .orderBy(
      sql`${orders.quantity} <> ${receipt.quantity}`,
      sql`abs(${orders.date} - ${receipt.date}::date)`,
      desc(orders.id),
    )
    .limit(1);
  if (order !== undefined) return Number(order.price);
  const [product] = await tx
    .select({ cost: products.purchasePrice })
    .from(products)
    .where(eq(products.id, productId));
  return Number(product?.cost ?? 0);
}

/**
 * Moves the cost by a receipt of `quantity` at `price`, whose stock has just been added (so the
 * stock before it is current_stock - quantity). Rounded to the sen, as the column keeps it.
 */
export async function addReceiptCost(
  tx: Tx,
  productId: number,
  quantity: number,
  price: number,
): Promise<void> {
  await tx
    .update(products)
    .set({
      purchasePrice: sql`round(((${products.currentStock} - ${quantity}) * ${products.purchasePrice}
        + ${quantity}::numeric * ${price}) / ${products.currentStock}, 2)`,
    })
    .where(eq(products.id, productId));
}

/** Money as whole sen (exact), from a numeric(14,2) read as a number or text. */
const sen = (amount: number | string): bigint => BigInt(Math.round(Number(amount) * 100));

/** a / b rounded half up, for b > 0 and a >= 0. */
const roundedDivision = (a: bigint, b: bigint): bigint => (2n * a + b) / (2n * b);

/**
 * The moving-average cost of the history: the initial stock at the starting cost, then every
 * receipt and sale by date (on one day, in the order they were recorded): a receipt moves the
 * average, rounded to the sen as each receipt does; a sale only lowers the stock.
 */
export function replayCost(
  start: { stock: number; cost: number | string },
  events: readonly {
    date: string;
    at: Date;
    kind: 'in' | 'out';
    quantity: number;
    price: number | string;
  }[],
): number {
  const ordered = [...events].sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      x.at.getTime() - y.at.getTime() ||
      (x.kind === y.kind ? 0 : x.kind === 'in' ? -1 : 1),
  );
  let stock = BigInt(start.stock);
  let cost = sen(start.cost);
  for (const event of ordered) {
    const quantity = BigInt(event.quantity);
    if (event.kind === 'out') {
      stock = stock > quantity ? stock - quantity : 0n;
      continue;
    }
    cost = roundedDivision(stock * cost + quantity * sen(event.price), stock + quantity);
    stock += quantity;
  }
  return Number(cost) / 100;
}

/**
 * Recomputes the product's cost from its history (after a receipt was edited or deleted). The
 * caller holds the product's row lock. Reads the product's own movements by its
 * (product_id, date) indexes.
 */
export async function recomputeCost(tx: Tx, productId: number): Promise<void> {
  const [product] = await tx
    .select({ stock: products.initialStock, cost: products.startingCost })
    .from(products)
    .where(eq(products.id, productId));
  if (product === undefined) return;
  const incoming = await tx
    .select({
      date: incomingGoods.date,
      at: incomingGoods.createdAt,
      quantity: incomingGoods.quantity,
      price: incomingGoods.purchasePrice,
    })
    .from(incomingGoods)
    .where(eq(incomingGoods.productId, productId))
    .orderBy(asc(incomingGoods.date), asc(incomingGoods.id));
  const outgoing = await tx
    .select({
      date: outgoingGoods.date,
      at: outgoingGoods.createdAt,
      quantity: outgoingGoods.quantity,
    })
    .from(outgoingGoods)
    .where(eq(outgoingGoods.productId, productId))
    .orderBy(asc(outgoingGoods.date), asc(outgoingGoods.id));
  const cost = replayCost(product, [
    ...incoming.map((row) => ({ ...row, kind: 'in' as const })),
    ...outgoing.map((row) => ({ ...row, kind: 'out' as const, price: 0 })),
  ]);
  await tx.update(products).set({ purchasePrice: cost }).where(eq(products.id, productId));
}
