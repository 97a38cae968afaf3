import type { IncomingForComparison } from '@gudang/api-client';
import { MATCH_LABELS, dayDifference, matchOrder, matchOrders } from './order-matching';
import type { ComparedOrder } from './order-matching';

const order: ComparedOrder = {
  product_code: 'KP-001',
  resi_number: 'RESI-1',
  quantity: 3,
  date: '2026-11-10',
};

const incoming = (changes: Partial<IncomingForComparison> = {}): IncomingForComparison => ({
  product_code: 'KP-001',
  product_name: 'Kopi Arabica',
  resi_number: 'RESI-1',
  quantity: 3,
  date: '2026-11-10',
  ...changes,
});

describe('dayDifference', () => {
  it('counts whole calendar days in either direction', () => {
    expect(dayDifference('2026-11-10', '2026-11-13')).toBe(3);
    expect(dayDifference('2026-11-13', '2026-11-10')).toBe(3);
    expect(dayDifference('2026-11-10', '2026-11-10')).toBe(0);
    // Across a month end and a leap day.
    expect(dayDifference('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('never matches a value that is not a date', () => {
    expect(dayDifference('2026-11-10', '')).toBe(Number.POSITIVE_INFINITY);
    expect(dayDifference('10/11/2026', '2026-11-10')).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('matchOrder', () => {
  it('exact: same product, resi and quantity within 3 days; nothing is flagged', () => {
    const record = incoming({ date: '2026-11-12' });
    expect(matchOrder(order, [record])).toEqual({
      type: 'exact',
      incoming: record,
      days: 2,
      mismatched: [],
    });
  });

  it('compares product code and resi regardless of letter case and spaces', () => {
    const record = incoming({ product_code: 'kp-001 ', resi_number: 'resi-1' });
    expect(matchOrder(order, [record]).type).toBe('exact');
  });

  it('product_resi: same product and resi, another quantity; the quantity is flagged', () => {
    const record = incoming({ quantity: 5, date: '2026-11-09' });
    expect(matchOrder(order, [record])).toEqual({
      type: 'product_resi',
      incoming: record,
      days: 1,
      mismatched: ['quantity'],
    });
  });

  it('product_only: same product, another resi; resi and (when it differs) quantity flagged', () => {
    const sameQuantity = incoming({ resi_number: 'OTHER' });
    expect(matchOrder(order, [sameQuantity])).toEqual({
      type: 'product_only',
      incoming: sameQuantity,
      days: 0,
      mismatched: ['resi'],
    });
    const otherQuantity = incoming({ resi_number: 'OTHER', quantity: 1 });
    expect(matchOrder(order, [otherQuantity]).mismatched).toEqual(['resi', 'quantity']);
  });

  it('none: no record of the product; every field is flagged', () => {
    const otherProduct = incoming({ product_code: 'KP-002' });
    expect(matchOrder(order, [otherProduct])).toEqual({
      type: 'none',
      incoming: null,
      days: null,
      mismatched: ['product', 'resi', 'quantity', 'date'],
    });
  });

  it('an order with no incoming goods at all has no match', () => {
    expect(matchOrder(order, []).type).toBe('none');
  });

  it('3 days apart still match, 4 days do not (before and after the order)', () => {
    expect(matchOrder(order, [incoming({ date: '2026-11-13' })]).type).toBe('exact');
    expect(matchOrder(order, [incoming({ date: '2026-11-07' })]).type).toBe('exact');
    expect(matchOrder(order, [incoming({ date: '2026-11-14' })]).type).toBe('none');
    expect(matchOrder(order, [incoming({ date: '2026-11-06' })]).type).toBe('none');
    // The window holds for every type, not only for exact matches.
    expect(matchOrder(order, [incoming({ date: '2026-11-14', quantity: 9 })]).type).toBe('none');
    expect(matchOrder(order, [incoming({ date: '2026-11-14', resi_number: 'X' })]).type).toBe(
      'none',
    );
  });

  it('among several records of the order prefers the better type over the closer date', () => {
    const sameDayOtherResi = incoming({ resi_number: 'OTHER', date: '2026-11-10' });
    const sameDayOtherQuantity = incoming({ quantity: 9, date: '2026-11-11' });
    const exactButLater = incoming({ date: '2026-11-13' });
    const tooLate = incoming({ date: '2026-11-20' });
    const match = matchOrder(order, [
      tooLate,
      sameDayOtherResi,
      sameDayOtherQuantity,
      exactButLater,
    ]);
    expect(match.type).toBe('exact');
    expect(match.incoming).toBe(exactButLater);
    expect(matchOrder(order, [sameDayOtherResi, sameDayOtherQuantity]).incoming).toBe(
      sameDayOtherQuantity,
    );
  });

  it('among records of the same type prefers the closer date', () => {
    const far = incoming({ resi_number: 'A', date: '2026-11-07' });
    const near = incoming({ resi_number: 'B', date: '2026-11-11' });
    expect(matchOrder(order, [far, near])).toEqual({
      type: 'product_only',
      incoming: near,
      days: 1,
      mismatched: ['resi'],
    });
  });

  it('on a tie of type and distance keeps the first record given', () => {
    const before = incoming({ resi_number: 'A', date: '2026-11-08' });
    const after = incoming({ resi_number: 'B', date: '2026-11-12' });
    expect(matchOrder(order, [before, after]).incoming).toBe(before);
    expect(matchOrder(order, [after, before]).incoming).toBe(after);
  });
});

describe('matchOrders', () => {
  it('matches each order on its own, in the order given', () => {
    const orders: ComparedOrder[] = [
      order,
      { ...order, product_code: 'KP-002', resi_number: 'R-2' },
      { ...order, resi_number: 'R-3', quantity: 1 },
    ];
    const records = [
      incoming({ date: '2026-11-11' }),
      incoming({ product_code: 'KP-002', resi_number: 'R-2', quantity: 8 }),
    ];
    expect(matchOrders(orders, records).map((match) => MATCH_LABELS[match.type])).toEqual([
      'Exact Match',
      'Product+Resi',
      'Product Only',
    ]);
    expect(matchOrders(orders, []).map((match) => match.type)).toEqual(['none', 'none', 'none']);
  });

  it("matches each product of a restock order with its receipt under the order's one resi", () => {
    // 'Buat Order' gives every line one resi; Barang Masuk receives each product under it (ADR 0014).
    const resi = 'PO-20261128-46';
    const orders: ComparedOrder[] = [
      { product_code: 'FWN-004', resi_number: resi, quantity: 27, date: '2026-11-28' },
      { product_code: 'AKS-001', resi_number: resi, quantity: 42, date: '2026-11-28' },
      { product_code: 'RMT-004', resi_number: resi, quantity: 20, date: '2026-11-28' },
    ];
    const records = [
      incoming({ product_code: 'FWN-004', resi_number: resi, quantity: 27, date: '2026-11-28' }),
      incoming({ product_code: 'AKS-001', resi_number: resi, quantity: 40, date: '2026-11-29' }),
      incoming({ product_code: 'RMT-004', resi_number: resi, quantity: 20, date: '2026-11-29' }),
    ];
    expect(matchOrders(orders, records).map((match) => MATCH_LABELS[match.type])).toEqual([
      'Exact Match',
      'Product+Resi',
      'Exact Match',
    ]);
  });
});
