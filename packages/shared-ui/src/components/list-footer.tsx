import type { Pagination } from '@gudang/api-client';
import { usePageClamp } from '../hooks/use-list-params';
import { SpreadRow } from './layout';
import { PageSizeSelect } from './page-size-select';
import { Pager } from './pager';

export interface ListFooterProps {
  /** The list's page and page size, usually from useListParams. */
  list: {
    page: number;
    limit: number;
    /** The page sizes offered (PAGE_SIZES when left out). */
    sizes?: readonly number[];
    setPage: (page: number, options?: { replace?: boolean }) => void;
    setLimit: (limit: number) => void;
  };
  /** The last answer's pagination; undefined while loading or after a failed fetch. */
  pagination: Pagination | undefined;
  /** Names the page size select (PageSizeSelect's default when left out). */
  pageSizeLabel?: string;
}

/**
 * Page size select and pager under a list. It also applies the page clamp (usePageClamp): a page
 * past the end moves to the last page that exists.
 */
export function ListFooter({ list, pagination, pageSizeLabel }: ListFooterProps) {
  usePageClamp(list, pagination);
  const total = pagination?.total ?? 0;
  return (
    <SpreadRow>
      <PageSizeSelect
        value={list.limit}
        total={total}
        onChange={list.setLimit}
        {...(list.sizes ? { options: list.sizes } : {})}
        {...(pageSizeLabel !== undefined ? { label: pageSizeLabel } : {})}
      />
      <Pager
        page={list.page}
        totalPages={pagination?.totalPages ?? 0}
        total={total}
        limit={list.limit}
        onPageChange={(page) => list.setPage(page)}
      />
    </SpreadRow>
  );
}
