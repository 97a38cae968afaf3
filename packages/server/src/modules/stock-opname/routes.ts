// Stok Opname and Penyesuaian Stok: /stock-opname* and /stock-adjustments under the
// /api prefix. Admin and manager start sessions and count; only the manager posts or cancels
// (API_RULES) and reads the cost of the lines and of the differences.
import {
  IdParam,
  OPNAME_MESSAGES,
  OpnameCountInput,
  OpnameCountSaved,
  OpnamePostInput,
  StockAdjustmentList,
  StockAdjustmentListQuery,
  StockOpnameInput,
  StockOpnameList,
  StockOpnameListQuery,
  StockOpnameResponse,
  StockOpnameSaved,
  type OpnameLine,
  type StockOpnameSession,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  cancelSession,
  getSession,
  listAdjustments,
  listSessions,
  postSession,
  recordCount,
  recordCountIn,
  startSession,
} from './service';
import { unwrap } from '../../lib/result';
import { answerOnce, clientRequestOf } from '../../lib/idempotency';
import { requireUser, type AuthUser } from '../../lib/request-user';
import { seesCost, withoutCost } from '../../lib/purchase-cost';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';
import { listRoute } from '../../lib/record-routes';

const TAGS = ['stok-opname'];

/** The session as `user` may read it: an admin's has no cost (lib/purchase-cost.ts). */
function sessionFor(user: AuthUser, session: StockOpnameSession): StockOpnameSession {
  if (seesCost(user)) return session;
  const { difference_value: _value, ...rest } = session;
  return { ...rest, lines: session.lines.map(withoutCost) };
}
const errors = {
  ...errorResponses(400, 401, 403, 404, 409),
} as const;

export const stockOpnameRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  const { timeZone } = options;

  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  listRoute(
    app,
    answers,
    {
      url: '/stock-opname',
      tags: TAGS,
      summary: 'Daftar sesi stok opname (status, halaman), terbaru dulu',
      querystring: StockOpnameListQuery,
      answer: StockOpnameList,
    },
    listSessions,
  );

  app.post(
    '/stock-opname',
    {
      schema: {
        tags: TAGS,
        summary: 'Mulai sesi stok opname: nama dan cakupan (produknya ditetapkan sekarang)',
        body: StockOpnameInput,
        response: { 201: StockOpnameSaved, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = sessionFor(user, unwrap(await startSession(app.db, request.body, user)));
      return reply.code(201).send({ message: OPNAME_MESSAGES.started, data });
    },
  );

  app.get(
    '/stock-opname/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Sesi stok opname dengan semua produk cakupannya (dihitung dulu)',
        params: IdParam,
        response: { 200: StockOpnameResponse, ...errors },
      },
    },
    async (request) => ({
      data: sessionFor(requireUser(request), unwrap(await getSession(app.db, request.params.id))),
    }),
  );

  app.post(
    '/stock-opname/:id/counts',
    {
      schema: {
        tags: TAGS,
        summary:
          'Catat hitungan: barcode atau kode barang; add (+n per scan, atomik) atau set (jumlah fisik)',
        params: IdParam,
        body: OpnameCountInput,
        response: { 200: OpnameCountSaved, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const view = (line: OpnameLine) => ({ data: seesCost(user) ? line : withoutCost(line) });
      // Sent with a client_id (an offline phone's queue): added once, answered alike again.
      const claim = clientRequestOf(request, user.id);
      if (claim === null)
        return view(unwrap(await recordCount(app.db, request.params.id, request.body)));
      const answer = await answerOnce(app.db, claim, async (tx) => ({
        status: 200 as const,
        body: view(await recordCountIn(tx, request.params.id, request.body)),
      }));
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.post(
    '/stock-opname/:id/post',
    {
      config: { forbidden: OPNAME_MESSAGES.managerOnlyPost },
      // The body is optional: a post without one is a post without zero_uncounted.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: TAGS,
        summary:
          'Posting (manager): satu penyesuaian stok per produk yang selisih, satu transaksi; sesi ditutup',
        params: IdParam,
        body: OpnamePostInput,
        response: { 200: StockOpnameSaved, ...errors },
      },
    },
    async (request) => {
      const zeroUncounted = request.body.zero_uncounted === true;
      const data = unwrap(
        await postSession(app.db, request.params.id, zeroUncounted, requireUser(request), timeZone),
      );
      return { message: OPNAME_MESSAGES.posted, data };
    },
  );

  app.post(
    '/stock-opname/:id/cancel',
    {
      config: { forbidden: OPNAME_MESSAGES.managerOnlyCancel },
      schema: {
        tags: TAGS,
        summary: 'Batalkan sesi stok opname (manager): hitungannya dibuang, stok tidak berubah',
        params: IdParam,
        response: { 200: StockOpnameSaved, ...errors },
      },
    },
    async (request) => {
      const data = unwrap(await cancelSession(app.db, request.params.id, requireUser(request)));
      return { message: OPNAME_MESSAGES.cancelled, data };
    },
  );

  listRoute(
    app,
    answers,
    {
      url: '/stock-adjustments',
      tags: TAGS,
      summary: 'Daftar penyesuaian stok (cari produk atau alasan, tanggal, halaman)',
      querystring: StockAdjustmentListQuery,
      answer: StockAdjustmentList,
    },
    listAdjustments,
  );
};
