import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { setToken } from '../token';
import {
  OfflineQueue,
  fetchSender,
  memoryStore,
  type QueuedWrite,
  type SendOutcome,
} from './offline-queue';

const count = (barcode: string, userId = 1) => ({
  userId,
  kind: 'opname-count' as const,
  route: '/api/stock-opname/3/counts',
  body: { barcode, add: 1 },
  label: barcode,
  group: 'opname:3',
});

/** A sender that answers from a script and records what it was given. */
function scripted(answers: SendOutcome[]) {
  const sent: QueuedWrite[] = [];
  return {
    sent,
    sender: (item: QueuedWrite) => {
      sent.push(item);
      return Promise.resolve(answers.shift() ?? { kind: 'sent' as const });
    },
  };
}

describe('OfflineQueue', () => {
  it('two pages of one device flushing at once send each write once (Web Locks)', async () => {
    // The browser's Web Locks, as they behave: a lock of a name is granted to one task at a time.
    const tails = new Map<string, Promise<unknown>>();
    const request = jest.fn((name: string, task: () => Promise<unknown>) => {
      const granted = (tails.get(name) ?? Promise.resolve()).then(task);
      tails.set(
        name,
        granted.catch(() => undefined),
      );
      return granted;
    });
    Object.defineProperty(navigator, 'locks', { configurable: true, value: { request } });
    try {
      const store = memoryStore();
      const sent: string[] = [];
      // Each send waits for the network a little, as a real one does.
      const sender = async (item: QueuedWrite) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        sent.push(item.label);
        return { kind: 'sent' as const };
      };
      const tabA = new OfflineQueue(store, sender);
      const tabB = new OfflineQueue(store, sender);
      await tabA.enqueue(count('BC1'));
      await tabA.enqueue(count('BC2'));
      await Promise.all([tabA.flush(1), tabB.flush(1)]);
      expect(sent).toEqual(['BC1', 'BC2']);
      expect(request).toHaveBeenCalledTimes(2);
      expect(tabB.getSnapshot().pending).toEqual([]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('keeps each write with its own uuid client_id in the body, in order', async () => {
    const queue = new OfflineQueue(memoryStore(), scripted([]).sender);
    const a = await queue.enqueue(count('BC1'));
    const b = await queue.enqueue(count('BC2'));
    expect(a.client_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.client_id).not.toBe(b.client_id);
    expect(a.body).toEqual({ barcode: 'BC1', add: 1, client_id: a.client_id });
    expect(queue.getSnapshot().pending.map((item) => item.label)).toEqual(['BC1', 'BC2']);
  });

  it('sends in order: a 2xx removes, a refusal is listed with its reason, the rest goes on', async () => {
    const { sent, sender } = scripted([
      { kind: 'sent' },
      { kind: 'refused', status: 409, message: 'Sesi stok opname sudah diposting' },
      { kind: 'sent' },
    ]);
    const queue = new OfflineQueue(memoryStore(), sender);
    for (const code of ['BC1', 'BC2', 'BC3']) await queue.enqueue(count(code));
    await queue.flush(1);
    expect(sent.map((item) => item.label)).toEqual(['BC1', 'BC2', 'BC3']);
    const { pending, refused, unreachable } = queue.getSnapshot();
    expect(pending).toEqual([]);
    expect(unreachable).toBe(false);
    expect(refused).toEqual([
      expect.objectContaining({
        label: 'BC2',
        status: 409,
        message: 'Sesi stok opname sudah diposting',
      }),
    ]);
  });

  it('stops at a network failure and keeps that write and the ones after it', async () => {
    const { sent, sender } = scripted([{ kind: 'sent' }, { kind: 'unreachable' }]);
    const queue = new OfflineQueue(memoryStore(), sender);
    for (const code of ['BC1', 'BC2', 'BC3']) await queue.enqueue(count(code));
    await queue.flush(1);
    expect(sent.map((item) => item.label)).toEqual(['BC1', 'BC2']);
    expect(queue.getSnapshot().pending.map((item) => item.label)).toEqual(['BC2', 'BC3']);
    expect(queue.getSnapshot().unreachable).toBe(true);

    // Back online: the same write goes again with the same client_id (the server answers once).
    const firstId = queue.getSnapshot().pending[0]?.client_id;
    await queue.flush(1);
    expect(sent[2]?.client_id).toBe(firstId);
    expect(queue.getSnapshot().pending).toEqual([]);
    expect(queue.getSnapshot().unreachable).toBe(false);
  });

  it("sends only the user's own writes, and a sign-out clears only that user's", async () => {
    const { sent, sender } = scripted([{ kind: 'unreachable' }]);
    const queue = new OfflineQueue(memoryStore(), sender);
    await queue.enqueue(count('A', 1));
    await queue.enqueue(count('B', 2));
    await queue.flush(2);
    expect(sent.map((item) => item.label)).toEqual(['B']);
    await queue.clearUser(2);
    expect(queue.getSnapshot().pending.map((item) => item.label)).toEqual(['A']);
  });

  it('two flushes at once send each write once', async () => {
    const { sent, sender } = scripted([]);
    const queue = new OfflineQueue(memoryStore(), sender);
    for (const code of ['BC1', 'BC2']) await queue.enqueue(count(code));
    await Promise.all([queue.flush(1), queue.flush(1)]);
    expect(sent.map((item) => item.label)).toEqual(['BC1', 'BC2']);
  });

  it('a dismissed refusal leaves the list', async () => {
    const { sender } = scripted([{ kind: 'refused', status: 422, message: 'Stok tidak cukup' }]);
    const queue = new OfflineQueue(memoryStore(), sender);
    const item = await queue.enqueue(count('BC1'));
    await queue.flush(1);
    await queue.dismiss(item.client_id);
    expect(queue.getSnapshot().refused).toEqual([]);
  });
});

describe('fetchSender', () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(() => setToken('t1'));

  const item: QueuedWrite = {
    ...count('BC1'),
    user_id: 1,
    client_id: '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0a13',
    body: { barcode: 'BC1', add: 1, client_id: '3f2b8c1e-6d4a-4b7e-9a1c-2e5f7d9b0a13' },
    created_at: '2026-11-29T10:00:00.000Z',
  };

  it('posts the body with the token; 2xx is sent, 4xx refused with the message, 5xx kept', async () => {
    const seen: unknown[] = [];
    let status = 201;
    server.use(
      http.post('*/api/stock-opname/3/counts', async ({ request }) => {
        seen.push({ auth: request.headers.get('authorization'), body: await request.json() });
        return status < 300
          ? HttpResponse.json({ data: {} }, { status })
          : HttpResponse.json({ message: 'Sesi sudah diposting' }, { status });
      }),
    );
    await expect(fetchSender(item)).resolves.toEqual({ kind: 'sent' });
    expect(seen[0]).toEqual({ auth: 'Bearer t1', body: item.body });
    status = 409;
    await expect(fetchSender(item)).resolves.toEqual({
      kind: 'refused',
      status: 409,
      message: 'Sesi sudah diposting',
    });
    status = 503;
    await expect(fetchSender(item)).resolves.toEqual({ kind: 'unreachable' });
    status = 401;
    await expect(fetchSender(item)).resolves.toEqual({ kind: 'unreachable' });
  });

  it('a network error is unreachable', async () => {
    server.use(http.post('*/api/stock-opname/3/counts', () => HttpResponse.error()));
    await expect(fetchSender(item)).resolves.toEqual({ kind: 'unreachable' });
  });
});
