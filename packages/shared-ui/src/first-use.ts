/**
 * A value made on its first use rather than when its module loads: the UI kit loads on every
 * page's start, the login page's too, and a page's first Intl formatter costs the locale's data
 * (tens of milliseconds on a phone's CPU, issue 48).
 */
export function firstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
