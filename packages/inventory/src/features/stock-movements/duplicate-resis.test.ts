// The list's red 'Duplikat' mark: a resi used by more than one package (the records of
// one packed marketplace order share its resi and are one package).
import { duplicateResis, type MovementRow } from './movement-list-page';

const row = (
  id: number,
  resi: string,
  order: number | null = null,
  product = 'K1',
): MovementRow => ({
  id,
  date: '2026-11-20',
  barcode: 'BC1',
  product_code: product,
  product_name: 'Kaos',
  category: 'Kaos',
  brand: 'Lokal',
  resi_number: resi,
  quantity: 1,
  marketplace_order_id: order,
});

test('records of one package share a resi without being duplicates', () => {
  expect(duplicateResis([row(1, 'JNT1', 7), row(2, 'JNT1', 7), row(3, 'JNT2')])).toEqual(new Set());
});

test('two hand-entered records, or a record and another package, with one resi are', () => {
  expect(
    duplicateResis([row(1, 'A'), row(2, 'A'), row(3, 'B', 7), row(4, 'B'), row(5, 'C', 8)]),
  ).toEqual(new Set(['A', 'B']));
});

test('several products under one hand-entered resi are one package', () => {
  expect(duplicateResis([row(1, 'PO-1', null, 'K1'), row(2, 'PO-1', null, 'K2')])).toEqual(
    new Set(),
  );
  expect(
    duplicateResis([row(1, 'PO-1', null, 'K1'), row(2, 'PO-1', null, 'K2'), row(3, 'PO-1')]),
  ).toEqual(new Set(['PO-1']));
});
