// Retur: /returns* under the /api prefix. Admin and manager look up a resi and record a
// return; only the manager deletes one (API_RULES).
import {
  IdParam,
  MESSAGES,
  RETURN_MESSAGES,
  ReturnInput,
  ReturnList,
  ReturnListQuery,
  ReturnLookup,
  ReturnLookupParams,
  ReturnSaved,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createReturn, createReturnIn, deleteReturn, listReturns, lookupResi } from './service';
import { unwrap } from '../../lib/result';
import { answerOnce, clientRequestOf } from '../../lib/idempotency';
import { requireUser } from '../../lib/request-user';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';
import { listRoute } from '../../lib/record-routes';

const TAGS = ['retur'];
export const returnsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  app.get(
    '/returns/lookup/:resi',
    {
      schema: {
        tags: TAGS,
        summary: 'Barang Keluar dari satu resi: jumlah dikirim dan yang sudah diretur',
        params: ReturnLookupParams,
        response: {
          200: ReturnLookup,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => unwrap(await lookupResi(app.db, request.params.resi)),
  );

  listRoute(
    app,
    answers,
    {
      url: '/returns',
      tags: TAGS,
      summary: 'Daftar retur (cari, tanggal, halaman), terbaru dulu',
      querystring: ReturnListQuery,
      answer: ReturnList,
    },
    listReturns,
  );

  app.post(
    '/returns',
    {
      schema: {
        tags: TAGS,
        summary: 'Catat retur: Baik kembali ke stok, Rusak dicatat di Barang Rusak; satu transaksi',
        body: ReturnInput,
        response: {
          201: ReturnSaved,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Sent with a client_id (an offline phone's queue): recorded once, answered alike again.
      const claim = clientRequestOf(request, user.id);
      if (claim === null) {
        const data = unwrap(await createReturn(app.db, request.body, user));
        return reply.code(201).send({ message: RETURN_MESSAGES.created, data });
      }
      const answer = await answerOnce(app.db, claim, async (tx) => ({
        status: 201 as const,
        body: {
          message: RETURN_MESSAGES.created,
          data: await createReturnIn(tx, request.body, user),
        },
      }));
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.delete(
    '/returns/:id',
    {
      config: { forbidden: MESSAGES.managerOnlyDelete },
      schema: {
        tags: TAGS,
        summary: 'Hapus retur (manager): efek stoknya dibatalkan',
        params: IdParam,
        response: {
          200: ReturnSaved,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      const data = unwrap(await deleteReturn(app.db, request.params.id, requireUser(request)));
      return { message: RETURN_MESSAGES.deleted, data };
    },
  );
};
