import { DEFAULT_SHOP_TIMEZONE, RestockList, RestockQuery } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { todayIn } from '../../lib/dates';
import { restockList } from './service';
import { requireUser } from '../../lib/request-user';
import { seesCost, withoutCost } from '../../lib/purchase-cost';
import { errorResponses } from '../../lib/error-responses';

export interface RestockRoutesOptions {
  /** The shop's IANA time zone: "today" and the last 30 days are calendar days there. */
  timeZone?: string;
  /** The clock (tests). */
  now?: () => Date;
}

/** 'Perlu Restock' answers kept at once (a few pages and searches). */
const KEPT_RESTOCK_PAGES = 50;

/**
 * GET /restock. The restock rules' other routes live in their areas: GET /dashboard/daily in
 * dashboard, POST /orders/from-restock in orders, PUT /settings in settings (all call ./service).
 */
export const restockRoutes: FastifyPluginAsyncTypebox<RestockRoutesOptions> = async (
  app,
  options,
) => {
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIMEZONE;
  const today = () => todayIn(timeZone, options.now?.() ?? new Date());
  // 'Perlu Restock' is kept between writes (lib/snapshot-cache, ADR 0007): the dashboard and every
  // page's menu badge ask for it far more often than anything changes.
  const restockPages = new SnapshotCache(app.db, KEPT_RESTOCK_PAGES);

  app.get(
    '/restock',
    {
      schema: {
        tags: ['restock'],
        summary: 'Perlu Restock: stok di bawah minimum atau kurang dari 7 hari, dengan saran order',
        querystring: RestockQuery,
        response: { 200: RestockList, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { search, page, limit } = request.query;
      const day = today();
      const key = JSON.stringify([day, search?.trim() ?? '', page, limit]);
      const list = await restockPages.get(key, (tx) => restockList(tx, request.query, day));
      // The cost (the order's default price) is the manager's (lib/purchase-cost.ts).
      return seesCost(requireUser(request)) ? list : { ...list, data: list.data.map(withoutCost) };
    },
  );
};
