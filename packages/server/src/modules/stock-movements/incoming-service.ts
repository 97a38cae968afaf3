import {
  MESSAGES,
  type CheckResiResponse,
  type IncomingForComparison,
  type IncomingGoods,
  type IncomingGoodsInput,
  type IncomingGoodsList,
  type MovementSort,
} from '@gudang/api-client/contract';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { incomingGoods, products } from '../../db/schema';
import { logActivity, type ActivityActor } from '../activity-logs/service';
import { MSG_RECORD_NOT_FOUND } from './input';
import { pagination, pageWindow, searchCondition } from './list';
import {
  addDelta,
  adjustStock,
  applyStockDeltas,
  findProductByCode,
  inTransaction,
  Refusal,
  type Result,
  type StockProduct,
} from './stock';

const incomingRow = {
  id: incomingGoods.id,
  date: incomingGoods.date,
  product_id: incomingGoods.productId,
  product_code: products.code,
  product_name: products.name,
  category: products.category,
  brand: products.brand,
  barcode: products.barcodeId,
  resi_number: incomingGoods.resiNumber,
  quantity: incomingGoods.quantity,
  platform: incomingGoods.platform,
};

export interface IncomingListQuery {
  page?: number;
  limit?: number;
  search?: string;
  sort?: MovementSort;
}

function movementOrder(sort: MovementSort | undefined): SQL[] {
  const newestFirst = [desc(incomingGoods.date), desc(incomingGoods.id)];
  if (sort === 'brand') return [asc(products.brand), ...newestFirst];
  if (sort === 'brand_desc') return [desc(products.brand), ...newestFirst];
  return newestFirst;
}

export async function listIncoming(
  db: DbOrTx,
  query: IncomingListQuery,
): Promise<IncomingGoodsList> {
  const window = pageWindow(query);
  const where = searchCondition(query.search, [
    products.name,
    products.code,
    incomingGoods.resiNumber,
    incomingGoods.platform,
  ]);
  const [totalRow] = await db
    .select({ total: count() })
    .from(incomingGoods)
    .innerJoin(products, eq(products.id, incomingGoods.productId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const data =
    window.offset === null || window.offset >= total
      ? []
      : await db
          .select(incomingRow)
          .from(incomingGoods)
          .innerJoin(products, eq(products.id, incomingGoods.productId))
          .where(where)
          .orderBy(...movementOrder(query.sort))
          .limit(window.limit)
          .offset(window.offset);
  return { data, pagination: pagination(window, total) };
}

async function findIncomingRow(db: DbOrTx, id: number): Promise<IncomingGoods | null> {
  const [row] = await db
    .select(incomingRow)
    .from(incomingGoods)
    .innerJoin(products, eq(products.id, incomingGoods.productId))
    .where(eq(incomingGoods.id, id));
  return row ?? null;
}

/** The body with its texts trimmed; name, category and brand are dropped (the product's count). */
export interface IncomingValues {
  productCode: string;
  resiNumber: string;
  quantity: number;
  platform: string;
  date: string;
}

export function incomingValues(body: IncomingGoodsInput): IncomingValues {
  return {
    productCode: body.product_code.trim(),
    resiNumber: body.resi_number.trim(),
    quantity: body.quantity,
    platform: body.platform.trim(),
    date: body.date,
  };
}

function resiConflict(error: unknown): Refusal | null {
  // The resi is the only unique column of incoming_goods; the constraint decides races.
  return isUniqueViolation(error) ? new Refusal(409, MESSAGES.resiUsed) : null;
}

async function productByCode(tx: Tx, code: string): Promise<StockProduct> {
  const product = await findProductByCode(tx, code);
  if (product === null) throw new Refusal(400, MESSAGES.productNotFound);
  return product;
}

async function lockIncoming(tx: Tx, id: number) {
  const [record] = await tx
    .select()
    .from(incomingGoods)
    .where(eq(incomingGoods.id, id))
    .for('update');
  if (record === undefined) throw new Refusal(404, MSG_RECORD_NOT_FOUND);
  return record;
}

function describe(
  product: { name: string; code: string },
  values: Pick<IncomingValues, 'quantity' | 'resiNumber' | 'platform'>,
): string {
  return `${product.name} (${product.code}) +${values.quantity}, resi ${values.resiNumber}, ${values.platform}`;
}

function unknownProduct(id: number) {
  return { name: `produk #${id}`, code: '-' };
}

function negativeStock(product: StockProduct): Refusal {
  return new Refusal(
    400,
    `Perubahan ini membuat stok ${product.name} menjadi negatif. Stok tersedia: ${product.currentStock}`,
  );
}

async function mustFind(tx: Tx, id: number): Promise<IncomingGoods> {
  const row = await findIncomingRow(tx, id);
  if (row === null) throw new Error(`incoming goods ${id} vanished inside its transaction`);
  return row;
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
      const [record] = await tx
        .insert(incomingGoods)
        .values({
          productId: product.id,
          date: values.date,
          resiNumber: values.resiNumber,
          quantity: values.quantity,
          platform: values.platform,
          createdBy: actor.id,
        })
        .returning({ id: incomingGoods.id });
      if (record === undefined) throw new Error('insert returned no row');
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

export function updateIncoming(
  db: Db,
  id: number,
  values: IncomingValues,
  actor: ActivityActor,
): Promise<Result<IncomingGoods>> {
  return inTransaction(
    db,
    async (tx) => {
      const old = await lockIncoming(tx, id);
      const product = await productByCode(tx, values.productCode);
      const deltas = new Map<number, number>();
      addDelta(deltas, old.productId, -old.quantity);
      addDelta(deltas, product.id, values.quantity);
      const change = await applyStockDeltas(tx, deltas);
      if (change.shortfall !== null) throw negativeStock(change.shortfall.product);
      await tx
        .update(incomingGoods)
        .set({
          productId: product.id,
          date: values.date,
          resiNumber: values.resiNumber,
          quantity: values.quantity,
          platform: values.platform,
          updatedAt: new Date(),
        })
        .where(eq(incomingGoods.id, id));
      const oldProduct = change.products.get(old.productId) ?? product;
      await logActivity(tx, {
        action: 'UPDATE_INCOMING_GOODS',
        user: actor,
        details:
          `Barang masuk #${id} diperbarui: ${describe(product, values)} ` +
          `(sebelumnya: ${describe(oldProduct, old)})`,
      });
      return mustFind(tx, id);
    },
    resiConflict,
  );
}

export function deleteIncoming(db: Db, id: number, actor: ActivityActor): Promise<Result<null>> {
  return inTransaction(db, async (tx) => {
    const old = await lockIncoming(tx, id);
    const change = await applyStockDeltas(tx, new Map([[old.productId, -old.quantity]]));
    if (change.shortfall !== null) throw negativeStock(change.shortfall.product);
    await tx.delete(incomingGoods).where(eq(incomingGoods.id, id));
    const product = change.products.get(old.productId);
    await logActivity(tx, {
      action: 'DELETE_INCOMING_GOODS',
      user: actor,
      details: `Barang masuk #${id} dihapus: ${describe(product ?? unknownProduct(old.productId), old)}`,
    });
    return null;
  });
}

/** Records using the (trimmed) resi, except `excludeId` (the record being edited). */
export async function checkIncomingResi(
  db: DbOrTx,
  resi: string,
  excludeId: number | null,
): Promise<CheckResiResponse> {
  const text = resi.trim();
  if (text === '') return { isDuplicate: false, duplicates: [] };
  const duplicates = await db
    .select({ id: incomingGoods.id, product_name: products.name, date: incomingGoods.date })
    .from(incomingGoods)
    .innerJoin(products, eq(products.id, incomingGoods.productId))
    .where(
      and(
        eq(incomingGoods.resiNumber, text),
        excludeId === null ? undefined : ne(incomingGoods.id, excludeId),
      ),
    )
    .orderBy(asc(incomingGoods.id));
  return { isDuplicate: duplicates.length > 0, duplicates };
}

/** Incoming goods of the products (by code) dated within the range, both ends included. */
export async function incomingForComparison(
  db: DbOrTx,
  productCodes: readonly string[],
  startDate: string,
  endDate: string,
): Promise<IncomingForComparison[]> {
  if (productCodes.length === 0) return [];
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
        inArray(products.code, [...productCodes]),
        gte(incomingGoods.date, startDate),
        lte(incomingGoods.date, endDate),
      ),
    )
    .orderBy(asc(incomingGoods.date), asc(incomingGoods.id));
}
