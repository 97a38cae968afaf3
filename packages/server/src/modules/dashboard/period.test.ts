import { isCalendarDate, periodRange } from './period';

describe('periodRange', () => {
  it('is null for all time', () => {
    expect(periodRange('all', '2026-11-25')).toBeNull();
  });

  it('is the single day for today', () => {
    expect(periodRange('today', '2026-11-25')).toEqual({ start: '2026-11-25', end: '2026-11-25' });
  });

  it.each([
    ['2026-11-23', '2026-11-23'], // Monday
    ['2026-11-25', '2026-11-23'], // Wednesday
    ['2026-11-29', '2026-11-23'], // Sunday still belongs to the week that began on Monday
    ['2027-01-01', '2026-12-28'], // across a year end
  ])('puts %s in the Monday-to-Sunday week starting %s', (today, monday) => {
    const range = periodRange('week', today);
    expect(range?.start).toBe(monday);
    expect(range?.end).toBe(
      new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10),
    );
  });

  it.each([
    ['2026-11-25', '2026-11-01', '2026-11-30'],
    ['2028-02-10', '2028-02-01', '2028-02-29'],
    ['2026-12-31', '2026-12-01', '2026-12-31'],
  ])('gives the calendar month of %s', (today, start, end) => {
    expect(periodRange('month', today)).toEqual({ start, end });
  });

  it('gives the calendar year', () => {
    expect(periodRange('year', '2026-06-15')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
  });
});

describe('isCalendarDate', () => {
  it.each(['2026-11-23', '2028-02-29', '2026-12-31'])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });

  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '23-11-2026', '2026-1-5'])(
    'refuses %s',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );
});
