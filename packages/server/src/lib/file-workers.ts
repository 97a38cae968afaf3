// The worker threads that read uploaded files (marketplace/sheets.ts, shipping-labels/labels.ts):
// a few files at a time, each in its own thread with a heap cap, so that a hostile file costs a
// thread, not the server. Starting a thread (TypeScript and the file's libraries loaded) costs
// half a second to a second: one that finished its file cleanly waits, unreferenced, for the next.
import { Worker } from 'node:worker_threads';

export interface FileWorkers {
  /** Waits for a free place among the files worked on at once; call the answer when done. */
  slot(): Promise<() => void>;
  /** The waiting thread, or a new one, referenced while it works. */
  take(): Worker;
  /** Keeps a thread that finished its file cleanly for the next one (one kept at most). */
  giveBack(worker: Worker): void;
}

/**
 * The threads of `entry`: at most `parallel` files at a time, each thread's heap capped at
 * `heapMb`.
 */
export function fileWorkers(
  entry: string,
  { heapMb, parallel }: { heapMb: number; parallel: number },
): FileWorkers {
  let running = 0;
  const waiting: (() => void)[] = [];
  let idle: Worker | null = null;

  /** A thread that dies while idle (it should not) is simply not reused. */
  function forget(this: Worker): void {
    if (idle === this) idle = null;
  }

  return {
    async slot() {
      if (running >= parallel) await new Promise<void>((resolve) => waiting.push(resolve));
      running += 1;
      return () => {
        running -= 1;
        waiting.shift()?.();
      };
    },
    take() {
      const worker =
        idle ?? new Worker(entry, { resourceLimits: { maxOldGenerationSizeMb: heapMb } });
      idle = null;
      worker.off('exit', forget);
      worker.ref();
      return worker;
    },
    giveBack(worker) {
      if (idle !== null) {
        void worker.terminate();
        return;
      }
      worker.unref();
      worker.once('exit', forget);
      idle = worker;
    },
  };
}
