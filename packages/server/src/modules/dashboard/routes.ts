import {
  DASHBOARD_MESSAGES,
  DEFAULT_SHOP_TIMEZONE,
  DashboardQuery,
  DashboardStats,
  ErrorBody,
  MESSAGES,
  RecalculateResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { todayIn } from '../../lib/dates';
import { requireRole, requireUser } from '../../plugins/auth';
import { periodRange } from './period';
import { dashboardStats, recalculateStock } from './service';

export interface DashboardRoutesOptions {
  /** The shop's IANA time zone: periods are calendar periods there. */
  timeZone?: string;
  /** The clock (tests). */
  now?: () => Date;
}

export const dashboardRoutes: FastifyPluginAsyncTypebox<DashboardRoutesOptions> = async (
  app,
  options,
) => {
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIMEZONE;
  const now = options.now ?? (() => new Date());

  app.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Statistik stok dan pemeriksaan konsistensi untuk satu periode',
        querystring: DashboardQuery,
        response: { 200: DashboardStats, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => {
      const range = periodRange(request.query.period ?? 'all', todayIn(timeZone, now()));
      return dashboardStats(app.db, range);
    },
  );

  app.post(
    '/utils/recalculate-stock',
    {
      onRequest: requireRole('manager', DASHBOARD_MESSAGES.managerOnlyRecalculate),
      schema: {
        tags: ['dashboard'],
        summary: 'Hitung ulang stok semua produk: stok awal + masuk - keluar (manager)',
        response: { 200: RecalculateResponse, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => {
      const result = await recalculateStock(app.db, requireUser(request));
      if ('negative' in result)
        throw new HttpError(409, DASHBOARD_MESSAGES.negativeCalculated(result.negative));
      return { message: MESSAGES.stockRecalculated, updated: result.updated };
    },
  );
};
