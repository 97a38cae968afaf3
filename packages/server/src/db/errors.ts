// PostgreSQL error codes, as raised by pg and PGlite; drizzle wraps them in `cause`.

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
/** Raised instead of 23503 by ON DELETE RESTRICT on newer PostgreSQL versions. */
export const PG_RESTRICT_VIOLATION = '23001';
export const PG_CHECK_VIOLATION = '23514';
/** The database broke a lock cycle by rolling this transaction back: run it again. */
export const PG_DEADLOCK_DETECTED = '40P01';
/** A concurrent change made this transaction impossible to serialize: run it again. */
export const PG_SERIALIZATION_FAILURE = '40001';
/** An exclusion constraint (one package, one resi: drizzle/0014_packing.sql). */
export const PG_EXCLUSION_VIOLATION = '23P01';

interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

function pgFields(error: unknown): PgErrorFields | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth += 1) {
    const fields = current as PgErrorFields;
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
    current = fields.cause;
  }
  return null;
}

/** The SQLSTATE of a database error (also when wrapped by drizzle), else null. */
export function pgErrorCode(error: unknown): string | null {
  return (pgFields(error)?.code as string | undefined) ?? null;
}

/** The violated constraint's name, when the database reports it. */
export function pgConstraint(error: unknown): string | null {
  const constraint = pgFields(error)?.constraint;
  return typeof constraint === 'string' ? constraint : null;
}

/** True for a unique violation, optionally of one named constraint (e.g. 'products_code_key'). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) return false;
  return constraint === undefined || pgConstraint(error) === constraint;
}

/** True when a row is still referenced (e.g. deleting a product that has movements). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_FOREIGN_KEY_VIOLATION || code === PG_RESTRICT_VIOLATION;
}
