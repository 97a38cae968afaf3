// A page whose chunk is still on its way past the usual 10 s over a slow link says 'Koneksi
// lambat' and keeps waiting, then shows the page (issue 49); on a fast link it does not, and a
// chunk timeout ends in the named error panel, as before. The runtime is replaced as in app.test; the link is the
// browser's own estimate (navigator.connection), which DevTools' throttling sets too.
import { act, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { setToken } from '@gudang/api-client/testing';
import { renderWithProviders } from '@gudang/shared-ui/testing';
import { AppRoutes } from '../app';
import { resetKillSwitch } from './kill-switch';
import { SLOW_LINK_TEXTS, forgetLoadedPages } from './remote-page';
import { resetRemotesRegistration } from './remote-registry';
import { REMOTE_TIMEOUT_MS } from './resilience-plugin';
import { manager, server, tokenOf } from '../testing/auth-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));
const loadRemoteMock = loadRemote as unknown as jest.Mock<
  Promise<{ default: ComponentType } | null>,
  [string]
>;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let arrive: () => void = () => undefined;
let fail: (error: Error) => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  resetKillSwitch();
  resetRemotesRegistration();
  forgetLoadedPages();
  jest.mocked(registerRemotes).mockReset();
  loadRemoteMock.mockReset();
  // The page's chunk arrives only when the test says so.
  loadRemoteMock.mockImplementation(
    (id) =>
      new Promise((resolve, reject) => {
        fail = reject;
        arrive = () =>
          resolve({
            default: function FakeRemotePage() {
              return <p>Halaman {id}</p>;
            },
          });
      }),
  );
});

function setLink(connection: { effectiveType: string; downlink: number } | undefined) {
  Object.defineProperty(window.navigator, 'connection', { value: connection, configurable: true });
}
afterEach(() => setLink(undefined));

// The page's timers are jest's, so that no test waits the usual 10 s; the requests before the
// chunk (msw, setImmediate) and the clock (Date) run in real time.
beforeEach(() =>
  jest.useFakeTimers({ doNotFake: ['Date', 'setImmediate', 'nextTick', 'queueMicrotask'] }),
);
afterEach(() => jest.useRealTimers());

/** Lets the page run (in real time) until it asks for its chunk, then moves its clock `ms` on. */
async function chunkWaits(ms: number): Promise<void> {
  const until = Date.now() + 10_000;
  while (loadRemoteMock.mock.calls.length === 0) {
    if (Date.now() > until) throw new Error('the page never asked for its chunk');
    await new Promise((resolve) => setImmediate(resolve));
  }
  act(() => jest.advanceTimersByTime(ms));
}

test("over a slow link: 'Koneksi lambat' while the page is still arriving, then the page", async () => {
  setLink({ effectiveType: '2g', downlink: 0.075 });
  setToken(tokenOf(manager));
  renderWithProviders(<AppRoutes />, { route: '/reports' });
  expect(await screen.findByText('Memuat halaman...')).toBeInTheDocument();
  // Not before the usual deadline; at it.
  await chunkWaits(REMOTE_TIMEOUT_MS - 100);
  expect(screen.queryByText(SLOW_LINK_TEXTS.loading)).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(100));
  expect(await screen.findByText(SLOW_LINK_TEXTS.loading)).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  arrive();
  expect(await screen.findByText('Halaman inventory/Reports')).toBeInTheDocument();
});

test("over a fast link no 'Koneksi lambat'; a chunk that times out fails as before", async () => {
  setLink({ effectiveType: '4g', downlink: 10 });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setToken(tokenOf(manager));
  renderWithProviders(<AppRoutes />, { route: '/reports' });
  expect(await screen.findByText('Memuat halaman...')).toBeInTheDocument();
  // Past the usual wait; webpack's own chunk timeout then fails the load, as before.
  await chunkWaits(REMOTE_TIMEOUT_MS + 500);
  expect(screen.queryByText(SLOW_LINK_TEXTS.loading)).not.toBeInTheDocument();
  fail(new Error('Loading chunk 12 failed.\n(timeout: http://localhost/remotes/inventory/12.js)'));
  const panel = await screen.findByRole('alert');
  expect(panel).toHaveTextContent('Modul Laporan gagal dimuat.');
});
