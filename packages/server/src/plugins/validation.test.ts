import { addDays } from '../lib/dates';
import { latestDate } from './validation';

const at = (iso: string) => new Date(iso);

describe('latestDate', () => {
  it("moves on with the shop's day", () => {
    const before = latestDate('Asia/Jakarta', at('2026-11-28T16:59:59.999Z'));
    const after = latestDate('Asia/Jakarta', at('2026-11-28T17:00:00.000Z'));
    expect(addDays(before, 1)).toBe(after);
    expect(latestDate('Asia/Jakarta', at('2026-11-28T16:00:00.000Z'))).toBe(before);
    // Another zone whose day has already turned at that instant.
    expect(latestDate('Asia/Tokyo', at('2026-11-28T16:00:00.000Z'))).toBe(after);
  });
});
