// The edit and delete of a movement, one flow for Barang Masuk and Barang Keluar: lock the record,
// find the product, move the stock of both products all or nothing, write, log, read back.
import type { ActivityAction } from '@gudang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import type { Refusal, Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import {
  movementColumns,
  unknownProduct,
  type MovementTable,
  type MovementValues,
} from './movements';
import {
  addDelta,
  applyStockDeltas,
  resiConflict,
  type StockProduct,
  type StockShortfall,
} from '../../lib/stock-kernel';

type ProductLabel = { name: string; code: string };

/** What an edit or delete of one kind of movement does its own way. */
export interface MovementKind<T extends MovementTable, Values extends MovementValues, Saved> {
  table: T;
  /** The head of the log texts, e.g. 'Barang masuk'. */
  title: string;
  actions: { update: ActivityAction; delete: ActivityAction };
  /** 1: a record adds its quantity to the stock (incoming); -1: it takes it (outgoing). */
  sign: 1 | -1;
  /** The record `id`, locked for the change (404 when there is none: recordOr404). */
  lock: (tx: Tx, id: number) => Promise<T['$inferSelect']>;
  /** The product of the edited record (refused when the values name none, or another). */
  productFor: (tx: Tx, values: Values) => Promise<StockProduct>;
  /** Refuses to touch the locked record `id` at all (a sale with returns). */
  refuseChange?: (tx: Tx, id: number) => Promise<void>;
  /**
   * The refusal of a change that would leave `shortfall.product` below zero; `productId` is the
   * edited record's new product, null on a delete.
   */
  shortfall: (
    shortfall: StockShortfall,
    old: T['$inferSelect'],
    productId: number | null,
  ) => Refusal;
  /**
   * After an edit moved the stock by `deltas` (product id -> change), before the record is
   * written: refuses what the stock's own guard does not (a sale over Dipesan).
   */
  afterStock?: (
    tx: Tx,
    values: Values,
    old: T['$inferSelect'],
    deltas: ReadonlyMap<number, number>,
  ) => Promise<void>;
  /** The kind's own columns of an edit. */
  extraColumns: (values: Values) => Partial<T['$inferInsert']>;
  /**
   * After the stock moved and the record was written: the products whose stock changed, and the
   * earliest date the change touched (the record's old date, or its new one when earlier).
   */
  afterWrite?: (tx: Tx, productIds: ReadonlySet<number>, since: string) => Promise<void>;
  /** The record as the log shows it. */
  describe: (product: ProductLabel, movement: Values | T['$inferSelect']) => string;
  /** The API row of the record `id`, read back in the transaction. */
  saved: (tx: Tx, id: number) => Promise<Saved>;
}

export interface MovementWriter<Values, Saved> {
  update: (db: Db, id: number, values: Values, actor: ActivityActor) => Promise<Result<Saved>>;
  remove: (db: Db, id: number, actor: ActivityActor) => Promise<Result<null>>;
}

export function movementWriter<T extends MovementTable, Values extends MovementValues, Saved>(
  kind: MovementKind<T, Values, Saved>,
): MovementWriter<Values, Saved> {
  // Typed as the union: both tables share the columns written here (MovementTable).
  const table: MovementTable = kind.table;
  const { lock } = kind;

  return {
    update: (db, id, values, actor) =>
      inTransaction(
        db,
        async (tx) => {
          const old = await lock(tx, id);
          await kind.refuseChange?.(tx, id);
          const product = await kind.productFor(tx, values);
          const deltas = new Map<number, number>();
          addDelta(deltas, old.productId, -kind.sign * old.quantity);
          addDelta(deltas, product.id, kind.sign * values.quantity);
          const change = await applyStockDeltas(tx, deltas);
          if (change.shortfall !== null) throw kind.shortfall(change.shortfall, old, product.id);
          await kind.afterStock?.(tx, values, old, deltas);
          await tx
            .update(table)
            .set({
              ...movementColumns(product.id, values),
              ...kind.extraColumns(values),
              updatedAt: new Date(),
            })
            .where(eq(table.id, id));
          const since = values.date < old.date ? values.date : old.date;
          await kind.afterWrite?.(tx, new Set([old.productId, product.id]), since);
          const oldProduct = change.products.get(old.productId) ?? product;
          await logActivity(tx, {
            action: kind.actions.update,
            user: actor,
            details:
              `${kind.title} #${id} diperbarui: ${kind.describe(product, values)} ` +
              `(sebelumnya: ${kind.describe(oldProduct, old)})`,
          });
          return kind.saved(tx, id);
        },
        resiConflict,
      ),

    remove: (db, id, actor) =>
      inTransaction(db, async (tx) => {
        const old = await lock(tx, id);
        await kind.refuseChange?.(tx, id);
        const change = await applyStockDeltas(
          tx,
          new Map([[old.productId, -kind.sign * old.quantity]]),
        );
        if (change.shortfall !== null) throw kind.shortfall(change.shortfall, old, null);
        await tx.delete(table).where(eq(table.id, id));
        await kind.afterWrite?.(tx, new Set([old.productId]), old.date);
        const product = change.products.get(old.productId) ?? unknownProduct(old.productId);
        await logActivity(tx, {
          action: kind.actions.delete,
          user: actor,
          details: `${kind.title} #${id} dihapus: ${kind.describe(product, old)}`,
        });
        return null;
      }),
  };
}
