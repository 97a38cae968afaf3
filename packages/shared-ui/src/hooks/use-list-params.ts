import { DEFAULT_PAGE_SIZE, FIELDS, PAGE_SIZES } from '@gudang/api-client';
import type { Pagination } from '@gudang/api-client';
import { useEffect } from 'react';
import { useQueryParams } from './use-query-params';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 1 ? number : null;
}

export interface ListParamsOptions<S extends string> {
  /**
   * The sort values the list accepts; anything else in the URL falls back to defaultSort. None
   * when left out: a list in the server's own order.
   */
  sorts?: readonly S[];
  /**
   * The sort when the URL names none. Left out for a list whose default order is the server's
   * own (no sort parameter at all): `sort` is then undefined.
   */
  defaultSort?: S;
  /**
   * For a second list on the same page: its URL keys are `${prefix}Search`, `${prefix}Sort`,
   * `${prefix}Page` and `${prefix}Limit` (for example 'summary' -> summaryPage). None by default.
   */
  prefix?: string;
  /** The page sizes offered (PAGE_SIZES by default); another size in the URL is ignored. */
  sizes?: readonly number[];
  /** The page size when the URL names none: the first of `sizes`, else DEFAULT_PAGE_SIZE. */
  defaultSize?: number;
}

export interface ListParams<S extends string | undefined> {
  search: string;
  sort: S;
  page: number;
  limit: number;
  /** The page sizes this list offers. */
  sizes: readonly number[];
  setSearch: (search: string) => void;
  setSort: (sort: S) => void;
  /** `replace` corrects the page without a history entry (e.g. past the last page after a delete). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  setLimit: (limit: number) => void;
}

/** The URL key of `name` for a list with `prefix` ('page' or 'summaryPage'). */
function keyOf(prefix: string | undefined, name: 'search' | 'sort' | 'page' | 'limit'): string {
  return prefix ? `${prefix}${name[0]?.toUpperCase() ?? ''}${name.slice(1)}` : name;
}

/**
 * Search, sort, page and page size of the list, kept in the URL so that a reload keeps them and
 * Back/Forward walk through them. Defaults are left out of the URL; a new search, sort or page
 * size starts again at page 1. Pair it with usePageClamp (ListFooter does) so that a page past
 * the end never strands the user.
 */
export function useListParams<S extends string>(
  options: ListParamsOptions<S> & { defaultSort: S },
): ListParams<S>;
export function useListParams<S extends string = never>(
  options?: ListParamsOptions<S> & { defaultSort?: undefined },
): ListParams<S | undefined>;
export function useListParams<S extends string>({
  sorts = [],
  defaultSort,
  prefix,
  sizes,
  defaultSize,
}: ListParamsOptions<S> = {}): ListParams<S | undefined> {
  const offered = sizes ?? PAGE_SIZES;
  const fallbackSize = defaultSize ?? (sizes ? sizes[0] : undefined) ?? DEFAULT_PAGE_SIZE;
  const isSort = (value: string | null): value is S => sorts.some((sort) => sort === value);
  const [params, write] = useQueryParams();
  const keys = {
    search: keyOf(prefix, 'search'),
    sort: keyOf(prefix, 'sort'),
    page: keyOf(prefix, 'page'),
    limit: keyOf(prefix, 'limit'),
  };
  const rawSort = params.get(keys.sort);
  const rawLimit = positiveInt(params.get(keys.limit));

  const update = (changes: Record<string, string | number | null>, replace = false) =>
    write(
      Object.fromEntries(
        Object.entries(changes).map(([key, value]) => [key, value === '' ? null : value]),
      ),
      { replace },
    );

  return {
    search: params.get(keys.search) ?? '',
    sort: isSort(rawSort) ? rawSort : defaultSort,
    // A page past the highest the API takes asks for that one: the clamp then finds the last.
    page: Math.min(positiveInt(params.get(keys.page)) ?? 1, FIELDS.page.max),
    limit: offered.find((size) => size === rawLimit) ?? fallbackSize,
    sizes: offered,
    setSearch: (search) => update({ [keys.search]: search.trim(), [keys.page]: null }),
    setSort: (sort) =>
      update({
        [keys.sort]: sort === undefined || sort === defaultSort ? null : sort,
        [keys.page]: null,
      }),
    setPage: (page, options) => update({ [keys.page]: page <= 1 ? null : page }, options?.replace),
    setLimit: (limit) =>
      update({ [keys.limit]: limit === fallbackSize ? null : limit, [keys.page]: null }),
  };
}

/** The API's arguments for the list's page: page, limit, and the search when one is typed. */
export function pageArgs(list: Pick<ListParams<string | undefined>, 'page' | 'limit' | 'search'>): {
  page: number;
  limit: number;
  search?: string;
} {
  return { page: list.page, limit: list.limit, ...(list.search ? { search: list.search } : {}) };
}

/** The last page that exists for `pagination` (1 for an empty list). */
export function lastPageOf(pagination: Pick<Pagination, 'totalPages'>): number {
  return Math.max(1, pagination.totalPages);
}

/**
 * The page clamp, one rule for every list: when the server's answer for the page in the URL
 * says that page is past the end (its last row was deleted, or a bookmarked `?page=9999`),
 * show the last page that exists instead and rewrite the URL without a new history entry.
 * `pagination` is the answer for the list's current page (or undefined while loading or after
 * a failure); an answer for another page (kept while the next one loads) is ignored.
 */
export function usePageClamp(
  list: Pick<ListParams<string | undefined>, 'page' | 'setPage'>,
  pagination: Pagination | undefined,
): void {
  const answeredPage = pagination?.page;
  const lastPage = pagination ? lastPageOf(pagination) : undefined;
  const { page, setPage } = list;
  useEffect(() => {
    if (lastPage === undefined || answeredPage !== page) return;
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [answeredPage, lastPage, page, setPage]);
}
