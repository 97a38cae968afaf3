// Cost by moving average. A product's purchase price is its moving-average cost: each
// receipt moves it to (stock x cost + quantity x price) / (stock + quantity), in the transaction
// that adds the stock; an edit or delete of a receipt, and a movement written before a later
// one (backdated), replay the product's history by date instead (lib/cost-replay.ts). A new sale
// copies the cost (sell_outgoing, migration 0008), so Pembukuan keeps the cost at the time of the
// sale; a backdated one the cost of its date.
import { COMPARISON_TOLERANCE_DAYS } from '@gudang/api-client/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, products } from '../../db/schema';
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
