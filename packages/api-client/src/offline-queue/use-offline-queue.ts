import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { indexedDbStore } from './indexeddb-store';
import {
  OFFLINE_TEXTS,
  OfflineQueue,
  type EnqueueInput,
  type QueuedWrite,
  type RefusedWrite,
} from './offline-queue';

// One queue per page load, shared by the shell and every remote (api-client is a singleton).
let queue: OfflineQueue | null = null;

export function getOfflineQueue(): OfflineQueue {
  queue ??= new OfflineQueue(indexedDbStore());
  return queue;
}

/** Tests: a queue over a memory store and a fake sender. */
export function setOfflineQueue(next: OfflineQueue | null): void {
  queue = next;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}
const onLine = () => navigator.onLine;

export interface OfflineQueueView {
  /** No network (the browser says so, or the last send did not reach the server). */
  offline: boolean;
  /** The user's writes of this page (its group) waiting to be sent, oldest first. */
  pending: QueuedWrite[];
  /** The user's writes of this page the server refused, with the reason. */
  refused: RefusedWrite[];
  enqueue: (input: Omit<EnqueueInput, 'userId'>) => Promise<QueuedWrite | null>;
  dismiss: (clientId: string) => void;
  /** A page's own request failed for the network: say so at once. */
  markUnreachable: () => void;
}

/**
 * The offline queue as a page of `userId` sees it, `group` naming which writes it lists. Sends
 * the user's queue when the page starts and whenever the browser comes back online.
 */
export function useOfflineQueue(userId: number | null, group: string | null): OfflineQueueView {
  const current = getOfflineQueue();
  const snapshot = useSyncExternalStore(current.subscribe, current.getSnapshot);
  const browserOnline = useSyncExternalStore(subscribeOnline, onLine);

  useEffect(() => {
    if (userId === null) return undefined;
    const flush = () => void current.flush(userId);
    if (navigator.onLine) flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [current, userId]);

  const mine = useCallback(
    (item: QueuedWrite) => item.user_id === userId && (group === null || item.group === group),
    [userId, group],
  );
  const pending = useMemo(() => snapshot.pending.filter(mine), [snapshot.pending, mine]);
  const refused = useMemo(() => snapshot.refused.filter(mine), [snapshot.refused, mine]);

  const enqueue = useCallback(
    async (input: Omit<EnqueueInput, 'userId'>) => {
      if (userId === null) return null;
      const item = await current.enqueue({ ...input, userId });
      if (navigator.onLine) void current.flush(userId);
      return item;
    },
    [current, userId],
  );

  return {
    offline: !browserOnline || snapshot.unreachable,
    pending,
    refused,
    enqueue,
    dismiss: useCallback((clientId: string) => void current.dismiss(clientId), [current]),
    markUnreachable: useCallback(() => current.markUnreachable(), [current]),
  };
}

/**
 * Sign-out (data of one user never shows to the next): the user's queue is sent first; what
 * cannot be sent is removed only when the user agrees (`confirm`). Resolves whether to sign out.
 */
export async function settleQueueBeforeSignOut(
  userId: number,
  confirm: (message: string) => boolean,
): Promise<boolean> {
  const current = getOfflineQueue();
  await current.load();
  if (current.getSnapshot().pending.some((item) => item.user_id === userId)) {
    if (navigator.onLine) await current.flush(userId);
    const left = current.getSnapshot().pending.filter((item) => item.user_id === userId);
    if (left.length > 0 && !confirm(OFFLINE_TEXTS.signOutConfirm(left.length))) return false;
  }
  await current.clearUser(userId);
  return true;
}
