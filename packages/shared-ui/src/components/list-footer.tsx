import type { Pagination } from '@gudang/api-client';
import styled from 'styled-components';
import { PageSizeSelect } from './page-size-select';
import { Pager } from './pager';

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

export interface ListFooterProps {
  /** The list's page and page size, usually from useListParams. */
  list: {
    page: number;
    limit: number;
    setPage: (page: number) => void;
    setLimit: (limit: number) => void;
  };
  /** The last answer's pagination; undefined while loading or after a failed fetch. */
  pagination: Pagination | undefined;
}

/** Page size select and pager under a list. */
export function ListFooter({ list, pagination }: ListFooterProps) {
  const total = pagination?.total ?? 0;
  return (
    <Footer>
      <PageSizeSelect value={list.limit} total={total} onChange={list.setLimit} />
      <Pager
        page={list.page}
        totalPages={pagination?.totalPages ?? 0}
        total={total}
        limit={list.limit}
        onPageChange={list.setPage}
      />
    </Footer>
  );
}
