import { fromCents, lineTotal, sumMoney, toCents } from './money';

describe('money', () => {
  it('counts in whole cents', () => {
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(fromCents(1999)).toBe(19.99);
  });

  it('adds and multiplies without binary fractions showing', () => {
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney([])).toBe(0);
    expect(lineTotal(19.99, 3)).toBe(59.97);
    expect(lineTotal(0.07, 100)).toBe(7);
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(12500.5, 2)).toBe(25001);
    expect(lineTotal(19.99, 7)).toBe(139.93);
  });
});
