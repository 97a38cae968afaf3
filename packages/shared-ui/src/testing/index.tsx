import { makeStore } from '@gudang/api-client';
import type { AppStore } from '@gudang/api-client';
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { render } from '@testing-library/react';
import type { RenderOptions, RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from '../ui-provider';

export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The initial URL of the MemoryRouter (default '/'). */
  route?: string;
  /** A store to use; a fresh makeStore() by default. */
  store?: AppStore;
  /** Options for userEvent.setup(), for example { advanceTimers: jest.advanceTimersByTime }. */
  userOptions?: Parameters<typeof userEvent.setup>[0];
}

export type RenderWithProvidersResult = RenderResult & {
  store: AppStore;
  user: ReturnType<typeof userEvent.setup>;
};

/** Renders `ui` the way the app does: Redux store, router at `route`, theme and toasts. */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    store = makeStore(),
    userOptions,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  const user = userEvent.setup(userOptions);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>
          <UiProvider>{children}</UiProvider>
        </MemoryRouter>
      </Provider>
    );
  }
  return { ...render(ui, { wrapper: Wrapper, ...renderOptions }), store, user };
}

/**
 * Makes `window.matchMedia` answer min-width / max-width queries for a viewport of `width`
 * pixels (jsdom has no layout), so components that adapt to the screen can be tested at
 * phone and desktop sizes. Returns a function that restores the previous matchMedia.
 */
export function setViewportWidth(width: number): () => void {
  const previous = window.matchMedia;
  const matches = (query: string): boolean =>
    query.split(/\s+and\s+/).every((part) => {
      const min = /min-width:\s*([\d.]+)px/.exec(part);
      if (min?.[1]) return width >= Number(min[1]);
      const max = /max-width:\s*([\d.]+)px/.exec(part);
      if (max?.[1]) return width <= Number(max[1]);
      return true;
    });
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = previous;
  };
}

/**
 * A fake server's answer checked against the contract's response schema first, so that a test's
 * fixture cannot drift from what the real server sends (it throws, naming the first mismatches).
 * Use it in msw handlers: `HttpResponse.json(matchesContract(ProductList, body))`.
 */
export function matchesContract<S extends TSchema>(schema: S, body: Static<S>): Static<S> {
  const errors = [...Value.Errors(schema, body)].slice(0, 3);
  if (errors.length > 0)
    throw new Error(
      `The fixture does not match the contract: ${errors
        .map((error) => `${error.path || '/'} ${error.message}`)
        .join('; ')}`,
    );
  return body;
}
