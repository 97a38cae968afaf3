import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { makeStore } from '@gudang/api-client';
import { UiProvider } from '@gudang/shared-ui';
import { AppRoutes } from './app';
import { ensureRemotesRegistered } from './remotes/remote-registry';

// Start reading /remotes.json at once; a failure is shown (with a retry) by the first page.
ensureRemotesRegistered().catch(() => undefined);

const store = makeStore();
const container = document.getElementById('root');
if (container) {
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
