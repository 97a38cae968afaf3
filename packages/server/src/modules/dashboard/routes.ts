import {
  DASHBOARD_MESSAGES,
  DEFAULT_SHOP_TIMEZONE,
  DashboardQuery,
  DashboardStats,
  MESSAGES,
  RecalculateResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { todayIn } from '../../lib/dates';
import { periodRange } from './period';
import { KeptResults } from '../../lib/kept-results';
import { ConsistencyCheck, dashboardStats, recalculateStock } from './service';
import { stockValue } from '../restock/service';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

/** Dashboard answers kept at once: a few periods, each with the latest consistency check. */
const KEPT_STATS = 20;

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
  const check = new ConsistencyCheck(app.db, app.dbKind);
  check.start();
  app.addHook('onClose', async () => check.stop());
  // Per period and consistency check: the numbers, kept until the next write (lib/kept-results).
  const stats = new KeptResults<DashboardStats>(app.db, KEPT_STATS);

  app.get(
    '/dashboard/stats',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Statistik stok dan pemeriksaan konsistensi untuk satu periode',
        querystring: DashboardQuery,
        response: { 200: DashboardStats, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const range = periodRange(request.query.period ?? 'all', todayIn(timeZone, now()));
      const key = range === null ? 'all' : `${range.start}/${range.end}`;
      const checked = await check.latest();
      // 'Nilai Stok' is the manager's: absent for the admin; kept with the numbers it goes with.
      const manager = requireUser(request).role === 'manager';
      const kept = `${key}@${checked.checkedAt.toISOString()}${manager ? '+value' : ''}`;
      return stats.get(kept, async (tx) => {
        const numbers = await dashboardStats(tx, range, checked);
        return manager ? { ...numbers, stockValue: await stockValue(tx) } : numbers;
      });
    },
  );

  app.post(
    '/utils/recalculate-stock',
    {
      config: { forbidden: DASHBOARD_MESSAGES.managerOnlyRecalculate },
      schema: {
        tags: ['dashboard'],
        summary: 'Hitung ulang stok semua produk: stok awal + masuk - keluar (manager)',
        response: { 200: RecalculateResponse, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => {
      const result = await recalculateStock(app.db, requireUser(request));
      if ('negative' in result)
        throw new HttpError(409, DASHBOARD_MESSAGES.negativeCalculated(result.negative));
      // The dashboard shows the check of the repaired data at once.
      await check.refresh();
      return { message: MESSAGES.stockRecalculated, updated: result.updated };
    },
  );
};
