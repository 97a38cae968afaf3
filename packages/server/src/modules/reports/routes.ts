import {
  REPORT_MESSAGES,
  ReportQuery,
  ReportResponse,
  StockReportPage,
  StockReportQuery,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { pageOf, paginationOf } from '../../lib/paging';
import { generateReport, logReport, stockReport } from './service';
import { requireUser } from '../../lib/request-user';
import { periodRoute } from '../../lib/record-routes';

const TAGS = ['laporan'];

/** Stock reports kept at once (a few periods, with and without the products without movements). */
const KEPT_REPORTS = 8;

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The stock report of a period (every product's totals of the period) is computed once and kept
  // while nothing is written (lib/snapshot-cache.ts, ADR 0022): the screen's later pages of one
  // report cost no computation. A report asked for is logged (GENERATE_REPORT) after it is read,
  // in a statement of its own, never inside the read: the entry is a write like any other, so the
  // next request reads the report again.
  const stockReports = new SnapshotCache(app.db, KEPT_REPORTS);
  const keptStockReport = (startDate: string, endDate: string, includeEmpty: boolean) =>
    stockReports.get(`${startDate}|${endDate}|${includeEmpty}`, (tx) =>
      stockReport(tx, startDate, endDate, includeEmpty),
    );

  periodRoute(
    app,
    {
      url: '/reports',
      tags: TAGS,
      summary:
        'Laporan stok, barang masuk atau barang keluar dalam rentang tanggal (kedua ujung termasuk)',
      querystring: ReportQuery,
      answer: ReportResponse,
      dateRange: REPORT_MESSAGES.dateRange,
    },
    async (request) => {
      const { type, startDate, endDate, includeEmpty = false } = request.query;
      if (type !== 'stock')
        return generateReport(
          app.db,
          { type, startDate, endDate, includeEmpty },
          requireUser(request),
        );
      const report = { type, startDate, endDate, includeEmpty };
      const rows = await keptStockReport(startDate, endDate, includeEmpty);
      await logReport(app.db, report, rows.length, requireUser(request));
      return { stockReport: rows, incomingReport: [], outgoingReport: [] };
    },
  );

  // The screen's stock report, a page at a time; its first page is logged as the report asked.
  periodRoute(
    app,
    {
      url: '/reports/stock',
      tags: TAGS,
      summary: 'Laporan stok per halaman (layar); CSV dan cetak memakai GET /reports',
      querystring: StockReportQuery,
      answer: StockReportPage,
      dateRange: REPORT_MESSAGES.dateRange,
    },
    async (request) => {
      const { startDate, endDate, includeEmpty = false } = request.query;
      const { page, limit, offset } = pageOf(request.query);
      const rows = await keptStockReport(startDate, endDate, includeEmpty);
      if (page === 1) {
        const report = { type: 'stock', startDate, endDate, includeEmpty } as const;
        await logReport(app.db, report, rows.length, requireUser(request));
      }
      return {
        data: rows.slice(offset, offset + limit),
        pagination: paginationOf({ page, limit }, rows.length),
      };
    },
  );
};
