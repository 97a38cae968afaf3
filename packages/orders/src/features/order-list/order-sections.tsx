import type { Pagination } from '@gudang/api-client';
import { PageSizeSelect, Pager, SearchBox, usePageClamp } from '@gudang/shared-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PagedListParams } from './order-list-params';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const SectionHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.grey900};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
`;

export interface ListSectionProps {
  title: string;
  searchPlaceholder: string;
  list: PagedListParams;
  pageSizes: readonly number[];
  pageSizeLabel: string;
  pagination: Pagination | undefined;
  /** The table. */
  children: ReactNode;
}

/**
 * One of the page's two lists (Ringkasan Order, Detail Order): a region named by its heading,
 * its own search box, the table, its page size with 'dari N item', and its pager.
 */
export function ListSection({
  title,
  searchPlaceholder,
  list,
  pageSizes,
  pageSizeLabel,
  pagination,
  children,
}: ListSectionProps) {
  const titleId = useId();
  const total = pagination?.total ?? 0;
  // Past the last page (its last row was deleted, or a shared link is out of date): the last
  // page that exists, the one rule of every list (shared-ui).
  usePageClamp(list, pagination);
  return (
    <Section aria-labelledby={titleId}>
      <SectionHeader>
        <Title id={titleId}>{title}</Title>
        <SearchBox placeholder={searchPlaceholder} value={list.search} onSearch={list.setSearch} />
      </SectionHeader>
      {children}
      <Footer>
        <PageSizeSelect
          value={list.limit}
          options={pageSizes}
          total={total}
          label={pageSizeLabel}
          onChange={list.setLimit}
        />
        <Pager
          page={list.page}
          totalPages={pagination?.totalPages ?? 0}
          total={total}
          limit={list.limit}
          onPageChange={list.setPage}
        />
      </Footer>
    </Section>
  );
}
