import {
  DEBOUNCE_MS,
  DEFAULT_WINDOW_DAYS,
  FIELDS,
  MESSAGES,
  PRODUCT_MESSAGES,
  VALIDATION_MESSAGES,
} from '@gudang/api-client';
import type { ReportResponse, ReportType } from '@gudang/api-client';
import type { DateWindow } from '@gudang/shared-ui';
import {
  Button,
  DateField,
  ErrorPanel,
  ListFooter,
  Page,
  PageHeader,
  PrintReport,
  SelectField,
  Table,
  addDaysIso,
  dateWindow,
  dateWindowError,
  downloadBlob,
  formatDate,
  toCsv,
  todayIso,
  useListParams,
  usePrintRequest,
  useToast,
  useQueryParams,
} from '@gudang/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import styled from 'styled-components';
import { REPORT_TITLES, REPORT_TYPES, reportView } from './report-columns';
import { useGetReportQuery, useGetStockReportQuery, useLazyGetReportQuery } from './reports-api';

export const REPORT_TEXTS = {
  empty: 'Tidak ada data untuk periode yang dipilih',
  /** In place of the empty state while the period is not valid: no report was read for it. */
  fixPeriod: 'Perbaiki periode di atas untuk menampilkan laporan',
  exportCsv: 'Export CSV',
  print: 'Print',
} as const;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0 ${({ theme }) => theme.spacing.md};
  align-items: start;
`;

/** Columns whose values break between words only on paper (a brand is not cut in half). */
const WORD_COLUMNS = new Set(['category', 'brand']);

/**
 * The screen shows a report a page at a time (a year of a busy shop's outgoing goods is hundreds
 * of thousands of rows); the CSV and the print take every row. The stock report is paged by the
 * server (a month of a 5,000-product shop is 830 KB whole); its CSV and print ask for every row
 * when they are made.
 */
const REPORT_PAGE_SIZE = 50;

/** The URL key of the page (useListParams' own). */
const PAGE_KEY = 'page';

/** What is wrong with a period: each date's message, a start after the end, or nothing. */
function periodProblems(startDate: string, endDate: string, range: DateWindow) {
  const startError = startDate
    ? dateWindowError(startDate, FIELDS.startDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.startDate.label);
  const endError = endDate
    ? dateWindowError(endDate, FIELDS.endDate.label, range)
    : VALIDATION_MESSAGES.required(FIELDS.endDate.label);
  const reversed = !startError && !endError && startDate > endDate;
  return { startError, endError, reversed, invalid: Boolean(startError || endError || reversed) };
}

const EMPTY_REPORT: ReportResponse = { stockReport: [], incomingReport: [], outgoingReport: [] };

const csvFileName = (type: ReportType, start: string, end: string) =>
  `laporan-${type}-${start}-${end}.csv`;

export function ReportsPage() {
  const toast = useToast();
  const [today] = useState(() => todayIso());
  // Type and dates live in the URL, so that reload and Back keep them. A date being typed
  // is a draft until it has stayed unchanged for DEBOUNCE_MS: only then is it the report's date,
  // so that typing '01112026' asks for one report, not one per keystroke.
  const [params, write] = useQueryParams();
  const defaultStart = addDaysIso(today, -DEFAULT_WINDOW_DAYS);
  const defaultEnd = addDaysIso(today, DEFAULT_WINDOW_DAYS);
  const type = REPORT_TYPES.find((value) => value === params.get('type')) ?? 'stock';
  const urlStart = params.get('startDate') ?? defaultStart;
  const urlEnd = params.get('endDate') ?? defaultEnd;
  const [draft, setDraft] = useState<{ startDate?: string; endDate?: string }>({});
  const startDate = draft.startDate ?? urlStart;
  const endDate = draft.endDate ?? urlEnd;
  const range = dateWindow(today);
  const defaults: Record<string, string> = {
    type: 'stock',
    startDate: defaultStart,
    endDate: defaultEnd,
  };
  // Another type or period starts on its first page: the page belongs to one report.
  const setQuery = (changes: Record<string, string>) =>
    write({
      ...Object.fromEntries(
        Object.entries(changes).map(([key, value]) => [
          key,
          value === defaults[key] ? null : value,
        ]),
      ),
      [PAGE_KEY]: null,
    });
  const setType = (next: ReportType) => {
    if (next !== type) setQuery({ type: next });
  };

  // A typed date becomes the report's date once it has stayed unchanged for DEBOUNCE_MS and the
  // period is valid; until then it is a draft that shows its own errors.
  const commitTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(commitTimer.current), []);
  const setDate = (key: 'startDate' | 'endDate', value: string) => {
    const next = { startDate, endDate, [key]: value };
    setDraft((current) => ({ ...current, [key]: value }));
    clearTimeout(commitTimer.current);
    if (periodProblems(next.startDate, next.endDate, range).invalid) return;
    commitTimer.current = setTimeout(() => {
      if (next.startDate !== urlStart || next.endDate !== urlEnd) setQuery(next);
      setDraft({});
    }, DEBOUNCE_MS);
  };
  const { printing, print } = usePrintRequest();
  // Page and page size live in the URL as on every list; the page size defaults to 50 here.
  const list = useListParams({ defaultSize: REPORT_PAGE_SIZE });
  const { page, limit } = list;

  const { startError, endError, reversed, invalid } = periodProblems(startDate, endDate, range);

  // The report of the URL's type and dates: one request (and one GENERATE_REPORT in the log) per
  // report asked for, fresh each time the page opens.
  const pending = draft.startDate !== undefined || draft.endDate !== undefined;
  // The query follows the URL only, so that a date that is invalid for a moment while it is
  // typed neither pauses nor repeats the report (a paused query would ask again on resuming).
  const urlInvalid = periodProblems(urlStart, urlEnd, range).invalid;
  const stock = type === 'stock';
  const wholeQuery = {
    type,
    startDate: urlStart,
    endDate: urlEnd,
    ...(stock ? { includeEmpty: true } : {}),
  };
  const whole = useGetReportQuery(wholeQuery, {
    skip: urlInvalid || stock,
    refetchOnMountOrArgChange: true,
  });
  const paged = useGetStockReportQuery(
    { startDate: urlStart, endDate: urlEnd, includeEmpty: true, page, limit },
    { skip: urlInvalid || !stock, refetchOnMountOrArgChange: true },
  );
  const [fetchWhole] = useLazyGetReportQuery();
  const { isFetching, isError, refetch } = stock ? paged : whole;
  const currentData: ReportResponse | undefined = stock
    ? paged.currentData && { ...EMPTY_REPORT, stockReport: paged.currentData.data }
    : whole.currentData;
  // While a date is being typed the last report stays; export and print wait for the new one.
  const report = reportView(type, invalid || urlInvalid ? undefined : currentData);
  const ready = !invalid && !urlInvalid && !pending && currentData !== undefined && !isError;
  const title = REPORT_TITLES[type];
  const period = `${formatDate(urlStart)} - ${formatDate(urlEnd)}`;
  const rowCount = stock ? (paged.currentData?.pagination.total ?? 0) : report.rowCount;
  const totalPages = Math.ceil(rowCount / limit);
  const shownPage = Math.min(page, Math.max(totalPages, 1));
  const pageRows = stock
    ? report.rows
    : report.rows.slice((shownPage - 1) * limit, shownPage * limit);

  /** Every row of the report: the loaded one, or (stock, paged on screen) asked for now. */
  const wholeReport = async () =>
    stock ? reportView(type, await fetchWhole(wholeQuery).unwrap()) : report;
  const [printed, setPrinted] = useState(report);
  const exportCsv = async () => {
    try {
      const rows = await wholeReport();
      const csv = toCsv(rows.csvHeader, rows.csvRows);
      downloadBlob(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        csvFileName(type, urlStart, urlEnd),
      );
      toast.success(MESSAGES.reportDownloaded);
    } catch {
      toast.error(MESSAGES.reportFailed);
    }
  };
  const printReport = async () => {
    try {
      const rows = await wholeReport();
      flushSync(() => setPrinted(rows));
      print();
    } catch {
      toast.error(MESSAGES.reportFailed);
    }
  };

  return (
    <Page>
      <PageHeader
        title="Laporan"
        actions={
          <>
            <Button onClick={() => void exportCsv()} disabled={!ready || rowCount === 0}>
              {REPORT_TEXTS.exportCsv}
            </Button>
            <Button variant="ghost" onClick={() => void printReport()} disabled={!ready}>
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
          onChange={(event) => setDate('startDate', event.target.value)}
          error={startError ?? (reversed ? PRODUCT_MESSAGES.ledgerRange : undefined)}
        />
        <DateField
          label={FIELDS.endDate.label}
          value={endDate}
          required
          min={startDate && !startError ? startDate : range.min}
          onChange={(event) => setDate('endDate', event.target.value)}
          error={endError}
        />
      </Filters>
      {isError && !invalid ? (
        <ErrorPanel message={MESSAGES.reportFailed} onRetry={() => void refetch()} />
      ) : (
        <Table
          label={title}
          columns={report.columns}
          rows={pageRows}
          rowKey={(_row, index) => (shownPage - 1) * limit + index}
          loading={!invalid && isFetching && currentData === undefined}
          emptyText={invalid || urlInvalid ? REPORT_TEXTS.fixPeriod : REPORT_TEXTS.empty}
        />
      )}
      {ready && rowCount > 0 ? (
        <ListFooter
          list={list}
          pagination={
            stock ? paged.currentData?.pagination : { page, limit, total: rowCount, totalPages }
          }
        />
      ) : null}
      {printing && ready ? (
        <PrintReport
          title={title}
          period={period}
          columns={printed.columns}
          rows={printed.rows}
          emptyText={REPORT_TEXTS.empty}
          wordKeys={WORD_COLUMNS}
        />
      ) : null}
    </Page>
  );
}
