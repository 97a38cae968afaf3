import { fetchAllPages } from '@gudang/api-client';
import type { AppDispatch } from '@gudang/api-client';
import type { MarketplaceReturnQuery, MarketplaceReturnRow } from '@gudang/api-client/contract';
import { spreadsheetDateCell, sumMoney } from '@gudang/shared-ui';
import { CHANNEL_LABELS } from '../marketplace-orders/marketplace-texts';
import { marketplaceReturnsApi } from './marketplace-returns-api';
import { RETURN_STATUS_LABELS, TYPE_LABELS } from './marketplace-returns-texts';

/** The loss list's sheet and columns, in this order. */
export const LOSS_SHEET = 'Barang Tidak Kembali';
export const LOSS_COLUMNS = [
  'Tanggal Diajukan',
  'Tanggal Dana Kembali',
  'Channel',
  'Toko',
  'No. Pesanan',
  'No. Pengembalian',
  'Jenis',
  'Status',
  'SKU',
  'Nama Produk',
  'Jumlah',
  'Dana Dikembalikan',
  'Modal',
  'Biaya Tidak Kembali',
  'Kompensasi',
  'Kerugian',
  'Batas Klaim',
  'Alasan',
] as const;
const LOSS_COLUMN = LOSS_COLUMNS.indexOf('Kerugian');
/** The first cell of the last row; the total sits under Kerugian. */
export const LOSS_TOTAL_LABEL = 'Total Kerugian';
const COLUMN_WIDTHS = [12, 12, 12, 16, 22, 22, 24, 18, 16, 30, 8, 16, 14, 16, 14, 14, 12, 30];

/** pengembalian-tidak-kembali-{start}-{end}.xlsx */
export const lossFileName = (startDate: string, endDate: string) =>
  `pengembalian-tidak-kembali-${startDate}-${endDate}.xlsx`;

type Cell = { t: 's'; v: string } | { t: 'n'; v: number; z?: string } | null;

const MONEY_FORMAT = '#,##0.00';
const text = (value: string | null): Cell => ({ t: 's', v: value ?? '' });
const money = (value: number | null): Cell =>
  value === null ? null : { t: 'n', v: value, z: MONEY_FORMAT };
const date = (value: string | null): Cell => (value === null ? null : spreadsheetDateCell(value));

/**
 * Every request of the loss list for the filter, page by page (the largest page the API gives),
 * so that the file holds the whole list and not only the page on the screen.
 */
export function fetchLossRows(
  dispatch: AppDispatch,
  query: Omit<MarketplaceReturnQuery, 'page' | 'limit' | 'list'>,
): Promise<MarketplaceReturnRow[]> {
  return fetchAllPages((page, limit) =>
    dispatch(
      marketplaceReturnsApi.endpoints.getMarketplaceReturns.initiate(
        { ...query, list: 'not_received', page, limit },
        { subscribe: false, forceRefetch: true },
      ),
    ).unwrap(),
  );
}

/** The header, one line per request, and the total of the loss. */
export function lossSheetRows(rows: readonly MarketplaceReturnRow[]): Cell[][] {
  const total: Cell[] = LOSS_COLUMNS.map(() => null);
  total[0] = text(LOSS_TOTAL_LABEL);
  total[LOSS_COLUMN] = money(sumMoney(rows.map((row) => row.loss ?? 0)));
  return [
    LOSS_COLUMNS.map(text),
    ...rows.map(
      (row) =>
        [
          date(row.requested_at),
          date(row.refunded_at),
          text(CHANNEL_LABELS[row.channel]),
          text(row.store),
          text(row.order_number),
          text(row.return_number),
          text(TYPE_LABELS[row.type]),
          text(RETURN_STATUS_LABELS[row.status]),
          text(row.sku),
          text(row.product_name),
          { t: 'n', v: row.quantity },
          money(row.refund_amount),
          money(row.cost),
          money(row.fees_lost),
          money(row.compensation_amount),
          money(row.loss),
          date(row.claim_deadline),
          text(row.reason),
        ] satisfies Cell[],
    ),
    total,
  ];
}

/** The .xlsx file of the rows. xlsx is loaded only when a file is made (it is large). */
export async function lossWorkbook(rows: Cell[][]): Promise<Blob> {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([]);
  rows.forEach((row, r) =>
    row.forEach((cell, c) => {
      if (cell !== null) sheet[XLSX.utils.encode_cell({ r, c })] = { ...cell };
    }),
  );
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(rows.length - 1, 0), c: LOSS_COLUMNS.length - 1 },
  });
  sheet['!cols'] = COLUMN_WIDTHS.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, LOSS_SHEET);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
