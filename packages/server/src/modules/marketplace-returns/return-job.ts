// A return, failed-delivery or cancellation file read into its requests in the spreadsheet
// worker (a job of marketplace's worker, like the income import's settlement-job.ts: its pool,
// memory cap, time limit and text budget), so that the server's thread only receives the
// requests, each text bounded, never the cells (issue 41: a shared-strings bomb's cells once
// crossed to the server and grew it by gigabytes). The requests and problems a preview keeps
// are bounded too (SheetLimits.maxPreviewChars), checked here before anything is sent.
import { MARKETPLACE_RETURN_MESSAGES } from '@gudang/api-client/contract';
import type {
  SheetFileResult,
  SheetJobRequest,
  SheetLimits,
  SheetTools,
} from '../marketplace/service';
import { readFailureMessage, runSheetJob as runInWorker } from '../marketplace/service';
import {
  parseReturnFile,
  type ParsedReturn,
  type ParsedReturnFile,
  type ReturnFileOptions,
} from './parse-returns';

export type ReturnFileResult = SheetFileResult<ParsedReturnFile>;

/** A worker that read a file this big ends afterwards, giving its memory back. */
const REUSE_BELOW_BYTES = 4 * 1024 * 1024;

/** Why a file was refused, in Indonesian (the order import's words, this upload's row limit). */
export function returnReadMessage(result: Exclude<ReturnFileResult, { ok: true }>): string {
  if ('error' in result) return result.error;
  return readFailureMessage(result.reason, MARKETPLACE_RETURN_MESSAGES.tooManyRows);
}

/** Reads an uploaded return file in the spreadsheet worker (called by the server). */
export function readReturnFile(
  file: Uint8Array,
  limits: SheetLimits,
  options: ReturnFileOptions,
): Promise<ReturnFileResult> {
  return runInWorker<ReturnFileResult>(__filename, file, limits, options, {
    reuse: file.length < REUSE_BELOW_BYTES,
  });
}

const length = (text: string | null) => (text === null ? 0 : text.length);

/** The characters of a request's texts, as the preview stores and sends them. */
function requestChars(request: ParsedReturn): number {
  return (
    request.reference.length +
    request.lineKey.length +
    request.orderNumber.length +
    length(request.returnNumber) +
    request.statusText.length +
    length(request.reason) +
    length(request.sku) +
    length(request.productName) +
    length(request.returnTracking)
  );
}

// Half of a surrogate pair is no text (PostgreSQL refuses it in jsonb); the cells' are U+FFFD
// already (the worker's reader), a sheet's name is made so here.
const LONE_SURROGATE = /\p{Cs}/gu;

/** The worker's side (SheetJob): the request's file read into its requests. */
export function runSheetJob(request: SheetJobRequest, tools: SheetTools): ReturnFileResult {
  const read = tools.readFile(request.file, request.limits);
  if (!read.ok) return read;
  const sheets = read.sheets.map((sheet) => ({
    ...sheet,
    name: sheet.name.replace(LONE_SURROGATE, '\ufffd'),
  }));
  const parsed = parseReturnFile(sheets, request.input as ReturnFileOptions);
  if ('error' in parsed) return { ok: false, error: parsed.error };
  let chars = 0;
  for (const item of parsed.requests) chars += requestChars(item);
  for (const problem of parsed.problems) chars += problem.sheet.length + problem.message.length;
  if (chars > request.limits.maxPreviewChars) return { ok: false, reason: 'preview_too_large' };
  return { ok: true, file: parsed };
}
