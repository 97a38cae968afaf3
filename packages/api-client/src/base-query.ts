import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query';
import { signedOut } from './auth/auth-slice';
import { getApiBaseUrl } from './base-url';
import { HTTP_TIMEOUT_MS } from './contract/constants';
import { clearToken, getToken } from './token';

export const LOGIN_PATH = '/login';
const LOGIN_URL = '/api/auth/login';

type LocationLike = Pick<Location, 'pathname' | 'assign'>;

/** The default reaction to a 401: a full page load of /login, unless the browser is already there. */
export function redirectToLogin(location: LocationLike = window.location): void {
  if (location.pathname !== LOGIN_PATH) location.assign(LOGIN_PATH);
}

let unauthorizedHandler: () => void = () => redirectToLogin();

/** Replaces what happens after a 401 (tests, or a host that navigates itself); returns the old one. */
export function setUnauthorizedHandler(handler: () => void): () => void {
  const previous = unauthorizedHandler;
  unauthorizedHandler = handler;
  return previous;
}

type RawBaseQuery = BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
>;

function createRawBaseQuery(baseUrl: string): RawBaseQuery {
  return fetchBaseQuery({
    baseUrl,
    timeout: HTTP_TIMEOUT_MS,
    prepareHeaders(headers) {
      const token = getToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  });
}

// The base URL is read at request time (a host may call setApiBaseUrl after the store exists);
// the fetchBaseQuery for it is kept until it changes.
let raw: { baseUrl: string; query: RawBaseQuery } | null = null;
function rawBaseQueryFor(baseUrl: string): RawBaseQuery {
  if (raw?.baseUrl !== baseUrl) raw = { baseUrl, query: createRawBaseQuery(baseUrl) };
  return raw.query;
}

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  return url.split('?')[0] ?? url;
}

/**
 * fetchBaseQuery (JSON, bearer token, 10 s timeout) plus the session rule of docs/product.md point 4:
 * any 401, except a failed login, removes the token, signs out and goes to /login.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const result = await rawBaseQueryFor(getApiBaseUrl())(args, api, extraOptions);
  if (result.error?.status === 401 && pathOf(args) !== LOGIN_URL) {
    clearToken();
    api.dispatch(signedOut());
    unauthorizedHandler();
  }
  return result;
};
