// Offline capture (issue 48; the server side: docs/adr/0025-writes-sent-again.md). A scan's write
// that cannot reach the server is kept on the phone with a client_id and sent later, in order, in
// the foreground (on `online` and on every page start; no Background Sync: Safari and Firefox
// lack it). The server answers a client_id once, so a send whose answer was lost is sent again
// safely; it re-validates every write and its refusal is kept with the reason for the page to list.
import { getApiBaseUrl } from '../base-url';
import { getToken } from '../token';

/** The writes a phone may capture offline (each route takes a client_id on the server). */
export type OfflineKind = 'opname-count' | 'packing-ship' | 'return';

/** One write waiting to be sent. */
export interface QueuedWrite {
  client_id: string;
  user_id: number;
  kind: OfflineKind;
  /** The API path, e.g. '/api/stock-opname/3/counts' (always a POST). */
  route: string;
  /** The body as it will be sent, client_id included. */
  body: Record<string, unknown>;
  /** What the page shows for it: a barcode, a resi. */
  label: string;
  /** The page's own key (a session id, a resi): which page lists it. */
  group: string;
  created_at: string;
}

/** A queued write the server refused when it arrived, with its reason. */
export interface RefusedWrite extends QueuedWrite {
  status: number;
  message: string;
}

/** Where the queue is kept: IndexedDB on a phone, memory in tests. Lists are in creation order. */
export interface QueueStore {
  pending(): Promise<QueuedWrite[]>;
  refused(): Promise<RefusedWrite[]>;
  add(item: QueuedWrite): Promise<void>;
  /** Removes a pending write; with `refusal`, keeps it in the refused list instead (one step). */
  settle(clientId: string, refusal?: RefusedWrite): Promise<void>;
  dismiss(clientId: string): Promise<void>;
  clearUser(userId: number): Promise<void>;
}

/** How one send ended. */
export type SendOutcome =
  { kind: 'sent' } | { kind: 'refused'; status: number; message: string } | { kind: 'unreachable' };

export type Sender = (item: QueuedWrite) => Promise<SendOutcome>;

export const OFFLINE_TEXTS = {
  offline: (count: number) => `Offline: ${count} scan tersimpan di perangkat ini`,
  sending: (count: number) => `Mengirim ${count} scan tersimpan...`,
  refusedTitle: 'Scan tersimpan yang ditolak server',
  dismiss: 'Hapus dari daftar',
  refusedFallback: 'Ditolak server',
  signOutConfirm: (count: number) =>
    `${count} scan tersimpan belum terkirim karena tidak ada koneksi. Keluar tetap akan menghapusnya dari perangkat ini. Lanjutkan?`,
} as const;

/** A 4xx is the server's decision on the write (re-validated): kept as a refusal, not resent. */
function isRefusal(status: number): boolean {
  return status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429;
}

/** Sends with the stored token, as the base query does; no token -> not sent now. */
export const fetchSender: Sender = async (item) => {
  const token = getToken();
  if (token === null) return { kind: 'unreachable' };
  let response: Response;
  try {
    response = await fetch(`${getApiBaseUrl()}${item.route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(item.body),
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (response.ok) return { kind: 'sent' };
  if (!isRefusal(response.status)) return { kind: 'unreachable' };
  let message: string = OFFLINE_TEXTS.refusedFallback;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message.trim() !== '') message = body.message;
  } catch {
    // no JSON body: the fallback says it was refused
  }
  return { kind: 'refused', status: response.status, message };
};

/** A network failure, as fetchBaseQuery reports it (no answer at all, or the timeout). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error as { status: unknown };
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

export interface QueueSnapshot {
  pending: QueuedWrite[];
  refused: RefusedWrite[];
  /** The last send failed for the network (cleared by a send that arrives or `online`). */
  unreachable: boolean;
}

export interface EnqueueInput {
  userId: number;
  kind: OfflineKind;
  route: string;
  body: Record<string, unknown>;
  label: string;
  group: string;
  /** The id a send that got no answer already carried (the server may have done it). */
  clientId?: string;
}

/** A new client_id: a page sends every write with one, so that a resend is done once. */
export function newClientId(): string {
  return crypto.randomUUID();
}

/** The Web Lock every page of the device flushes under (one IndexedDB, one sender at a time). */
const FLUSH_LOCK = 'gudang-offline-queue';

/**
 * Runs `task` while no other page (tab) of this device flushes: two open pages coming back online
 * would otherwise read the same pending writes and send each twice (the server refuses the second
 * by its client_id, but both pages then settle it in IndexedDB at once and fail). Without Web
 * Locks (an old browser, a test), at once.
 */
async function acrossPages(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks === undefined) await task();
  else await locks.request(FLUSH_LOCK, task);
}

/**
 * The queue of one page load. Writes go out one at a time in creation order; one flush at a time
 * on the device (acrossPages).
 * A 2xx (the first answer or the server's replay of it) removes a write; a refusal moves it to the
 * refused list; a network failure keeps it and stops, so that the order is kept.
 */
export class OfflineQueue {
  private snapshot: QueueSnapshot = { pending: [], refused: [], unreachable: false };
  private readonly listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private loaded: Promise<void> | null = null;

  constructor(
    private readonly store: QueueStore,
    private readonly send: Sender = fetchSender,
  ) {}

  /** The lists as last read (for useSyncExternalStore: the same object until something changes). */
  getSnapshot = (): QueueSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    void this.load();
    return () => this.listeners.delete(listener);
  };

  private async refresh(unreachable = this.snapshot.unreachable): Promise<void> {
    const [pending, refused] = await Promise.all([this.store.pending(), this.store.refused()]);
    this.snapshot = { pending, refused, unreachable };
    for (const listener of this.listeners) listener();
  }

  load(): Promise<void> {
    this.loaded ??= this.refresh().catch(() => undefined);
    return this.loaded;
  }

  /** Keeps a write with a new client_id (returned) and starts sending it when online. */
  async enqueue(input: EnqueueInput): Promise<QueuedWrite> {
    const clientId = input.clientId ?? newClientId();
    const item: QueuedWrite = {
      client_id: clientId,
      user_id: input.userId,
      kind: input.kind,
      route: input.route,
      body: { ...input.body, client_id: clientId },
      label: input.label,
      group: input.group,
      created_at: new Date().toISOString(),
    };
    await this.store.add(item);
    await this.refresh();
    return item;
  }

  /** A send failed for the network outside the queue: the page says it is offline now. */
  markUnreachable(): void {
    if (this.snapshot.unreachable) return;
    this.snapshot = { ...this.snapshot, unreachable: true };
    for (const listener of this.listeners) listener();
  }

  /** Sends the user's pending writes in order; resolves when done or stopped by the network. */
  flush(userId: number): Promise<void> {
    if (this.flushing !== null) {
      // A flush is running: one more pass after it picks up what was queued meanwhile.
      return this.flushing.then(() => this.flush(userId));
    }
    this.flushing = acrossPages(() => this.run(userId))
      // A store that failed (IndexedDB) keeps the write pending for the next flush: shown as read.
      .catch(() => this.refresh().catch(() => undefined))
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
  }

  private async run(userId: number): Promise<void> {
    const pending = (await this.store.pending()).filter((item) => item.user_id === userId);
    let unreachable = false;
    for (const item of pending) {
      const outcome = await this.send(item);
      if (outcome.kind === 'unreachable') {
        unreachable = true;
        break;
      }
      await this.store.settle(
        item.client_id,
        outcome.kind === 'refused'
          ? { ...item, status: outcome.status, message: outcome.message }
          : undefined,
      );
      await this.refresh(false);
    }
    await this.refresh(unreachable);
  }

  async dismiss(clientId: string): Promise<void> {
    await this.store.dismiss(clientId);
    await this.refresh();
  }

  /** Sign-out: what is left of the user (pending and refused) is removed from this device. */
  async clearUser(userId: number): Promise<void> {
    await this.store.clearUser(userId);
    await this.refresh(false);
  }
}

/** The queue in memory: for tests, and where IndexedDB is missing (kept for the page's life). */
export function memoryStore(): QueueStore {
  let pending: QueuedWrite[] = [];
  let refused: RefusedWrite[] = [];
  return {
    pending: () => Promise.resolve([...pending]),
    refused: () => Promise.resolve([...refused]),
    add(item) {
      pending.push(item);
      return Promise.resolve();
    },
    settle(clientId, refusal) {
      pending = pending.filter((item) => item.client_id !== clientId);
      if (refusal !== undefined) refused.push(refusal);
      return Promise.resolve();
    },
    dismiss(clientId) {
      refused = refused.filter((item) => item.client_id !== clientId);
      return Promise.resolve();
    },
    clearUser(userId) {
      pending = pending.filter((item) => item.user_id !== userId);
      refused = refused.filter((item) => item.user_id !== userId);
      return Promise.resolve();
    },
  };
}
