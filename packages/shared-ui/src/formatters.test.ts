import { setShopTimeZone } from '@gudang/api-client/testing';
import {
  addDaysIso,
  formatDate,
  formatDateTime,
  formatInteger,
  formatLongDate,
  formatRupiah,
  todayIso,
} from './formatters';

describe('formatRupiah', () => {
  it('formats id-ID Rupiah with two decimals by default', () => {
    expect(formatRupiah(12500)).toBe('Rp 12.500,00');
    expect(formatRupiah(1234567.5)).toBe('Rp 1.234.567,50');
    expect(formatRupiah(0)).toBe('Rp 0,00');
  });

  it('formats without decimals on request, rounding', () => {
    expect(formatRupiah(12500, { decimals: false })).toBe('Rp 12.500');
    expect(formatRupiah(12499.6, { decimals: false })).toBe('Rp 12.500');
  });

  it('uses a plain space, handles negatives, numeric strings and non-numbers', () => {
    expect(formatRupiah(12500)).not.toMatch(/\u00a0/);
    expect(formatRupiah(-2500, { decimals: false })).toBe('-Rp 2.500');
    expect(formatRupiah('7500.25')).toBe('Rp 7.500,25');
    expect(formatRupiah(null)).toBe('Rp 0,00');
    expect(formatRupiah(Number.NaN, { decimals: false })).toBe('Rp 0');
  });
});

describe('formatDate', () => {
  it('shows a yyyy-mm-dd calendar date in id-ID without a time-zone shift', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-01-05')).toBe('5/1/2026');
    // Whatever the zone, the written date is the date shown (the old app showed a day off).
    expect(formatDate('2026-11-21', 'America/Los_Angeles')).toBe('21/11/2026');
    expect(formatDate('2026-11-21T00:00:00.000Z', 'America/Los_Angeles')).toBe('21/11/2026');
  });

  it('shows a Date in the given zone', () => {
    const instant = new Date('2026-11-20T18:00:00Z');
    expect(formatDate(instant, 'Asia/Jakarta')).toBe('21/11/2026');
    expect(formatDate(instant, 'UTC')).toBe('20/11/2026');
  });

  it('shows a dash for nothing and returns other text unchanged', () => {
    expect(formatDate('')).toBe('-');
    expect(formatDate(undefined)).toBe('-');
    expect(formatDate('kemarin')).toBe('kemarin');
  });
});

describe('formatDateTime', () => {
  it('shows an instant as id-ID date and time in the shop zone', () => {
    expect(formatDateTime('2026-11-20T18:05:09Z', 'Asia/Jakarta')).toBe('21/11/2026, 01.05.09');
    expect(formatDateTime(null)).toBe('-');
  });
});

describe('formatLongDate', () => {
  it('writes the Indonesian long date in the given zone', () => {
    expect(formatLongDate(new Date('2026-11-21T05:00:00Z'), 'Asia/Jakarta')).toBe(
      'Sabtu, 21 November 2026',
    );
  });

  it('uses the zone: 18:00 UTC on 20 November is already Saturday in Jakarta', () => {
    const instant = new Date('2026-11-20T18:00:00Z');
    expect(formatLongDate(instant, 'Asia/Jakarta')).toBe('Sabtu, 21 November 2026');
    expect(formatLongDate(instant, 'UTC')).toBe('Jumat, 20 November 2026');
  });

  it('takes a calendar date as is', () => {
    expect(formatLongDate('2026-08-17')).toBe('Senin, 17 Agustus 2026');
  });
});

describe('the shop time zone', () => {
  afterEach(() => setShopTimeZone('Asia/Jakarta'));

  it('is the default zone of todayIso and formatLongDate', () => {
    const instant = new Date('2026-11-20T18:00:00Z'); // 21 Nov in Jakarta, 20 Nov in Samoa
    expect(todayIso(undefined, instant)).toBe('2026-11-21');
    setShopTimeZone('Pacific/Pago_Pago');
    expect(todayIso(undefined, instant)).toBe('2026-11-20');
    expect(formatLongDate(instant)).toBe('Jumat, 20 November 2026');
  });
});

describe('todayIso and addDaysIso', () => {
  it('gives today in the shop zone', () => {
    const instant = new Date('2026-11-20T18:00:00Z');
    expect(todayIso('Asia/Jakarta', instant)).toBe('2026-11-21');
    expect(todayIso('UTC', instant)).toBe('2026-11-20');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('adds and subtracts days across months and years', () => {
    expect(addDaysIso('2026-11-21', 7)).toBe('2026-11-28');
    expect(addDaysIso('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDaysIso('2026-01-03', -7)).toBe('2025-12-27');
    expect(addDaysIso('2028-02-28', 1)).toBe('2028-02-29');
    expect(() => addDaysIso('21/11/2026', 1)).toThrow(RangeError);
  });
});

describe('formatInteger', () => {
  it('groups thousands with a dot, as id-ID reads them', () => {
    expect(formatInteger(1000)).toBe('1.000');
    expect(formatInteger(1234567)).toBe('1.234.567');
    expect(formatInteger(-2500)).toBe('-2.500');
    expect(formatInteger(0)).toBe('0');
    expect(formatInteger('1997')).toBe('1.997');
  });

  it('signs a movement with sign: true (+ for positive only)', () => {
    expect(formatInteger(1000, { sign: true })).toBe('+1.000');
    expect(formatInteger(-1000, { sign: true })).toBe('-1.000');
    expect(formatInteger(0, { sign: true })).toBe('0');
  });

  it('counts a non-number as 0', () => {
    expect(formatInteger(undefined)).toBe('0');
    expect(formatInteger(Number.NaN)).toBe('0');
  });
});
