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
import { batchOrdersOf } from './imports';
import {
  SETTLEMENT_PARSE_MESSAGES,
  type KeptSettlementFile,
  type SettlementProblem,
} from './parse-settlements';

/**
 * The problems to show for the file's orders already kept: those of adjustments only, and those
 * with another released amount (a query per batch of the worker's, joined to the settlements;
 * never the whole file's as one value, never its orders as objects).
 */
export async function keptDifferences(
  db: DbOrTx,
  file: KeptSettlementFile,
): Promise<SettlementProblem[]> {
  const problems: SettlementProblem[] = [];
  for (const batch of file.batches) {
    const { rows } = await db.execute<{
      order_number: string;
      released: string | number;
      kept: string | number;
      adjustments_only: boolean;
      row: number | null;
      adjustment_row: number | null;
    }>(sql`
      select x.order_number, x.released, m.released as kept, x.adjustments_only, x.row,
             x.adjustment_row
        from ${batchOrdersOf(batch, '[]')} x
        join marketplace_settlements m
          on m.channel = ${file.channel} and m.order_number = x.order_number
       where x.adjustments_only or m.released <> x.released
       order by x.line`);
    for (const order of rows) {
      const released = Number(order.released);
      const before = Number(order.kept);
      // An order with no row of the main sheet was read from the adjustment sheet alone.
      const onAdjustmentSheet = order.row === null && file.adjustmentSheet !== undefined;
      problems.push({
        sheet: onAdjustmentSheet ? (file.adjustmentSheet as string) : file.sheet,
        row: Number((onAdjustmentSheet ? order.adjustment_row : order.row) ?? 0),
        message:
          order.adjustments_only === true
            ? SETTLEMENT_PARSE_MESSAGES.keptAdjustments(
                order.order_number,
                logMoney(released / 100),
                logMoney(before / 100),
              )
            : SETTLEMENT_PARSE_MESSAGES.keptDiffers(
                order.order_number,
                logMoney(before / 100),
                logMoney(released / 100),
                logMoney((released - before) / 100),
              ),
      });
    }
  }
  return problems;
}
