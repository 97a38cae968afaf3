/**
 * A value made on its first use rather than when its module loads: the UI kit loads on every
 * page's start, the login page's too, and a page's first Intl formatter costs the locale's data
 * (tens of milliseconds on a phone's CPU, issue 48).
 */
export function firstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * One value per key, each made on its first use: an Intl formatter per time zone. Making an
 * Intl.DateTimeFormat costs far more than formatting with one, and a list formats a date on every
 * row, the layout's header on every render.
 */
export function firstUsePer<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
