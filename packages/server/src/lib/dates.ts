// The server's calendar dates: the one date module of the contract (date-fns with @date-fns/tz),
// under the names the modules import from here; and the instants of raw rows as the API sends them.
import { HttpError } from '../http-error';

export { addDays, todayIn, zonedTime } from '@gudang/api-client/contract';

/**
 * A list's optional Tanggal Mulai after its Tanggal Akhir is refused with 400 and the area's
 * `message`, as the reports and the stock card refuse it.
 */
export function checkDateRange(
  query: { startDate?: string; endDate?: string },
  message: string,
): void {
  const { startDate, endDate } = query;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate)
    throw new HttpError(400, message);
}

/** An instant of a raw row (a Date, or the text a driver sent) in ISO 8601, as the API sends it. */
export const toIso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();
/** toIso, null kept. */
export const isoOrNull = (value: unknown): string | null => (value === null ? null : toIso(value));
