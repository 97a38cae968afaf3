import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneApp } from '@gudang/shared-ui/standalone';
import { standalonePages } from './standalone-pages';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <StandaloneApp name="inventory" pages={standalonePages} />
    </StrictMode>,
  );
}
