import {
  ErrorBody,
  IdParam,
  MESSAGES,
  ORDER_MESSAGES,
  OrderInput,
  OrderList,
  OrderQuery,
  OrderSaved,
  OrderSummaryList,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/client';
import { HttpError } from '../../http-error';
import { requireRole, requireUser } from '../../plugins/auth';
import { currentSnapshot, FreshSharedResult } from '../dashboard/service';
import { deleteRoute } from '../stock-movements/record-routes';
import { unwrap } from '../stock-movements/stock';
import {
  createOrder,
  deleteOrder,
  listOrders,
  orderValues,
  summarizeOrders,
  updateOrder,
} from './service';

const TAGS = ['order'];
/** List Order is the manager's (SPEC.md point 6): every route checks it itself. */
const managerOnly = requireRole('manager');

/** Tanggal Mulai after Tanggal Akhir is refused, as the reports and the stock card refuse it. */
function checkRange(query: OrderQuery): void {
  const { startDate, endDate } = query;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate)
    throw new HttpError(400, ORDER_MESSAGES.dateRange);
}

/** The most summary answers kept at once (each is one page: at most 100 rows). */
const KEPT_SUMMARIES = 100;

/**
 * The summary sums every order of its range (a year: about 67,000 rows of a shop with 200,000
 * orders, some 50 ms), so an answer is kept with the database snapshot it was read in, as the
 * dashboard keeps its numbers (docs/adr/0007-scale.md): while the current snapshot is the same
 * text, nothing has been written since and the kept answer is still exact. Any write makes the
 * next request sum again; requests arriving while a sum runs share the next one.
 */
class KeptSummaries {
  private readonly kept = new Map<string, { snapshot: string; value: OrderSummaryList }>();
  private readonly shared = new FreshSharedResult<OrderSummaryList>();

  constructor(private readonly db: Db) {}

  async get(query: OrderQuery): Promise<OrderSummaryList> {
    const { startDate, endDate, search, page, limit } = query;
    const key = JSON.stringify([startDate, endDate, search?.trim() ?? '', page, limit]);
    const last = this.kept.get(key);
    if (last !== undefined && last.snapshot === (await currentSnapshot(this.db))) return last.value;
    return this.shared.get(key, async () => {
      const fresh = await this.db.transaction(
        async (tx) => ({
          snapshot: await currentSnapshot(tx),
          value: await summarizeOrders(tx, query),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      // Newest last: the oldest answer makes room.
      this.kept.delete(key);
      this.kept.set(key, fresh);
      if (this.kept.size > KEPT_SUMMARIES) {
        const oldest = this.kept.keys().next().value;
        if (oldest !== undefined) this.kept.delete(oldest);
      }
      return fresh.value;
    });
  }
}

/** List Order Barang: /orders* under the /api prefix. Orders do not change stock. */
export const ordersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const summaries = new KeptSummaries(app.db);

  app.get(
    '/orders',
    {
      onRequest: managerOnly,
      schema: {
        tags: TAGS,
        summary: 'Daftar order (manager): terbaru dulu, rentang tanggal, cari, halaman',
        querystring: OrderQuery,
        response: { 200: OrderList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      checkRange(request.query);
      return listOrders(app.db, request.query);
    },
  );

  app.get(
    '/orders/summary',
    {
      onRequest: managerOnly,
      schema: {
        tags: TAGS,
        summary: 'Ringkasan order per produk (manager): jumlah terbanyak dulu, halaman',
        querystring: OrderQuery,
        response: { 200: OrderSummaryList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      checkRange(request.query);
      return summaries.get(request.query);
    },
  );

  app.post(
    '/orders',
    {
      onRequest: managerOnly,
      schema: {
        tags: TAGS,
        summary: 'Tambah order (manager); stok tidak berubah',
        body: OrderInput,
        response: { 201: OrderSaved, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      const values = orderValues(request.body);
      const data = unwrap(await createOrder(app.db, values, requireUser(request)));
      return reply.code(201).send({ message: MESSAGES.orderCreated, data });
    },
  );

  app.put(
    '/orders/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyEdit),
      schema: {
        tags: TAGS,
        summary: 'Ubah order (manager); stok tidak berubah',
        params: IdParam,
        body: OrderInput,
        response: {
          200: OrderSaved,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const values = orderValues(request.body);
      const data = unwrap(
        await updateOrder(app.db, request.params.id, values, requireUser(request)),
      );
      return { message: MESSAGES.orderUpdated, data };
    },
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
};
