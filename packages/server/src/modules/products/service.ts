import type {
  LedgerEntry,
  List,
  Product,
  ProductInput,
  ProductLedger,
  ProductSort,
} from '@gudang/api-client/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { products, type ProductRow } from '../../db/schema';
import { logActivity, type ActivityActor } from '../activity-logs/service';
import { containsPattern } from '../../lib/search';

export function toProduct(row: ProductRow): Product {
  // Spelled out field by field: extra selected columns (a window total) must not leak out.
  return {
    id: row.id,
    barcode_id: row.barcodeId,
    code: row.code,
    name: row.name,
    initial_stock: row.initialStock,
    current_stock: row.currentStock,
    category: row.category,
    brand: row.brand,
    created_at: row.createdAt.toISOString(),
  };
}

/** A SUM or COUNT as a JS number: node-postgres sends bigint and numeric as text. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}

// A unique tiebreak (id) keeps pages stable when the sort key repeats.
const ORDER: Record<ProductSort | 'name', SQL[]> = {
  name: [asc(products.name), asc(products.id)],
  brand: [asc(products.brand), asc(products.id)],
  brand_desc: [desc(products.brand), desc(products.id)],
  date_desc: [desc(products.createdAt), desc(products.id)],
};

export interface ProductListOptions {
  page: number;
  limit: number;
  search?: string;
  sort?: ProductSort;
}

/** One page of products and the total count, both in SQL. */
export async function listProducts(
  db: DbOrTx,
  options: ProductListOptions,
): Promise<List<Product>> {
  const { page, limit } = options;
  const search = options.search?.trim() ?? '';
  let where: SQL | undefined;
  if (search !== '') {
    const pattern = containsPattern(search);
    // Each column has a trigram index, so the OR becomes a bitmap OR of index scans.
    where = or(
      ilike(products.name, pattern),
      ilike(products.code, pattern),
      ilike(products.barcodeId, pattern),
      ilike(products.category, pattern),
      ilike(products.brand, pattern),
    );
  }
  // One scan gives the page and the total; only a page past the end needs a second query.
  const rows = await db
    .select({ ...getTableColumns(products), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...ORDER[options.sort ?? 'name'])
    .limit(limit)
    .offset((page - 1) * limit);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && page > 1) {
    const [counted] = await db.select({ total: count() }).from(products).where(where);
    total = counted?.total ?? 0;
  }
  return {
    data: rows.map(toProduct),
    pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
  };
}

export async function allProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  return rows.map(toProduct);
}

export async function findProductById(db: DbOrTx, id: number): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row === undefined ? null : toProduct(row);
}

export async function findProductByBarcode(db: DbOrTx, barcode: string): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(eq(products.barcodeId, barcode.trim()))
    .limit(1);
  return row === undefined ? null : toProduct(row);
}

export type ProductFailure =
  | { error: 'not_found' }
  | { error: 'barcode_taken' }
  | { error: 'code_taken' }
  | { error: 'has_history' }
  /** The initial-stock change would take current stock below zero. */
  | { error: 'negative_stock'; current: number; change: number };

export type ProductResult = { product: Product } | ProductFailure;

/** Carries an expected failure out of a transaction callback, rolling the transaction back. */
class Refusal extends Error {
  constructor(readonly failure: ProductFailure) {
    super(failure.error);
  }
}

async function inTransaction(db: Db, work: (tx: Tx) => Promise<Product>): Promise<ProductResult> {
  try {
    return { product: await db.transaction(work) };
  } catch (error) {
    if (error instanceof Refusal) return error.failure;
    // The pre-checks give the clean answer; the constraints settle a race between two requests.
    if (isUniqueViolation(error, 'products_barcode_id_key')) return { error: 'barcode_taken' };
    if (isUniqueViolation(error, 'products_code_key')) return { error: 'code_taken' };
    throw error;
  }
}

function trimmed(input: ProductInput): ProductInput {
  return {
    barcode_id: input.barcode_id.trim(),
    code: input.code.trim(),
    name: input.name.trim(),
    initial_stock: input.initial_stock,
    category: input.category.trim(),
    brand: input.brand.trim(),
  };
}

async function assertUnique(tx: Tx, input: ProductInput, exceptId: number | null): Promise<void> {
  const clash = or(eq(products.barcodeId, input.barcode_id), eq(products.code, input.code));
  const rows = await tx
    .select({ barcodeId: products.barcodeId, code: products.code })
    .from(products)
    .where(exceptId === null ? clash : and(clash, ne(products.id, exceptId)));
  if (rows.some((row) => row.barcodeId === input.barcode_id))
    throw new Refusal({ error: 'barcode_taken' });
  if (rows.some((row) => row.code === input.code)) throw new Refusal({ error: 'code_taken' });
}

const label = (product: { name: string; code: string }) => `${product.name} (${product.code})`;

/** Creates a product with current_stock = initial_stock and logs CREATE_PRODUCT. */
export async function createProduct(
  db: Db,
  raw: ProductInput,
  actor: ActivityActor,
): Promise<ProductResult> {
  const input = trimmed(raw);
  return inTransaction(db, async (tx) => {
    await assertUnique(tx, input, null);
    const [row] = await tx
      .insert(products)
      .values({
        barcodeId: input.barcode_id,
        code: input.code,
        name: input.name,
        initialStock: input.initial_stock,
        currentStock: input.initial_stock,
        category: input.category,
        brand: input.brand,
      })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    await logActivity(tx, {
      action: 'CREATE_PRODUCT',
      user: actor,
      details: `Menambahkan produk ${label(row)}, stok awal ${row.initialStock}`,
    });
    return toProduct(row);
  });
}

function describeChanges(before: ProductRow, after: ProductRow): string {
  const changes: string[] = [];
  const text = (name: string, from: string, to: string) => {
    if (from !== to) changes.push(`${name} "${from}" → "${to}"`);
  };
  text('barcode', before.barcodeId, after.barcodeId);
  text('kode', before.code, after.code);
  text('nama', before.name, after.name);
  text('kategori', before.category, after.category);
  text('merk', before.brand, after.brand);
  if (before.initialStock !== after.initialStock) {
    changes.push(
      `stok awal ${before.initialStock} → ${after.initialStock} ` +
        `(stok saat ini ${before.currentStock} → ${after.currentStock})`,
    );
  }
  return changes.length === 0 ? 'tanpa perubahan' : changes.join(', ');
}

/**
 * Updates every field. A change of initial_stock moves current_stock by the same amount, so the
 * movements recorded so far keep adding up; refused when current stock would drop below zero.
 */
export async function updateProduct(
  db: Db,
  id: number,
  raw: ProductInput,
  actor: ActivityActor,
): Promise<ProductResult> {
  const input = trimmed(raw);
  return inTransaction(db, async (tx) => {
    // The row lock makes the stock seen here the stock the update works on.
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (before === undefined) throw new Refusal({ error: 'not_found' });
    await assertUnique(tx, input, id);
    const change = input.initial_stock - before.initialStock;
    const [after] = await tx
      .update(products)
      .set({
        barcodeId: input.barcode_id,
        code: input.code,
        name: input.name,
        initialStock: input.initial_stock,
        currentStock: sql`${products.currentStock} + ${change}`,
        category: input.category,
        brand: input.brand,
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), sql`${products.currentStock} + ${change} >= 0`))
      .returning();
    if (after === undefined)
      throw new Refusal({ error: 'negative_stock', current: before.currentStock, change });
    await logActivity(tx, {
      action: 'UPDATE_PRODUCT',
      user: actor,
      details: `Memperbarui produk ${label(before)}: ${describeChanges(before, after)}`,
    });
    return toProduct(after);
  });
}

/**
 * Deletes a product that no incoming, outgoing or order record refers to (history is never
 * lost). Damaged-goods records keep their own copy of the product and only lose the link.
 */
export async function deleteProduct(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<ProductResult> {
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (row === undefined) throw new Refusal({ error: 'not_found' });
      const { rows } = await tx.execute<{ used: boolean }>(sql`
        select exists (select 1 from incoming_goods where product_id = ${id})
            or exists (select 1 from outgoing_goods where product_id = ${id})
            or exists (select 1 from orders where product_id = ${id}) as used`);
      if (rows[0]?.used === true) throw new Refusal({ error: 'has_history' });
      await tx.delete(products).where(eq(products.id, id));
      await logActivity(tx, {
        action: 'DELETE_PRODUCT',
        user: actor,
        details: `Menghapus produk ${label(row)}, stok saat ini ${row.currentStock}`,
      });
      return toProduct(row);
    });
  } catch (error) {
    // A movement added between the check and the delete: the foreign key refuses it.
    if (isForeignKeyViolation(error)) return { error: 'has_history' };
    throw error;
  }
}

type LedgerRow = {
  id: number;
  type: 'incoming' | 'outgoing';
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
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (row === undefined) return null;

  const { rows: before } = await db.execute<{ incoming: unknown; outgoing: unknown }>(sql`
    select
      (select coalesce(sum(quantity), 0) from incoming_goods
        where product_id = ${id} and date < ${start}::date) as incoming,
      (select coalesce(sum(quantity), 0) from outgoing_goods
        where product_id = ${id} and date < ${start}::date) as outgoing`);
  const opening = row.initialStock + toNumber(before[0]?.incoming) - toNumber(before[0]?.outgoing);

  // Dates go out as text: node-postgres would turn a date into a local-time Date.
  const { rows: movements } = await db.execute<LedgerRow & { created_at: unknown }>(sql`
    select id, 'incoming' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           platform, null::text as barcode, quantity, created_at
      from incoming_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    union all
    select id, 'outgoing' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           null::text as platform, barcode, -quantity as quantity, created_at
      from outgoing_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    order by date, created_at, type, id`);

  let balance = opening;
  let totalIncoming = 0;
  let totalOutgoing = 0;
  const entries: LedgerEntry[] = movements.map((movement) => {
    const quantity = toNumber(movement.quantity);
    balance += quantity;
    if (quantity > 0) totalIncoming += quantity;
    else totalOutgoing -= quantity;
    return {
      id: toNumber(movement.id),
      type: movement.type,
      date: movement.date,
      resi_number: movement.resi_number,
      platform: movement.platform,
      barcode: movement.barcode,
      quantity,
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
    closing_balance: balance,
  };
}
