import {
  ErrorBody,
  REPORT_MESSAGES,
  ReportQuery,
  ReportResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { requireRole, requireUser } from '../../plugins/auth';
import { generateReport } from './service';

const TAGS = ['laporan'];

export const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/reports',
    {
      onRequest: requireRole(['admin', 'manager']),
      schema: {
        tags: TAGS,
        summary:
          'Laporan stok, barang masuk atau barang keluar dalam rentang tanggal (kedua ujung termasuk)',
        querystring: ReportQuery,
        response: { 200: ReportResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { type, startDate, endDate, includeEmpty = false } = request.query;
      if (startDate > endDate) throw new HttpError(400, REPORT_MESSAGES.dateRange);
      return generateReport(
        app.db,
        { type, startDate, endDate, includeEmpty },
        requireUser(request),
      );
    },
  );
};
