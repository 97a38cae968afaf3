import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { getToken, makeStore } from '@gudang/api-client';
import { UiProvider } from '@gudang/shared-ui';
import { AppRoutes } from './app';
import { startSessionCheck } from './auth/session-gate';
import { loadSignedIn } from './layout/load-signed-in';
import { shopTimeZoneKnown } from './remotes/kill-switch';
import { preloadPage } from './remotes/page-loads';
import { findRoute } from './routes';

// index.ts already started /remotes.json and the opened page's remote.
const signedIn = getToken() !== null;
const openedRoute = signedIn ? findRoute(window.location.pathname) : undefined;

const store = makeStore();
// The session check starts now, not after the first render, in parallel with the page's load.
startSessionCheck(store.dispatch);

function render(container: HTMLElement) {
  const root = createRoot(container);
  // A transition: React renders the app in slices, yielding to the browser between them, so that
  // the start is no single long task on a slow phone (total blocking time, issue 48).
  startTransition(() =>
    root.render(
      <StrictMode>
        <Provider store={store}>
          <UiProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </UiProvider>
        </Provider>
      </StrictMode>,
    ),
  );
}

// Before the first render (index.html shows 'Memuat...' meanwhile): the shop's time zone, which
// decides "today" everywhere (from the settings index.ts already asked for the kill switch: one
// read of GET /api/settings), and the opened page's module. A page that is ready when the session
// is settled renders at once; one that suspends first is held back by React for 300 ms or more.
// Neither may hold up the start for long: a failure keeps the default zone, a slow remote shows
// its own spinner (or error panel) in the layout.
const START_WAIT_MS = 3_000;
const container = document.getElementById('root');
if (container) {
  void Promise.race([
    Promise.all([
      shopTimeZoneKnown(),
      openedRoute ? preloadPage(openedRoute).promise : undefined,
      // The layout with a session (a failed load is shown by the page's own boundary later).
      signedIn ? loadSignedIn().catch(() => undefined) : undefined,
    ]),
    new Promise((resolve) => setTimeout(resolve, START_WAIT_MS)),
  ]).then(() => render(container));
}
