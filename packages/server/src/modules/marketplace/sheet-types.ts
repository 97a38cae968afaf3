// Messages between the server and its spreadsheet worker (sheet-worker.ts).

/** The kinds of file read: Excel 2007+ (zip), Excel 97-2003 (compound file) and text. */
export type SheetKind = 'xlsx' | 'xls' | 'csv';

export interface SheetLimits {
  /** Rows a file may have (all its sheets together). */
  maxRows: number;
  /** Bytes an xlsx's parts may inflate to. */
  maxInflatedBytes: number;
}

/** One sheet as text: rows[r][c] is the cell of spreadsheet row r + 1, column c + 1. */
export interface SheetText {
  name: string;
  rows: string[][];
}

/** How a CSV file was written, to write it back the same way. */
export interface CsvStyle {
  delimiter: string;
  lineEnd: string;
  bom: boolean;
}

export type ReadFailure = 'not_spreadsheet' | 'too_many_rows' | 'inflates';

export type ReadResult =
  | { ok: true; kind: SheetKind; sheets: SheetText[]; csv: CsvStyle | null }
  | { ok: false; reason: ReadFailure };

/** A number written into one cell (0-based row and column of the sheet). */
export interface CellEdit {
  row: number;
  col: number;
  value: number;
}

export type WorkerRequest =
  | { op: 'read'; file: Uint8Array; limits: SheetLimits }
  | { op: 'fill'; file: Uint8Array; limits: SheetLimits; sheet: string; edits: CellEdit[] };

export type FillResult = { ok: true; file: Uint8Array } | { ok: false; reason: ReadFailure };

export type WorkerResponse = ReadResult | FillResult;
