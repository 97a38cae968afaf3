// Stock changes and the transaction wrapper of the movement services.
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE, pgErrorCode } from '../../db/errors';
import { products } from '../../db/schema';
import { HttpError } from '../../http-error';

/** What a service answers: the value, or the status and message of an expected refusal. */
export type Result<T> =
  { ok: true; value: T } | { ok: false; status: 400 | 404 | 409; message: string };

/** The value of a result, or the HttpError of its refusal (for the routes). */
export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new HttpError(result.status, result.message);
  return result.value;
}

/** Thrown inside a transaction to roll it back; `inTransaction` turns it into a refusal. */
export class Refusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

/** 22003: a sum beyond PostgreSQL's integer (stock piled up past two billion). */
const PG_NUMERIC_OUT_OF_RANGE = '22003';
export const MSG_STOCK_OUT_OF_RANGE = 'Jumlah stok melebihi batas yang dapat disimpan';

/** The refusal of an expected database error, or null (shared by both wrappers below). */
function refusalOf(error: unknown, mapError: (error: unknown) => Refusal | null): Refusal | null {
  if (error instanceof Refusal) return error;
  return (
    mapError(error) ??
    (pgErrorCode(error) === PG_NUMERIC_OUT_OF_RANGE
      ? new Refusal(400, MSG_STOCK_OUT_OF_RANGE)
      : null)
  );
}

/**
 * Runs `work`, which writes with one statement (atomic by itself, so no BEGIN/COMMIT round
 * trips), turning a Refusal or a mapped database error into `{ ok: false }`.
 */
export async function inOneStatement<T>(
  work: () => Promise<T>,
  mapError: (error: unknown) => Refusal | null = () => null,
): Promise<Result<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const refusal = refusalOf(error, mapError);
    if (refusal === null) throw error;
    return { ok: false, status: refusal.status, message: refusal.message };
  }
}

/** How often a transaction the database rolled back to break a deadlock is run again. */
const TRANSIENT_ATTEMPTS = 3;
const isTransient = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
};

/**
 * Runs `work` in one transaction. A Refusal rolls back and becomes `{ ok: false }`; `mapError`
 * may turn a database error (a unique resi) into one too. A deadlock or serialization failure
 * (the database rolled the whole transaction back) runs it again, up to three times in all.
 * Anything else is rethrown.
 */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  mapError: (error: unknown) => Refusal | null = () => null,
): Promise<Result<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await db.transaction(work) };
    } catch (error) {
      if (isTransient(error) && attempt < TRANSIENT_ATTEMPTS) continue;
      const refusal = refusalOf(error, mapError);
      if (refusal === null) throw error;
      return { ok: false, status: refusal.status, message: refusal.message };
    }
  }
}

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
