/** A SUM or COUNT as a JS number: node-postgres sends bigint and numeric as text. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}
