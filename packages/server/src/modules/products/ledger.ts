// The stock card of one product: its movements over a period with the running balance.
import type { LedgerEntry, LedgerEntryType, ProductLedger } from '@gudang/api-client/contract';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';
import { toNumber } from '../../lib/numbers';
import { toProduct } from './product-row';

type LedgerRow = {
  id: number;
  type: LedgerEntryType;
  reason: string | null;
  date: string;
  resi_number: string;
  platform: string | null;
  barcode: string | null;
  quantity: number;
};

/**
 * The stock card of one product from `start` to `end` (both included): the balance before
 * `start`, each movement with the balance after it, and the closing balance. Null when the
 * product does not exist.
 */
export async function productLedger(
  db: DbOrTx,
  id: number,
  start: string,
  end: string,
): Promise<ProductLedger | null> {
  // The product and its balance before `start`, in one statement: whole months from the kept
  // monthly totals (at most a few dozen rows), the rest of start's month from the movement rows.
  const [found] = await db
    .select({
      row: products,
      net: sql<unknown>`(select coalesce(sum(incoming_quantity - outgoing_quantity
                                               + returned_quantity + adjusted_quantity), 0)
                           from product_monthly_totals
                          where product_id = ${id} and month < date_trunc('month', ${start}::date))
        + (select coalesce(sum(quantity), 0) from incoming_goods
            where product_id = ${id} and date >= date_trunc('month', ${start}::date)
              and date < ${start}::date)
        - (select coalesce(sum(quantity), 0) from outgoing_goods
            where product_id = ${id} and date >= date_trunc('month', ${start}::date)
              and date < ${start}::date)
        + (select coalesce(sum(quantity), 0) from return_lines
            where product_id = ${id} and condition = 'good'
              and date >= date_trunc('month', ${start}::date) and date < ${start}::date)
        + (select coalesce(sum(quantity), 0) from stock_adjustments
            where product_id = ${id} and date >= date_trunc('month', ${start}::date)
              and date < ${start}::date)`,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (found === undefined) return null;
  const { row } = found;
  const opening = row.initialStock + toNumber(found.net);

  // Dates go out as text: node-postgres would turn a date into a local-time Date.
  const { rows: movements } = await db.execute<LedgerRow & { created_at: unknown }>(sql`
    select id, 'incoming' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           platform, null::text as barcode, quantity, null::text as reason, created_at
      from incoming_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    union all
    select id, 'outgoing' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           null::text as platform, barcode, -quantity as quantity, null::text as reason,
           created_at
      from outgoing_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    union all
    select l.id, 'return' as type, to_char(l.date, 'YYYY-MM-DD') as date, r.resi_number,
           null::text as platform, null::text as barcode, l.quantity, r.reason, l.created_at
      from return_lines l
      join returns r on r.id = l.return_id
     where l.product_id = ${id} and l.condition = 'good'
       and l.date between ${start}::date and ${end}::date
    union all
    select id, 'adjustment' as type, to_char(date, 'YYYY-MM-DD') as date, '' as resi_number,
           null::text as platform, null::text as barcode, quantity, reason, created_at
      from stock_adjustments
     where product_id = ${id} and date between ${start}::date and ${end}::date
    order by date, created_at, type, id`);

  let balance = opening;
  let totalIncoming = 0;
  let totalOutgoing = 0;
  let totalReturned = 0;
  let totalAdjusted = 0;
  const entries: LedgerEntry[] = movements.map((movement) => {
    const quantity = toNumber(movement.quantity);
    balance += quantity;
    if (movement.type === 'incoming') totalIncoming += quantity;
    else if (movement.type === 'outgoing') totalOutgoing -= quantity;
    else if (movement.type === 'return') totalReturned += quantity;
    else totalAdjusted += quantity;
    return {
      id: toNumber(movement.id),
      type: movement.type,
      date: movement.date,
      resi_number: movement.resi_number,
      platform: movement.platform,
      barcode: movement.barcode,
      quantity,
      ...(movement.reason === null ? {} : { reason: movement.reason }),
      balance,
    };
  });

  return {
    product: toProduct(row),
    startDate: start,
    endDate: end,
    opening_balance: opening,
    entries,
    total_incoming: totalIncoming,
    total_outgoing: totalOutgoing,
    total_returned: totalReturned,
    total_adjusted: totalAdjusted,
    closing_balance: balance,
  };
}
