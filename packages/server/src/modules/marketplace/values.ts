// The values of the marketplaces' files, read as a person reads them: text exactly as written,
// amounts in Indonesian form, dates as the shop's calendar day, statuses in one vocabulary.
import { DATE_MIN, isCalendarDate, type MarketplaceStatus } from '@gudang/api-client/contract';
import { todayIn } from '../../lib/dates';

/**
 * The text of a cell, or null when it holds nothing: trimmed, without the `="…"` wrapper or the
 * leading apostrophe that keep spreadsheets from turning long numbers into 2.8211E+11; `--`
 * (the marketplaces' 'none') is nothing too.
 */
export function cellValue(raw: string | undefined): string | null {
  let text = (raw ?? '').trim();
  const wrapped = /^="(.*)"$/s.exec(text);
  if (wrapped !== null) text = (wrapped[1] ?? '').replace(/""/g, '"').trim();
  if (text.startsWith("'")) text = text.slice(1).trim();
  if (text === '' || text === '--' || text === '-') return null;
  return text;
}

/**
 * An amount in Indonesian form ('Rp 15.000', '15.000,50') or a plain number as a spreadsheet
 * stores it ('15000', '15000.5'); null when it is not one.
 */
export function amountValue(text: string): number | null {
  let value = text.replace(/^(rp\.?|idr)\s*/i, '').replace(/\s+/g, '');
  if (value === '') return null;
  if (value.includes(',')) {
    // Indonesian: dots group thousands, the comma starts the decimals.
    if (!/^\d{1,3}(\.\d{3})*(,\d+)?$/.test(value) && !/^\d+(,\d+)?$/.test(value)) return null;
    value = value.replace(/\./g, '').replace(',', '.');
  } else if (/^\d{1,3}(\.\d{3})+$/.test(value)) {
    value = value.replace(/\./g, '');
  } else if (!/^\d+(\.\d+)?$/.test(value)) {
    return null;
  }
  const number = Number(value);
  return Number.isFinite(number) ? Math.round(number * 100) / 100 : null;
}

/**
 * An amount that may carry a minus sign ('-3', '- 1.000'): a quantity of -3 is a number, only not
 * one an order can have, and is told so ('harus lebih dari 0'), not 'bukan angka'.
 */
export function signedAmountValue(text: string): number | null {
  const negative = /^\s*-/.exec(text);
  if (negative === null) return amountValue(text);
  const amount = amountValue(text.slice(negative[0].length));
  return amount === null ? null : -amount;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  januari: 1,
  january: 1,
  feb: 2,
  februari: 2,
  february: 2,
  peb: 2,
  mar: 3,
  maret: 3,
  march: 3,
  apr: 4,
  april: 4,
  mei: 5,
  may: 5,
  jun: 6,
  juni: 6,
  june: 6,
  jul: 7,
  juli: 7,
  july: 7,
  agu: 8,
  agt: 8,
  ags: 8,
  agustus: 8,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  okt: 10,
  oktober: 10,
  oct: 10,
  october: 10,
  nov: 11,
  nopember: 11,
  november: 11,
  des: 12,
  desember: 12,
  dec: 12,
  december: 12,
};

const ymd = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The shop's calendar day of a date-time as the files write it: the wall-clock text is the
 * shop's own (its date is taken as written); a time with a zone (Z, +07:00) is moved to the shop's
 * zone first. null when it is no date.
 */
export function dateValue(text: string, timeZone: string): string | null {
  const value = text.trim();
  let day: string | null = null;
  const zoned =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})$/i.exec(
      value,
    );
  if (zoned !== null) {
    const zone = zoned[7] as string;
    const iso = `${zoned[1]}-${zoned[2]}-${zoned[3]}T${zoned[4]}:${zoned[5]}:${zoned[6] ?? '00'}${
      zone.toUpperCase() === 'Z'
        ? 'Z'
        : zone.includes(':')
          ? zone
          : `${zone.slice(0, 3)}:${zone.slice(3)}`
    }`;
    const instant = new Date(iso);
    if (Number.isNaN(instant.getTime())) return null;
    day = todayIn(timeZone, instant);
  }
  const isoDay = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(value);
  if (day === null && isoDay !== null)
    day = ymd(Number(isoDay[1]), Number(isoDay[2]), Number(isoDay[3]));
  // dd/mm/yyyy or dd-mm-yyyy (day first, as Indonesia writes dates).
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[T ,].*)?$/.exec(value);
  if (day === null && dayFirst !== null)
    day = ymd(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));
  // '01 Agu 2026 00:00', '1 August 2026'.
  const named = /^(\d{1,2})[\s-]+([a-z]+)\.?[\s-]+(\d{4})(?:[\s,T].*)?$/i.exec(value);
  if (day === null && named !== null) {
    const month = MONTHS[(named[2] as string).toLowerCase()];
    if (month !== undefined) day = ymd(Number(named[3]), month, Number(named[1]));
  }
  if (day === null || !isCalendarDate(day) || day < DATE_MIN) return null;
  return day;
}

// Checked in this order: 'Perlu Dikirim' is not 'Dikirim', 'Pembatalan' is not shipped.
const STATUS_WORDS: [MarketplaceStatus, RegExp][] = [
  ['batal', /batal|cancel/],
  ['retur', /retur|return|refund|pengembalian/],
  ['lainnya', /failed|gagal/],
  [
    'belum_bayar',
    /belum bayar|belum dibayar|unpaid|menunggu pembayaran|awaiting payment|pending payment/,
  ],
  [
    'perlu_dikirim',
    /perlu dikirim|to ship|awaiting shipment|awaiting collection|ready.to.ship|siap dikirim|diproses|dikemas|to pack|packed|menunggu pickup|menunggu kurir|pesanan baru|^pending$/,
  ],
  ['selesai', /selesai|complete|delivered|confirmed|diterima/],
  ['dikirim', /dikirim|shipped|shipping|in transit|dalam pengiriman|sedang dikirim/],
];

/** The normalized status of a marketplace's own words ('lainnya' when none fits). */
export function statusValue(text: string): MarketplaceStatus {
  const words = text
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
  for (const [status, pattern] of STATUS_WORDS) if (pattern.test(words)) return status;
  return 'lainnya';
}

/**
 * Whether a number cell's value lost digits to a spreadsheet program: an integer of 16 digits or
 * more, which Excel keeps to 15 significant digits (577123456789012345 becomes
 * 577123456789012000) and which a double above 2^53 cannot hold either. Its digits beyond the
 * 15th are zeros, or it is too large for every digit to be real.
 */
export function numberLostDigits(value: number): boolean {
  if (!Number.isInteger(value)) return false;
  const size = Math.abs(value);
  if (size < 1e15) return false;
  if (size > Number.MAX_SAFE_INTEGER) return true;
  return /^0+$/.test(String(size).slice(15));
}

/** '5.77123E+17', '5,77E+17': a long number as a spreadsheet shows it, its digits gone. */
export const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;

/** Rows under the data that total or describe it ('Total', 'Jumlah'). */
const FOOTER = /^(total|jumlah|subtotal|summary|ringkasan)\b/i;

/** A row under the data that totals it: its first filled cell says so. */
export function isFooter(row: readonly string[]): boolean {
  for (const cell of row) {
    const value = cellValue(cell);
    if (value !== null) return FOOTER.test(value);
  }
  return false;
}

export const isBlank = (row: readonly string[]) => row.every((cell) => cellValue(cell) === null);

/**
 * The header layout (of the order, income or return file) of the highest `score`, the first of
 * equals; null when there is none.
 */
export const best = <T>(list: readonly T[], score: (layout: T) => number): T | null =>
  list.reduce<T | null>(
    (top, next) => (top === null || score(next) > score(top) ? next : top),
    null,
  );
