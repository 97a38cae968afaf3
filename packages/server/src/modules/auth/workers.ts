// With WORKERS above 1 each worker keeps the accounts it checks tokens against (sessions.ts) and
// hears of a change by NOTIFY, which may reach another worker after the logout has answered: a
// token kept working there for up to 52 ms (review 2026-11-28). So a logout also asks the
// primary (cluster.ts) to have every worker forget the account, and answers once all of them
// said they did. Other processes on the same database (the user CLI, another host) still rely on
// NOTIFY.
import cluster, { type Worker } from 'node:cluster';

/** worker -> primary: have every worker forget `id`; primary -> worker: forget `id` here. */
const FORGET = 'gudang:sessions-forget';
/** worker -> primary: forgotten here; primary -> the asking worker: forgotten everywhere. */
const FORGOTTEN = 'gudang:sessions-forgotten';

/**
 * The longest a logout waits for the workers: one that has not answered by then is stuck (it
 * answers no request either) and NOTIFY still reaches it.
 */
export const FORGET_TIMEOUT_MS = 2000;

interface ForgetMessage {
  type: typeof FORGET;
  id: number;
  seq: number;
}

interface ForgottenMessage {
  type: typeof FORGOTTEN;
  seq: number;
}

function isMessage<T extends ForgetMessage | ForgottenMessage>(
  message: unknown,
  type: T['type'],
): message is T {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === type &&
    Number.isSafeInteger((message as { seq?: unknown }).seq)
  );
}

const forgetters = new Set<(id: number) => void>();
const waiting = new Map<number, () => void>();
let nextSeq = 0;
let hearing = false;

function hear(): void {
  if (hearing) return;
  hearing = true;
  process.on('message', (message: unknown) => {
    if (isMessage<ForgetMessage>(message, FORGET) && Number.isSafeInteger(message.id)) {
      for (const forget of forgetters) forget(message.id);
      process.send?.(
        { type: FORGOTTEN, seq: message.seq } satisfies ForgottenMessage,
        undefined,
        undefined,
        () => {
          // The primary is gone: this worker is closing (cluster.ts, onPrimaryClose).
        },
      );
    } else if (isMessage<ForgottenMessage>(message, FORGOTTEN)) {
      waiting.get(message.seq)?.();
    }
  });
}

const inCluster = () => cluster.isWorker && process.send !== undefined;

/** In a worker: `forget` runs when another worker's logout names an account. The function stops. */
export function onForgetFromWorkers(forget: (id: number) => void): () => void {
  if (!inCluster()) return () => undefined;
  hear();
  forgetters.add(forget);
  return () => forgetters.delete(forget);
}

/**
 * Resolves once every worker has forgotten account `id` (true), at once outside a cluster
 * (true), or after FORGET_TIMEOUT_MS without every answer (false).
 */
export function forgetInEveryWorker(id: number): Promise<boolean> {
  if (!inCluster() || !process.connected) return Promise.resolve(true);
  hear();
  const seq = nextSeq++;
  return new Promise((resolve) => {
    const done = (confirmed: boolean) => {
      clearTimeout(timer);
      waiting.delete(seq);
      resolve(confirmed);
    };
    const timer = setTimeout(() => done(false), FORGET_TIMEOUT_MS);
    waiting.set(seq, () => done(true));
    process.send?.(
      { type: FORGET, id, seq } satisfies ForgetMessage,
      undefined,
      undefined,
      (error) => {
        if (error !== null) done(false);
      },
    );
  });
}

/**
 * Ends the sessions of account `id` in this process at once and, with WORKERS, in every worker
 * before the caller answers (a logout, a deactivation, a reset password). The database change
 * that ends them (token version, revoked token) is committed first.
 */
export async function forgetEverywhere(
  app: { sessions: { forget(id: number): void }; log: { warn(message: string): void } },
  id: number,
): Promise<void> {
  app.sessions.forget(id);
  if (!(await forgetInEveryWorker(id)))
    app.log.warn(
      `a worker did not confirm the end of a session within ${FORGET_TIMEOUT_MS} ms: it learns of it by NOTIFY`,
    );
}

/** In the primary: passes a worker's request to every worker and answers it when all have. */
export function relaySessionForgets(): void {
  let nextRelay = 0;
  const pending = new Map<number, { origin: Worker; seq: number; left: Set<number> }>();
  const finish = (relay: number) => {
    const entry = pending.get(relay);
    if (entry === undefined || entry.left.size > 0) return;
    pending.delete(relay);
    if (entry.origin.isConnected())
      entry.origin.send({ type: FORGOTTEN, seq: entry.seq } satisfies ForgottenMessage, () => {
        // A worker gone meanwhile waits for no answer.
      });
  };
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage<ForgetMessage>(message, FORGET)) {
      const relay = nextRelay++;
      const targets = Object.values(cluster.workers ?? {}).filter(
        (target): target is Worker => target?.isConnected() === true,
      );
      pending.set(relay, {
        origin: worker,
        seq: message.seq,
        left: new Set(targets.map((target) => target.id)),
      });
      for (const target of targets)
        target.send(
          { type: FORGET, id: message.id, seq: relay } satisfies ForgetMessage,
          (error) => {
            // Its channel closed meanwhile: it is ending and serves no one.
            if (error === null) return;
            pending.get(relay)?.left.delete(target.id);
            finish(relay);
          },
        );
      finish(relay);
    } else if (isMessage<ForgottenMessage>(message, FORGOTTEN)) {
      pending.get(message.seq)?.left.delete(worker.id);
      finish(message.seq);
    }
  });
  // A worker that died answers no more: the others' answers are enough.
  cluster.on('exit', (worker) => {
    for (const [relay, entry] of pending) {
      entry.left.delete(worker.id);
      finish(relay);
    }
  });
}
