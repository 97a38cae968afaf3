import { todayIn } from './dates';

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
