import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { loadShopSettings, makeStore } from '@gudang/api-client';
import { UiProvider } from '@gudang/shared-ui';
import { AppRoutes } from './app';
import { ensureRemotesRegistered } from './remotes/remote-registry';

// Start reading /remotes.json at once; a failure is shown (with a retry) by the first page.
ensureRemotesRegistered().catch(() => undefined);

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

// The shop's time zone decides "today" everywhere, so it is read before the first render (a
// failure keeps the default zone).
const container = document.getElementById('root');
if (container) void loadShopSettings().then(() => render(container));
