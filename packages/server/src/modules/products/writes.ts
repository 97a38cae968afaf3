// Creating, editing and deleting products, each with its activity-log entry in one transaction.
// An expected failure is a Refusal, answered as a Result (lib/result.ts, docs/architecture.md).
import {
  MESSAGES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
  type Product,
  type ProductInput,
} from '@gudang/api-client/contract';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { products, type ProductRow } from '../../db/schema';
import { logCount, logMoney } from '../../lib/log-text';
import { logActivity, type ActivityActor } from '../../lib/activity-log';
import { Refusal, type Result } from '../../lib/result';
import { inTransaction } from '../../lib/transaction';
import { storedRack, toProduct } from './product-row';

const barcodeTaken = () => new Refusal(409, MESSAGES.barcodeIdTaken);
const codeTaken = () => new Refusal(409, MESSAGES.codeTaken);
const notFound = () => new Refusal(404, MESSAGES.productNotFound);
const hasHistory = () => new Refusal(409, MESSAGES.productHasHistory);
const changedMeanwhile = () => new Refusal(409, PRODUCT_MESSAGES.changedMeanwhile);

/** The pre-checks give the clean answer; the constraints settle a race between two requests. */
function uniqueClash(error: unknown): Refusal | null {
  if (isUniqueViolation(error, 'products_barcode_id_lower_key')) return barcodeTaken();
  if (isUniqueViolation(error, 'products_code_lower_key')) return codeTaken();
  return null;
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
    ...(input.rack === undefined ? {} : { rack: storedRack(input.rack) }),
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
  if (rows.some((row) => row.sameBarcode)) throw barcodeTaken();
  if (rows.some((row) => row.sameCode)) throw codeTaken();
}

/** A create or update of a product: its input trimmed, in a transaction; a unique clash is a 409. */
function writeProduct(
  db: Db,
  raw: ProductInput,
  write: (tx: Tx, input: ProductInput) => Promise<Product>,
): Promise<Result<Product>> {
  const input = trimmed(raw);
  return inTransaction(db, (tx) => write(tx, input), uniqueClash);
}

const label = (product: { name: string; code: string }) => `${product.name} (${product.code})`;

/** Creates a product with current_stock = initial_stock and logs CREATE_PRODUCT. */
export async function createProduct(
  db: Db,
  raw: ProductInput,
  actor: ActivityActor,
): Promise<Result<Product>> {
  return writeProduct(db, raw, async (tx, input) => {
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
        rack: input.rack ?? null,
      })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    await logActivity(tx, {
      action: 'CREATE_PRODUCT',
      user: actor,
      details:
        `Menambahkan produk ${label(row)}, stok awal ${logCount(row.initialStock)}` +
        (row.rack === null ? '' : `, rak ${row.rack}`),
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
  text('rak', before.rack ?? '-', after.rack ?? '-');
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
 * Whether the row was changed after the sender's copy: its updated_at, read as JS reads it (to the
 * millisecond; the column keeps microseconds), against the one toProduct answered. Absent: no check.
 */
function changedSince(before: ProductRow, loaded: string | undefined): boolean {
  if (loaded === undefined) return false;
  const time = Date.parse(loaded);
  if (Number.isNaN(time)) throw new Refusal(400, VALIDATION_MESSAGES.invalid('updated_at'));
  return before.updatedAt.getTime() !== time;
}

/**
 * Updates every field sent (absent default prices are kept). A change of initial_stock moves current_stock by the same amount, so the
 * movements recorded so far keep adding up; refused when current stock would drop below zero.
 * With updated_at (an edit form's), refused with 409 when someone saved the product since.
 */
export async function updateProduct(
  db: Db,
  id: number,
  raw: ProductInput,
  actor: ActivityActor,
): Promise<Result<Product>> {
  return writeProduct(db, raw, async (tx, input) => {
    // The row lock makes the stock seen here the stock the update works on.
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (before === undefined) throw notFound();
    // Under the row lock: an edit that started from an older copy would silently undo the other.
    if (changedSince(before, raw.updated_at)) throw changedMeanwhile();
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
        ...(input.rack === undefined ? {} : { rack: input.rack }),
        updatedAt: new Date(),
      })
      .where(and(eq(products.id, id), sql`${products.currentStock} + ${change} >= 0`))
      .returning();
    if (after === undefined)
      throw new Refusal(400, PRODUCT_MESSAGES.negativeStock(before.currentStock, change));
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
): Promise<Result<Product>> {
  return inTransaction(
    db,
    async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (row === undefined) throw notFound();
      const { rows } = await tx.execute<{ used: boolean }>(sql`
        select exists (select 1 from incoming_goods where product_id = ${id})
            or exists (select 1 from outgoing_goods where product_id = ${id})
            or exists (select 1 from orders where product_id = ${id}) as used`);
      if (rows[0]?.used === true) throw hasHistory();
      await tx.delete(products).where(eq(products.id, id));
      await logActivity(tx, {
        action: 'DELETE_PRODUCT',
        user: actor,
        details: `Menghapus produk ${label(row)}, stok saat ini ${logCount(row.currentStock)}`,
      });
      return toProduct(row);
    },
    // A movement added between the check and the delete: the foreign key refuses it.
    (error) => (isForeignKeyViolation(error) ? hasHistory() : null),
  );
}
