import { OfflineQueue, makeStore, memoryStore, signedIn } from '@gudang/api-client';
import type { QueuedWrite, SendOutcome } from '@gudang/api-client';
import { setOfflineQueue } from '@gudang/api-client/testing';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signOut } from './sign-out';

const server = setupServer(http.post('*/api/auth/logout', () => HttpResponse.json({})));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const USER = { id: 5, email: 'admin@gudang.test', name: 'Admin', role: 'admin' as const };

async function setUp(outcome: SendOutcome) {
  const sent: QueuedWrite[] = [];
  const queue = new OfflineQueue(memoryStore(), (item) => {
    sent.push(item);
    return Promise.resolve(outcome);
  });
  setOfflineQueue(queue);
  const write = {
    kind: 'opname-count' as const,
    route: '/api/stock-opname/3/counts',
    body: { barcode: 'BC1', add: 1 },
    label: 'BC1',
    group: 'opname:3',
  };
  await queue.enqueue({ ...write, userId: USER.id });
  await queue.enqueue({ ...write, userId: 9 });
  const store = makeStore();
  store.dispatch(signedIn({ token: 't', user: USER }));
  return { queue, store, sent };
}

const mine = (queue: OfflineQueue) =>
  queue.getSnapshot().pending.filter((item) => item.user_id === USER.id);

describe('signOut (issue 48)', () => {
  it('sends the queue first, then signs out without asking', async () => {
    const { queue, store, sent } = await setUp({ kind: 'sent' });
    const confirm = jest.spyOn(window, 'confirm');
    await signOut(store.dispatch, USER.id);
    expect(sent.map((item) => item.user_id)).toEqual([USER.id]);
    expect(mine(queue)).toEqual([]);
    expect(confirm).not.toHaveBeenCalled();
    expect(store.getState().auth.status).toBe('signedOut');
  });

  it('asks when scans cannot be sent: No keeps the user signed in with the scans', async () => {
    const { queue, store } = await setUp({ kind: 'unreachable' });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
    await signOut(store.dispatch, USER.id);
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/^1 scan tersimpan belum terkirim/));
    expect(mine(queue)).toHaveLength(1);
    expect(store.getState().auth.status).toBe('signedIn');
  });

  it("Yes removes the user's scans (only theirs) from the device and signs out", async () => {
    const { queue, store } = await setUp({ kind: 'unreachable' });
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    await signOut(store.dispatch, USER.id);
    expect(mine(queue)).toEqual([]);
    expect(queue.getSnapshot().pending.map((item) => item.user_id)).toEqual([9]);
    expect(store.getState().auth.status).toBe('signedOut');
  });
});
