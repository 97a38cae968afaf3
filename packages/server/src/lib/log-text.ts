// Numbers, money and dates in the activity log's details as the app shows them:
// '1.000', '+1.000', 'Rp 15.000,50', '22/11/2026' (as shared-ui's formatters write them). The log is read by people, not parsed.

const LOCALE = 'id-ID';
const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const money = (digits: number) =>
  new Intl.NumberFormat(LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits });
const wholeRupiah = money(0);
const centsRupiah = money(2);

/** A count, quantity or stock: '1.000', '-5'. */
export function logCount(value: number): string {
  return integer.format(value);
}

/** A stock movement: '+1.000' in, '-3' out. */
export function logMovement(value: number): string {
  return value > 0 ? `+${logCount(value)}` : logCount(value);
}

/** 'Rp 12.500', or 'Rp 12.500,50' when there are cents. Numeric text is read as its number. */
export function logMoney(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  const negative = value < 0;
  const absolute = Math.abs(value);
  const text = (Number.isInteger(absolute) ? wholeRupiah : centsRupiah).format(absolute);
  return `${negative ? '-' : ''}Rp ${text}`;
}

const shortDate = new Intl.DateTimeFormat(LOCALE, { timeZone: 'UTC' });

/**
 * A yyyy-mm-dd calendar date as the app shows it (shared-ui's formatDate): '22/11/2026',
 * '5/1/2026'; never shifted by a time zone. Other text stays as it is.
 */
export function logDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (match === null) return iso;
  return shortDate.format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
}

/** `shown`, the first items of a list of `total`, closed by 'dan N lainnya' when some are left out. */
export function andOthers(shown: readonly string[], total: number): string[] {
  return total > shown.length ? [...shown, `dan ${total - shown.length} lainnya`] : [...shown];
}
