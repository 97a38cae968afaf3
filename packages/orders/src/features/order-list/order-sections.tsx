import type { Pagination } from '@gudang/api-client';
import { ListFooter, ListSearchBox, SpreadRow } from '@gudang/shared-ui';
import { useId } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { PagedListParams } from './order-list-params';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.grey900};
`;

export interface ListSectionProps {
  title: string;
  searchPlaceholder: string;
  /** Search, page and page size; the page sizes offered are the list's own (`list.sizes`). */
  list: PagedListParams;
  pageSizeLabel: string;
  pagination: Pagination | undefined;
  /** The table. */
  children: ReactNode;
}

/**
 * One of the page's two lists (Ringkasan Order, Detail Order): a region named by its heading,
 * its own search box, the table, and ListFooter (its page size with 'dari N item', its pager and
 * the page clamp of every list).
 */
export function ListSection({
  title,
  searchPlaceholder,
  list,
  pageSizeLabel,
  pagination,
  children,
}: ListSectionProps) {
  const titleId = useId();
  return (
    <Section aria-labelledby={titleId}>
      <SpreadRow>
        <Title id={titleId}>{title}</Title>
        <ListSearchBox list={list} placeholder={searchPlaceholder} />
      </SpreadRow>
      {children}
      <ListFooter list={list} pagination={pagination} pageSizeLabel={pageSizeLabel} />
    </Section>
  );
}
