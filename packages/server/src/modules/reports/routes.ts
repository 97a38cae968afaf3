import {
  DEFAULT_PAGE_SIZE,
  REPORT_MESSAGES,
  ReportQuery,
  ReportResponse,
  StockReportPage,
  StockReportQuery,
  type StockReportRow,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { KeptResults } from '../../lib/kept-results';
import { generateReport, logReport, stockReport } from './service';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['laporan'];

/** Stock reports kept at once (a few periods, with and without the products without movements). */
const KEPT_REPORTS = 8;

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The stock report of a period (every product's totals of the period) is computed once and kept
  // while nothing is written (lib/kept-results, ADR 0007): the screen's pages, its CSV and its
  // print of one report cost one computation. Each is logged as the report asked; the log entry
  // is a write, but not one a report reads, so the kept reports stay.
  const stockReports = new KeptResults<StockReportRow[]>(app.db, KEPT_REPORTS, 'stock-report');
  const keptStockReport = (startDate: string, endDate: string, includeEmpty: boolean) =>
    stockReports.get(`${startDate}|${endDate}|${includeEmpty}`, (tx) =>
      stockReport(tx, startDate, endDate, includeEmpty),
    );

  app.get(
    '/reports',
    {
      schema: {
        tags: TAGS,
        summary:
          'Laporan stok, barang masuk atau barang keluar dalam rentang tanggal (kedua ujung termasuk)',
        querystring: ReportQuery,
        response: { 200: ReportResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { type, startDate, endDate, includeEmpty = false } = request.query;
      if (startDate > endDate) throw new HttpError(400, REPORT_MESSAGES.dateRange);
      if (type !== 'stock')
        return generateReport(
          app.db,
          { type, startDate, endDate, includeEmpty },
          requireUser(request),
        );
      const report = { type, startDate, endDate, includeEmpty };
      const rows = await keptStockReport(startDate, endDate, includeEmpty);
      await stockReports.writeUnread((tx) =>
        logReport(tx, report, rows.length, requireUser(request)),
      );
      return { stockReport: rows, incomingReport: [], outgoingReport: [] };
    },
  );

  // The screen's stock report, a page at a time; its first page is logged as the report asked.
  app.get(
    '/reports/stock',
    {
      schema: {
        tags: TAGS,
        summary: 'Laporan stok per halaman (layar); CSV dan cetak memakai GET /reports',
        querystring: StockReportQuery,
        response: { 200: StockReportPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const {
        startDate,
        endDate,
        includeEmpty = false,
        page = 1,
        limit = DEFAULT_PAGE_SIZE,
      } = request.query;
      if (startDate > endDate) throw new HttpError(400, REPORT_MESSAGES.dateRange);
      const rows = await keptStockReport(startDate, endDate, includeEmpty);
      if (page === 1) {
        const report = { type: 'stock', startDate, endDate, includeEmpty } as const;
        await stockReports.writeUnread((tx) =>
          logReport(tx, report, rows.length, requireUser(request)),
        );
      }
      const offset = (page - 1) * limit;
      return {
        data: rows.slice(offset, offset + limit),
        pagination: { page, limit, total: rows.length, totalPages: Math.ceil(rows.length / limit) },
      };
    },
  );
};
