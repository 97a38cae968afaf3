import { addDays, getShopTimeZone, todayIn } from '@gudang/api-client';
import { firstUse, firstUsePer } from './first-use';

const LOCALE = 'id-ID';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

// Intl puts a no-break space (U+00A0, or U+202F for times) in id-ID output; normalise to a
// plain space so that text, exports and tests agree.
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

const rupiahWith = (digits: number) =>
  firstUse(
    () =>
      new Intl.NumberFormat(LOCALE, {
        style: 'currency',
        currency: 'IDR',
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }),
  );
const rupiahWithDecimals = rupiahWith(2);
const rupiahWhole = rupiahWith(0);

/** A number, or a number written as text; anything else counts as 0. */
function numberOf(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value) : (value ?? 0);
  return Number.isFinite(number) ? number : 0;
}

/** 'Rp 12.500,00', or 'Rp 12.500' with `{ decimals: false }`. Non-numbers count as 0. */
export function formatRupiah(
  value: number | string | null | undefined,
  { decimals = true }: { decimals?: boolean } = {},
): string {
  const safe = numberOf(value);
  return plainSpaces((decimals ? rupiahWithDecimals() : rupiahWhole()).format(safe));
}

/** Midnight UTC of a yyyy-mm-dd calendar date (or null), never shifted by a time zone. */
function calendarDate(iso: string): Date | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return Number.isNaN(date.getTime()) ? null : date;
}

const shortDate = firstUsePer((timeZone) => new Intl.DateTimeFormat(LOCALE, { timeZone }));

/**
 * id-ID short date, for example '21/11/2026'. A 'yyyy-mm-dd' string is a calendar date and is
 * shown as written: no time-zone conversion, so it is never a day off. A Date is shown in
 * `timeZone` (the shop's zone by default).
 */
export function formatDate(
  value: string | Date | null | undefined,
  timeZone: string = getShopTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'string') {
    const date = calendarDate(value);
    return date ? shortDate('UTC').format(date) : value;
  }
  return Number.isNaN(value.getTime()) ? '-' : shortDate(timeZone).format(value);
}

const dateTime = firstUsePer(
  (timeZone) =>
    new Intl.DateTimeFormat(LOCALE, {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZone,
    }),
);

/** id-ID date and time of an instant (for example an activity log timestamp). */
export function formatDateTime(
  value: string | Date | null | undefined,
  timeZone: string = getShopTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '-';
  return plainSpaces(dateTime(timeZone).format(date));
}

const longDateOptions: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
};
const longDate = firstUsePer(
  (timeZone) => new Intl.DateTimeFormat(LOCALE, { ...longDateOptions, timeZone }),
);

/**
 * 'Sabtu, 21 November 2026': an instant in `timeZone`, or a yyyy-mm-dd calendar date as is.
 */
export function formatLongDate(value: Date | string, timeZone: string = getShopTimeZone()): string {
  if (typeof value === 'string') {
    const date = calendarDate(value);
    if (!date) return value;
    return longDate('UTC').format(date);
  }
  return longDate(timeZone).format(value);
}

/** Today's calendar date in `timeZone` as 'yyyy-mm-dd'. */
export function todayIso(timeZone: string = getShopTimeZone(), now: Date = new Date()): string {
  return todayIn(timeZone, now);
}

/** The calendar date `days` after (or before, when negative) a 'yyyy-mm-dd' date. */
export function addDaysIso(iso: string, days: number): string {
  if (!calendarDate(iso)) throw new RangeError(`Not a yyyy-mm-dd date: ${iso}`);
  return addDays(iso, days);
}

const integerFormat = firstUse(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }));

/**
 * A count, quantity or stock as Indonesians read it: '1.000', '-5', or with `{ sign: true }`
 * '+1.000' for a movement. The one integer formatter of the app: lists, badges, pickers, forms
 * and prints all use it. Non-numbers count as 0.
 */
export function formatInteger(
  value: number | string | null | undefined,
  { sign = false }: { sign?: boolean } = {},
): string {
  const safe = numberOf(value);
  const text = integerFormat().format(safe);
  return sign && safe > 0 ? `+${text}` : text;
}
