import {
  MESSAGES,
  type CheckResiResponse,
  type MovementSort,
  type OutgoingGoods,
  type OutgoingGoodsInput,
  type OutgoingGoodsList,
} from '@gudang/api-client/contract';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { outgoingGoods, products } from '../../db/schema';
import { logActivity, type ActivityActor } from '../activity-logs/service';
import { MSG_RECORD_NOT_FOUND } from './input';
import { pagination, pageWindow, searchCondition } from './list';
import {
  addDelta,
  adjustStock,
  applyStockDeltas,
  currentStockOf,
  findProductByCode,
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

export interface OutgoingListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: MovementSort;
}

function movementOrder(sort: MovementSort | undefined): SQL[] {
  const newestFirst = [desc(outgoingGoods.date), desc(outgoingGoods.id)];
  if (sort === 'brand') return [asc(products.brand), ...newestFirst];
  if (sort === 'brand_desc') return [desc(products.brand), ...newestFirst];
  return newestFirst;
}

export async function listOutgoing(
  db: DbOrTx,
  query: OutgoingListQuery,
): Promise<OutgoingGoodsList> {
  const window = pageWindow(query);
  const where = searchCondition(query.search, [
    products.name,
    products.code,
    outgoingGoods.resiNumber,
    outgoingGoods.barcode,
  ]);
  const [totalRow] = await db
    .select({ total: count() })
    .from(outgoingGoods)
    .innerJoin(products, eq(products.id, outgoingGoods.productId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const data =
    window.offset === null || window.offset >= total
      ? []
      : await db
          .select(outgoingRow)
          .from(outgoingGoods)
          .innerJoin(products, eq(products.id, outgoingGoods.productId))
          .where(where)
          .orderBy(...movementOrder(query.sort))
          .limit(window.limit)
          .offset(window.offset);
  return { data, pagination: pagination(window, total) };
}

async function findOutgoingRow(db: DbOrTx, id: number): Promise<OutgoingGoods | null> {
  const [row] = await db
    .select(outgoingRow)
    .from(outgoingGoods)
    .innerJoin(products, eq(products.id, outgoingGoods.productId))
    .where(eq(outgoingGoods.id, id));
  return row ?? null;
}

/** The body with its texts trimmed; name, category and brand are dropped (the product's count). */
export interface OutgoingValues {
  productCode: string;
  resiNumber: string;
  quantity: number;
  barcode: string;
  date: string;
}

export function outgoingValues(body: OutgoingGoodsInput): OutgoingValues {
  return {
    productCode: body.product_code.trim(),
    resiNumber: body.resi_number.trim(),
    quantity: body.quantity,
    barcode: body.barcode.trim(),
    date: body.date,
  };
}

function resiConflict(error: unknown): Refusal | null {
  // The resi is the only unique column of outgoing_goods; the constraint decides races.
  return isUniqueViolation(error) ? new Refusal(409, MESSAGES.resiUsed) : null;
}

/** The product of the code, whose barcode must be the one typed or scanned. */
async function productFor(tx: Tx, values: OutgoingValues): Promise<StockProduct> {
  const product = await findProductByCode(tx, values.productCode);
  if (product === null) throw new Refusal(400, MESSAGES.productNotFound);
  if (product.barcodeId !== values.barcode) throw new Refusal(400, MESSAGES.barcodeMismatch);
  return product;
}

async function lockOutgoing(tx: Tx, id: number) {
  const [record] = await tx
    .select()
    .from(outgoingGoods)
    .where(eq(outgoingGoods.id, id))
    .for('update');
  if (record === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
  return record;
}

function describe(
  product: { name: string; code: string },
  values: Pick<OutgoingValues, 'quantity' | 'resiNumber'>,
): string {
  return `${product.name} (${product.code}) -${values.quantity}, resi ${values.resiNumber}`;
}

async function mustFind(tx: Tx, id: number): Promise<OutgoingGoods> {
  const row = await findOutgoingRow(tx, id);
  if (row === null) throw new Error(`outgoing goods ${id} vanished inside its transaction`);
  return row;
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
          productId: product.id,
          date: values.date,
          resiNumber: values.resiNumber,
          quantity: values.quantity,
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
          productId: product.id,
          date: values.date,
          resiNumber: values.resiNumber,
          quantity: values.quantity,
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
    const product = change.products.get(old.productId) ?? {
      name: `produk #${old.productId}`,
      code: '-',
    };
    await logActivity(tx, {
      action: 'DELETE_OUTGOING_GOODS',
      user: actor,
      details: `Barang keluar #${id} dihapus: ${describe(product, old)}`,
    });
    return null;
  });
}

/** Records using the (trimmed) resi, except `excludeId` (the record being edited). */
export async function checkOutgoingResi(
  db: DbOrTx,
  resi: string,
  excludeId: number | null,
): Promise<CheckResiResponse> {
  const text = resi.trim();
  if (text === '') return { isDuplicate: false, duplicates: [] };
  const duplicates = await db
    .select({ id: outgoingGoods.id, product_name: products.name, date: outgoingGoods.date })
    .from(outgoingGoods)
    .innerJoin(products, eq(products.id, outgoingGoods.productId))
    .where(
      and(
        eq(outgoingGoods.resiNumber, text),
        excludeId === null ? undefined : ne(outgoingGoods.id, excludeId),
      ),
    )
    .orderBy(asc(outgoingGoods.id));
  return { isDuplicate: duplicates.length > 0, duplicates };
}
