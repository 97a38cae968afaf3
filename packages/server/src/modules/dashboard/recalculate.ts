// Recalculating every product's stock from its movements (admin, on demand).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { andOthers, logCount } from '../../lib/log-text';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { toNumber } from '../../lib/numbers';

export type RecalculateResult =
  | { updated: number }
  /** Products whose calculated stock is below zero, as 'name (code)'; nothing was changed. */
  | { negative: string[] };

class NegativeStock extends Error {
  constructor(readonly products: string[]) {
    super('negative calculated stock');
  }
}

/** How many product names a refusal lists. */
const NEGATIVE_NAMES_SHOWN = 10;
/** How many changed products the activity-log entry names. */
const CHANGES_LOGGED = 20;

/**
 * Sets every product's current_stock to initial + incoming - outgoing + returned in good
 * condition + adjustments, in one transaction with
 * its RECALCULATE_STOCK log entry.
 *
 * A product whose movements add up to less than zero is not clamped to 0: that would hide bad
 * movement data behind a number that still does not add up. The whole recalculation is refused
 * instead (nothing changes) and the products are named, so the records can be corrected first.
 */
export async function recalculateStock(db: Db, actor: ActivityActor): Promise<RecalculateResult> {
  try {
    const updated = await db.transaction(async (tx) => {
      // Movements and product edits wait until this commits, so the sums cannot go stale
      // between reading them and writing the stock. Plain reads carry on.
      await tx.execute(sql`lock table products, incoming_goods, outgoing_goods, return_lines,
                                      stock_adjustments in exclusive mode`);
      const calculated = sql`
        select p.id, p.name, p.code, p.current_stock,
               p.initial_stock + coalesce(i.total, 0) - coalesce(o.total, 0)
                 + coalesce(r.total, 0) + coalesce(a.total, 0) as stock
          from products p
          left join (select product_id, sum(quantity) as total from incoming_goods
                      group by product_id) i on i.product_id = p.id
          left join (select product_id, sum(quantity) as total from outgoing_goods
                      group by product_id) o on o.product_id = p.id
          left join (select product_id, sum(quantity) as total from return_lines
                      where condition = 'good' group by product_id) r on r.product_id = p.id
          left join (select product_id, sum(quantity) as total from stock_adjustments
                      group by product_id) a on a.product_id = p.id`;

      const { rows: negative } = await tx.execute<{ name: string; code: string }>(sql`
        select name, code from (${calculated}) c where c.stock < 0 order by name, id`);
      if (negative.length > 0) {
        const names = negative.map((product) => `${product.name} (${product.code})`);
        throw new NegativeStock(andOthers(names.slice(0, NEGATIVE_NAMES_SHOWN), names.length));
      }

      const { rows: changed } = await tx.execute<{
        code: string;
        before: number;
        after: unknown;
      }>(sql`
        update products p
           set current_stock = c.stock, updated_at = now()
          from (${calculated}) c
         where p.id = c.id and p.current_stock <> c.stock
        returning p.code, c.current_stock as before, p.current_stock as after`);

      // The kept totals are rebuilt from the same rows: a recalculation repairs them too.
      await tx.execute(sql`select rebuild_movement_totals()`);

      const listed = andOthers(
        [...changed]
          .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
          .slice(0, CHANGES_LOGGED)
          .map(
            (row) =>
              `${row.code} ${logCount(toNumber(row.before))} → ${logCount(toNumber(row.after))}`,
          ),
        changed.length,
      );
      await logActivity(tx, {
        action: 'RECALCULATE_STOCK',
        user: actor,
        details:
          changed.length === 0
            ? 'Menghitung ulang stok: semua stok sudah sesuai'
            : `Menghitung ulang stok: ${changed.length} produk diperbarui (${listed.join(', ')})`,
      });
      return changed.length;
    });
    return { updated };
  } catch (error) {
    if (error instanceof NegativeStock) return { negative: error.products };
    throw error;
  }
}
