import {
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  MESSAGES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import type { ReportType } from '@gudang/api-client';
import {
  Button,
  DateField,
  ErrorPanel,
  ListFooter,
  Page,
  PageHeader,
  PrintLayout,
  SelectField,
  Table,
  addDaysIso,
  dateWindow,
  dateWindowError,
  downloadBlob,
  formatDate,
  formatLongDate,
  toCsv,
  todayIso,
  usePrintRequest,
  useToast,
} from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { REPORT_TITLES, REPORT_TYPES, reportView } from './report-columns';
import { useGetReportQuery } from './reports-api';

export const REPORT_TEXTS = {
  empty: 'Tidak ada data untuk periode yang dipilih',
  exportCsv: 'Export CSV',
  print: 'Print',
  printedAt: 'Dicetak pada',
} as const;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0 ${({ theme }) => theme.spacing.md};
  align-items: start;
`;

const PrintHeading = styled.header`
  margin-bottom: 12px;
  h1 {
    margin: 0 0 4px;
    font-size: 16pt;
  }
  p {
    margin: 0;
  }
`;

const PrintTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 9pt;
  th,
  td {
    border: 1px solid #000;
    padding: 3px 4px;
    text-align: left;
  }
  [data-numeric] {
    text-align: right;
  }
`;

/**
 * The screen shows a report a page at a time (a year of a busy shop's outgoing goods is hundreds
 * of thousands of rows); the CSV and the print take every row.
 */
const REPORT_PAGE_SIZE = 50;

const csvFileName = (type: ReportType, start: string, end: string) =>
  `laporan-${type}-${start}-${end}.csv`;

export function ReportsPage() {
  const toast = useToast();
  const [today] = useState(() => todayIso());
  const [type, setType] = useState<ReportType>('stock');
  const [startDate, setStartDate] = useState(() => addDaysIso(today, -DEFAULT_WINDOW_DAYS));
  const [endDate, setEndDate] = useState(() => addDaysIso(today, DEFAULT_WINDOW_DAYS));
  const { printing, print } = usePrintRequest();
  const [limit, setLimit] = useState(REPORT_PAGE_SIZE);
  // The page belongs to one report: another type or period starts on its first page.
  const reportKey = `${type}|${startDate}|${endDate}|${limit}`;
  const [paging, setPaging] = useState({ key: reportKey, page: 1 });
  const page = paging.key === reportKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: reportKey, page: next });

  const range = dateWindow(today);
  const startError = startDate
    ? dateWindowError(startDate, FIELDS.startDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.startDate.label);
  const endError = endDate
    ? dateWindowError(endDate, FIELDS.endDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.endDate.label);
  const reversed = !startError && !endError && startDate > endDate;
  const skip = Boolean(startError || endError || reversed);

  // The report reloads whenever the type or a date changes (a new query argument).
  const { currentData, isFetching, isError, refetch } = useGetReportQuery(
    { type, startDate, endDate, ...(type === 'stock' ? { includeEmpty: true } : {}) },
    { skip, refetchOnMountOrArgChange: true },
  );
  const report = reportView(type, skip ? undefined : currentData);
  const ready = !skip && currentData !== undefined && !isError;
  const title = REPORT_TITLES[type];
  const period = `${formatDate(startDate)} - ${formatDate(endDate)}`;
  const totalPages = Math.ceil(report.rowCount / limit);
  const shownPage = Math.min(page, Math.max(totalPages, 1));
  const pageRows = report.rows.slice((shownPage - 1) * limit, shownPage * limit);

  const exportCsv = () => {
    const csv = toCsv(report.csvHeader, report.csvRows);
    downloadBlob(
      new Blob([csv], { type: 'text/csv;charset=utf-8' }),
      csvFileName(type, startDate, endDate),
    );
    toast.success(MESSAGES.reportDownloaded);
  };

  return (
    <Page>
      <PageHeader
        title="Laporan"
        actions={
          <>
            <Button onClick={exportCsv} disabled={!ready || report.rowCount === 0}>
              {REPORT_TEXTS.exportCsv}
            </Button>
            <Button variant="ghost" onClick={print} disabled={!ready}>
              {REPORT_TEXTS.print}
            </Button>
          </>
        }
      />
      <Filters>
        <SelectField
          label={FIELDS.type.label}
          value={type}
          options={REPORT_TYPES.map((value) => ({ value, label: REPORT_TITLES[value] }))}
          onChange={(event) => setType(event.target.value as ReportType)}
        />
        <DateField
          label={FIELDS.startDate.label}
          value={startDate}
          required
          max={endDate && !endError ? endDate : range.max}
          onChange={(event) => setStartDate(event.target.value)}
          error={startError ?? (reversed ? PRODUCT_MESSAGES.ledgerRange : undefined)}
        />
        <DateField
          label={FIELDS.endDate.label}
          value={endDate}
          required
          min={startDate && !startError ? startDate : range.min}
          onChange={(event) => setEndDate(event.target.value)}
          error={endError}
        />
      </Filters>
      {isError && !skip ? (
        <ErrorPanel message={MESSAGES.reportFailed} onRetry={() => void refetch()} />
      ) : (
        <Table
          label={title}
          columns={report.columns}
          rows={pageRows}
          rowKey={(_row, index) => (shownPage - 1) * limit + index}
          loading={!skip && isFetching && currentData === undefined}
          emptyText={REPORT_TEXTS.empty}
        />
      )}
      {ready && report.rowCount > 0 ? (
        <ListFooter
          list={{
            page: shownPage,
            limit,
            setPage,
            setLimit,
          }}
          pagination={{ page: shownPage, limit, total: report.rowCount, totalPages }}
        />
      ) : null}
      {printing && ready ? (
        <PrintLayout label={title}>
          <PrintHeading>
            <h1>{title}</h1>
            <p>Periode: {period}</p>
            <p>
              {REPORT_TEXTS.printedAt}: {formatLongDate(new Date())}
            </p>
          </PrintHeading>
          <PrintTable>
            <thead>
              <tr>
                {report.columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rowCount === 0 ? (
                <tr>
                  <td colSpan={report.columns.length}>{REPORT_TEXTS.empty}</td>
                </tr>
              ) : (
                report.rows.map((row, index) => (
                  <tr key={index}>
                    {report.columns.map((column) => (
                      <td key={column.key} data-numeric={column.align === 'right' ? '' : undefined}>
                        {column.render?.(row, index)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </PrintTable>
        </PrintLayout>
      ) : null}
    </Page>
  );
}
