// The order imports being written in batches (migration 0050, docs/adr/0026): each is a row of
// marketplace_imports_pending while its orders and lines, marked with its id, are hidden by the
// views marketplace_orders and marketplace_order_lines. Undoing one removes both.
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';

/** Removes an unfinished import's rows and its pending mark (a failed batch, a crash). */
export async function discardImport(tx: DbOrTx, importId: number): Promise<void> {
  // The lines go with their orders (on delete cascade).
  await tx.execute(sql`delete from marketplace_orders_all where import_id = ${importId}`);
  await tx.execute(sql`delete from marketplace_imports_pending where id = ${importId}`);
}

/**
 * At start: the imports a crash left unfinished (their rows were never shown) are removed.
 * Answers how many.
 */
export async function discardPendingImports(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`select id from marketplace_imports_pending order by id for update`,
    );
    for (const row of rows) await discardImport(tx, Number(row.id));
    return rows.length;
  });
}
