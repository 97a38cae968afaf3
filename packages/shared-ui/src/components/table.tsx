import type { Key, ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from './spinner';

export type ColumnAlign = 'left' | 'center' | 'right';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  /** Cell content; without it the row's property named `key` is shown. */
  render?: (row: T, index: number) => ReactNode;
  align?: ColumnAlign;
  width?: string;
}

export interface TableProps<T> {
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: keyof T | ((row: T, index: number) => Key);
  /** Shown in one cell spanning every column when there are no rows. */
  emptyText: ReactNode;
  /** Rows for which this returns true get a red background (for example duplicate resi). */
  rowHighlight?: (row: T) => boolean;
  loading?: boolean;
  loadingText?: string;
  /** Accessible name of the table. */
  label?: string;
}

const Scroll = styled.div`
  width: 100%;
  overflow-x: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  border-radius: ${({ theme }) => theme.radii.lg};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Th = styled.th<{ $align: ColumnAlign; $width?: string }>`
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  text-align: ${({ $align }) => $align};
  width: ${({ $width }) => $width ?? 'auto'};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  text-transform: uppercase;
  letter-spacing: 0.04em;
  color: ${({ theme }) => theme.colors.textMuted};
  background: ${({ theme }) => theme.colors.grey50};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  white-space: nowrap;
`;

const Td = styled.td<{ $align: ColumnAlign }>`
  padding: ${({ theme }) => `${theme.spacing.md} ${theme.spacing.lg}`};
  text-align: ${({ $align }) => $align};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderLight};
  vertical-align: middle;
`;

const Tr = styled.tr<{ $highlight: boolean }>`
  background: ${({ theme, $highlight }) => ($highlight ? theme.colors.redSoft : 'transparent')};
  &:hover {
    background: ${({ theme, $highlight }) => ($highlight ? theme.colors.redSoft : theme.colors.grey50)};
  }
`;

const EmptyCell = styled.td`
  padding: ${({ theme }) => theme.spacing.xxl};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

function cellValue<T>(row: T, key: string): ReactNode {
  const value: unknown = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  return String(value);
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  emptyText,
  rowHighlight,
  loading = false,
  loadingText = 'Memuat data...',
  label,
}: TableProps<T>) {
  const keyOf = (row: T, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, index) : String(row[rowKey]);

  return (
    <Scroll>
      <StyledTable aria-label={label} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <Th
                key={column.key}
                scope="col"
                $align={column.align ?? 'left'}
                $width={column.width}
              >
                {column.header}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr>
              <EmptyCell colSpan={columns.length}>
                <Spinner label={loadingText} />
              </EmptyCell>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <EmptyCell colSpan={columns.length}>{emptyText}</EmptyCell>
            </tr>
          ) : (
            rows.map((row, index) => {
              const highlighted = rowHighlight?.(row) ?? false;
              return (
                <Tr
                  key={keyOf(row, index)}
                  $highlight={highlighted}
                  data-highlighted={highlighted ? 'true' : undefined}
                >
                  {columns.map((column) => (
                    <Td key={column.key} $align={column.align ?? 'left'}>
                      {column.render ? column.render(row, index) : cellValue(row, column.key)}
                    </Td>
                  ))}
                </Tr>
              );
            })
          )}
        </tbody>
      </StyledTable>
    </Scroll>
  );
}
