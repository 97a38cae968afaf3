// An income or settlement file read into its orders in the spreadsheet worker (a job of
// marketplace's worker: its pool, memory cap and time limit), so that the server's thread only
// receives the orders, never the cells. An xlsx is streamed a row at a time (settlement-xlsx.ts):
// the first rows of every sheet decide the format (startSettlementRead), then the rows of the
// sheets it reads go through it one by one, so a 300,000-row file holds its orders, not its
// cells. An xls, a CSV and an xlsx of another shape (xlsb, ods) are read whole by the order
// import's reader (at most 65,536 rows in an xls) and parsed the same way.
import type {
  SheetFileResult,
  SheetJobRequest,
  SheetLimits,
  SheetText,
  SheetTools,
} from '../marketplace/service';
import { SETTLEMENT_MESSAGES } from '@gudang/api-client/contract';
import {
  HEADER_SEARCH_ROWS,
  readFailureMessage,
  runSheetJob as runInWorker,
} from '../marketplace/service';
import {
  keptOf,
  parseSettlementFile,
  startSettlementRead,
  type KeptSettlementFile,
  type SettlementFileOptions,
} from './parse-settlements';
import { eachRow, openXlsx, type XlsxBook } from './settlement-xlsx';

/** The orders as compact JSON batches: text crosses to the server, never 150,000 objects. */
export type SettlementFileResult = SheetFileResult<KeptSettlementFile>;

/**
 * A file of up to 300,000 rows takes longer than an order file's time limit on a busy machine
 * (measured: 22 s for 299,999 rows with the machine's load average at 15 on 2 cores).
 */
const TIME_LIMIT_MS = 180_000;

/** Why a file was refused, in Indonesian (the order import's words, this upload's limits). */
export function settlementReadMessage(result: Exclude<SettlementFileResult, { ok: true }>): string {
  if ('error' in result) return result.error;
  if (result.reason === 'too_much_text') return SETTLEMENT_MESSAGES.tooMuchText;
  return readFailureMessage(result.reason, SETTLEMENT_MESSAGES.tooManyRows);
}

/** A worker that read a file this big ends afterwards (see readSettlementFile). */
const REUSE_BELOW_BYTES = 4 * 1024 * 1024;

/**
 * Reads an uploaded income file in the spreadsheet worker (called by the server). After a big
 * file the worker ends, giving its memory back: the worker that read 300,000 rows would
 * otherwise keep a heap of that size while it waits for the next file.
 */
export function readSettlementFile(
  file: Uint8Array,
  limits: SheetLimits,
  options: SettlementFileOptions,
): Promise<SettlementFileResult> {
  return runInWorker<SettlementFileResult>(__filename, file, limits, options, {
    timeLimitMs: TIME_LIMIT_MS,
    reuse: file.length < REUSE_BELOW_BYTES,
  });
}

async function streamed(
  book: XlsxBook,
  limits: SheetLimits,
  options: SettlementFileOptions,
): Promise<SettlementFileResult> {
  const heads: SheetText[] = [];
  const headBudget = { left: limits.maxTextChars };
  for (const sheet of book.sheets) {
    const rows: string[][] = [];
    const failed = await eachRow(
      book,
      sheet,
      (index, cells) => {
        while (rows.length < index) rows.push([]);
        rows[index] = cells;
      },
      { limits, budget: headBudget, stopAfter: HEADER_SEARCH_ROWS },
    );
    if (failed !== null) return failed;
    heads.push({ name: sheet.name, rows });
  }
  const reader = startSettlementRead(heads, options);
  if ('error' in reader) return { ok: false, error: reader.error };
  const passes: ((at: number) => Parameters<typeof eachRow>[2])[] = [];
  if (reader.scans) passes.push((at) => (index, cells) => reader.scan(at, index, cells));
  passes.push((at) => (index, cells, lost) => reader.read(at, index, cells, lost ?? undefined));
  for (const pass of passes) {
    // Each pass may hold the budget's text (it holds a row at a time, not the text).
    const budget = { left: limits.maxTextChars };
    for (const at of reader.sheets) {
      const sheet = book.sheets[at];
      if (sheet === undefined) continue;
      const failed = await eachRow(book, sheet, pass(at), { limits, budget });
      if (failed !== null) return failed;
    }
  }
  return { ok: true, file: reader.finishKept() };
}

/** The worker's side (SheetJob): the request's file read into its orders. */
export async function runSheetJob(
  request: SheetJobRequest,
  tools: SheetTools,
): Promise<SettlementFileResult> {
  const options = request.input as SettlementFileOptions;
  const { file, limits } = request;
  if (tools.kindOf(file) === 'xlsx') {
    const book = openXlsx(file, limits);
    if (book !== null) return 'ok' in book ? book : streamed(book, limits, options);
  }
  const read = tools.readFile(file, limits);
  if (!read.ok) return read;
  const parsed = parseSettlementFile(read.sheets, options);
  return 'error' in parsed
    ? { ok: false, error: parsed.error }
    : { ok: true, file: keptOf(parsed) };
}
