// Messages between the server and its spreadsheet worker (sheet-worker.ts).
import type { MarketplaceChannel } from '@gudang/api-client/contract';
import type { ParsedLine } from './parse-orders';

/** The kinds of file read: Excel 2007+ (zip), Excel 97-2003 (compound file) and text. */
export type SheetKind = 'xlsx' | 'xls' | 'csv';

export interface SheetLimits {
  /** Rows a file may have (all its sheets together). */
  maxRows: number;
  /** Bytes an xlsx's parts may inflate to. */
  maxInflatedBytes: number;
  /** Characters all the cells may hold together (each cell counted, shared text too). */
  maxTextChars: number;
  /** Characters the lines of an order file's preview may hold together. */
  maxPreviewChars: number;
}

/** One sheet as text: rows[r][c] is the cell of spreadsheet row r + 1, column c + 1. */
export interface SheetText {
  name: string;
  rows: string[][];
  /**
   * The number cells whose value lost digits to a spreadsheet program (numberLostDigits), as
   * 'row,column' (0-based): an order id re-saved by Excel (issue 42 m8). Absent: none.
   */
  lostDigits?: string[];
}

/** How a CSV file was written, to write it back the same way. */
export interface CsvStyle {
  delimiter: string;
  lineEnd: string;
  bom: boolean;
}

export type ReadFailure =
  'not_spreadsheet' | 'too_many_rows' | 'inflates' | 'too_much_text' | 'preview_too_large';

export type ReadResult =
  | { ok: true; kind: SheetKind; sheets: SheetText[]; csv: CsvStyle | null }
  | { ok: false; reason: ReadFailure };

/** A number written into one cell (0-based row and column of the sheet). */
export interface CellEdit {
  row: number;
  col: number;
  value: number;
}

/** How an order file is read into lines (parse-orders.ts), in the worker. */
export interface OrderFileOptions {
  /** The channel the upload names, or undefined for the file's headers to decide. */
  channel: MarketplaceChannel | undefined;
  /** The shop's IANA time zone. */
  timeZone: string;
  /** The last order date accepted: the validation layer's date window (latestDate). */
  latestDate: string;
}

/** An order file read into the lines of a preview, or why not (in Indonesian). */
export type OrderFileResult =
  | { ok: true; channel: MarketplaceChannel; lines: ParsedLine[] }
  | {
      ok: false;
      message: string;
      expected?: { channel: MarketplaceChannel; headers: string[] }[];
    };

export type OrdersResult = OrderFileResult | { ok: false; reason: ReadFailure };

/**
 * A job of another module run in the spreadsheet worker (a settlement file read into its orders,
 * issue 45): `module` is the path of a file whose `runSheetJob(request, tools)` answers, with the
 * worker's readers as `tools`. Only what it answers crosses to the server.
 */
export interface SheetJobRequest {
  op: 'job';
  module: string;
  file: Uint8Array;
  limits: SheetLimits;
  input: unknown;
}

/** What the worker lends a job: its readers, with their limits. */
export interface SheetTools {
  /** Which of the three kinds the bytes are (by their first bytes, never the file name). */
  kindOf(file: Uint8Array): SheetKind;
  /** Every sheet of the file as rows of text (SheetJS for xlsx and xls, papaparse for CSV). */
  readFile(file: Uint8Array, limits: SheetLimits): ReadResult;
}

/**
 * What a job that reads a file answers: the file as it parsed it, the Indonesian message of a
 * file of no known format or missing a required column, or why the file could not be read.
 */
export type SheetFileResult<File> =
  { ok: true; file: File } | { ok: false; error: string } | { ok: false; reason: ReadFailure };

/** The module a SheetJobRequest names. */
export interface SheetJob {
  runSheetJob(request: SheetJobRequest, tools: SheetTools): unknown;
}

export type WorkerRequest =
  | SheetJobRequest
  | { op: 'read'; file: Uint8Array; limits: SheetLimits }
  | { op: 'orders'; file: Uint8Array; limits: SheetLimits; options: OrderFileOptions }
  | { op: 'fill'; file: Uint8Array; limits: SheetLimits; sheet: string; edits: CellEdit[] };

export type FillResult = { ok: true; file: Uint8Array } | { ok: false; reason: ReadFailure };

export type WorkerResponse = ReadResult | FillResult | OrdersResult;
