// The public face of marketplace for other modules (docs/architecture.md).
export { resolver, resolverColumns, resolverOf, type ResolverRows } from './mappings';
export type { OrderHeadRow, OrderLineRow } from './orders';
// The file readers the settlement import (issue 45) shares with the order import.
export { HEADER_SEARCH_ROWS, headerKey, headerRows } from './formats';
export { orderExportName } from './parse-orders';
export {
  amountValue,
  best,
  cellValue,
  dateValue,
  isBlank,
  isFooter,
  numberLostDigits,
  SCIENTIFIC,
} from './values';
export type {
  ReadFailure,
  SheetJob,
  SheetFileResult,
  SheetJobRequest,
  SheetLimits,
  SheetText,
  SheetTools,
} from './sheet-types';
export { DEFAULT_LIMITS, readSheets, runSheetJob, type SheetJobOptions } from './sheets';
export { readFailureMessage } from './read-failure';
export { zipDirectory } from './zip-directory';
