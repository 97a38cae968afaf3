// The transaction wrappers of every service that writes: a Refusal or an expected database
// error becomes `{ ok: false }` (lib/result.ts), a deadlock runs the work again.
import type { Db, Tx } from '../db/client';
import { PG_DEADLOCK_DETECTED, PG_SERIALIZATION_FAILURE, pgErrorCode } from '../db/errors';
import { Refusal, refused, type Result } from './result';

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

/** How often work the database rolled back to break a deadlock is run again. */
const TRANSIENT_ATTEMPTS = 3;
const isTransient = (error: unknown) => {
  const code = pgErrorCode(error);
  return code === PG_DEADLOCK_DETECTED || code === PG_SERIALIZATION_FAILURE;
};

/**
 * Runs `work`, which writes with one statement (atomic by itself, so no BEGIN/COMMIT round
 * trips), turning a Refusal or a mapped database error into `{ ok: false }`. A deadlock (the
 * statement was undone whole) runs it again, up to three times in all, as inTransaction does.
 */
export async function inOneStatement<T>(
  work: () => Promise<T>,
  mapError: (error: unknown) => Refusal | null = () => null,
): Promise<Result<T>> {
  for (let attempt = 1; ; attempt++) {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      if (isTransient(error) && attempt < TRANSIENT_ATTEMPTS) continue;
      const refusal = refusalOf(error, mapError);
      if (refusal === null) throw error;
      return refused(refusal);
    }
  }
}

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
      return refused(refusal);
    }
  }
}
