// CSV as the marketplaces and Excel write it: comma or semicolon (or tab), quoted fields with
// doubled quotes, CRLF or LF, UTF-8 with or without BOM. Read by papaparse and written here
// rather than by SheetJS, so that every field stays text exactly as written ('=1+1' is not a
// formula, a long order number is not a number).
import Papa from 'papaparse';
import type { CsvStyle } from './sheet-types';

const BOM = '\ufeff';
const DELIMITERS = [',', ';', '\t'];
/** The delimiter is guessed from the start of the text only: one full pass over a large file. */
const GUESS_CHARS = 64 * 1024;

export interface ParsedCsv {
  rows: string[][];
  style: CsvStyle;
}

/**
 * The rows of a CSV text (a BOM is dropped and remembered), read by papaparse: every field stays
 * text, the delimiter is guessed among comma, semicolon and tab. Stops with null once more than
 * maxRows rows are read (papaparse's preview: the rest of the text is never parsed).
 */
export function parseCsv(input: string, maxRows: number): ParsedCsv | null {
  const bom = input.startsWith(BOM);
  const text = bom ? input.slice(1) : input;
  const lineEnd = text.includes('\r\n') ? '\r\n' : '\n';
  const { delimiter } = Papa.parse<string[]>(text.slice(0, GUESS_CHARS), {
    delimitersToGuess: DELIMITERS,
    // Blank lines (the one after the last line end) would lower the fields per line it compares.
    skipEmptyLines: 'greedy',
    preview: 20,
  }).meta;
  // Two past the limit: one for the row that proves it passed, one for the empty row papaparse
  // reads after the last line end.
  const parsed = Papa.parse<string[]>(text, {
    delimiter,
    dynamicTyping: false,
    skipEmptyLines: false,
    preview: maxRows + 2,
  });
  const rows = parsed.data;
  const last = rows[rows.length - 1];
  if (!parsed.meta.truncated && last !== undefined && last.length === 1 && last[0] === '')
    rows.pop();
  if (rows.length > maxRows) return null;
  return { rows, style: { delimiter, lineEnd, bom } };
}

function quote(field: string, delimiter: string): string {
  return /["\r\n]/.test(field) || field.includes(delimiter)
    ? `"${field.replace(/"/g, '""')}"`
    : field;
}

/** The rows as CSV text in the given style. */
export function writeCsv(rows: readonly (readonly string[])[], style: CsvStyle): string {
  const body = rows
    .map((row) => row.map((field) => quote(field, style.delimiter)).join(style.delimiter))
    .join(style.lineEnd);
  return (style.bom ? BOM : '') + body + style.lineEnd;
}
