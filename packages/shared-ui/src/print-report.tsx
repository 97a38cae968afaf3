import type { Key, ReactNode } from 'react';
import styled from 'styled-components';
import { cellValue } from './components/table';
import type { TableColumn } from './components/table';
import { PRINT_TEXTS, PrintLayout, PrintTable, PrintedAt } from './print';

const Heading = styled.header`
  margin-bottom: 12px;
  h1 {
    margin: 0 0 4px;
    font-size: 16pt;
  }
  p {
    margin: 0;
  }
`;

/** A report's rows as a print table, with the same columns as its screen table. */
export interface PrintColumnsProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Defaults to the row's index. */
  rowKey?: (row: T, index: number) => Key;
  /** The one row of an empty report. */
  emptyText: string;
  /** Keys of columns whose values break between words only (a category, a brand). */
  wordKeys?: ReadonlySet<string>;
  /** Lines above and below the table (an opening and a closing balance). */
  before?: ReactNode;
  after?: ReactNode;
  children?: never;
}

interface OwnTableProps {
  /** A table of its own (a count sheet with an empty column, a footer row). */
  children: ReactNode;
  columns?: never;
}

export type PrintReportProps<T> = {
  /** The heading, and the name of the print layout for assistive technology and tests. */
  title: string;
  /** 'Periode: 01/11/2026 - 30/11/2026' under the title. */
  period?: string;
  /** Another line under the title (what the report covers). */
  subtitle?: ReactNode;
} & (PrintColumnsProps<T> | OwnTableProps);

/**
 * One print of a report: an A4 layout with the title, the period (or another line), the
 * 'Dicetak pada' line and the table. Given `columns` and `rows`, the table follows the screen's
 * columns: right-aligned ones are numeric, `code` and `nowrap` ones never break inside.
 */
export function PrintReport<T>(props: PrintReportProps<T>) {
  const { title, period, subtitle } = props;
  return (
    <PrintLayout label={title}>
      <Heading>
        <h1>{title}</h1>
        {subtitle !== undefined ? <p>{subtitle}</p> : null}
        {period !== undefined ? (
          <p>
            {PRINT_TEXTS.period}: {period}
          </p>
        ) : null}
        <PrintedAt />
      </Heading>
      {props.columns ? (
        <>
          {props.before}
          <PrintColumns {...props} />
          {props.after}
        </>
      ) : (
        props.children
      )}
    </PrintLayout>
  );
}

function PrintColumns<T>({ columns, rows, rowKey, emptyText, wordKeys }: PrintColumnsProps<T>) {
  return (
    <PrintTable>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.key} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length}>{emptyText}</td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={rowKey ? rowKey(row, index) : index}>
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-numeric={column.align === 'right' ? '' : undefined}
                  data-keep={column.code || column.nowrap ? '' : undefined}
                  data-words={wordKeys?.has(column.key) ? '' : undefined}
                >
                  {column.render ? column.render(row, index) : cellValue(row, column.key)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </PrintTable>
  );
}
