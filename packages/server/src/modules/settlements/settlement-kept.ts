// An order of an income file whose settlement was imported before is left as it was ('Sudah
// ada'). When the file has adjustments only for it - the rows a TikTok weekly file carries for an
// order settled in an earlier week (Type other than 'Order', tied by 'Related order ID'), Shopee's
// adjustment sheet - or says it released another amount (a corrected file, an order row repeated
// with a new adjustment), the preview says so, with the row and the amounts, instead of dropping
// it unseen (issue 45). The commit does not add it to the
// kept order: nothing tells an adjustment imported once from the same adjustment in the next
// weekly file that repeats it, so adding would count it again with every overlapping file.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { logMoney } from '../../lib/log-text';
import { SETTLEMENT_ORDERS_PER_STATEMENT } from './imports';
import {
  SETTLEMENT_PARSE_MESSAGES,
  type ParsedSettlementFile,
  type SettlementProblem,
} from './parse-settlements';

/**
 * The problems to show for the file's orders already kept: those of adjustments only, and those
 * with another released amount (a query per SETTLEMENT_ORDERS_PER_STATEMENT orders: their order
 * numbers and amounts as one jsonb parameter, joined to the settlements; never the whole file's
 * as one value).
 */
export async function keptDifferences(
  db: DbOrTx,
  file: ParsedSettlementFile,
): Promise<SettlementProblem[]> {
  const rows: { order_number: string; kept: string | number }[] = [];
  const { orders } = file;
  for (let start = 0; start < orders.length; start += SETTLEMENT_ORDERS_PER_STATEMENT) {
    const amounts = JSON.stringify(
      orders
        .slice(start, start + SETTLEMENT_ORDERS_PER_STATEMENT)
        .map((order) => [
          order.orderNumber,
          order.released,
          order.adjustmentsOnly === true ? 1 : 0,
        ]),
    );
    const found = await db.execute<{ order_number: string; kept: string | number }>(sql`
      select x.value ->> 0 as order_number, m.released as kept
        from jsonb_array_elements(${amounts}::jsonb) as x
        join marketplace_settlements m
          on m.channel = ${file.channel} and m.order_number = x.value ->> 0
       where (x.value ->> 2)::int = 1 or m.released <> (x.value ->> 1)::bigint`);
    rows.push(...found.rows);
  }
  if (rows.length === 0) return [];
  const kept = new Map(rows.map((row) => [row.order_number, Number(row.kept)]));
  const problems: SettlementProblem[] = [];
  for (const order of file.orders) {
    const before = kept.get(order.orderNumber);
    if (before === undefined) continue;
    const onAdjustmentSheet = order.rows.length === 0 && file.adjustmentSheet !== undefined;
    problems.push({
      sheet: onAdjustmentSheet ? (file.adjustmentSheet as string) : file.sheet,
      row: (onAdjustmentSheet ? order.adjustmentRows?.[0] : order.rows[0]) ?? 0,
      message:
        order.adjustmentsOnly === true
          ? SETTLEMENT_PARSE_MESSAGES.keptAdjustments(
              order.orderNumber,
              logMoney(order.released / 100),
              logMoney(before / 100),
            )
          : SETTLEMENT_PARSE_MESSAGES.keptDiffers(
              order.orderNumber,
              logMoney(before / 100),
              logMoney(order.released / 100),
              logMoney((order.released - before) / 100),
            ),
    });
  }
  return problems;
}
