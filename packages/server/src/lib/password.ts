// Password hashing off the event loop. bcrypt costs about 70 ms of CPU per check on
// purpose; run on the server's one JavaScript thread, 500 failed logins made every other request
// wait (a real sign-in went from 89 ms to 4.3 s). The checks run in a small pool of worker threads,
// and the queue in front of it is fair between clients: each client address has its own line and
// the free worker takes the next job from the next line, so a flood from some addresses delays a
// sign-in from another by about one job per flooding address, not by the whole flood.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** bcrypt work factor: about 70 ms per hash here, slow enough against offline guessing. */
export const BCRYPT_COST = 10;

/** Worker threads: one core left to the server's own thread, at least one, at most four. */
export const POOL_SIZE = Math.min(4, Math.max(1, availableParallelism() - 1));

/** Jobs waiting per client address at most; more are refused at once (the route answers 429). */
const MAX_WAITING_PER_KEY = 100;

/** The queue of one client address is full: it must wait for its earlier checks. */
export class PasswordQueueFullError extends Error {
  override name = 'PasswordQueueFullError';
}

// CommonJS, evaluated in the worker: no TypeScript loader is needed there (tsx, jest).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const bcrypt = require(workerData.bcryptjs);
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash'
      ? bcrypt.hashSync(job.password, job.cost)
      : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ id: job.id, result });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String((error && error.message) || error) });
  }
});
`;

type Job =
  | { op: 'hash'; password: string; cost: number }
  | { op: 'compare'; password: string; hash: string };

interface Pending {
  id: number;
  job: Job;
  resolve(value: string | boolean): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  running: Pending | null;
}

export class PasswordPool {
  private readonly slots: Slot[] = [];
  /**
   * Waiting jobs by client address, in the order the addresses are served; the addresses an
   * account signed in from before (the owner) are served before all others.
   */
  private readonly lines = new Map<string, Pending[]>();
  private readonly firstLines = new Map<string, Pending[]>();
  private nextId = 1;

  constructor(private readonly size: number = POOL_SIZE) {}

  run(key: string, job: Job, first = false): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const lines = first ? this.firstLines : this.lines;
      const line = lines.get(key) ?? [];
      if (line.length >= MAX_WAITING_PER_KEY) {
        reject(new PasswordQueueFullError('too many password checks waiting for this client'));
        return;
      }
      line.push({ id: this.nextId++, job, resolve, reject });
      lines.set(key, line);
      this.dispatch();
    });
  }

  /** Stops the workers (waiting jobs are refused). */
  async close(): Promise<void> {
    for (const lines of [this.firstLines, this.lines]) {
      for (const line of lines.values())
        for (const pending of line) pending.reject(new Error('password pool closed'));
      lines.clear();
    }
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.firstLines.size > 0 || this.lines.size > 0) {
      const slot = this.idleSlot();
      if (slot === null) return;
      const lines = this.firstLines.size > 0 ? this.firstLines : this.lines;
      // The line served longest ago is first in the map: take its first job, move it to the end.
      const [key, line] = lines.entries().next().value as [string, Pending[]];
      const pending = line.shift() as Pending;
      lines.delete(key);
      if (line.length > 0) lines.set(key, line);
      slot.running = pending;
      slot.worker.ref();
      slot.worker.postMessage({ id: pending.id, ...pending.job });
    }
  }

  private idleSlot(): Slot | null {
    const idle = this.slots.find((slot) => slot.running === null);
    if (idle !== undefined) return idle;
    if (this.slots.length >= this.size) return null;
    const slot = this.startWorker();
    this.slots.push(slot);
    return slot;
  }

  private startWorker(): Slot {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bcryptjs: require.resolve('bcryptjs') },
    });
    const slot: Slot = { worker, running: null };
    // An idle pool does not keep the process alive (the user command ends when it is done).
    worker.unref();
    worker.on('message', (answer: { id: number; result?: string | boolean; error?: string }) => {
      const pending = slot.running;
      if (pending === null || pending.id !== answer.id) return;
      slot.running = null;
      worker.unref();
      if (answer.error !== undefined) pending.reject(new Error(answer.error));
      else pending.resolve(answer.result as string | boolean);
      this.dispatch();
    });
    const fail = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      slot.running?.reject(error);
      slot.running = null;
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`password worker exited (${code})`)));
    return slot;
  }
}

const pool = new PasswordPool();

/** The key of checks not made for a client (the user command). */
export const LOCAL_KEY = 'local';

export async function hashPassword(password: string): Promise<string> {
  return (await pool.run(LOCAL_KEY, { op: 'hash', password, cost: BCRYPT_COST })) as string;
}

/**
 * Compares in the pool, in the line of `client` (its address); `first` for an address the account
 * signed in from before (account-guard.ts), served before the others.
 */
export async function verifyPassword(
  password: string,
  hash: string,
  client: string = LOCAL_KEY,
  first = false,
): Promise<boolean> {
  return (await pool.run(client, { op: 'compare', password, hash }, first)) === true;
}
