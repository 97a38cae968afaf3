/** A page's tab as its filters hook gives it. */
export interface TabFields<T extends string> {
  tab: T;
  setTab: (tab: T) => void;
}

/**
 * The tabs of a page (`T`) in the URL's `tab`, each by its value there (`values`); the default
 * tab (`D`) has none and stays out of the URL, as does an unknown value. Answers the tab fields
 * of the URL's `params`, written with the page's `update`. Each tab has its own list: the other
 * tab's search and page size do not carry over.
 */
export function tabParam<T extends string, D extends T>(
  defaultTab: D,
  values: Readonly<Record<Exclude<T, D>, string>>,
) {
  const others = Object.keys(values) as Exclude<T, D>[];
  return (
    params: URLSearchParams,
    update: (changes: Record<string, string | null>) => void,
  ): TabFields<T> => ({
    tab: others.find((tab) => values[tab] === params.get('tab')) ?? defaultTab,
    setTab: (tab) =>
      update({
        tab: tab === defaultTab ? null : values[tab as Exclude<T, D>],
        search: null,
        limit: null,
      }),
  });
}
