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
  // The product, its balance before `start` and the period's movements, in one statement. The
  // balance: whole months from the kept monthly totals (at most a few dozen rows), the rest of
  // start's month from the movement rows. Dates go out as text (to_char): node-postgres would
  // turn a date into a local-time Date.
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
      movements: sql<LedgerRow[] | string>`(select coalesce(json_agg(json_build_object(
            'id', m.id, 'type', m.type, 'date', to_char(m.date, 'YYYY-MM-DD'),
            'resi_number', m.resi_number, 'platform', m.platform, 'barcode', m.barcode,
            'quantity', m.quantity, 'reason', m.reason)
          order by m.date, m.created_at, m.type, m.id), '[]')
        from (
          select id, 'incoming' as type, date, resi_number, platform, null::text as barcode,
                 quantity, null::text as reason, created_at
            from incoming_goods
           where product_id = ${id} and date between ${start}::date and ${end}::date
          union all
          select id, 'outgoing', date, resi_number, null, barcode, -quantity, null, created_at
            from outgoing_goods
           where product_id = ${id} and date between ${start}::date and ${end}::date
          union all
          select l.id, 'return', l.date, r.resi_number, null, null, l.quantity, r.reason,
                 l.created_at
            from return_lines l
            join returns r on r.id = l.return_id
           where l.product_id = ${id} and l.condition = 'good'
             and l.date between ${start}::date and ${end}::date
          union all
          select id, 'adjustment', date, '', null, null, quantity, reason, created_at
            from stock_adjustments
           where product_id = ${id} and date between ${start}::date and ${end}::date
        ) m)`,
    })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (found === undefined) return null;
  const { row } = found;
  const opening = row.initialStock + toNumber(found.net);
  // JSON as either driver returns it: parsed by node-postgres, text from PGlite.
  const movements: LedgerRow[] =
    typeof found.movements === 'string'
      ? (JSON.parse(found.movements) as LedgerRow[])
      : found.movements;

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
