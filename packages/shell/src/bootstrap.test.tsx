// The shell's start (bootstrap.tsx): a signed-out start shows the login form without waiting for
// the shop's settings (the login page shows no date: one round trip less, issue 48); the
// signed-in part of the shell still waits for them (the time zone decides "today").
import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { clearToken } from '@gudang/api-client';
import type * as ApiClient from '@gudang/api-client';
import { START_WAIT_MS } from './layout/load-signed-in';
import type * as LoadSignedIn from './layout/load-signed-in';
import { server } from './testing/auth-server';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  loadRemote: jest.fn(),
}));

let releaseSettings: () => void = () => undefined;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  const released = new Promise<void>((resolve) => {
    releaseSettings = resolve;
  });
  // /api/settings answers only when the test says so.
  server.use(
    http.get('*/api/settings', async () => {
      await released;
      return HttpResponse.json({ shopTimezone: 'Asia/Makassar', disabled_remotes: [] });
    }),
  );
  document.body.innerHTML = '<div id="root"><p>Memuat...</p></div>';
  window.history.replaceState(null, '', '/login');
  clearToken();
});
afterEach(() => {
  releaseSettings();
  server.resetHandlers();
});
afterAll(() => server.close());

it('signed out: the login form shows while /api/settings has not answered', async () => {
  // The start's fallback wait never ends here: only the settings could hold the form back.
  const realSetTimeout = window.setTimeout;
  window.setTimeout = ((run: () => void, ms?: number) =>
    ms === START_WAIT_MS ? 0 : realSetTimeout(run, ms)) as typeof window.setTimeout;
  try {
    await jest.isolateModulesAsync(async () => {
      await import('./bootstrap');
    });
    expect(await screen.findByText('Masuk ke akun Anda')).toBeInTheDocument();
  } finally {
    window.setTimeout = realSetTimeout;
  }
});

it("the signed-in part waits for the shop's settings", async () => {
  let signedIn: typeof LoadSignedIn | undefined;
  let timeZone: typeof ApiClient | undefined;
  await jest.isolateModulesAsync(async () => {
    await import('./bootstrap');
    signedIn = await import('./layout/load-signed-in');
    timeZone = await import('@gudang/api-client');
  });
  await screen.findByText('Masuk ke akun Anda');
  let loaded = false;
  const load = signedIn?.loadSignedIn().then(() => {
    loaded = true;
  });
  await delay(50);
  expect(loaded).toBe(false);
  releaseSettings();
  await load;
  expect(timeZone?.getShopTimeZone()).toBe('Asia/Makassar');
});
