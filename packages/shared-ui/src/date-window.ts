import { DATE_MAX_DAYS_AHEAD, DATE_MIN } from '@gudang/api-client';
import { addDaysIso, formatDate, todayIso } from './formatters';

export interface DateWindow {
  /** First accepted date, 'yyyy-mm-dd'. */
  min: string;
  /** Last accepted date, 'yyyy-mm-dd'. */
  max: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The dates the API accepts and the date inputs offer: DATE_MIN up to DATE_MAX_DAYS_AHEAD days
 * after the shop's today (the shop's time zone, not the browser's).
 */
export function dateWindow(today: string = todayIso()): DateWindow {
  return { min: DATE_MIN, max: addDaysIso(today, DATE_MAX_DAYS_AHEAD) };
}

/**
 * The message for a typed date outside the window (or not a date at all), naming the field;
 * undefined for an empty value (the form decides whether the field is required) or a good one.
 */
export function dateWindowError(
  value: string,
  label: string,
  range: DateWindow = dateWindow(),
): string | undefined {
  if (value === '') return undefined;
  if (!ISO_DATE.test(value) || value < range.min || value > range.max) {
    return `${label} harus antara ${formatDate(range.min)} dan ${formatDate(range.max)}`;
  }
  return undefined;
}
