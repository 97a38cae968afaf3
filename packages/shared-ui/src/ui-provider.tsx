import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { ToastProvider } from './components/toast';
import { GlobalStyle, theme } from './theme';

/** Theme, global styles and notifications: wrap every app (shell, standalone remote) in it. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      <ToastProvider>{children}</ToastProvider>
    </ThemeProvider>
  );
}
