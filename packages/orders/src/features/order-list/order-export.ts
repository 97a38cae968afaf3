import { fetchAllPages } from '@gudang/api-client';
import type { AppDispatch, IncomingForComparison, Order, OrderQuery } from '@gudang/api-client';
import { lineTotal, spreadsheetDateCell } from '@gudang/shared-ui';
import { comparisonQueries, productCodesOf } from './order-comparison';
import { MATCH_LABELS, matchOrders } from './order-matching';
import type { OrderMatch } from './order-matching';
import { ordersApi } from './orders-api';

/** Columns of the Excel file (docs/product.md point 9), in this order. */
export const EXPORT_COLUMNS = [
  'Tanggal',
  'Kode',
  'Nama Barang',
  'Kategori',
  'Merk',
  'Jumlah',
  'Harga',
  'Total',
  'Resi',
  'Bank',
  'Status',
] as const;

export const EXPORT_SHEET = 'Order List';

/** order-list-{today}.xlsx, with the range as suffix when it is not the default one. */
export function exportFileName(
  today: string,
  range: { startDate: string; endDate: string; active: boolean },
): string {
  const suffix = range.active ? `_${range.startDate}_${range.endDate}` : '';
  return `order-list-${today}${suffix}.xlsx`;
}

/**
 * Every order of the query, page by page (the largest page the API gives), so that an export
 * holds the whole filtered list and not only the page on the screen.
 */
export async function fetchAllOrders(
  dispatch: AppDispatch,
  query: Omit<OrderQuery, 'page' | 'limit'>,
): Promise<Order[]> {
  return fetchAllPages((page, limit) =>
    dispatch(
      ordersApi.endpoints.getOrders.initiate(
        { ...query, page, limit },
        { subscribe: false, forceRefetch: true },
      ),
    ).unwrap(),
  );
}

/**
 * The matches of every order for an export; a failed read of the incoming goods counts as
 * none, as on the screen.
 */
export async function fetchMatches(
  dispatch: AppDispatch,
  orders: readonly Order[],
  range: { startDate: string; endDate: string },
): Promise<OrderMatch[]> {
  const incoming: IncomingForComparison[] = [];
  try {
    for (const query of comparisonQueries(productCodesOf(orders), range)) {
      const result = await dispatch(
        ordersApi.endpoints.getIncomingForComparison.initiate(query, { subscribe: false }),
      ).unwrap();
      incoming.push(...result.data);
    }
  } catch {
    incoming.length = 0;
  }
  return matchOrders(orders, incoming);
}

type Cell = { t: 's'; v: string } | { t: 'n'; v: number; z?: string };

const text = (value: string): Cell => ({ t: 's', v: value });
const MONEY_FORMAT = '#,##0.00';

/** The sheet's rows: the header, then one row per order (Status only when compared). */
export function exportRows(
  orders: readonly Order[],
  matches: readonly OrderMatch[] | null,
): Cell[][] {
  return [
    EXPORT_COLUMNS.map(text),
    ...orders.map((order, index) => {
      const match = matches?.[index];
      return [
        spreadsheetDateCell(order.date),
        text(order.product_code),
        text(order.product_name),
        text(order.category),
        text(order.brand),
        { t: 'n', v: order.quantity },
        { t: 'n', v: order.price, z: MONEY_FORMAT },
        { t: 'n', v: lineTotal(order.price, order.quantity), z: MONEY_FORMAT },
        text(order.resi_number),
        text(order.bank ?? ''),
        text(match ? MATCH_LABELS[match.type] : ''),
      ] satisfies Cell[];
    }),
  ];
}

/** The .xlsx file of the rows. xlsx is loaded only when a file is made (it is large). */
export async function exportWorkbook(rows: Cell[][]): Promise<Blob> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([]);
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      sheet[XLSX.utils.encode_cell({ r, c })] = { ...cell };
    }),
  );
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(rows.length - 1, 0), c: EXPORT_COLUMNS.length - 1 },
  });
  sheet['!cols'] = [12, 14, 30, 16, 16, 8, 16, 18, 22, 14, 14].map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXPORT_SHEET);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
