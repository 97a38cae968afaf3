import { useDateRangeParams } from './use-date-range-params';
import type { DateRangeParams } from './use-date-range-params';
import { useListParams } from './use-list-params';
import type { ListParams } from './use-list-params';

export interface DatedListParams {
  /** Search, page and page size (no sort). */
  list: ListParams<undefined>;
  range: DateRangeParams;
  /** The list query's arguments. */
  args: { page: number; limit: number; search: string; startDate: string; endDate: string };
  /** The range is invalid: the query is not asked (RTK Query's `skip`). */
  skip: boolean;
}

/**
 * A searchable list over a date range, all in the URL: useListParams (no sort) and
 * useDateRangeParams under the same `prefix`, and the query arguments they make.
 */
export function useDatedListParams({ prefix }: { prefix?: string } = {}): DatedListParams {
  const list = useListParams({ prefix });
  const range = useDateRangeParams({ prefix });
  return {
    list,
    range,
    args: {
      page: list.page,
      limit: list.limit,
      search: list.search,
      startDate: range.startDate,
      endDate: range.endDate,
    },
    skip: !range.valid,
  };
}
