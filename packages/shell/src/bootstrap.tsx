import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { getToken, loadShopSettings, makeStore } from '@gudang/api-client';
import { UiProvider } from '@gudang/shared-ui';
import { AppRoutes } from './app';
import { preloadPage } from './remotes/remote-page';
import { ensureRemotesRegistered } from './remotes/remote-registry';
import { findRoute } from './routes';

// Start reading /remotes.json at once; a failure is shown (with a retry) by the first page.
ensureRemotesRegistered().catch(() => undefined);

// With a session, fetch the page of the opened URL while the session is being verified, so that it
// can render at once afterwards (a role the page refuses only costs a download).
const openedRoute = getToken() ? findRoute(window.location.pathname) : undefined;
if (openedRoute) preloadPage(openedRoute);

const store = makeStore();

function render(container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <Provider store={store}>
        <UiProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </UiProvider>
      </Provider>
    </StrictMode>,
  );
}

// Before the first render (index.html shows 'Memuat...' meanwhile): the shop's time zone, which
// decides "today" everywhere, and the opened page's module. A page that is ready when the session
// is settled renders at once; one that suspends first is held back by React for 300 ms or more.
// Neither may hold up the start for long: a failure keeps the default zone, a slow remote shows
// its own spinner (or error panel) in the layout.
const START_WAIT_MS = 3_000;
const container = document.getElementById('root');
if (container) {
  void Promise.race([
    Promise.all([loadShopSettings(), openedRoute ? preloadPage(openedRoute).promise : undefined]),
    new Promise((resolve) => setTimeout(resolve, START_WAIT_MS)),
  ]).then(() => render(container));
}
