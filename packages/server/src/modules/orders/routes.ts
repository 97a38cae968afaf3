import {
  DEFAULT_SHOP_TIMEZONE,
  MESSAGES,
  ORDER_MESSAGES,
  OrderInput,
  OrderList,
  OrderQuery,
  OrderSaved,
  OrderSummaryList,
  RESTOCK_MESSAGES,
  RestockOrderInput,
  RestockOrderSaved,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SnapshotCache } from '../../lib/snapshot-cache';
import {
  createOrder,
  deleteOrder,
  listOrders,
  orderValues,
  ordersFromRestock,
  summarizeOrders,
  updateOrder,
} from './service';
import { createRoute, deleteRoute, periodRoute, updateRoute } from '../../lib/record-routes';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { todayIn } from '../../lib/dates';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['order'];
/**
 * The most summary answers kept at once (each is one page: at most 100 rows). The summary sums
 * every order of its range (a year: about 67,000 rows of a shop with 200,000 orders, some 50 ms).
 */
const KEPT_SUMMARIES = 100;

export interface OrdersRoutesOptions {
  /** The shop's IANA time zone: orders made from the restock advice are dated today there. */
  timeZone?: string;
  /** The clock (tests). */
  now?: () => Date;
}

/** List Order Barang: /orders* under the /api prefix. Orders do not change stock. */
export const ordersRoutes: FastifyPluginAsyncTypebox<OrdersRoutesOptions> = async (
  app,
  options,
) => {
  const timeZone = options.timeZone ?? DEFAULT_SHOP_TIMEZONE;
  const today = () => todayIn(timeZone, options.now?.() ?? new Date());
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  const summaries = new SnapshotCache(app.db, KEPT_SUMMARIES);

  periodRoute(
    app,
    {
      url: '/orders',
      tags: TAGS,
      summary: 'Daftar order (manager): terbaru dulu, rentang tanggal, cari, halaman',
      querystring: OrderQuery,
      answer: OrderList,
      dateRange: ORDER_MESSAGES.dateRange,
    },
    (request, reply) => answers.send(request, reply, () => listOrders(app.db, request.query)),
  );

  periodRoute(
    app,
    {
      url: '/orders/summary',
      tags: TAGS,
      summary: 'Ringkasan order per produk (manager): jumlah terbanyak dulu, halaman',
      querystring: OrderQuery,
      answer: OrderSummaryList,
      dateRange: ORDER_MESSAGES.dateRange,
    },
    (request) => {
      const { startDate, endDate, search, page, limit } = request.query;
      const key = JSON.stringify([startDate, endDate, search?.trim() ?? '', page, limit]);
      return summaries.get(key, (tx) => summarizeOrders(tx, request.query));
    },
  );

  createRoute(
    app,
    {
      url: '/orders',
      tags: TAGS,
      summary: 'Tambah order (manager); stok tidak berubah',
      body: OrderInput,
      saved: OrderSaved,
      message: MESSAGES.orderCreated,
    },
    (db, body, actor) => createOrder(db, orderValues(body), actor),
  );

  updateRoute(
    app,
    {
      url: '/orders/:id',
      tags: TAGS,
      summary: 'Ubah order (manager); stok tidak berubah',
      body: OrderInput,
      saved: OrderSaved,
      message: MESSAGES.orderUpdated,
    },
    (db, id, body, actor) => updateOrder(db, id, orderValues(body), actor),
  );

  deleteRoute(
    app,
    {
      url: '/orders/:id',
      tags: TAGS,
      summary: 'Hapus order (manager)',
      message: MESSAGES.orderDeleted,
    },
    deleteOrder,
  );

  app.post(
    '/orders/from-restock',
    {
      schema: {
        tags: TAGS,
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
};
