// Calendar dates are 'yyyy-mm-dd' strings; "today" depends on the shop's time zone.

// One formatter per time zone: building one costs more than formatting, and every request
// with a date asks for today (the date window). Formatting in a time zone still costs a few
// microseconds (ICU), so each zone also keeps the last second it answered: every offset of the
// time zone database is whole seconds, so a day never starts inside a second.
const calendarFormats = new Map<string, Intl.DateTimeFormat>();
const lastToday = new Map<string, { second: number; day: string }>();

/** Today's calendar date in the time zone, e.g. '2026-11-21'. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const second = Math.floor(now.getTime() / 1000);
  const last = lastToday.get(timeZone);
  if (last !== undefined && last.second === second) return last.day;
  let format = calendarFormats.get(timeZone);
  if (format === undefined) {
    // en-CA formats as yyyy-mm-dd.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    calendarFormats.set(timeZone, format);
  }
  const day = format.format(now);
  lastToday.set(timeZone, { second, day });
  return day;
}

/** The calendar date `days` after (or before, when negative) `iso`. */
export function addDays(iso: string, days: number): string {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Milliseconds the time zone is ahead of UTC at that instant. */
function zoneOffsetMs(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which the wall clock of the time zone shows `iso` at hour:minute. */
export function zonedTime(iso: string, hour: number, minute: number, timeZone: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  return new Date(guess - zoneOffsetMs(timeZone, guess));
}
