// The spreadsheet worker (node:worker_threads): reads an uploaded file into rows of text and
// writes a filled stock file, off the server's event loop. Started by sheets.ts through
// sheet-worker.cjs; it runs with a memory limit, so a file that unpacks into too much ends here,
// not in the server. Order files are read into their lines here too: only the lines (each value
// bounded) cross to the server, never the cells; another module's file is read by its own job
// (SheetJobRequest: the settlement import's, issue 45), the same way.
import { parentPort } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import { parseCsv, writeCsv } from './csv';
import { parseOrderFile, type ParsedLine } from './parse-orders';
import { numberLostDigits } from './values';
import { zipDirectory } from './zip-directory';
import type {
  CellEdit,
  FillResult,
  OrderFileOptions,
  OrdersResult,
  ReadFailure,
  ReadResult,
  SheetKind,
  SheetJob,
  SheetJobRequest,
  SheetLimits,
  SheetText,
  SheetTools,
  WorkerRequest,
} from './sheet-types';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const CFB_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const startsWith = (file: Uint8Array, magic: readonly number[]) =>
  magic.every((byte, index) => file[index] === byte);

function kindOf(file: Uint8Array): SheetKind {
  if (startsWith(file, ZIP_MAGIC)) return 'xlsx';
  if (startsWith(file, CFB_MAGIC)) return 'xls';
  return 'csv';
}

/**
 * The sum of the sizes a zip's entries declare once inflated (its central directory); Infinity
 * for zip64 sizes (no spreadsheet of ours needs them); null when there is no readable directory.
 */
export function declaredInflatedSize(file: Uint8Array): number | null {
  const directory = zipDirectory(file);
  if (directory === null) return null;
  const { view, count } = directory;
  let at = directory.start;
  let total = 0;
  for (let entry = 0; entry < count; entry += 1) {
    if (at + 46 > file.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) return Infinity;
    total += size;
    // The entry: 46 bytes, then its name, extra field and comment.
    at +=
      46 +
      view.getUint16(at + 28, true) +
      view.getUint16(at + 30, true) +
      view.getUint16(at + 32, true);
  }
  return total;
}

/** UTF-8 (with or without BOM), UTF-16 with BOM, else Windows-1252; null for binary data. */
function decodeText(file: Uint8Array): string | null {
  if (file[0] === 0xff && file[1] === 0xfe) return new TextDecoder('utf-16le').decode(file);
  if (file[0] === 0xfe && file[1] === 0xff) return new TextDecoder('utf-16be').decode(file);
  // Text files have no NUL bytes; images, PDFs and archives do.
  if (file.subarray(0, 65536).includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(file);
  } catch {
    return new TextDecoder('windows-1252').decode(file);
  }
}

const wholeNumber = new Intl.NumberFormat('en-US', {
  useGrouping: false,
  maximumFractionDigits: 0,
});

const pad = (value: number, size = 2) => String(value).padStart(size, '0');

// Half of a surrogate pair (an xlsx's `_xD800_` or `&#xD800;`) is no text and PostgreSQL refuses
// it in jsonb: it becomes U+FFFD, which the text rule then shows as a problem of its line.
const LONE_SURROGATE = /\p{Cs}/gu;
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\ufffd');

/**
 * A cell as the text a person sees, without evaluating anything: strings as written, numbers in
 * full (282110123456789, never 2.8211E+14), dates as yyyy-mm-dd hh:mm:ss (no time zone), a
 * formula's stored value only.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (cell === undefined) return '';
  switch (cell.t) {
    case 's':
      return wellFormed(String(cell.v ?? ''));
    case 'b':
      return cell.v === true ? 'TRUE' : 'FALSE';
    case 'd': {
      // SheetJS gives the wall-clock time of the cell in the Date's UTC fields (any TZ).
      const value = cell.v;
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) return String(value ?? '');
      return (
        `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())} ` +
        `${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
      );
    }
    case 'n': {
      // String() writes every digit below 1e21 and an exponent from there; only those huge
      // integers go through the formatter (built once: toLocaleString with options builds
      // one a call, measured 15% of reading a 5,000-line file).
      const value = cell.v as number;
      return Number.isInteger(value) && Math.abs(value) >= 1e21
        ? wholeNumber.format(value)
        : String(value);
    }
    default:
      // Errors (#N/A) and blanks.
      return '';
  }
}

/** The characters the cells read so far may still hold (SheetLimits.maxTextChars). */
interface TextBudget {
  left: number;
}

/**
 * The sheet as rows of text, or null once its cells hold more text than the budget left: text
 * shared by many cells costs the worker one string, but a copy per cell beyond it.
 */
function sheetText(sheet: XLSX.WorkSheet, name: string, budget: TextBudget): SheetText | null {
  const ref = sheet['!ref'];
  if (ref === undefined) return { name, rows: [] };
  const range = XLSX.utils.decode_range(ref);
  const dense = (sheet as XLSX.DenseSheet)['!data'];
  const rows: string[][] = [];
  const lostDigits: string[] = [];
  for (let r = 0; r <= range.e.r; r += 1) {
    const cells = dense?.[r];
    const row: string[] = [];
    for (let c = 0; c <= range.e.c; c += 1) {
      const cell = cells?.[c];
      if (cell?.t === 'n' && numberLostDigits(cell.v as number)) lostDigits.push(`${r},${c}`);
      const text = cellText(cell);
      budget.left -= text.length;
      if (budget.left < 0) return null;
      row.push(text);
    }
    // Trailing blanks cost memory and nothing else.
    while (row.length > 0 && row[row.length - 1] === '') row.pop();
    rows.push(row);
  }
  return lostDigits.length === 0 ? { name, rows } : { name, rows, lostDigits };
}

function rowsOf(sheet: XLSX.WorkSheet): number {
  const ref = sheet['!fullref'] ?? sheet['!ref'];
  return ref === undefined ? 0 : XLSX.utils.decode_range(ref).e.r + 1;
}

const LT = 0x3c;
const GT = 0x3e;
const COLON = 0x3a;
const SLASH = 0x2f;
const isSpace = (byte: number | undefined) =>
  byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
/** A byte of a namespace prefix (`x` of `<x:row`): a letter, a digit, `_`, `-` or `.`. */
const isNameByte = (byte: number | undefined) =>
  byte !== undefined &&
  (isDigit(byte) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x5f ||
    byte === 0x2d ||
    byte === 0x2e);

/**
 * The highest row number of a worksheet part's `<row>` elements (as SheetJS numbers them: its
 * `r`, else the row after the previous one), read from the bytes. SheetJS's sheetRows skips
 * every row past it without a trace, and a sheet without a `<dimension>` (or with one that lies)
 * then reads as if that row were not there (issue 41): this finds it.
 */
export function lastRowNumber(xml: Uint8Array): number {
  const bytes = Buffer.from(xml.buffer, xml.byteOffset, xml.byteLength);
  let last = 0;
  let current = 0;
  for (let at = bytes.indexOf('row', 0, 'latin1'); at >= 0; at = bytes.indexOf('row', at + 3)) {
    // A start tag: `<row` or `<prefix:row`, followed by a space, `>` or `/`.
    const after = bytes[at + 3];
    if (!(isSpace(after) || after === GT || after === SLASH)) continue;
    let start = at - 1;
    if (bytes[start] === COLON) {
      start -= 1;
      while (start >= 0 && isNameByte(bytes[start])) start -= 1;
    }
    if (bytes[start] !== LT) continue;
    const end = bytes.indexOf(GT, at);
    if (end < 0) break;
    let number: number | null = null;
    // Its `r` attribute, if any (not `spans`, `ht`, ...: a space, then `r`, `=`).
    for (let i = at + 3; i < end; i += 1) {
      if (!isSpace(bytes[i]) || bytes[i + 1] !== 0x72) continue;
      let j = i + 2;
      while (isSpace(bytes[j])) j += 1;
      if (bytes[j] !== 0x3d) continue;
      j += 1;
      while (isSpace(bytes[j])) j += 1;
      if (bytes[j] === 0x22 || bytes[j] === 0x27) j += 1;
      let value = 0;
      let digits = 0;
      while (isDigit(bytes[j]) && digits < 10) {
        value = value * 10 + (bytes[j] as number) - 0x30;
        j += 1;
        digits += 1;
      }
      if (digits > 0) number = value;
      break;
    }
    current = number ?? current + 1;
    if (current > last) last = current;
    at = end - 3;
  }
  return last;
}

/**
 * The highest row number in the workbook's worksheet parts (SheetJS's `files`, kept with
 * bookFiles): every part with sheet data is read, wherever the workbook's relations put it.
 */
function lastRowOfParts(book: XLSX.WorkBook): number {
  const files = (book as { files?: Record<string, { content?: unknown } | undefined> }).files;
  let last = 0;
  for (const [name, entry] of Object.entries(files ?? {})) {
    const content = entry?.content;
    if (!name.toLowerCase().endsWith('.xml') || !(content instanceof Uint8Array)) continue;
    const bytes = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
    if (!bytes.includes('sheetData', 0, 'latin1')) continue;
    last = Math.max(last, lastRowNumber(bytes));
  }
  return last;
}

type Opened =
  | {
      ok: true;
      kind: 'csv';
      rows: string[][];
      style: NonNullable<ReturnType<typeof parseCsv>>['style'];
    }
  | { ok: true; kind: 'xlsx' | 'xls'; book: XLSX.WorkBook }
  | { ok: false; reason: ReadFailure };

function csvChars(rows: readonly (readonly string[])[]): number {
  let chars = 0;
  for (const row of rows) for (const field of row) chars += field.length;
  return chars;
}

function open(file: Uint8Array, limits: SheetLimits, forWriting: boolean): Opened {
  const kind = kindOf(file);
  if (kind === 'csv') {
    const text = decodeText(file);
    if (text === null) return { ok: false, reason: 'not_spreadsheet' };
    const parsed = parseCsv(text, limits.maxRows);
    if (parsed === null) return { ok: false, reason: 'too_many_rows' };
    // The cells are parts of the text: only a text longer than the budget needs counting.
    if (text.length > limits.maxTextChars && csvChars(parsed.rows) > limits.maxTextChars)
      return { ok: false, reason: 'too_much_text' };
    return { ok: true, kind, rows: parsed.rows, style: parsed.style };
  }
  if (kind === 'xlsx') {
    const inflated = declaredInflatedSize(file);
    if (inflated === null) return { ok: false, reason: 'not_spreadsheet' };
    if (inflated > limits.maxInflatedBytes) return { ok: false, reason: 'inflates' };
  }
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(file, {
      type: 'buffer',
      // Values only: formulas are neither read nor evaluated, their stored results are.
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      // Reading, date cells come as dates (no number formats needed, half the time); writing,
      // every cell keeps its number and its format.
      cellNF: forWriting,
      cellDates: !forWriting,
      cellStyles: forWriting,
      dense: !forWriting,
      // The parts kept, to find a row past sheetRows (lastRowOfParts).
      ...(forWriting ? {} : { sheetRows: limits.maxRows + 1, bookFiles: kind === 'xlsx' }),
    });
  } catch {
    return { ok: false, reason: 'not_spreadsheet' };
  }
  if (book.SheetNames.length === 0) return { ok: false, reason: 'not_spreadsheet' };
  let rows = 0;
  for (const name of book.SheetNames) {
    const sheet = book.Sheets[name];
    if (sheet !== undefined) rows += rowsOf(sheet);
  }
  // A row SheetJS skipped (past sheetRows) is refused, never dropped.
  const lastRow = forWriting || kind !== 'xlsx' ? 0 : lastRowOfParts(book);
  // The parts (the inflated file) are not kept while the cells are read.
  delete (book as { files?: unknown }).files;
  delete (book as { keys?: unknown }).keys;
  if (rows > limits.maxRows || lastRow > limits.maxRows)
    return { ok: false, reason: 'too_many_rows' };
  return { ok: true, kind, book };
}

function readFile(file: Uint8Array, limits: SheetLimits): ReadResult {
  const opened = open(file, limits, false);
  if (!opened.ok) return opened;
  if (opened.kind === 'csv')
    return {
      ok: true,
      kind: 'csv',
      sheets: [{ name: 'csv', rows: opened.rows }],
      csv: opened.style,
    };
  const budget: TextBudget = { left: limits.maxTextChars };
  const sheets: SheetText[] = [];
  for (const name of opened.book.SheetNames) {
    const sheet = opened.book.Sheets[name];
    if (sheet === undefined) continue;
    const text = sheetText(sheet, name, budget);
    if (text === null) return { ok: false, reason: 'too_much_text' };
    sheets.push(text);
  }
  return { ok: true, kind: opened.kind, sheets, csv: null };
}

/** The characters of a line's texts, as the preview stores and sends them. */
function lineChars(line: ParsedLine): number {
  return (
    line.order_number.length +
    (line.resi_number?.length ?? 0) +
    line.status_text.length +
    line.sku.length +
    (line.variation?.length ?? 0) +
    line.product_name.length +
    (line.problem?.length ?? 0)
  );
}

/** An order file read into the lines of a preview, whose text is bounded too. */
function readOrders(
  file: Uint8Array,
  limits: SheetLimits,
  options: OrderFileOptions,
): OrdersResult {
  const read = readFile(file, limits);
  if (!read.ok) return read;
  const parsed = parseOrderFile(read.sheets, options);
  if (!parsed.ok) return parsed;
  let chars = 0;
  for (const line of parsed.lines) chars += lineChars(line);
  if (chars > limits.maxPreviewChars) return { ok: false, reason: 'preview_too_large' };
  return { ok: true, channel: parsed.channel, lines: parsed.lines };
}

function fill(
  file: Uint8Array,
  limits: SheetLimits,
  sheetName: string,
  edits: CellEdit[],
): FillResult {
  const opened = open(file, limits, true);
  if (!opened.ok) return opened;
  if (opened.kind === 'csv') {
    for (const edit of edits) {
      const row = opened.rows[edit.row];
      if (row === undefined) continue;
      while (row.length <= edit.col) row.push('');
      row[edit.col] = String(edit.value);
    }
    return { ok: true, file: new TextEncoder().encode(writeCsv(opened.rows, opened.style)) };
  }
  const sheet = opened.book.Sheets[sheetName];
  if (sheet === undefined) return { ok: false, reason: 'not_spreadsheet' };
  for (const edit of edits) {
    const address = XLSX.utils.encode_cell({ r: edit.row, c: edit.col });
    const old = sheet[address] as XLSX.CellObject | undefined;
    // The number replaces the value; the cell keeps its style and number format.
    sheet[address] = { ...(old ?? {}), t: 'n', v: edit.value, w: undefined };
  }
  const output = XLSX.write(opened.book, {
    type: 'buffer',
    bookType: opened.kind === 'xls' ? 'biff8' : 'xlsx',
    compression: true,
  }) as Buffer;
  return { ok: true, file: new Uint8Array(output.buffer, output.byteOffset, output.byteLength) };
}

const tools: SheetTools = { kindOf, readFile };

/** A job of another module (SheetJobRequest): its file loaded by path, its answer awaited. */
async function runJob(request: SheetJobRequest): Promise<unknown> {
  // By path, not by import: the job's module depends on this one, never the other way round.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const job = require(request.module) as SheetJob;
  return job.runSheetJob(request, tools);
}

function handle(request: WorkerRequest) {
  switch (request.op) {
    case 'job':
      return runJob(request);
    case 'read':
      return readFile(request.file, request.limits);
    case 'orders':
      return readOrders(request.file, request.limits, request.options);
    case 'fill':
      return fill(request.file, request.limits, request.sheet, request.edits);
  }
}

parentPort?.on('message', (request: WorkerRequest) => {
  void Promise.resolve(handle(request)).then((answer) => parentPort?.postMessage(answer));
});
