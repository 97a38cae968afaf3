import {
  DailyQuery,
  DailyResponse,
  DEFAULT_SHOP_TIMEZONE,
  ORDER_MESSAGES,
  RESTOCK,
  RESTOCK_MESSAGES,
  RestockList,
  RestockOrderInput,
  RestockOrderSaved,
  RestockQuery,
  SettingsInput,
  SettingsResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { KeptResults } from '../../lib/kept-results';
import { addDays, todayIn } from '../../lib/dates';
import { dailyTotals, ordersFromRestock, restockList, setTargetStockDays } from './service';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { seesCost, withoutCost } from '../../lib/purchase-cost';
import { errorResponses } from '../../lib/error-responses';

export interface RestockRoutesOptions {
  /** The shop's IANA time zone: "today" and the last 30 days are calendar days there. */
  timeZone?: string;
  /** The clock (tests). */
  now?: () => Date;
}

/** Answers kept at once per kind (a few pages and searches, the periods of the charts). */
const KEPT_ANSWERS = 50;

/** Days from `start` to `end`, both included. */
const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

/** GET /restock, GET /dashboard/daily, POST /orders/from-restock and PUT /settings. */
export const restockRoutes: FastifyPluginAsyncTypebox<RestockRoutesOptions> = async (
  app,
  options,
) => {
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIMEZONE;
  const today = () => todayIn(timeZone, options.now?.() ?? new Date());
  // 'Perlu Restock' and the charts are kept between writes (lib/kept-results, ADR 0007): the
  // dashboard and every page's menu badge ask for them far more often than anything changes.
  const restockPages = new KeptResults<RestockList>(app.db, KEPT_ANSWERS);
  const dailyRanges = new KeptResults<DailyResponse>(app.db, KEPT_ANSWERS);

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
      const end = request.query.endDate ?? today();
      const start = request.query.startDate ?? addDays(end, -(RESTOCK.averageDays - 1));
      if (start > end) throw new HttpError(400, ORDER_MESSAGES.dateRange);
      if (daysBetween(start, end) > RESTOCK.dailyMaxDays)
        throw new HttpError(400, RESTOCK_MESSAGES.dailyRange);
      return dailyRanges.get(`${start}/${end}`, (tx) => dailyTotals(tx, start, end));
    },
  );

  app.post(
    '/orders/from-restock',
    {
      schema: {
        tags: ['order'],
        summary: 'Buat Order dari saran restock (manager): satu order per produk, tanggal hari ini',
        body: RestockOrderInput,
        response: { 201: RestockOrderSaved, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const data = unwrap(
        await ordersFromRestock(app.db, request.body.items, today(), requireUser(request)),
      );
      return reply.code(201).send({ message: RESTOCK_MESSAGES.ordersCreated(data.length), data });
    },
  );

  app.put(
    '/settings',
    {
      config: { forbidden: RESTOCK_MESSAGES.managerOnlySettings },
      schema: {
        tags: ['health'],
        summary: 'Ubah pengaturan toko (manager): Target Persediaan',
        body: SettingsInput,
        response: { 200: SettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      shopTimezone: timeZone,
      targetStockDays: await setTargetStockDays(
        app.db,
        request.body.targetStockDays,
        requireUser(request),
      ),
    }),
  );
};
