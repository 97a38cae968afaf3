import { addDays, isoOrNull, todayIn, toIso, zonedTime } from './dates';

const at = (iso: string) => new Date(iso);

describe('todayIn', () => {
  it("turns to the next day at the zone's midnight, to the millisecond, though the second before was asked just now", () => {
    // Asia/Jakarta is UTC+7: its midnight is 17:00 UTC.
    expect(todayIn('Asia/Jakarta', at('2026-11-28T16:59:59.000Z'))).toBe('2026-11-28');
    expect(todayIn('Asia/Jakarta', at('2026-11-28T16:59:59.999Z'))).toBe('2026-11-28');
    expect(todayIn('Asia/Jakarta', at('2026-11-28T17:00:00.000Z'))).toBe('2026-11-29');
    // A clock set back answers for its own instant, not the last one asked.
    expect(todayIn('Asia/Jakarta', at('2026-11-28T16:59:59.500Z'))).toBe('2026-11-28');
  });

  it('answers each time zone for itself within one second', () => {
    const instant = at('2026-11-28T17:30:00.000Z');
    expect(todayIn('Asia/Jakarta', instant)).toBe('2026-11-29');
    expect(todayIn('Asia/Makassar', instant)).toBe('2026-11-29');
    expect(todayIn('America/St_Johns', instant)).toBe('2026-11-28');
    // UTC-3:30: a midnight that is not on the hour.
    expect(todayIn('America/St_Johns', at('2026-11-29T03:29:59.999Z'))).toBe('2026-11-28');
    expect(todayIn('America/St_Johns', at('2026-11-29T03:30:00.000Z'))).toBe('2026-11-29');
    expect(todayIn('Asia/Jakarta', instant)).toBe('2026-11-29');
  });
});

describe('addDays and zonedTime', () => {
  it('counts calendar days across months, years and a leap day', () => {
    expect(addDays('2026-11-28', 3)).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -29)).toBe('2026-01-31');
  });

  it("gives the instant of a wall-clock time in the zone, on a day the zone's offset changes too", () => {
    expect(zonedTime('2026-11-28', 9, 0, 'Asia/Jakarta').toISOString()).toBe(
      '2026-11-28T02:00:00.000Z',
    );
    // New York moves from UTC-5 to UTC-4 at 07:00 UTC on 8 March 2026: 03:30 there is 07:30 UTC
    // (a guess from the offset at 03:30 UTC, still -5, would say 08:30).
    expect(zonedTime('2026-03-08', 3, 30, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});

describe('toIso', () => {
  it('writes an instant read as a Date or as text in ISO 8601, and keeps a null with isoOrNull', () => {
    expect(toIso(at('2026-11-28T17:00:00.000Z'))).toBe('2026-11-28T17:00:00.000Z');
    expect(toIso('2026-11-28 17:00:00+00')).toBe('2026-11-28T17:00:00.000Z');
    expect(isoOrNull(null)).toBeNull();
  });
});
