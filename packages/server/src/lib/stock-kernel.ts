// The stock kernel: the rules every module that moves stock shares (Barang Masuk and Keluar,
// packing, returns, orders, barcodes): a product found by its code, the guarded decrement, the
// locked multi-product edit, the resi rule, and a record's row joined with its product. Modules
// import it from here, never from stock-movements (scripts/eslint-boundaries.mjs,
// `gudang/server-layers`).
import { MESSAGES } from '@gudang/api-client/contract';
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResult } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx, Tx } from '../db/client';
import { isUniqueViolation, pgErrorCode, PG_EXCLUSION_VIOLATION } from '../db/errors';
import { products } from '../db/schema';
import { Refusal } from './result';

export interface StockProduct {
  id: number;
  code: string;
  name: string;
  barcodeId: string;
  currentStock: number;
}

const stockProductColumns = {
  id: products.id,
  code: products.code,
  name: products.name,
  barcodeId: products.barcodeId,
  currentStock: products.currentStock,
};

/** The columns of its product that a record's API row shows (Barang Masuk, Keluar, orders). */
export const productRowColumns = {
  product_code: products.code,
  product_name: products.name,
  category: products.category,
  brand: products.brand,
};

type InnerJoined = Record<string, 'not-null'>;

/**
 * The `fields` of the records of `table`, each joined with its product (an inner join: every
 * column is as nullable as in its table), as a dynamic query.
 */
export function selectWithProduct<Fields extends SelectedFields>(
  db: DbOrTx,
  table: PgTable & { productId: PgColumn },
  fields: Fields,
): PgSelect<string, Fields, 'partial', InnerJoined> {
  const query = db
    .select(fields)
    .from(table)
    .$dynamic()
    .innerJoin(products, eq(products.id, table.productId));
  // drizzle cannot resolve the type of a join over generic fields; its shape is the one above.
  return query as unknown as PgSelect<string, Fields, 'partial', InnerJoined>;
}

/** A row of `selectWithProduct(db, table, fields)`. */
export type RowWithProduct<Fields extends SelectedFields> = SelectResult<
  Fields,
  'partial',
  InnerJoined
>;

/** The product lookup by code, shared by the reads and the one-statement writes. */
export function productCodeIs(code: string): SQL {
  // Codes are unique regardless of case (products_code_lower_key serves this lookup).
  return sql`lower(${products.code}) = lower(${code})`;
}

export async function findProductByCode(tx: DbOrTx, code: string): Promise<StockProduct | null> {
  const [row] = await tx.select(stockProductColumns).from(products).where(productCodeIs(code));
  return row ?? null;
}

/**
 * Adds `delta` to the product's stock in one statement. A decrement happens only if enough stock
 * is there, decided by the row-locking UPDATE itself, so parallel requests can never oversell.
 * Returns the new stock, or null when refused.
 */
export async function adjustStock(
  tx: Tx,
  productId: number,
  delta: number,
): Promise<number | null> {
  const target = eq(products.id, productId);
  const [row] = await tx
    .update(products)
    .set({ currentStock: sql`${products.currentStock} + ${delta}` })
    .where(delta < 0 ? and(target, gte(products.currentStock, -delta)) : target)
    .returning({ currentStock: products.currentStock });
  return row?.currentStock ?? null;
}

export interface StockShortfall {
  product: StockProduct;
  /** The delta that would have left it below zero. */
  delta: number;
}

export interface StockChange {
  /** The involved products (locked), by id. */
  products: Map<number, StockProduct>;
  /** Set when a change was refused; then nothing was changed. */
  shortfall: StockShortfall | null;
}

/**
 * Applies several stock deltas (an edit that moves a record to another product) all or nothing.
 * The rows are locked in id order, so two edits touching the same products cannot deadlock.
 */
export async function applyStockDeltas(
  tx: Tx,
  deltas: ReadonlyMap<number, number>,
): Promise<StockChange> {
  const ids = [...deltas.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select(stockProductColumns)
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  const byId = new Map(locked.map((row) => [row.id, row]));
  for (const id of ids) {
    const product = byId.get(id);
    const delta = deltas.get(id) ?? 0;
    if (product !== undefined && product.currentStock + delta < 0) {
      return { products: byId, shortfall: { product, delta } };
    }
  }
  for (const id of ids) {
    const delta = deltas.get(id) ?? 0;
    const product = byId.get(id);
    if (delta === 0 || product === undefined) continue;
    // The rows are locked, so the guard cannot fail here; it stays as the last line of defence.
    if ((await adjustStock(tx, id, delta)) === null)
      throw new Error(`stock guard failed for ${id}`);
  }
  return { products: byId, shortfall: null };
}

/** Adds `delta` for `productId` to the map of deltas. */
export function addDelta(deltas: Map<number, number>, productId: number, delta: number): void {
  deltas.set(productId, (deltas.get(productId) ?? 0) + delta);
}

/** The resi (with the product) is the only unique key of both tables; the database decides races. */
export function resiConflict(error: unknown): Refusal | null {
  // The same product twice under one resi (a unique index of migration 0028), or in Barang Keluar
  // a resi of another package (the exclusion constraint of migrations 0014 and 0028).
  return isUniqueViolation(error) || pgErrorCode(error) === PG_EXCLUSION_VIOLATION
    ? new Refusal(409, MESSAGES.resiUsed)
    : null;
}
