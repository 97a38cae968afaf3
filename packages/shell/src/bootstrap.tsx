import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { getToken, makeStore } from '@gudang/api-client';
import { UiProvider, formatLongDate } from '@gudang/shared-ui';
import { AppRoutes } from './app';
import { startSessionCheck } from './auth/session-gate';
import { START_WAIT_MS, loadSignedIn, signedInAwaits } from './layout/load-signed-in';
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

// The shop's time zone decides "today" everywhere a signed-in user looks: the signed-in part of
// the shell (layout, pages) waits for it. The login page shows no date, so a signed-out start
// does not wait for it (one round trip less before the form, issue 48).
// Before the first render (index.html shows 'Memuat...' meanwhile), with a session: the shop's
// time zone and the opened page's module. A page that is ready when the session is settled
// renders at once; one that suspends first is held back by React for 300 ms or more. Neither may
// hold up the start for long: a failure keeps the default zone, a slow remote shows its own
// spinner (or error panel) in the layout. The settings are the answer index.ts already asked for
// the kill switch: one read of GET /api/settings.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const startWait = () => new Promise((resolve) => setTimeout(resolve, START_WAIT_MS));
const shopSettings = shopTimeZoneKnown();
signedInAwaits(Promise.race([shopSettings, startWait()]));

const container = document.getElementById('root');
if (container) {
  void Promise.race([
    Promise.all([
      signedIn ? shopSettings : undefined,
      openedRoute ? preloadPage(openedRoute).promise : undefined,
      // The layout with a session (a failed load is shown by the page's own boundary later).
      signedIn ? loadSignedIn().catch(() => undefined) : undefined,
    ]),
    startWait(),
  ])
    .then(async () => {
      // The layout's header shows today's long date: the first Intl formatter of the page loads
      // the locale's data (~70 ms on a 4x slower CPU), made here in a task of its own rather than
      // inside the first render's (total blocking time, issue 48). The login page has no date.
      if (signedIn) {
        await nextTask();
        formatLongDate(new Date());
        await nextTask();
      }
    })
    .then(() => render(container));
}
