// Calendar periods of the dashboard, as yyyy-mm-dd ranges with both ends included. "today" comes
// from the caller, already in the shop's time zone, so nothing here touches time zones.
import type { Period } from '@gudang/api-client/contract';
import { addDays } from '../../lib/dates';

export interface DateRange {
  start: string;
  end: string;
}

function parts(iso: string): [number, number, number] {
  return iso.split('-').map(Number) as [number, number, number];
}

/** True for a yyyy-mm-dd string naming a day that exists (no 2026-02-30). */
export function isCalendarDate(iso: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return false;
  const [year, month, day] = parts(iso);
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** The days of the period that contains `today`; null for 'all'. The week starts on Monday. */
export function periodRange(period: Period, today: string): DateRange | null {
  const [year, month, day] = parts(today);
  switch (period) {
    case 'all':
      return null;
    case 'today':
      return { start: today, end: today };
    case 'week': {
      // getUTCDay: 0 = Sunday; days since Monday.
      const sinceMonday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
      const start = addDays(today, -sinceMonday);
      return { start, end: addDays(start, 6) };
    }
    case 'month': {
      const start = `${today.slice(0, 7)}-01`;
      // Day 0 of the next month is the last day of this one.
      const end = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      return { start, end };
    }
    case 'year':
      return { start: `${today.slice(0, 4)}-01-01`, end: `${today.slice(0, 4)}-12-31` };
  }
}
