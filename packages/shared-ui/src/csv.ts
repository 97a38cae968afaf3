// CSV for the browser's exports (reports now, orders later). Pure: text in, text out.

/** UTF-8 byte-order mark: spreadsheet programs then read the file as UTF-8, not ANSI. */
export const CSV_BOM = '\uFEFF';

export type CsvValue = string | number | null | undefined;

// A cell that starts like a formula is run by spreadsheet programs (OWASP "CSV injection"):
// a leading apostrophe makes it plain text.
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell: always quoted, inner quotes doubled, formula-like text prefixed with `'`. A number is
 * written as it is: `-3` (a negative adjustment) is a number to a spreadsheet, not a formula, and
 * a prefix would make it text that sums skip.
 */
export function csvCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value !== 'number' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** A whole file: the BOM, the header row, then one row per record, lines ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.map((line) => `${line}\r\n`).join('')}`;
}
