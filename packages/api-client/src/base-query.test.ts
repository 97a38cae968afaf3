import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { authApi } from './auth/auth-api';
import { baseApi } from './base-api';
import { redirectToLogin, setUnauthorizedHandler } from './base-query';
import { setApiBaseUrl } from './base-url';
import { HTTP_TIMEOUT_MS } from './contract';
import { getToken, setToken } from './token';
import { makeStore } from './store';

// A throw-away endpoint that can call any path through the real base query.
const probeApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
  }),
});

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
  setApiBaseUrl('');
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

const signedInUser = {
  id: 1,
  email: 'manager@gudang.test',
  name: 'Manajer Demo',
  role: 'manager',
} as const;

function probe(store: ReturnType<typeof makeStore>, url: string) {
  return store.dispatch(probeApi.endpoints.probe.initiate(url, { subscribe: false }));
}

test('sends the stored token as a bearer header and JSON accept', async () => {
  setToken('abc.def');
  let authorization: string | null = null;
  let accept: string | null = null;
  server.use(
    http.get('/api/things', ({ request }) => {
      authorization = request.headers.get('authorization');
      accept = request.headers.get('accept');
      return HttpResponse.json({ ok: true });
    }),
  );
  const result = await probe(makeStore(), '/api/things');
  expect(result.data).toEqual({ ok: true });
  expect(authorization).toBe('Bearer abc.def');
  expect(accept).toBe('application/json');
});

test('sends no authorization header without a token', async () => {
  let hasAuthorization = true;
  server.use(
    http.get('/api/things', ({ request }) => {
      hasAuthorization = request.headers.has('authorization');
      return HttpResponse.json({});
    }),
  );
  await probe(makeStore(), '/api/things');
  expect(hasAuthorization).toBe(false);
});

test('reads the API base URL at request time', async () => {
  const store = makeStore();
  setApiBaseUrl('http://api.gudang.test/');
  server.use(
    http.get('http://api.gudang.test/api/things', () => HttpResponse.json({ from: 'api' })),
  );
  const result = await probe(store, '/api/things');
  expect(result.data).toEqual({ from: 'api' });
});

test('a 401 clears the token, signs out and redirects', async () => {
  setToken('expired');
  const store = makeStore({ auth: { user: signedInUser, status: 'signedIn' } });
  server.use(
    http.get('/api/things', () => HttpResponse.json({ message: 'Sesi berakhir' }, { status: 401 })),
  );
  const result = await probe(store, '/api/things');
  expect(result.error).toEqual({ status: 401, data: { message: 'Sesi berakhir' } });
  expect(getToken()).toBeNull();
  expect(store.getState().auth).toEqual({ user: null, status: 'signedOut' });
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});

test('other errors keep the session', async () => {
  setToken('valid');
  const store = makeStore({ auth: { user: signedInUser, status: 'signedIn' } });
  server.use(
    http.get('/api/things', () => HttpResponse.json({ message: 'Dilarang' }, { status: 403 })),
  );
  const result = await probe(store, '/api/things');
  expect(result.error).toEqual({ status: 403, data: { message: 'Dilarang' } });
  expect(getToken()).toBe('valid');
  expect(store.getState().auth.status).toBe('signedIn');
  expect(onUnauthorized).not.toHaveBeenCalled();
});

test('a 401 from the login call does not redirect or sign out', async () => {
  const store = makeStore();
  server.use(
    http.post('/api/auth/login', () =>
      HttpResponse.json({ message: 'Email atau password salah' }, { status: 401 }),
    ),
  );
  const result = await store.dispatch(
    authApi.endpoints.login.initiate({ email: 'a@b.c', password: 'x' }),
  );
  expect(result.error).toEqual({ status: 401, data: { message: 'Email atau password salah' } });
  expect(onUnauthorized).not.toHaveBeenCalled();
  expect(store.getState().auth.user).toBeNull();
});

test('a request that takes longer than 10 s fails with a timeout', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  let aborted = false;
  server.use(
    http.get(
      '/api/slow',
      ({ request }) =>
        new Promise<Response>((resolve) => {
          // Answers only once the client gives up, so nothing but the timeout can end the call.
          request.signal.addEventListener('abort', () => {
            aborted = true;
            resolve(HttpResponse.json({ late: true }));
          });
        }),
    ),
  );
  const store = makeStore();
  let settled = false;
  const pending = probe(store, '/api/slow').then((result) => {
    settled = true;
    return result;
  });

  await jest.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
  expect(settled).toBe(false);

  await jest.advanceTimersByTimeAsync(1);
  const result = await pending;
  expect(settled).toBe(true);
  expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  expect(aborted).toBe(true);
  expect(onUnauthorized).not.toHaveBeenCalled();
});

describe('redirectToLogin (the default 401 reaction)', () => {
  test('goes to /login', () => {
    const assign = jest.fn();
    redirectToLogin({ pathname: '/products', assign });
    expect(assign).toHaveBeenCalledWith('/login');
  });

  test('stays when already on /login', () => {
    const assign = jest.fn();
    redirectToLogin({ pathname: '/login', assign });
    expect(assign).not.toHaveBeenCalled();
  });
});
