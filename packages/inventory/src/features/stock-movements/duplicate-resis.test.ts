// The list's red 'Duplikat' mark: a resi used by more than one package (the records of
// one packed marketplace order share its resi and are one package).
import { duplicateResis, type MovementRow } from './movement-list-page';

const row = (id: number, resi: string, order: number | null = null): MovementRow => ({
  id,
  date: '2026-11-20',
  barcode: 'BC1',
  product_code: 'K1',
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
