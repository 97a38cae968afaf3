// Retur: /returns* under the /api prefix. Admin and manager look up a resi and record a
// return; only the manager deletes one (API_RULES).
import {
  ErrorBody,
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
import { createReturn, deleteReturn, listReturns, lookupResi } from './service';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';

const TAGS = ['retur'];
export const returnsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/returns/lookup/:resi',
    {
      schema: {
        tags: TAGS,
        summary: 'Barang Keluar dari satu resi: jumlah dikirim dan yang sudah diretur',
        params: ReturnLookupParams,
        response: {
          200: ReturnLookup,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => unwrap(await lookupResi(app.db, request.params.resi)),
  );

  app.get(
    '/returns',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar retur (cari, tanggal, halaman), terbaru dulu',
        querystring: ReturnListQuery,
        response: { 200: ReturnList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => listReturns(app.db, request.query),
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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const data = unwrap(await createReturn(app.db, request.body, requireUser(request)));
      return reply.code(201).send({ message: RETURN_MESSAGES.created, data });
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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const data = unwrap(await deleteReturn(app.db, request.params.id, requireUser(request)));
      return { message: RETURN_MESSAGES.deleted, data };
    },
  );
};
