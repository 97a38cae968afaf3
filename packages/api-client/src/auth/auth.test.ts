import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '../contract';
import { HTTP_TIMEOUT_MS } from '../contract/constants';
import { setUnauthorizedHandler } from '../base-query';
import { productsApi } from '../products-api';
import { makeStore } from '../store';
import {
  SESSION_USER_KEY,
  TOKEN_KEY,
  clearToken,
  getStoredUser,
  getToken,
  setStoredUser,
  setToken,
} from '../token';
import { authApi } from './auth-api';
import {
  isManager,
  selectAuthStatus,
  selectCurrentUser,
  sessionVerified,
  signedIn,
  signedOut,
} from './auth-slice';
import {
  logout,
  logoutAllDevices,
  syncSessionAcrossTabs,
  verifySession,
  verifySessionOnReconnect,
} from './auth-thunks';

const manager: User = {
  id: 1,
  email: 'manager@gudang.test',
  name: 'Manajer Demo',
  role: 'manager',
};
const admin: User = { id: 2, email: 'admin@gudang.test', name: 'Admin Demo', role: 'admin' };

const server = setupServer();
const onUnauthorized = jest.fn();
let restoreHandler: () => void;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  localStorage.clear();
  onUnauthorized.mockReset();
  restoreHandler = setUnauthorizedHandler(onUnauthorized);
});
afterEach(() => {
  setUnauthorizedHandler(restoreHandler);
  server.resetHandlers();
});
afterAll(() => server.close());

describe('initial state', () => {
  test('is signedOut without a stored token', () => {
    expect(makeStore().getState().auth).toEqual({ user: null, status: 'signedOut' });
  });

  test('is checking with a stored token', () => {
    setToken('t');
    expect(makeStore().getState().auth).toEqual({ user: null, status: 'checking' });
  });
});

describe('verifySession', () => {
  test('without a token signs out and makes no call', async () => {
    const verify = jest.fn(() => HttpResponse.json({ user: manager }));
    server.use(http.get('/api/auth/verify', verify));
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toBeNull();
    expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
    expect(verify).not.toHaveBeenCalled();
  });

  test('with a valid token signs in with the verified user', async () => {
    setToken('good');
    let authorization: string | null = null;
    server.use(
      http.get('/api/auth/verify', ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ user: manager });
      }),
    );
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toEqual(manager);
    expect(authorization).toBe('Bearer good');
    expect(selectCurrentUser(store.getState())).toEqual(manager);
    expect(selectAuthStatus(store.getState())).toBe('signedIn');
    expect(getToken()).toBe('good');
  });

  test('with a rejected token signs out and removes the token', async () => {
    setToken('expired');
    server.use(
      http.get('/api/auth/verify', () =>
        HttpResponse.json({ message: 'Token tidak valid' }, { status: 401 }),
      ),
    );
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toBeNull();
    expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
    expect(getToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  test.each([
    ['a server error', () => HttpResponse.json({ message: 'x' }, { status: 500 })],
    ['a 403', () => HttpResponse.json({ message: 'x' }, { status: 403 })],
    ['a 401', () => HttpResponse.json({ message: 'Sesi telah berakhir' }, { status: 401 })],
  ])(
    'when the server answers with %s signs out and removes the token and the kept user',
    async (_name, answer) => {
      setToken('good');
      setStoredUser('good', manager);
      server.use(http.get('/api/auth/verify', answer));
      const store = makeStore();
      await expect(store.dispatch(verifySession()).unwrap()).resolves.toBeNull();
      expect(store.getState().auth.status).toBe('signedOut');
      expect(getToken()).toBeNull();
      expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    },
  );

  // Issue 48: a phone reloaded without a network goes on counting.
  test('without a network keeps the session with the last known user of that token', async () => {
    server.use(
      http.post('/api/auth/login', () => HttpResponse.json({ token: 'tok', user: admin })),
    );
    const first = makeStore();
    await first.dispatch(
      authApi.endpoints.login.initiate({ email: 'admin@gudang.test', password: 'admin123' }),
    );
    server.use(http.get('/api/auth/verify', () => HttpResponse.error()));
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toEqual(admin);
    expect(store.getState().auth).toEqual({ user: admin, status: 'signedIn' });
    expect(getToken()).toBe('tok');
  });

  // A warehouse's weak Wi-Fi: the check gets no answer within the 10 s timeout.
  test('with no answer in time keeps the session with the last known user of that token', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      setToken('good');
      setStoredUser('good', manager);
      server.use(
        http.get(
          '/api/auth/verify',
          ({ request }) =>
            new Promise<Response>((resolve) => {
              request.signal.addEventListener('abort', () =>
                resolve(HttpResponse.json({ user: manager })),
              );
            }),
        ),
      );
      const store = makeStore();
      const verified = store.dispatch(verifySession()).unwrap();
      await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
      await expect(verified).resolves.toEqual(manager);
      expect(store.getState().auth).toEqual({ user: manager, status: 'signedIn' });
      expect(getToken()).toBe('good');
    } finally {
      jest.useRealTimers();
    }
  });

  test('without a network and no user kept for that token signs out', async () => {
    setToken('good');
    setStoredUser('another-token', manager);
    server.use(http.get('/api/auth/verify', () => HttpResponse.error()));
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toBeNull();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(getToken()).toBeNull();
  });

  test('a verified user replaces the kept one (a role changed since)', async () => {
    setToken('good');
    setStoredUser('good', { ...manager, role: 'admin' });
    server.use(http.get('/api/auth/verify', () => HttpResponse.json({ user: manager })));
    await makeStore().dispatch(verifySession());
    expect(getStoredUser('good')).toEqual(manager);
  });

  test('on reconnect checks again: a 401 then signs out, the token and the user removed', async () => {
    setToken('good');
    setStoredUser('good', manager);
    server.use(http.get('/api/auth/verify', () => HttpResponse.error()));
    const store = makeStore();
    await store.dispatch(verifySession());
    expect(store.getState().auth.status).toBe('signedIn');
    const stop = verifySessionOnReconnect(store.dispatch);
    server.use(
      http.get('/api/auth/verify', () =>
        HttpResponse.json({ message: 'Sesi telah berakhir' }, { status: 401 }),
      ),
    );
    window.dispatchEvent(new Event('online'));
    await waitForState(() => store.getState().auth.status === 'signedOut');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
    stop();
  });
});

test('login stores the token and the user', async () => {
  let body: unknown = null;
  server.use(
    http.post('/api/auth/login', async ({ request }) => {
      body = await request.json();
      return HttpResponse.json({ token: 'new-token', user: admin });
    }),
  );
  const store = makeStore();
  const result = await store
    .dispatch(
      authApi.endpoints.login.initiate({ email: 'admin@gudang.test', password: 'admin123' }),
    )
    .unwrap();
  expect(result.token).toBe('new-token');
  expect(body).toEqual({ email: 'admin@gudang.test', password: 'admin123' });
  expect(getToken()).toBe('new-token');
  expect(store.getState().auth).toEqual({ user: admin, status: 'signedIn' });
});

test('signedIn and signedOut keep localStorage in step', () => {
  const store = makeStore();
  store.dispatch(signedIn({ token: 'abc', user: manager }));
  expect(getToken()).toBe('abc');
  expect(getStoredUser('abc')).toEqual(manager);
  expect(getStoredUser('other')).toBeNull();
  store.dispatch(signedOut());
  expect(getToken()).toBeNull();
  expect(localStorage.getItem(SESSION_USER_KEY)).toBeNull();
});

test('logout removes the token, the user and the cached data', async () => {
  const ended: (string | null)[] = [];
  server.use(
    http.get('/api/products/all', () => HttpResponse.json({ data: [] })),
    http.post('/api/auth/logout', ({ request }) => {
      ended.push(request.headers.get('authorization'));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const store = makeStore();
  store.dispatch(signedIn({ token: 'abc', user: manager }));
  await store.dispatch(
    productsApi.endpoints.getAllProducts.initiate(undefined, { subscribe: false }),
  );
  expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

  await store.dispatch(logout());
  // The server ended the token first.
  expect(ended).toEqual(['Bearer abc']);
  expect(getToken()).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
  expect(store.getState().api.queries).toEqual({});
});

test('logout signs out here even when the server cannot be reached', async () => {
  server.use(http.post('/api/auth/logout', () => HttpResponse.error()));
  const store = makeStore();
  store.dispatch(signedIn({ token: 'abc', user: manager }));
  await store.dispatch(logout());
  expect(getToken()).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
});

test('logoutAllDevices ends every session on the server, then signs out; stays on failure', async () => {
  const calls: (string | null)[] = [];
  let status = 500;
  server.use(
    http.post('/api/auth/logout-all', ({ request }) => {
      calls.push(request.headers.get('authorization'));
      return status === 204
        ? new HttpResponse(null, { status })
        : HttpResponse.json({ message: 'Terjadi kesalahan pada server' }, { status });
    }),
  );
  const store = makeStore();
  store.dispatch(signedIn({ token: 'abc', user: manager }));
  await expect(store.dispatch(logoutAllDevices()).unwrap()).rejects.toBeDefined();
  expect(store.getState().auth.status).toBe('signedIn');
  status = 204;
  await store.dispatch(logoutAllDevices()).unwrap();
  expect(calls).toEqual(['Bearer abc', 'Bearer abc']);
  expect(getToken()).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
});

test('isManager checks the role name', () => {
  expect(isManager(manager)).toBe(true);
  expect(isManager(admin)).toBe(false);
  expect(isManager(null)).toBe(false);
  expect(isManager(undefined)).toBe(false);
});

describe('the session check never writes the token', () => {
  // A verify answer that the test releases when it wants: the other tab acts in between.
  /** A verify answered only when released; `requested` settles once the request has arrived. */
  function slowVerify(user: User) {
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requested = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    server.use(
      http.get('/api/auth/verify', async () => {
        arrived();
        await gate;
        return HttpResponse.json({ user });
      }),
    );
    return { release: () => release(), requested };
  }

  test('sessionVerified sets the user and leaves localStorage alone', () => {
    const store = makeStore();
    store.dispatch(sessionVerified(manager));
    expect(store.getState().auth).toEqual({ user: manager, status: 'signedIn' });
    expect(getToken()).toBeNull();
  });

  test('a check that ends after another tab signed out does not store the token again', async () => {
    setToken('good');
    const verify = slowVerify(manager);
    const store = makeStore();
    const checking = store.dispatch(verifySession());
    await verify.requested;
    clearToken(); // the other tab's Logout
    verify.release();
    await expect(checking.unwrap()).resolves.toBeNull();
    expect(getToken()).toBeNull();
    expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
  });

  test('a check that ends after another tab signed in as someone else takes the new session', async () => {
    setToken('old');
    const first = slowVerify(manager);
    const store = makeStore();
    const checking = store.dispatch(verifySession());
    await first.requested;
    setToken('new'); // the other tab signed in as admin
    const second = slowVerify(admin);
    first.release();
    second.release();
    await expect(checking.unwrap()).resolves.toEqual(admin);
    expect(getToken()).toBe('new');
    expect(selectCurrentUser(store.getState())).toEqual(admin);
  });
});

describe('syncSessionAcrossTabs', () => {
  const storageEvent = (key: string | null, oldValue: string | null, newValue: string | null) =>
    new StorageEvent('storage', { key, oldValue, newValue });

  test('signs this tab out at once when another tab removes the token', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'abc', user: manager }));
    const stop = syncSessionAcrossTabs(store.dispatch);
    clearToken(); // what the other tab's Logout did to the shared storage
    window.dispatchEvent(storageEvent(TOKEN_KEY, 'abc', null));
    await waitForState(() => store.getState().auth.status === 'signedOut');
    expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
    stop();
  });

  test('treats a cleared storage (key null) as a sign-out too', async () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'abc', user: manager }));
    const stop = syncSessionAcrossTabs(store.dispatch);
    localStorage.clear();
    window.dispatchEvent(storageEvent(null, null, null));
    await waitForState(() => store.getState().auth.status === 'signedOut');
    stop();
  });

  test('verifies the new token when another tab signs in', async () => {
    server.use(http.get('/api/auth/verify', () => HttpResponse.json({ user: admin })));
    const store = makeStore();
    const stop = syncSessionAcrossTabs(store.dispatch);
    setToken('fresh');
    window.dispatchEvent(storageEvent(TOKEN_KEY, null, 'fresh'));
    await waitForState(() => store.getState().auth.status === 'signedIn');
    expect(selectCurrentUser(store.getState())).toEqual(admin);
    expect(getToken()).toBe('fresh');
    stop();
  });

  test('ignores other keys, and stops listening when told', () => {
    // The listener acts synchronously inside dispatchEvent: nothing dispatched means nothing done.
    const dispatch = jest.fn();
    setToken('abc');
    const stop = syncSessionAcrossTabs(dispatch);
    window.dispatchEvent(storageEvent('other', 'x', null));
    expect(dispatch).not.toHaveBeenCalled();
    stop();
    clearToken();
    window.dispatchEvent(storageEvent(TOKEN_KEY, 'abc', null));
    expect(dispatch).not.toHaveBeenCalled();
    // The same event before stop() is acted on: the assertions above can fail.
    const again = syncSessionAcrossTabs(dispatch);
    window.dispatchEvent(storageEvent(TOKEN_KEY, 'abc', null));
    expect(dispatch).toHaveBeenCalledTimes(1);
    again();
  });
});

async function waitForState(done: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !done(); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(done()).toBe(true);
}
