import { Type, type Static } from '@sinclair/typebox';
import { DateString } from './common';

export const ReportType = Type.Union([
  Type.Literal('stock'),
  Type.Literal('incoming'),
  Type.Literal('outgoing'),
]);
export type ReportType = Static<typeof ReportType>;

/** GET /api/reports; includeEmpty (true only for stock) keeps products without movements. */
export const ReportQuery = Type.Object({
  type: ReportType,
  startDate: DateString,
  endDate: DateString,
  includeEmpty: Type.Optional(Type.Boolean()),
});
export type ReportQuery = Static<typeof ReportQuery>;

export const StockReportRow = Type.Object({
  code: Type.String(),
  name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  stock_at_start: Type.Integer(),
  total_incoming: Type.Integer(),
  total_outgoing: Type.Integer(),
  calculated_stock: Type.Integer(),
});
export type StockReportRow = Static<typeof StockReportRow>;

export const IncomingReportRow = Type.Object({
  date: DateString,
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  quantity: Type.Integer(),
  platform: Type.String(),
  resi_number: Type.String(),
});
export type IncomingReportRow = Static<typeof IncomingReportRow>;

export const OutgoingReportRow = Type.Object({
  date: DateString,
  product_code: Type.String(),
  product_name: Type.String(),
  category: Type.String(),
  brand: Type.String(),
  quantity: Type.Integer(),
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
