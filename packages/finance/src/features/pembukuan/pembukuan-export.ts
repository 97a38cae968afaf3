import type { PembukuanRow } from '@gudang/api-client';
import { spreadsheetDateCell, sumMoney } from '@gudang/shared-ui';
import { PEMBUKUAN_TEXTS } from './pembukuan-texts';

/** docs/product.md point 9: the bookkeeping export's sheet and columns, in this order. */
export const EXPORT_SHEET = 'Pembukuan';
export const EXPORT_COLUMNS = [
  'Tanggal',
  'Kode',
  'Nama Produk',
  'Kategori',
  'Merk',
  'Jumlah Keluar',
  'No. Resi',
  'Harga Beli',
  'Harga Jual',
  'Potongan',
  'Margin',
  // The units returned (Retur), beside the margin that counts only the units kept. Added after
  // SPEC's eleven columns, so that a reader of those finds each where it was.
  'Jumlah Retur',
  // The marketplace's fees on the sale and the profit after them (issue 45), and whether the
  // fee is the settled one or the 'Belum cair' estimate; empty for a sale of no marketplace order.
  PEMBUKUAN_TEXTS.marketplaceFee,
  PEMBUKUAN_TEXTS.profitAfterFees,
  PEMBUKUAN_TEXTS.feeStatus,
  // The units whose money the marketplace gave back to the buyer, not back in Retur, and their
  // cost, the loss (issue 46); empty from a server without those fields.
  PEMBUKUAN_TEXTS.refundedUnitsColumn,
  PEMBUKUAN_TEXTS.refundCard,
] as const;
const MARGIN_COLUMN = EXPORT_COLUMNS.indexOf('Margin');
const FEE_COLUMN = EXPORT_COLUMNS.indexOf(PEMBUKUAN_TEXTS.marketplaceFee);
const AFTER_FEES_COLUMN = EXPORT_COLUMNS.indexOf(PEMBUKUAN_TEXTS.profitAfterFees);
const REFUND_LOSS_COLUMN = EXPORT_COLUMNS.indexOf(PEMBUKUAN_TEXTS.refundCard);
/** The first cell of the last row; the total sits under Margin. */
export const SUMMARY_LABEL = 'Total Keuntungan';

export const exportFileName = (startDate: string, endDate: string) =>
  `pembukuan-${startDate}-${endDate}.xlsx`;

// Harga Beli .. Margin, the two fee columns and the refund's loss: numeric cells shown with
// thousands separators and two decimals.
const MONEY_COLUMNS = [7, 8, 9, 10, FEE_COLUMN, AFTER_FEES_COLUMN, REFUND_LOSS_COLUMN];
const MONEY_FORMAT = '#,##0.00';
const COLUMN_WIDTHS = [12, 14, 32, 16, 16, 14, 22, 16, 16, 14, 16, 14, 18, 18, 22, 24, 26];

/** Where a sale's fee comes from, in words; nothing for a sale of no marketplace order. */
const feeStatus = (row: PembukuanRow): string | null =>
  row.marketplace_fee === null || row.marketplace_fee === undefined
    ? null
    : row.settled === false
      ? row.fee_estimated
        ? PEMBUKUAN_TEXTS.feeEstimated
        : PEMBUKUAN_TEXTS.notSettled
      : PEMBUKUAN_TEXTS.feeSettled;

type DateCell = ReturnType<typeof spreadsheetDateCell>;
type Cell = string | number | null | DateCell;

/** Header, one line per transaction, and the summary line with the total profit. */
export function pembukuanSheetRows(rows: readonly PembukuanRow[]): Cell[][] {
  const lines: Cell[][] = rows.map((row) => [
    // A real date cell: the stored calendar date as a serial day, shown d/m/yyyy.
    spreadsheetDateCell(row.date),
    row.code,
    row.name,
    row.category,
    row.brand,
    row.quantity,
    row.resi_number,
    row.purchase_price,
    row.selling_price,
    row.discount,
    row.margin,
    row.returned_quantity ?? 0,
    row.marketplace_fee ?? null,
    row.profit_after_fees ?? null,
    feeStatus(row),
    row.refunded_quantity ?? null,
    row.refund_loss ?? null,
  ]);
  const summary: Cell[] = EXPORT_COLUMNS.map(() => null);
  summary[0] = SUMMARY_LABEL;
  summary[MARGIN_COLUMN] = sumMoney(rows.map((row) => row.margin));
  // The totals of the fee columns too, when the server sends them.
  if (rows.some((row) => row.profit_after_fees !== undefined)) {
    summary[FEE_COLUMN] = sumMoney(rows.map((row) => row.marketplace_fee ?? 0));
    summary[AFTER_FEES_COLUMN] = sumMoney(rows.map((row) => row.profit_after_fees ?? row.margin));
  }
  if (rows.some((row) => row.refund_loss !== undefined))
    summary[REFUND_LOSS_COLUMN] = sumMoney(rows.map((row) => row.refund_loss ?? 0));
  return [[...EXPORT_COLUMNS], ...lines, summary];
}

const isDateCell = (cell: Cell): cell is DateCell => typeof cell === 'object' && cell !== null;

/** The .xlsx file of the rows. xlsx is loaded on first use, so the page does not carry it. */
export async function pembukuanWorkbook(rows: readonly PembukuanRow[]): Promise<Blob> {
  const XLSX = await import('xlsx');
  const lines = pembukuanSheetRows(rows);
  // Dates go in as their cells, not as values for SheetJS to guess from.
  const sheet = XLSX.utils.aoa_to_sheet(
    lines.map((line) => line.map((cell) => (isDateCell(cell) ? null : cell))),
  );
  lines.forEach((line, r) =>
    line.forEach((cell, c) => {
      if (isDateCell(cell)) sheet[XLSX.utils.encode_cell({ r, c })] = { ...cell };
    }),
  );
  for (let r = 1; r < lines.length; r++) {
    for (const c of MONEY_COLUMNS) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as { t: string; z?: string } | undefined;
      if (cell?.t === 'n') cell.z = MONEY_FORMAT;
    }
  }
  sheet['!cols'] = COLUMN_WIDTHS.map((wch) => ({ wch }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXPORT_SHEET);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
}
