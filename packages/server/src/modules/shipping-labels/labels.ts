// Runs the label worker (label-worker.ts) for one file: read there, the orders looked up here
// (the `plan` callback), written there. One thread per file, a few files at a time, each with a
// memory cap and a time limit over both steps, so that a hostile PDF costs the worker, not the
// server (as the spreadsheet reader does, marketplace/sheets.ts).
import path from 'node:path';
import { SHIPPING_LABEL_MAX_PAGES, type ShippingLabelMode } from '@gudang/api-client/contract';
import type {
  LabelLimits,
  PageText,
  WorkerAnswer,
  WorkerRequest,
  WriteAnswer,
  WritePlan,
} from './label-types';
import { fileWorkers } from '../../lib/file-workers';

const WORKER_ENTRY = path.join(__dirname, 'label-worker.cjs');

/** A file that needs more than this is refused (500 labels of a real shop need about 150 MB). */
const WORKER_HEAP_MB = 1024;
/** A file that takes longer than this, both steps together, is refused. */
const WORKER_TIME_LIMIT_MS = 120_000;
/**
 * Memory the process may grow by while a file is worked on (RSS): the heap limit does not cover
 * ArrayBuffers (a stream inflating to gigabytes); past it the worker is ended.
 */
const PROCESS_GROWTH_MB = 1536;
const MB = 1024 * 1024;
/** How often the process's memory is looked at meanwhile. */
const WATCH_MS = 50;

/** Files read at the same time; the rest wait (the machine has few cores). */
const PARALLEL_FILES = 2;

export const LABEL_LIMITS: LabelLimits = {
  maxPages: SHIPPING_LABEL_MAX_PAGES,
  maxPageChars: 20_000,
  maxPageTokens: 400,
  maxPageOperators: 200_000,
  // A label's content is 5-50 KB: 1,000 of the largest fit more than twice.
  maxContentBytes: 128 * 1024 * 1024,
};

const workers = fileWorkers(WORKER_ENTRY, { heapMb: WORKER_HEAP_MB, parallel: PARALLEL_FILES });

export type LabelResult = WriteAnswer;

/** `%PDF-` within the first 1024 bytes (ISO 32000-1, 7.5.2; some writers put bytes before it). */
export function looksLikePdf(file: Uint8Array): boolean {
  return Buffer.from(file.buffer, file.byteOffset, Math.min(file.length, 1024)).includes('%PDF-');
}

/**
 * The file read, planned and written. `plan` gets what was read of each page and answers what to
 * write; a worker that runs out of memory or time reads as a file too heavy.
 */
export async function processLabels(
  file: Uint8Array,
  mode: ShippingLabelMode,
  plan: (pages: PageText[]) => Promise<WritePlan>,
  limits: LabelLimits = LABEL_LIMITS,
): Promise<LabelResult> {
  // Not a PDF: refused before a thread is started for it.
  if (!looksLikePdf(file)) return { ok: false, reason: 'not_pdf' };
  const release = await workers.slot();
  const worker = workers.take();
  let healthy = true;
  let stopped = false;
  const heavy = { ok: false, reason: 'too_heavy' } as const;
  const stop = () => {
    stopped = true;
    healthy = false;
    void worker.terminate();
  };
  const timer = setTimeout(stop, WORKER_TIME_LIMIT_MS);
  const startRss = process.memoryUsage.rss();
  const watch = setInterval(() => {
    if (process.memoryUsage.rss() - startRss > PROCESS_GROWTH_MB * MB) stop();
  }, WATCH_MS);

  const ask = (request: WorkerRequest, transfer: ArrayBuffer[] = []) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (answer: WorkerAnswer) => {
        done();
        resolve(answer);
      };
      const onError = (error: Error & { code?: string }) => {
        // Out of memory, or an error pdf.js or pdf-lib threw outside any promise: the file's.
        done();
        healthy = false;
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve(heavy);
        else resolve({ ok: false, reason: 'broken', detail: error.stack ?? error.message });
      };
      const onExit = () => {
        done();
        healthy = false;
        if (stopped) resolve(heavy);
        else reject(new Error('the label worker stopped without an answer'));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(request, transfer);
    });

  try {
    // A private copy: the worker takes the bytes it is given.
    const copy = new Uint8Array(file);
    const read = await ask({ op: 'read', file: copy, limits, mode }, [copy.buffer]);
    if (!read.ok) return read;
    if (!('pages' in read) || !Array.isArray(read.pages))
      throw new Error('the label worker answered out of turn');
    let written: WritePlan;
    try {
      written = await plan(read.pages);
    } catch (error) {
      // The worker holds the file: it is not kept for the next one.
      healthy = false;
      throw error;
    }
    if (stopped) return heavy;
    const answer = await ask({ op: 'write', plan: written });
    if (answer.ok && !('file' in answer)) throw new Error('the label worker answered out of turn');
    return answer as LabelResult;
  } finally {
    clearTimeout(timer);
    clearInterval(watch);
    if (healthy) workers.giveBack(worker);
    else void worker.terminate();
    release();
  }
}
