import type { Order } from '@gudang/api-client';
import { serialDate } from '@gudang/shared-ui';
import * as XLSX from 'xlsx';
import { comparisonQueries, comparisonRange } from './order-comparison';
import { EXPORT_COLUMNS, exportFileName, exportRows, exportWorkbook } from './order-export';
import { matchOrders } from './order-matching';

const order = (id: number, changes: Partial<Order> = {}): Order => ({
  id,
  date: '2026-11-20',
  product_id: 1,
  product_code: 'KP-001',
  product_name: 'Kopi Arabica',
  category: 'Minuman',
  brand: 'Kapal Api',
  quantity: 3,
  price: 0.1,
  resi_number: `R-${id}`,
  bank: null,
  ...changes,
});

describe('exportFileName', () => {
  it('is order-list-{date}.xlsx, with the range when the filter is not the default', () => {
    const range = { startDate: '2026-11-01', endDate: '2026-11-30' };
    expect(exportFileName('2026-11-23', { ...range, active: false })).toBe(
      'order-list-2026-11-23.xlsx',
    );
    expect(exportFileName('2026-11-23', { ...range, active: true })).toBe(
      'order-list-2026-11-23_2026-11-01_2026-11-30.xlsx',
    );
  });
});

describe('comparison helpers', () => {
  it('widens the range by the 3-day tolerance inside the accepted dates', () => {
    expect(comparisonRange('2026-11-13', '2026-11-27', '2026-11-20')).toEqual({
      startDate: '2026-11-10',
      endDate: '2026-11-30',
    });
    expect(comparisonRange('2000-01-02', '2027-11-21', '2026-11-20')).toEqual({
      startDate: '2000-01-01',
      endDate: '2027-11-21',
    });
  });

  it('splits long code lists into queries the server accepts', () => {
    const codes = Array.from({ length: 250 }, (_, i) => `${'K'.repeat(96)}${1000 + i}`);
    const range = { startDate: '2026-11-10', endDate: '2026-11-30' };
    const queries = comparisonQueries(codes, range);
    expect(queries.length).toBeGreaterThan(1);
    for (const query of queries)
      expect((query.productCodes ?? '').length).toBeLessThanOrEqual(10_000);
    expect(queries.flatMap((query) => (query.productCodes ?? '').split(','))).toEqual(codes);
    expect(comparisonQueries([], range)).toEqual([]);
  });
});

describe('the Excel file', () => {
  it('has the sheet Order List, the columns of docs/product.md point 9 and numeric cells', async () => {
    const orders = [
      order(1, { quantity: 2, price: 12500.5, bank: 'BCA' }),
      order(2, { product_code: 'KP-002', date: '2026-11-01' }),
    ];
    const incoming = [
      {
        product_code: 'KP-001',
        product_name: 'Kopi Arabica',
        resi_number: 'R-1',
        quantity: 2,
        date: '2026-11-22',
      },
    ];
    const blob = await exportWorkbook(exportRows(orders, matchOrders(orders, incoming)));
    const book = XLSX.read(new Uint8Array(await blob.arrayBuffer()), { type: 'array' });
    expect(book.SheetNames).toEqual(['Order List']);
    const sheet = book.Sheets['Order List'];
    if (!sheet) throw new Error('no sheet');
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows[1]).toEqual([
      46346,
      'KP-001',
      'Kopi Arabica',
      'Minuman',
      'Kapal Api',
      2,
      12500.5,
      25001,
      'R-1',
      'BCA',
      'Exact Match',
    ]);
    expect(rows[2]).toEqual([
      serialDate('2026-11-01'),
      'KP-002',
      'Kopi Arabica',
      'Minuman',
      'Kapal Api',
      3,
      0.1,
      0.3,
      'R-2',
      '',
      'No Match',
    ]);
    // Dates read as the calendar date written, in day/month/year.
    const shown = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false });
    expect(shown[1]?.[0]).toBe('20/11/2026');
    expect(sheet.F2?.t).toBe('n');
    expect(sheet.H2?.t).toBe('n');
  });

  it('leaves Status empty when comparison is off', () => {
    const rows = exportRows([order(1)], null);
    expect(rows[1]?.[10]).toEqual({ t: 's', v: '' });
  });
});
