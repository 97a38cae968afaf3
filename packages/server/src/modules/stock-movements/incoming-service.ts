import {
  type CheckResiResponse,
  type IncomingForComparison,
  type IncomingGoods,
  type IncomingGoodsInput,
  type IncomingGoodsList,
  type StockMovementListQuery,
} from '@gudang/api-client/contract';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { incomingGoods, products } from '../../db/schema';
import {
  checkResi,
  listMovements,
  movementColumns,
  movementValues,
  productByCode,
  recordOr404,
  savedMovement,
  type MovementValues,
} from './movements';
import {
  adjustStock,
  productCodeIs,
  productRowColumns,
  resiConflict,
  type StockProduct,
} from '../../lib/stock-kernel';
import { movementWriter } from './movement-writer';
import { logCount, logMovement } from '../../lib/log-text';
import { addReceiptCost, defaultUnitPrice } from './cost';
import { movedAfter, recomputeCost } from '../../lib/cost-replay';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import type { ResiCheck } from '../../lib/record-routes';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

const incomingRow = {
  id: incomingGoods.id,
  date: incomingGoods.date,
  product_id: incomingGoods.productId,
  ...productRowColumns,
  barcode: products.barcodeId,
  resi_number: incomingGoods.resiNumber,
  quantity: incomingGoods.quantity,
  platform: incomingGoods.platform,
  purchase_price: incomingGoods.purchasePrice,
};

export function listIncoming(
  db: DbOrTx,
  query: StockMovementListQuery,
): Promise<IncomingGoodsList> {
  return listMovements(
    db,
    incomingGoods,
    incomingRow,
    [incomingGoods.resiNumber, incomingGoods.platform],
    query,
  );
}

export interface IncomingValues extends MovementValues {
  platform: string;
  /** Harga Beli per unit; undefined: the default (create) or the stored price (edit). */
  purchasePrice?: number;
}

export function incomingValues(body: IncomingGoodsInput): IncomingValues {
  return {
    ...movementValues(body),
    platform: body.platform.trim(),
    ...(body.purchase_price === undefined ? {} : { purchasePrice: body.purchase_price }),
  };
}

function describe(
  product: { name: string; code: string },
  values: Pick<IncomingValues, 'quantity' | 'resiNumber' | 'platform'>,
): string {
  return `${product.name} (${product.code}) ${logMovement(values.quantity)}, resi ${values.resiNumber}, ${values.platform}`;
}

function negativeStock(product: StockProduct): Refusal {
  return new Refusal(
    400,
    `Perubahan ini membuat stok ${product.name} menjadi negatif. Stok tersedia: ${logCount(product.currentStock)}`,
  );
}

function lockIncoming(tx: Tx, id: number) {
  return recordOr404(tx.select().from(incomingGoods).where(eq(incomingGoods.id, id)).for('update'));
}

function mustFind(tx: Tx, id: number): Promise<IncomingGoods> {
  return savedMovement(tx, incomingGoods, incomingRow, id);
}

export function createIncoming(
  db: Db,
  values: IncomingValues,
  actor: ActivityActor,
): Promise<Result<IncomingGoods>> {
  return inTransaction(
    db,
    async (tx) => {
      const product = await productByCode(tx, values.productCode);
      // Stock first, record second: every writer locks the product row before it takes a resi.
      await adjustStock(tx, product.id, values.quantity);
      // The cost moves with the stock, under the same row lock.
      const price = values.purchasePrice ?? (await defaultUnitPrice(tx, product.id, values));
      // Before a later movement (backdated), the history is replayed once the record is in.
      const backdated = await movedAfter(tx, product.id, values.date);
      if (!backdated) await addReceiptCost(tx, product.id, values.quantity, price);
      const [record] = await tx
        .insert(incomingGoods)
        .values({
          ...movementColumns(product.id, values),
          platform: values.platform,
          purchasePrice: price,
          createdBy: actor.id,
        })
        .returning({ id: incomingGoods.id });
      if (record === undefined) throw new Error('insert returned no row');
      if (backdated) await recomputeCost(tx, product.id);
      await logActivity(tx, {
        action: 'INCOMING_GOODS',
        user: actor,
        details: `Barang masuk: ${describe(product, values)}`,
      });
      return mustFind(tx, record.id);
    },
    resiConflict,
  );
}

const incomingWriter = movementWriter<typeof incomingGoods, IncomingValues, IncomingGoods>({
  table: incomingGoods,
  title: 'Barang masuk',
  actions: { update: 'UPDATE_INCOMING_GOODS', delete: 'DELETE_INCOMING_GOODS' },
  sign: 1,
  lock: lockIncoming,
  productFor: (tx, values) => productByCode(tx, values.productCode),
  shortfall: (shortfall) => negativeStock(shortfall.product),
  extraColumns: (values) => ({
    platform: values.platform,
    ...(values.purchasePrice === undefined ? {} : { purchasePrice: values.purchasePrice }),
  }),
  // The products are locked (applyStockDeltas): their costs replayed from their histories.
  afterWrite: async (tx, productIds) => {
    for (const productId of productIds) await recomputeCost(tx, productId);
  },
  describe,
  saved: mustFind,
});

export const updateIncoming = incomingWriter.update;
export const deleteIncoming = incomingWriter.remove;

/**
 * Records using the resi. With the chosen product, only its own: a supplier package holds
 * several products under one resi, and the same product twice is a double entry (migration 0028).
 */
export function checkIncomingResi(
  db: DbOrTx,
  resi: string,
  { excludeId, productCode }: ResiCheck,
): Promise<CheckResiResponse> {
  const conflicting = productCode === null ? undefined : productCodeIs(productCode);
  return checkResi(db, incomingGoods, resi, excludeId, conflicting);
}

/**
 * Incoming goods of the products (by code; null: of every product) dated within the range, both
 * ends included.
 */
export async function incomingForComparison(
  db: DbOrTx,
  productCodes: readonly string[] | null,
  startDate: string,
  endDate: string,
): Promise<IncomingForComparison[]> {
  return db
    .select({
      product_name: products.name,
      product_code: products.code,
      resi_number: incomingGoods.resiNumber,
      quantity: incomingGoods.quantity,
      date: incomingGoods.date,
    })
    .from(incomingGoods)
    .innerJoin(products, eq(products.id, incomingGoods.productId))
    .where(
      and(
        productCodes === null ? undefined : inArray(products.code, [...productCodes]),
        gte(incomingGoods.date, startDate),
        lte(incomingGoods.date, endDate),
      ),
    )
    .orderBy(asc(incomingGoods.date), asc(incomingGoods.id));
}
