import {
  MESSAGES,
  type CheckResiResponse,
  type OutgoingGoods,
  type OutgoingGoodsInput,
  type OutgoingGoodsList,
  type StockMovementListQuery,
} from '@gudang/api-client/contract';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { outgoingGoods, products } from '../../db/schema';
import { logActivity, type ActivityActor } from '../activity-logs/service';
import {
  checkResi,
  listMovements,
  movementColumns,
  movementValues,
  productByCode,
  recordOr404,
  resiConflict,
  savedMovement,
  unknownProduct,
  type MovementValues,
} from './movements';
import {
  addDelta,
  adjustStock,
  applyStockDeltas,
  currentStockOf,
  inTransaction,
  Refusal,
  type Result,
  type StockProduct,
} from './stock';

// `barcode` is the product's current barcode_id: equal to the typed one when the record was
// saved, and what an edit must send again.
const outgoingRow = {
  id: outgoingGoods.id,
  date: outgoingGoods.date,
  product_id: outgoingGoods.productId,
  product_code: products.code,
  product_name: products.name,
  category: products.category,
  brand: products.brand,
  resi_number: outgoingGoods.resiNumber,
  quantity: outgoingGoods.quantity,
  barcode: products.barcodeId,
  current_stock: products.currentStock,
};

function selectOutgoing(db: DbOrTx) {
  return db
    .select(outgoingRow)
    .from(outgoingGoods)
    .innerJoin(products, eq(products.id, outgoingGoods.productId))
    .$dynamic();
}

export function listOutgoing(
  db: DbOrTx,
  query: StockMovementListQuery,
): Promise<OutgoingGoodsList> {
  return listMovements(
    db,
    outgoingGoods,
    () => selectOutgoing(db),
    [products.name, products.code, outgoingGoods.resiNumber, outgoingGoods.barcode],
    query,
  );
}

export interface OutgoingValues extends MovementValues {
  barcode: string;
}

export function outgoingValues(body: OutgoingGoodsInput): OutgoingValues {
  return { ...movementValues(body), barcode: body.barcode.trim() };
}

/** The product of the code, whose barcode must be the one typed or scanned. */
async function productFor(tx: Tx, values: OutgoingValues): Promise<StockProduct> {
  const product = await productByCode(tx, values.productCode);
  if (product.barcodeId !== values.barcode) throw new Refusal(400, MESSAGES.barcodeMismatch);
  return product;
}

function lockOutgoing(tx: Tx, id: number) {
  return recordOr404(tx.select().from(outgoingGoods).where(eq(outgoingGoods.id, id)).for('update'));
}

function describe(
  product: { name: string; code: string },
  values: Pick<OutgoingValues, 'quantity' | 'resiNumber'>,
): string {
  return `${product.name} (${product.code}) -${values.quantity}, resi ${values.resiNumber}`;
}

function mustFind(tx: Tx, id: number): Promise<OutgoingGoods> {
  return savedMovement(selectOutgoing(tx), outgoingGoods, id);
}

export function createOutgoing(
  db: Db,
  values: OutgoingValues,
  actor: ActivityActor,
): Promise<Result<OutgoingGoods>> {
  return inTransaction(
    db,
    async (tx) => {
      const product = await productFor(tx, values);
      if ((await adjustStock(tx, product.id, -values.quantity)) === null) {
        throw new Refusal(400, MESSAGES.insufficientStock(await currentStockOf(tx, product.id)));
      }
      // Prices start at 0; Pembukuan fills them in per transaction.
      const [record] = await tx
        .insert(outgoingGoods)
        .values({
          ...movementColumns(product.id, values),
          barcode: values.barcode,
          createdBy: actor.id,
        })
        .returning({ id: outgoingGoods.id });
      if (record === undefined) throw new Error('insert returned no row');
      await logActivity(tx, {
        action: 'OUTGOING_GOODS',
        user: actor,
        details: `Barang keluar: ${describe(product, values)}`,
      });
      return mustFind(tx, record.id);
    },
    resiConflict,
  );
}

export function updateOutgoing(
  db: Db,
  id: number,
  values: OutgoingValues,
  actor: ActivityActor,
): Promise<Result<OutgoingGoods>> {
  return inTransaction(
    db,
    async (tx) => {
      const old = await lockOutgoing(tx, id);
      const product = await productFor(tx, values);
      const deltas = new Map<number, number>();
      addDelta(deltas, old.productId, old.quantity);
      addDelta(deltas, product.id, -values.quantity);
      const change = await applyStockDeltas(tx, deltas);
      if (change.shortfall !== null) {
        // Only the new product can fall short; what it may give counts this record's return.
        const returned = old.productId === product.id ? old.quantity : 0;
        const locked = change.shortfall.product;
        throw new Refusal(400, MESSAGES.insufficientStock(locked.currentStock + returned));
      }
      await tx
        .update(outgoingGoods)
        .set({
          ...movementColumns(product.id, values),
          barcode: values.barcode,
          updatedAt: new Date(),
        })
        .where(eq(outgoingGoods.id, id));
      const oldProduct = change.products.get(old.productId) ?? product;
      await logActivity(tx, {
        action: 'UPDATE_OUTGOING_GOODS',
        user: actor,
        details:
          `Barang keluar #${id} diperbarui: ${describe(product, values)} ` +
          `(sebelumnya: ${describe(oldProduct, old)})`,
      });
      return mustFind(tx, id);
    },
    resiConflict,
  );
}

export function deleteOutgoing(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const old = await lockOutgoing(tx, id);
    // Deleting an outgoing record puts its quantity back: it can only raise the stock.
    const change = await applyStockDeltas(tx, new Map([[old.productId, old.quantity]]));
    await tx.delete(outgoingGoods).where(eq(outgoingGoods.id, id));
    const product = change.products.get(old.productId) ?? unknownProduct(old.productId);
    await logActivity(tx, {
      action: 'DELETE_OUTGOING_GOODS',
      user: actor,
      details: `Barang keluar #${id} dihapus: ${describe(product, old)}`,
    });
    return null;
  });
}

export function checkOutgoingResi(
  db: DbOrTx,
  resi: string,
  excludeId: number | null,
): Promise<CheckResiResponse> {
  return checkResi(db, outgoingGoods, resi, excludeId);
}
