// The Excel export's refund columns (issue 46): the units refunded and not back, their loss, and
// the loss's total on the summary line.
import type { PembukuanRow } from '@gudang/api-client';
import { EXPORT_COLUMNS, pembukuanSheetRows } from './pembukuan-export';

const row = (id: number, overrides: Partial<PembukuanRow> = {}): PembukuanRow => ({
  id,
  date: '2026-11-20',
  code: `KP-${id}`,
  name: `Kaos ${id}`,
  category: 'Pakaian',
  brand: 'Gudang',
  quantity: 3,
  resi_number: `JNE-${id}`,
  purchase_price: 40000.1,
  selling_price: 55000,
  discount: 2500,
  margin: 25000,
  marketplace_fee: null,
  profit_after_fees: 25000,
  settled: false,
  fee_estimated: false,
  sale_status: 'terjual',
  refunded_quantity: 0,
  refund_loss: 0,
  ...overrides,
});

it("adds 'Jumlah Dana Dikembalikan' and 'Kerugian Dana Dikembalikan', totalled to the sen", () => {
  const lines = pembukuanSheetRows([
    // 1 of 3 units refunded: its cost, 40.000,10, the loss.
    row(1, { sale_status: 'dana_dikembalikan', refunded_quantity: 1, refund_loss: 40000.1 }),
    // The whole sale refunded: 2 x 40.000,10.
    row(2, {
      quantity: 2,
      margin: 0,
      sale_status: 'dana_dikembalikan',
      refunded_quantity: 2,
      refund_loss: 80000.2,
    }),
    row(3),
  ]);
  expect(EXPORT_COLUMNS.slice(-2)).toEqual([
    'Jumlah Dana Dikembalikan',
    'Kerugian Dana Dikembalikan',
  ]);
  expect(lines.map((line) => line.slice(-2))).toEqual([
    ['Jumlah Dana Dikembalikan', 'Kerugian Dana Dikembalikan'],
    [1, 40000.1],
    [2, 80000.2],
    [0, 0],
    // 40.000,10 + 80.000,20, added exactly (not 120000.30000000002).
    [null, 120000.3],
  ]);
  expect(lines.every((line) => line.length === EXPORT_COLUMNS.length)).toBe(true);
});
