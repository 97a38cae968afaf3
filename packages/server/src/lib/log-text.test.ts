import { andOthers, logCount, logDate, logMoney, logMovement } from './log-text';

describe('the activity log details', () => {
  it('writes counts with the Indonesian thousands dot', () => {
    expect(logCount(1000)).toBe('1.000');
    expect(logCount(1_234_567)).toBe('1.234.567');
    expect(logCount(7)).toBe('7');
    expect(logCount(-2500)).toBe('-2.500');
  });

  it('signs movements', () => {
    expect(logMovement(1000)).toBe('+1.000');
    expect(logMovement(-3)).toBe('-3');
    expect(logMovement(0)).toBe('0');
  });

  it('writes money as Rupiah, with cents only when there are some', () => {
    expect(logMoney(15000.5)).toBe('Rp 15.000,50');
    expect(logMoney(14000)).toBe('Rp 14.000');
    expect(logMoney('19000.00')).toBe('Rp 19.000');
    expect(logMoney(0)).toBe('Rp 0');
    expect(logMoney(-2500)).toBe('-Rp 2.500');
  });

  it('writes calendar dates as the app shows them (id-ID, d/m/yyyy)', () => {
    expect(logDate('2026-11-22')).toBe('22/11/2026');
    expect(logDate('2026-01-05')).toBe('5/1/2026');
    expect(logDate('kemarin')).toBe('kemarin');
  });

  it('closes a shortened list with the number left out', () => {
    expect(andOthers(['A', 'B'], 5)).toEqual(['A', 'B', 'dan 3 lainnya']);
    expect(andOthers(['A', 'B'], 2)).toEqual(['A', 'B']);
    expect(andOthers([], 0)).toEqual([]);
  });
});
