// CSV as the marketplaces and Excel write it: comma or semicolon (or tab), quoted fields with
// doubled quotes, CRLF or LF, UTF-8 with or without BOM. Read and written here rather than by
// SheetJS, so that every field stays text exactly as written ('=1+1' is not a formula, a long
// order number is not a number).
import type { CsvStyle } from './sheet-types';

const BOM = '\ufeff';
const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter used most in the first lines, outside quotes. */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  let lines = 0;
  for (let i = 0; i < text.length && lines < 20; i += 1) {
    const char = text[i] as string;
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === '\n') lines += 1;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best: string = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

export interface ParsedCsv {
  rows: string[][];
  style: CsvStyle;
}

/**
 * The rows of a CSV text (a BOM is dropped and remembered). Stops with null once more than
 * maxRows rows are read.
 */
export function parseCsv(input: string, maxRows: number): ParsedCsv | null {
  const bom = input.startsWith(BOM);
  const text = bom ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const lineEnd = text.includes('\r\n') ? '\r\n' : '\n';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += char;
    } else if (char === '"' && field === '') {
      // A quote opens a field only at its start; elsewhere it is an ordinary character.
      quoted = true;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      if (rows.length > maxRows) return null;
    } else field += char;
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
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
