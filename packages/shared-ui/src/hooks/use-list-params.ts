import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@gudang/api-client';
import { useSearchParams } from 'react-router-dom';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export interface ListParamsOptions<S extends string> {
  /** The sort values the list accepts; anything else in the URL falls back to defaultSort. */
  sorts: readonly S[];
  /**
   * The sort when the URL names none. Left out for a list whose default order is the server's
   * own (no sort parameter at all): `sort` is then undefined.
   */
  defaultSort?: S;
}

export interface ListParams<S extends string | undefined> {
  search: string;
  sort: S;
  page: number;
  limit: number;
  setSearch: (search: string) => void;
  setSort: (sort: S) => void;
  /** `replace` corrects the page without a history entry (e.g. past the last page after a delete). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
}

/**
 * Search, sort, page and page size of the list, kept in the URL so that a reload keeps them and
 * Back/Forward walk through them. Defaults are left out of the URL; a new search, sort or page
 * size starts again at page 1.
 */
export function useListParams<S extends string>(
  options: ListParamsOptions<S> & { defaultSort: S },
): ListParams<S>;
export function useListParams<S extends string>(
  options: ListParamsOptions<S> & { defaultSort?: undefined },
): ListParams<S | undefined>;
export function useListParams<S extends string>({
  sorts,
  defaultSort,
}: ListParamsOptions<S>): ListParams<S | undefined> {
  const isSort = (value: string | null): value is S => sorts.some((sort) => sort === value);
  const [params, setParams] = useSearchParams();
  const rawSort = params.get('sort');
  const rawLimit = positiveInt(params.get('limit'));

  // Every change is a new history entry, so Back and Forward walk through the list's states;
  // a change that leaves the query as it is adds none.
  const update = (changes: Record<string, string | number | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    if (next.toString() !== params.toString()) setParams(next, { replace });
  };

  return {
    search: params.get('search') ?? '',
    sort: isSort(rawSort) ? rawSort : defaultSort,
    page: positiveInt(params.get('page')) ?? 1,
    limit: PAGE_SIZES.find((size) => size === rawLimit) ?? DEFAULT_PAGE_SIZE,
    setSearch: (search) => update({ search: search.trim(), page: null }),
    setSort: (sort) =>
      update({ sort: sort === undefined || sort === defaultSort ? null : sort, page: null }),
    setPage: (page, options) => update({ page: page <= 1 ? null : page }, options?.replace),
    setLimit: (limit) => update({ limit: limit === DEFAULT_PAGE_SIZE ? null : limit, page: null }),
  };
}
