import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from '../contract';
import { setUnauthorizedHandler } from '../base-query';
import { productsApi } from '../products-api';
import { makeStore } from '../store';
import { getToken, setToken } from '../token';
import { authApi } from './auth-api';
import { isManager, selectAuthStatus, selectCurrentUser, signedIn, signedOut } from './auth-slice';
import { logout, verifySession } from './auth-thunks';

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

  test('when the server fails signs out and removes the token', async () => {
    setToken('good');
    server.use(http.get('/api/auth/verify', () => HttpResponse.error()));
    const store = makeStore();
    await expect(store.dispatch(verifySession()).unwrap()).resolves.toBeNull();
    expect(store.getState().auth.status).toBe('signedOut');
    expect(getToken()).toBeNull();
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
  store.dispatch(signedOut());
  expect(getToken()).toBeNull();
});

test('logout removes the token, the user and the cached data', async () => {
  server.use(http.get('/api/products/all', () => HttpResponse.json({ data: [] })));
  const store = makeStore();
  store.dispatch(signedIn({ token: 'abc', user: manager }));
  await store.dispatch(
    productsApi.endpoints.getAllProducts.initiate(undefined, { subscribe: false }),
  );
  expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

  await store.dispatch(logout());
  expect(getToken()).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
  expect(store.getState().api.queries).toEqual({});
});

test('isManager checks the role name', () => {
  expect(isManager(manager)).toBe(true);
  expect(isManager(admin)).toBe(false);
  expect(isManager(null)).toBe(false);
  expect(isManager(undefined)).toBe(false);
});
