// Calendar dates are 'yyyy-mm-dd' strings; "today" depends on the shop's time zone. The one date
// module of both sides (the server's lib/dates.ts and shared-ui's formatters use it), on date-fns
// with @date-fns/tz: pure, no DOM or Node.
import { TZDate, tz } from '@date-fns/tz';
import { addDays as addCalendarDays, format } from 'date-fns';

const ISO_DAY = 'yyyy-MM-dd';

// Formatting in a time zone costs a few microseconds (ICU) and every request with a date asks for
// today (the date window), so each zone keeps the last second it answered: every offset of the
// time zone database is whole seconds, so a day never starts inside a second.
const lastToday = new Map<string, { second: number; day: string }>();

/** Today's calendar date in the time zone, e.g. '2026-11-21'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastToday.get(timeZone);
  if (last !== undefined && last.second === second) return last.day;
  const day = format(now, ISO_DAY, { in: tz(timeZone) });
  lastToday.set(timeZone, { second, day });
  return day;
}

/** The 'yyyy-mm-dd' date as a calendar day at midnight UTC. */
function utcDay(iso: string): TZDate {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 'UTC');
}

/** The calendar date `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  return format(addCalendarDays(utcDay(iso), days), ISO_DAY);
}

/** The instant at which the wall clock of the time zone shows `iso` at hour:minute. */
export function zonedTime(iso: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime());
}
