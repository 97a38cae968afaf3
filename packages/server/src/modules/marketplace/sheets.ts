// Runs the spreadsheet worker (sheet-worker.ts): one thread per file, a few at a time, each with
// a memory cap and a time limit, so that a hostile file costs the worker, not the server.
import path from 'node:path';
import {
  MARKETPLACE_MAX_INFLATED_BYTES,
  MARKETPLACE_MAX_PREVIEW_CHARS,
  MARKETPLACE_MAX_ROWS,
  MARKETPLACE_MAX_TEXT_CHARS,
} from '@gudang/api-client/contract';
import type {
  CellEdit,
  FillResult,
  OrderFileOptions,
  OrdersResult,
  ReadFailure,
  ReadResult,
  SheetLimits,
  WorkerRequest,
  WorkerResponse,
} from './sheet-types';
import { fileWorkers } from '../../lib/file-workers';

const WORKER_ENTRY = path.join(__dirname, 'sheet-worker.cjs');

/** A file that needs more than this to be read is refused (a legitimate 10 MB file needs less). */
const WORKER_HEAP_MB = 1024;
/** A file that takes longer than this is refused. */
const WORKER_TIME_LIMIT_MS = 60_000;
/** Files read at the same time; the rest wait (the machine has few cores). */
const PARALLEL_FILES = 2;

export const DEFAULT_LIMITS: SheetLimits = {
  maxRows: MARKETPLACE_MAX_ROWS,
  maxInflatedBytes: MARKETPLACE_MAX_INFLATED_BYTES,
  maxTextChars: MARKETPLACE_MAX_TEXT_CHARS,
  maxPreviewChars: MARKETPLACE_MAX_PREVIEW_CHARS,
};

const workers = fileWorkers(WORKER_ENTRY, { heapMb: WORKER_HEAP_MB, parallel: PARALLEL_FILES });

/** How a job runs: its time limit, and whether its worker is kept for the next file. */
export interface SheetJobOptions {
  timeLimitMs?: number;
  /** false: the worker ends after the job, its memory given back (a job that used much). */
  reuse?: boolean;
}

/** The worker's answer; a worker that runs out of memory or time reads as a file that inflates. */
async function run(
  request: WorkerRequest,
  { timeLimitMs = WORKER_TIME_LIMIT_MS, reuse = true }: SheetJobOptions = {},
): Promise<WorkerResponse> {
  const release = await workers.slot();
  try {
    return await new Promise<WorkerResponse>((resolve, reject) => {
      const worker = workers.take();
      let settled = false;
      const onMessage = (message: WorkerResponse) => finish(() => resolve(message), reuse);
      const onError = (error: Error & { code?: string }) =>
        finish(
          () =>
            error.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? resolve({ ok: false, reason: 'inflates' })
              : reject(error),
          false,
        );
      const onExit = () =>
        finish(() => reject(new Error('the spreadsheet worker stopped without an answer')), false);
      const finish = (answer: () => void, reuse: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (reuse) workers.giveBack(worker);
        else void worker.terminate();
        answer();
      };
      const timer = setTimeout(
        () => finish(() => resolve({ ok: false, reason: 'inflates' }), false),
        timeLimitMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request, [request.file.buffer as ArrayBuffer]);
    });
  } finally {
    release();
  }
}

/** A private copy: the worker takes the bytes it is given. */
const copyOf = (file: Uint8Array) => new Uint8Array(file);

/** The sheets of an uploaded file as rows of text. */
export async function readSheets(
  file: Uint8Array,
  limits: SheetLimits = DEFAULT_LIMITS,
): Promise<ReadResult> {
  return (await run({ op: 'read', file: copyOf(file), limits })) as ReadResult;
}

/** An order file read into the lines of a preview (parse-orders.ts), all in the worker. */
export async function readOrderFile(
  file: Uint8Array,
  options: OrderFileOptions,
  limits: SheetLimits = DEFAULT_LIMITS,
): Promise<OrdersResult> {
  return (await run({ op: 'orders', file: copyOf(file), limits, options })) as OrdersResult;
}

/**
 * A job of another module (SheetJobRequest: `module` a file's absolute path) run in the worker,
 * with the pool, memory cap and time limit of the files above: its answer, or the refusal of a
 * file that needs more than the worker may take ('inflates').
 */
export async function runSheetJob<T>(
  module: string,
  file: Uint8Array,
  limits: SheetLimits,
  input: unknown,
  options: SheetJobOptions = {},
): Promise<T | { ok: false; reason: ReadFailure }> {
  const answer: unknown = await run(
    { op: 'job', module, file: copyOf(file), limits, input },
    options,
  );
  return answer as T | { ok: false; reason: ReadFailure };
}

/** The file with numbers written into cells of one sheet, in its own format. */
export async function fillSheet(
  file: Uint8Array,
  sheet: string,
  edits: CellEdit[],
  limits: SheetLimits = DEFAULT_LIMITS,
): Promise<FillResult> {
  return (await run({ op: 'fill', file: copyOf(file), limits, sheet, edits })) as FillResult;
}
