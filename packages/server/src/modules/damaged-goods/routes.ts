import {
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
  ErrorBody,
  IdParam,
  MESSAGES,
  MessageBody,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { requireRole, requireUser } from '../../plugins/auth';
import {
  MSG_RECORD_NOT_FOUND,
  rejectInvalidInput,
  requireCalendarDates,
  storedId,
} from '../stock-movements/input';
import { unwrap } from '../stock-movements/stock';
import { createDamaged, damagedValues, deleteDamaged, listDamaged, updateDamaged } from './service';

const TAGS = ['barang-rusak'];
const anyRole = requireRole(['admin', 'manager']);

/** Barang Rusak: /damaged-goods* under the /api prefix. Records do not change stock. */
export const damagedGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/damaged-goods',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Daftar barang rusak (cari, halaman)',
        querystring: DamagedGoodsListQuery,
        response: { 200: DamagedGoodsList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => listDamaged(app.db, request.query),
  );

  app.post(
    '/damaged-goods',
    {
      onRequest: anyRole,
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Catat barang rusak (stok produk tidak berubah)',
        body: DamagedGoodsInput,
        response: { 201: DamagedGoodsSaved, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request, reply) => {
      rejectInvalidInput(request, 'stock');
      requireCalendarDates(request.body.date);
      const data = unwrap(
        await createDamaged(app.db, damagedValues(request.body), requireUser(request)),
      );
      return reply.code(201).send({ message: MESSAGES.damagedCreated, data });
    },
  );

  app.put(
    '/damaged-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyEdit),
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Ubah barang rusak (manager)',
        params: IdParam,
        body: DamagedGoodsInput,
        response: {
          200: DamagedGoodsSaved,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      rejectInvalidInput(request, 'stock');
      requireCalendarDates(request.body.date);
      const id = storedId(request.params.id);
      if (id === null) throw new HttpError(404, MSG_RECORD_NOT_FOUND);
      const data = unwrap(
        await updateDamaged(app.db, id, damagedValues(request.body), requireUser(request)),
      );
      return { message: MESSAGES.damagedUpdated, data };
    },
  );

  app.delete(
    '/damaged-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyDelete),
      schema: {
        tags: TAGS,
        summary: 'Hapus barang rusak (manager)',
        params: IdParam,
        response: {
          200: MessageBody,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      const id = storedId(request.params.id);
      if (id === null) throw new HttpError(404, MSG_RECORD_NOT_FOUND);
      unwrap(await deleteDamaged(app.db, id, requireUser(request)));
      return { message: MESSAGES.damagedDeleted };
    },
  );
};
