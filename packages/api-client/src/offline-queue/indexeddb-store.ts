// The offline queue on the phone: IndexedDB (kept across reloads and restarts; localStorage is
// per-tab-synchronous and too small for a day of scans). Keys are auto-increments, so that
// reading a store gives the writes in the order they were made.
import { memoryStore, type QueueStore, type QueuedWrite, type RefusedWrite } from './offline-queue';

const DB_NAME = 'gudang-offline';
const PENDING = 'pending';
const REFUSED = 'refused';
const BY_CLIENT_ID = 'client_id';

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const db = request.result;
    for (const name of [PENDING, REFUSED]) {
      const store = db.createObjectStore(name, { autoIncrement: true });
      store.createIndex(BY_CLIENT_ID, 'client_id', { unique: true });
    }
  };
  return done(request) as Promise<IDBDatabase>;
}

async function removeByClientId(store: IDBObjectStore, clientId: string): Promise<void> {
  const key = (await done(store.index(BY_CLIENT_ID).getKey(clientId))) as IDBValidKey | undefined;
  if (key !== undefined) store.delete(key);
}

/** The queue in IndexedDB; in memory where the browser has none (or refuses it). */
export function indexedDbStore(factory: IDBFactory | undefined = globalThis.indexedDB): QueueStore {
  if (factory === undefined) return memoryStore();
  let db: Promise<IDBDatabase> | null = null;
  const database = () => (db ??= open(factory));

  async function all<T>(name: string): Promise<T[]> {
    const tx = (await database()).transaction(name, 'readonly');
    return (await done(tx.objectStore(name).getAll())) as T[];
  }

  async function write(
    names: string[],
    work: (stores: Record<string, IDBObjectStore>) => Promise<void> | void,
  ): Promise<void> {
    const tx = (await database()).transaction(names, 'readwrite');
    const end = committed(tx);
    await work(Object.fromEntries(names.map((name) => [name, tx.objectStore(name)])));
    await end;
  }

  return {
    pending: () => all<QueuedWrite>(PENDING),
    refused: () => all<RefusedWrite>(REFUSED),
    add: (item) =>
      write([PENDING], (stores) => {
        stores[PENDING]?.add(item);
      }),
    settle: (clientId, refusal) =>
      write([PENDING, REFUSED], async (stores) => {
        const pending = stores[PENDING];
        const refused = stores[REFUSED];
        if (pending === undefined || refused === undefined) return;
        // Both in one transaction: a write is never in both lists, nor in neither.
        if (refusal !== undefined) refused.put(refusal);
        await removeByClientId(pending, clientId);
      }),
    dismiss: (clientId) =>
      write([REFUSED], async (stores) => {
        if (stores[REFUSED] !== undefined) await removeByClientId(stores[REFUSED], clientId);
      }),
    clearUser: (userId) =>
      write([PENDING, REFUSED], async (stores) => {
        for (const store of Object.values(stores)) {
          const items = (await done(store.getAll())) as QueuedWrite[];
          const keys = (await done(store.getAllKeys())) as IDBValidKey[];
          items.forEach((item, index) => {
            const key = keys[index];
            if (item.user_id === userId && key !== undefined) store.delete(key);
          });
        }
      }),
  };
}
