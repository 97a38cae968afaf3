import type { ReactNode } from 'react';
import type { TableColumn } from './table';

/** A column of figures (an amount, a count): right-aligned and kept on one line. */
export function numberColumn<T>(
  key: string,
  header: ReactNode,
  render: (row: T, index: number) => ReactNode,
): TableColumn<T> {
  return { key, header, align: 'right', nowrap: true, render };
}
