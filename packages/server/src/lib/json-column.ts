/** A JSON column of a raw row as either driver returns it (parsed by node-postgres, text on PGlite). */
export const jsonColumn = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;
