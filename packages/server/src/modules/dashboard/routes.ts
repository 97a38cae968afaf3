import {
  DailyQuery,
  DailyResponse,
  DASHBOARD_MESSAGES,
  DEFAULT_SHOP_TIMEZONE,
  DashboardQuery,
  DashboardStats,
  MESSAGES,
  ORDER_MESSAGES,
  RecalculateResponse,
  RESTOCK,
  RESTOCK_MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { addDays, todayIn } from '../../lib/dates';
import { periodRange } from './period';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { ConsistencyCheck, dashboardStats, recalculateStock } from './service';
import { dailyTotals, stockValue } from '../restock/service';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

/** Dashboard answers kept at once: a few periods, each with the latest consistency check. */
const KEPT_STATS = 20;
/** Daily chart answers kept at once (the periods of the charts). */
const KEPT_DAILY_RANGES = 50;

/** Days from `start` to `end`, both included. */
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

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
  // Per period and consistency check: the numbers, kept until the next write (lib/snapshot-cache).
  const stats = new SnapshotCache(app.db, KEPT_STATS);
  // The charts are asked for far more often than anything changes (lib/snapshot-cache, ADR 0007).
  const dailyRanges = new SnapshotCache(app.db, KEPT_DAILY_RANGES);

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

  app.get(
    '/dashboard/daily',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Barang masuk dan keluar per hari (default: 30 hari terakhir)',
        querystring: DailyQuery,
        response: { 200: DailyResponse, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const end = request.query.endDate ?? todayIn(timeZone, now());
      const start = request.query.startDate ?? addDays(end, -(RESTOCK.averageDays - 1));
      if (start > end) throw new HttpError(400, ORDER_MESSAGES.dateRange);
      if (daysBetween(start, end) > RESTOCK.dailyMaxDays)
        throw new HttpError(400, RESTOCK_MESSAGES.dailyRange);
      return dailyRanges.get(`${start}/${end}`, (tx) => dailyTotals(tx, start, end));
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
