import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** A SUM or COUNT as a JS number: node-postgres sends bigint and numeric as text. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}

/**
 * The counts (COUNT, SUM) named `names` of the one row `query` answers, as JS numbers; 0 for
 * each when no row came.
 */
export async function countsOf<Name extends string>(
  db: DbOrTx,
  names: readonly Name[],
  query: SQL,
): Promise<Record<Name, number>> {
  const { rows } = await db.execute<Record<Name, unknown>>(query);
  const row = rows[0];
  return Object.fromEntries(
    names.map((name) => [name, row === undefined ? 0 : toNumber(row[name] ?? 0)]),
  ) as Record<Name, number>;
}
