import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@gudang/api-client';
import type { ProductSort } from '@gudang/api-client';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

const SORTS: readonly ProductSort[] = ['brand', 'brand_desc', 'date_desc'];

export interface ProductListParams {
  page: number;
  limit: number;
  search: string;
  /** undefined = the server's default, name A-Z. */
  sort: ProductSort | undefined;
}

function isSort(value: string | null): value is ProductSort {
  return SORTS.some((sort) => sort === value);
}

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? n : undefined;
}

/** The list filters live in the URL query (search, sort, page, limit), so a reload keeps them. */
export function useProductListParams() {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo<ProductListParams>(() => {
    const limit = positiveInt(searchParams.get('limit'));
    const sort = searchParams.get('sort');
    return {
      page: positiveInt(searchParams.get('page')) ?? 1,
      limit:
        limit !== undefined && PAGE_SIZES.some((size) => size === limit)
          ? limit
          : DEFAULT_PAGE_SIZE,
      search: searchParams.get('search') ?? '',
      sort: isSort(sort) ? sort : undefined,
    };
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<ProductListParams>) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const set = (key: string, value: string | number | undefined, fallback?: string) => {
            const text = value === undefined ? '' : String(value);
            if (text === '' || text === fallback) next.delete(key);
            else next.set(key, text);
          };
          if ('search' in changes) set('search', changes.search);
          if ('sort' in changes) set('sort', changes.sort);
          if ('limit' in changes) set('limit', changes.limit, String(DEFAULT_PAGE_SIZE));
          if ('page' in changes) set('page', changes.page, '1');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return { params, update };
}
