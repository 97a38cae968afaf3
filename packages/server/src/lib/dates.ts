// The server's calendar dates: the one date module of the contract (date-fns with @date-fns/tz),
// under the names the modules import from here; and the instants of raw rows as the API sends them.
export { addDays, todayIn, zonedTime } from '@gudang/api-client/contract';

/** An instant of a raw row (a Date, or the text a driver sent) in ISO 8601, as the API sends it. */
export const toIso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
/** toIso, null kept. */
export const isoOrNull = (value: unknown): string | null => (value === null ? null : toIso(value));
