import type {
  LedgerEntry,
  LedgerEntryType,
  List,
  Product,
  ProductInput,
  ProductLedger,
  ProductSort,
} from '@gudang/api-client/contract';
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { products, type ProductRow } from '../../db/schema';
import { containsPattern, productSearch } from '../../lib/search';
import { logCount, logMoney } from '../../lib/log-text';
import { toNumber } from '../../lib/numbers';
import { logActivity, type ActivityActor } from '../../lib/activity-log';

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
    purchase_price: row.purchasePrice,
    selling_price: row.sellingPrice,
    min_stock: row.minStock,
    created_at: row.createdAt.toISOString(),
  };
}

// A unique tiebreak (id) keeps pages stable when the sort key repeats. Each order is an index
// ((name, id), (brand, id) read forwards or backwards, (created_at, id)).
const ORDER: Record<ProductSort | 'name', SQL[]> = {
  name: [asc(products.name), asc(products.id)],
  brand: [asc(products.brand), asc(products.id)],
  brand_desc: [desc(products.brand), desc(products.id)],
  // NULLS LAST as the index is written; a bare DESC (NULLS FIRST) could not use it.
  date_desc: [sql`${products.createdAt} desc nulls last`, sql`${products.id} desc nulls last`],
};

export interface ProductListOptions {
  page: number;
  limit: number;
  search?: string;
  sort?: ProductSort;
}

/** The search's condition: one trigram index over the shown columns (products_search_trgm_idx). */
const where = (search: string) =>
  search === '' ? undefined : productSearch(containsPattern(search));

/** One page of products and the total count of its matches, in one statement. */
export async function listProducts(
  db: DbOrTx,
  options: ProductListOptions,
): Promise<List<Product>> {
  const { page, limit } = options;
  const search = options.search?.trim() ?? '';
  const sort = options.sort ?? 'name';
  const offset = (page - 1) * limit;
  const pagination = (total: number) => ({
    page,
    limit,
    total,
    totalPages: Math.ceil(total / limit),
  });
  if (!Number.isSafeInteger(offset)) {
    const [counted] = await db.select({ total: count() }).from(products).where(where(search));
    return { data: [], pagination: pagination(counted?.total ?? 0) };
  }
  const found =
    search === ''
      ? await pageWithTotal(db, sort, limit, offset)
      : await searchedProducts(db, search, sort, limit, offset);
  return { data: found.rows.map(toProduct), pagination: pagination(found.total) };
}

/** A page's rows with the count of all matches; a page past the last one counts them apart. */
async function withTotal(
  db: DbOrTx,
  search: string,
  offset: number,
  rows: { product: ProductRow; total: number }[],
): Promise<{ rows: ProductRow[]; total: number }> {
  const first = rows[0];
  if (first !== undefined) return { rows: rows.map((row) => row.product), total: first.total };
  if (offset === 0) return { rows: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(products).where(where(search));
  return { rows: [], total: counted?.total ?? 0 };
}

/** An unsearched page read from its sort's index, and the count of products, in one statement. */
async function pageWithTotal(
  db: DbOrTx,
  sort: ProductSort | 'name',
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const rows = await db
    .select({
      product: products,
      total: sql<number>`(select count(*) from ${products})`.mapWith(Number),
    })
    .from(products)
    .orderBy(...ORDER[sort])
    .limit(limit)
    .offset(offset);
  return withTotal(db, '', offset, rows);
}

/**
 * A searched page in one statement: the matches are read once through the trigram index (a CTE,
 * materialized because it is read twice), counted, and sorted for the page (a top-N sort of the
 * matches' sort keys), then the page's rows are read by primary key. Before, a count and a page
 * each ran the ILIKE: the count rechecked every candidate, and the page walked the sort's index
 * testing each product until it had filled the page (docs/benchmarks.md).
 */
async function searchedProducts(
  db: DbOrTx,
  search: string,
  sort: ProductSort | 'name',
  limit: number,
  offset: number,
): Promise<{ rows: ProductRow[]; total: number }> {
  const matches = db.$with('matches').as(
    db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(where(search)),
  );
  const matchOrder: Record<ProductSort | 'name', SQL[]> = {
    name: [asc(matches.name), asc(matches.id)],
    brand: [asc(matches.brand), asc(matches.id)],
    brand_desc: [desc(matches.brand), desc(matches.id)],
    date_desc: [sql`${matches.createdAt} desc nulls last`, sql`${matches.id} desc nulls last`],
  };
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...matchOrder[sort])
    .limit(limit)
    .offset(offset);
  const rows = await db
    .with(matches)
    .select({
      product: products,
      total: sql<number>`(select count(*) from matches)`.mapWith(Number),
    })
    .from(products)
    .where(inArray(products.id, pageIds))
    .orderBy(...ORDER[sort]);
  return withTotal(db, search, offset, rows);
}

export async function allProducts(db: DbOrTx): Promise<Product[]> {
  const rows = await db.select().from(products).orderBy(asc(products.name), asc(products.id));
  return rows.map(toProduct);
}

export async function findProductByBarcode(db: DbOrTx, barcode: string): Promise<Product | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`lower(${products.barcodeId}) = lower(${barcode.trim()})`)
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
    if (isUniqueViolation(error, 'products_barcode_id_lower_key'))
      return { error: 'barcode_taken' };
    if (isUniqueViolation(error, 'products_code_lower_key')) return { error: 'code_taken' };
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
    purchase_price: input.purchase_price,
    selling_price: input.selling_price,
    min_stock: input.min_stock,
  };
}

async function assertUnique(tx: Tx, input: ProductInput, exceptId: number | null): Promise<void> {
  // Compared as the unique indexes compare them: regardless of letter case.
  const sameBarcode = sql<boolean>`lower(${products.barcodeId}) = lower(${input.barcode_id})`;
  const sameCode = sql<boolean>`lower(${products.code}) = lower(${input.code})`;
  const clash = or(sameBarcode, sameCode);
  const rows = await tx
    .select({ sameBarcode, sameCode })
    .from(products)
    .where(exceptId === null ? clash : and(clash, ne(products.id, exceptId)));
  if (rows.some((row) => row.sameBarcode)) throw new Refusal({ error: 'barcode_taken' });
  if (rows.some((row) => row.sameCode)) throw new Refusal({ error: 'code_taken' });
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
        purchasePrice: input.purchase_price ?? 0,
        // The cost of the initial stock: receipts move the moving average from it.
        startingCost: input.purchase_price ?? 0,
        sellingPrice: input.selling_price ?? 0,
        ...(input.min_stock === undefined ? {} : { minStock: input.min_stock }),
      })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    await logActivity(tx, {
      action: 'CREATE_PRODUCT',
      user: actor,
      details: `Menambahkan produk ${label(row)}, stok awal ${logCount(row.initialStock)}`,
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
  // numeric(14,2) read as numbers: equal amounts are equal numbers.
  if (before.purchasePrice !== after.purchasePrice)
    changes.push(`harga beli ${logMoney(before.purchasePrice)} → ${logMoney(after.purchasePrice)}`);
  if (before.sellingPrice !== after.sellingPrice)
    changes.push(`harga jual ${logMoney(before.sellingPrice)} → ${logMoney(after.sellingPrice)}`);
  if (before.minStock !== after.minStock)
    changes.push(`stok minimum ${logCount(before.minStock)} → ${logCount(after.minStock)}`);
  if (before.initialStock !== after.initialStock) {
    changes.push(
      `stok awal ${logCount(before.initialStock)} → ${logCount(after.initialStock)} ` +
        `(stok saat ini ${logCount(before.currentStock)} → ${logCount(after.currentStock)})`,
    );
  }
  return changes.length === 0 ? 'tanpa perubahan' : changes.join(', ');
}

/**
 * Updates every field sent (absent default prices are kept). A change of initial_stock moves current_stock by the same amount, so the
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
        // Absent default prices keep the stored ones. Outgoing records hold their own copies.
        // A cost set by hand (changed in the form) is the new starting cost as well: an edit or
        // delete of a receipt replays the receipts from it (stock-movements/cost.ts).
        ...(input.purchase_price === undefined || input.purchase_price === before.purchasePrice
          ? {}
          : { purchasePrice: input.purchase_price, startingCost: input.purchase_price }),
        ...(input.selling_price === undefined ? {} : { sellingPrice: input.selling_price }),
        ...(input.min_stock === undefined ? {} : { minStock: input.min_stock }),
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
        details: `Menghapus produk ${label(row)}, stok saat ini ${logCount(row.currentStock)}`,
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
  type: LedgerEntryType;
  reason: string | null;
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

  // The balance before `start`: whole months from the kept monthly totals (at most a few dozen
  // rows), the rest of start's month from the movement rows.
  const { rows: before } = await db.execute<{ net: unknown }>(sql`
    select
      (select coalesce(sum(incoming_quantity - outgoing_quantity + returned_quantity
                           + adjusted_quantity), 0) from product_monthly_totals
        where product_id = ${id} and month < date_trunc('month', ${start}::date))
      + (select coalesce(sum(quantity), 0) from incoming_goods
          where product_id = ${id} and date >= date_trunc('month', ${start}::date)
            and date < ${start}::date)
      - (select coalesce(sum(quantity), 0) from outgoing_goods
          where product_id = ${id} and date >= date_trunc('month', ${start}::date)
            and date < ${start}::date)
      + (select coalesce(sum(quantity), 0) from return_lines
          where product_id = ${id} and condition = 'good'
            and date >= date_trunc('month', ${start}::date) and date < ${start}::date)
      + (select coalesce(sum(quantity), 0) from stock_adjustments
          where product_id = ${id} and date >= date_trunc('month', ${start}::date)
            and date < ${start}::date) as net`);
  const opening = row.initialStock + toNumber(before[0]?.net);

  // Dates go out as text: node-postgres would turn a date into a local-time Date.
  const { rows: movements } = await db.execute<LedgerRow & { created_at: unknown }>(sql`
    select id, 'incoming' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           platform, null::text as barcode, quantity, null::text as reason, created_at
      from incoming_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    union all
    select id, 'outgoing' as type, to_char(date, 'YYYY-MM-DD') as date, resi_number,
           null::text as platform, barcode, -quantity as quantity, null::text as reason,
           created_at
      from outgoing_goods
     where product_id = ${id} and date between ${start}::date and ${end}::date
    union all
    select l.id, 'return' as type, to_char(l.date, 'YYYY-MM-DD') as date, r.resi_number,
           null::text as platform, null::text as barcode, l.quantity, r.reason, l.created_at
      from return_lines l
      join returns r on r.id = l.return_id
     where l.product_id = ${id} and l.condition = 'good'
       and l.date between ${start}::date and ${end}::date
    union all
    select id, 'adjustment' as type, to_char(date, 'YYYY-MM-DD') as date, '' as resi_number,
           null::text as platform, null::text as barcode, quantity, reason, created_at
      from stock_adjustments
     where product_id = ${id} and date between ${start}::date and ${end}::date
    order by date, created_at, type, id`);

  let balance = opening;
  let totalIncoming = 0;
  let totalOutgoing = 0;
  let totalReturned = 0;
  let totalAdjusted = 0;
  const entries: LedgerEntry[] = movements.map((movement) => {
    const quantity = toNumber(movement.quantity);
    balance += quantity;
    if (movement.type === 'incoming') totalIncoming += quantity;
    else if (movement.type === 'outgoing') totalOutgoing -= quantity;
    else if (movement.type === 'return') totalReturned += quantity;
    else totalAdjusted += quantity;
    return {
      id: toNumber(movement.id),
      type: movement.type,
      date: movement.date,
      resi_number: movement.resi_number,
      platform: movement.platform,
      barcode: movement.barcode,
      quantity,
      ...(movement.reason === null ? {} : { reason: movement.reason }),
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
    total_returned: totalReturned,
    total_adjusted: totalAdjusted,
    closing_balance: balance,
  };
}
