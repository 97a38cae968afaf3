import { Type, type Static } from '@sinclair/typebox';
import { BooleanField, ChoiceField, DateField, DateString, ListOf, PagingFields } from './common';
import { PRODUCT_MESSAGES } from './constants';

export const ReportType = ChoiceField(['stock', 'incoming', 'outgoing']);
export type ReportType = Static<typeof ReportType>;

/** The report types as the type select and the printed title name them. */
export const REPORT_TITLES = {
  stock: 'Laporan Stok',
  incoming: 'Laporan Barang Masuk',
  outgoing: 'Laporan Barang Keluar',
} as const satisfies Record<ReportType, string>;

/** Server messages of the reports area that docs/product.md does not spell out. */
export const REPORT_MESSAGES = {
  /** Tanggal Mulai after Tanggal Akhir: the stock card's words. */
  dateRange: PRODUCT_MESSAGES.ledgerRange,
} as const;

/** The range of every report; includeEmpty (true only for stock) keeps products without movements. */
const ReportRange = {
  startDate: DateField(),
  endDate: DateField(),
  includeEmpty: Type.Optional(BooleanField()),
};

/** GET /api/reports. */
export const ReportQuery = Type.Object({ type: ReportType, ...ReportRange });
export type ReportQuery = Static<typeof ReportQuery>;

export const StockReportRow = Type.Object({
  code: Type.String(),
  name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  stock_at_start: Type.Integer(),
  total_incoming: Type.Integer(),
  total_outgoing: Type.Integer(),
  /** Units returned in good condition in the range (Retur). */
  total_returned: Type.Integer(),
  /** Sum of the stock adjustments in the range, signed (Penyesuaian). */
  total_adjusted: Type.Integer(),
  /** stock_at_start + total_incoming - total_outgoing + total_returned + total_adjusted. */
  calculated_stock: Type.Integer(),
});
export type StockReportRow = Static<typeof StockReportRow>;

/**
 * GET /api/reports/stock: the stock report a page at a time, for the screen (the CSV and the
 * print ask GET /api/reports for every row). A month of a 5,000-product shop is 830 KB whole.
 */
export const StockReportQuery = Type.Object({ ...ReportRange, ...PagingFields });
export type StockReportQuery = Static<typeof StockReportQuery>;

export const StockReportPage = ListOf(StockReportRow);
export type StockReportPage = Static<typeof StockReportPage>;

/** The first columns of an incoming and an outgoing report row. */
const MovementReportFields = {
  date: DateString,
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  quantity: Type.Integer(),
};

export const IncomingReportRow = Type.Object({
  ...MovementReportFields,
  platform: Type.String(),
  resi_number: Type.String(),
});
export type IncomingReportRow = Static<typeof IncomingReportRow>;

export const OutgoingReportRow = Type.Object({
  ...MovementReportFields,
  resi_number: Type.String(),
});
export type OutgoingReportRow = Static<typeof OutgoingReportRow>;

/** The array of the requested type holds the rows; the others may be empty. */
export const ReportResponse = Type.Object({
  stockReport: Type.Array(StockReportRow),
  incomingReport: Type.Array(IncomingReportRow),
  outgoingReport: Type.Array(OutgoingReportRow),
});
export type ReportResponse = Static<typeof ReportResponse>;
