// The cells of income and settlement files: money in sen, release dates, headers.
import { headerCell, senValue, settlementDate } from './settlement-values';

describe('money in sen', () => {
  it.each([
    ['1.250', 125_000],
    ['6.250,50', 625_050],
    ['-6.250,50', -625_050],
    ['1250', 125_000],
    ['1250.5', 125_050],
    ['-1312.25', -131_225],
    ['Rp 15.000', 1_500_000],
    ['-Rp 62.500,50', -6_250_050],
    ['Rp -1.000', -100_000],
    ['(250.000)', -25_000_000],
    ['1,250.00', 125_000],
    ['1,250,000', 125_000_000],
    ['\u22122.000', -200_000],
    ['1 250 000', 125_000_000],
    // A spreadsheet's float: 0.1 + 0.2 is read to the sen.
    ['0.30000000000000004', 30],
    ['1.5E+7', 1_500_000_000],
    ['0', 0],
    ['-0', 0],
    ['-', 0],
    ['--', 0],
    ['', 0],
    ['   ', 0],
  ])('%j is %d sen', (text, sen) => {
    expect(senValue(text)).toBe(sen);
  });

  it('is 0 for a missing cell', () => {
    expect(senValue(undefined)).toBe(0);
  });

  it.each(['abc', '5.000 IDR', '1.2.3,4,5', 'Rp', '12-3'])('%j is no amount', (text) => {
    expect(senValue(text)).toBeNull();
  });

  it('adds exactly: each cell becomes sen before the sum', () => {
    const cells = ['0,10', '0,20', '0,30', '-0,60'];
    expect(cells.reduce((sum, cell) => sum + (senValue(cell) ?? NaN), 0)).toBe(0);
  });
});

describe('release dates', () => {
  const zone = 'Asia/Jakarta';

  it.each([
    ['2026-08-05', '2026-08-05'],
    ['2026/08/09', '2026-08-09'],
    ['06/08/2026', '2026-08-06'],
    ['03 Aug 2026', '2026-08-03'],
    ['3 Agustus 2026 10:00', '2026-08-03'],
    ['2026-08-09 23:30:00', '2026-08-09'],
    // Excel serial dates: 45870 is 2025-08-01; its time is the shop's own wall clock.
    ['45870', '2025-08-01'],
    ['45870.9', '2025-08-01'],
  ])("%j in the shop's zone is %s", (text, day) => {
    expect(settlementDate(text, zone, null)).toBe(day);
  });

  it.each([
    ['2026/08/09 20:30:00', '2026-08-10'],
    ['2026-08-09 16:59:59', '2026-08-09'],
    ['2026-08-09 17:00', '2026-08-10'],
    ['09/08/2026 20:30:00', '2026-08-10'],
    // Date only: as written.
    ['2026/08/09', '2026-08-09'],
    // 45878.875 is 2025-08-09 21:00 UTC, 04:00 on the 10th in Jakarta.
    ['45878.875', '2025-08-10'],
    ['45878', '2025-08-09'],
  ])('%j in UTC is %s in Jakarta', (text, day) => {
    expect(settlementDate(text, zone, 0)).toBe(day);
  });

  it('moves a time of another offset to the shop', () => {
    // 23:00 at UTC+8 is 22:00 in Jakarta.
    expect(settlementDate('2026-08-09 23:00:00', zone, 480)).toBe('2026-08-09');
    expect(settlementDate('2026-08-10 00:30:00', zone, 480)).toBe('2026-08-09');
  });

  it('is undefined for an empty cell and null for no date', () => {
    expect(settlementDate('', zone, null)).toBeUndefined();
    expect(settlementDate('-', zone, null)).toBeUndefined();
    expect(settlementDate(undefined, zone, null)).toBeUndefined();
    for (const text of ['kemarin', '31/02/2026', '12345', '150000', '1999-12-31'])
      expect(settlementDate(text, zone, null)).toBeNull();
  });
});

describe('header cells', () => {
  it.each([
    ['Order/adjustment ID  ', 'Order/adjustment ID', 'order adjustment id', null],
    ['Order created time(UTC)', 'Order created time(UTC)', 'order created time', 0],
    ['Order settled time (UTC+7)', 'Order settled time (UTC+7)', 'order settled time', 420],
    ['Waktu (GMT-03:30)', 'Waktu (GMT-03:30)', 'waktu', -210],
    [
      'Pro-rated Bank Payment Channel Promotion  for return refund Items',
      'Pro-rated Bank Payment Channel Promotion for return refund Items',
      'pro rated bank payment channel promotion for return refund items',
      null,
    ],
    [
      'Biaya Layanan (termasuk PPN 11%)',
      'Biaya Layanan (termasuk PPN 11%)',
      'biaya layanan termasuk ppn 11',
      null,
    ],
    ['Biaya Re\u0301guler', 'Biaya R\u00e9guler', 'biaya r\u00e9guler', null],
    ['Total\u00a0Penghasilan', 'Total Penghasilan', 'total penghasilan', null],
  ])('%j is %j, matched as %j', (text, label, key, offsetMinutes) => {
    expect(headerCell(text)).toEqual({ label, key, offsetMinutes });
  });
});
