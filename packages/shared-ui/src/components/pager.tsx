import { MAX_PAGE_BUTTONS } from '@gudang/api-client';
import styled, { css } from 'styled-components';
import { formatInteger } from '../formatters';
import { useMediaQuery } from '../hooks/use-media-query';
import { theme } from '../theme';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPageChange: (page: number) => void;
}

/** The page numbers to show: at most `max`, around the current page, within 1..totalPages. */
export function pageWindow(
  page: number,
  totalPages: number,
  max: number = MAX_PAGE_BUTTONS,
): number[] {
  const count = Math.min(max, totalPages);
  const current = Math.min(Math.max(page, 1), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(count / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

const Bar = styled.nav`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => `${theme.spacing.md} 0`};
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.grey700};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Pages = styled.div`
  display: inline-flex;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.sm};
`;

const pageButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 36px;
  padding: 6px 10px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.grey700};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &:not(:first-child) {
    margin-left: -1px;
  }
  &:first-child {
    border-radius: ${({ theme }) => `${theme.radii.md} 0 0 ${theme.radii.md}`};
  }
  &:last-child {
    border-radius: ${({ theme }) => `0 ${theme.radii.md} ${theme.radii.md} 0`};
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.grey400};
    cursor: not-allowed;
  }
  &[aria-current='page'] {
    position: relative;
    z-index: 1;
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.white};
  }
`;

const PageButton = styled.button`
  ${pageButton}
`;

const MobileButton = styled.button`
  padding: 6px 14px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.white};
  color: ${({ theme }) => theme.colors.grey700};
  cursor: pointer;
  &:disabled {
    color: ${({ theme }) => theme.colors.grey400};
    cursor: not-allowed;
  }
`;

/**
 * Previous/Next on phones; numbered pages (at most MAX_PAGE_BUTTONS) with
 * 'Showing x to y of n results' on wider screens. Renders nothing for a single page.
 */
export function Pager({ page, totalPages, total, limit, onPageChange }: PagerProps) {
  const narrow = useMediaQuery(theme.media.narrow);
  if (totalPages <= 1) return null;

  // A page past the end (until the list's page clamp moves to the last page) counts as the
  // last page: 'Showing x to y of n' never shows x > n.
  const current = Math.min(Math.max(page, 1), totalPages);
  const hasPrevious = current > 1;
  const hasNext = current < totalPages;
  const from = total === 0 ? 0 : Math.min((current - 1) * limit + 1, total);
  const to = Math.min(current * limit, total);

  if (narrow) {
    return (
      <Bar aria-label="Pagination">
        <MobileButton
          type="button"
          disabled={!hasPrevious}
          onClick={() => onPageChange(current - 1)}
        >
          Previous
        </MobileButton>
        <MobileButton type="button" disabled={!hasNext} onClick={() => onPageChange(current + 1)}>
          Next
        </MobileButton>
      </Bar>
    );
  }

  return (
    <Bar aria-label="Pagination">
      <Summary>
        Showing <strong>{formatInteger(from)}</strong> to <strong>{formatInteger(to)}</strong> of{' '}
        <strong>{formatInteger(total)}</strong> results
      </Summary>
      <Pages>
        <PageButton
          type="button"
          aria-label="Previous page"
          disabled={!hasPrevious}
          onClick={() => onPageChange(current - 1)}
        >
          <ChevronLeftIcon />
        </PageButton>
        {pageWindow(current, totalPages).map((n) => (
          <PageButton
            key={n}
            type="button"
            aria-current={n === current ? 'page' : undefined}
            onClick={() => {
              if (n !== page) onPageChange(n);
            }}
          >
            {n}
          </PageButton>
        ))}
        <PageButton
          type="button"
          aria-label="Next page"
          disabled={!hasNext}
          onClick={() => onPageChange(current + 1)}
        >
          <ChevronRightIcon />
        </PageButton>
      </Pages>
    </Bar>
  );
}
