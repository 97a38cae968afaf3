import type { ReactNode } from 'react';
import { formatDate } from '../formatters';
import type { TableColumn } from './table';

/** A column of calendar dates a row may lack: kept on one line, '-' where there is none. */
export function dateColumn<T>(
  key: string,
  header: ReactNode,
  date: (row: T) => string | null | undefined,
): TableColumn<T> {
  return {
    key,
    header,
    nowrap: true,
    // formatDate shows '-' for a missing date.
    render: (row) => formatDate(date(row)),
  };
}
