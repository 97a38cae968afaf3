import type { Pagination } from '@gudang/api-client';
import { ListFooter } from './list-footer';
import type { ListFooterProps } from './list-footer';
import { Table } from './table';
import type { TableProps } from './table';
import { shownAnswer, tableState } from './table-state';
import type { ListQuery, TableStateOptions } from './table-state';

/** One page of a list as the API answers it. */
export interface PageAnswer<T> {
  data: readonly T[];
  pagination: Pagination;
}

export type ListTableProps<T> = Omit<TableProps<T>, 'rows' | 'loading' | 'failed' | 'onRetry'> &
  TableStateOptions &
  Pick<ListFooterProps, 'list' | 'pageSizeLabel'> & {
    /** The list's query (an RTK Query result) for the page in `list`. */
    query: ListQuery<PageAnswer<T>>;
  };

/**
 * A paged list: the Table of the query's answer, with tableState's loading, failed and retry, and
 * ListFooter under it (page size, pager and the page clamp).
 */
export function ListTable<T>({
  query,
  list,
  pageSizeLabel,
  skip,
  keepPrevious,
  ...table
}: ListTableProps<T>) {
  const options = { skip, keepPrevious };
  const answer = shownAnswer(query, options);
  return (
    <>
      <Table {...table} rows={answer?.data ?? []} {...tableState(query, options)} />
      <ListFooter list={list} pagination={answer?.pagination} pageSizeLabel={pageSizeLabel} />
    </>
  );
}
