import {
  CheckResiQuery,
  CheckResiResponse,
  ErrorBody,
  IdParam,
  OutgoingGoodsInput,
  OutgoingGoodsList,
  OutgoingGoodsListQuery,
  OutgoingGoodsSaved,
  MESSAGES,
  MessageBody,
  ResiParam,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { requireRole, requireUser } from '../../plugins/auth';
import { MSG_RECORD_NOT_FOUND, rejectInvalidInput, requireCalendarDates, storedId } from './input';
import {
  checkOutgoingResi,
  createOutgoing,
  deleteOutgoing,
  listOutgoing,
  outgoingValues,
  updateOutgoing,
} from './outgoing-service';
import { unwrap } from './stock';

const TAGS = ['barang-keluar'];
const anyRole = requireRole(['admin', 'manager']);

export const outgoingGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/outgoing-goods',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Daftar barang keluar dengan stok produk saat ini (cari, urutkan, halaman)',
        querystring: OutgoingGoodsListQuery,
        response: { 200: OutgoingGoodsList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => listOutgoing(app.db, request.query),
  );

  app.get(
    '/outgoing-goods/check-resi/:resi',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Periksa apakah nomor resi sudah dipakai barang keluar lain',
        params: ResiParam,
        querystring: CheckResiQuery,
        response: { 200: CheckResiResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { excludeId } = request.query;
      return checkOutgoingResi(
        app.db,
        request.params.resi,
        excludeId === undefined ? null : storedId(excludeId),
      );
    },
  );

  app.post(
    '/outgoing-goods',
    {
      onRequest: anyRole,
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Catat barang keluar; stok dikurangi hanya jika mencukupi',
        body: OutgoingGoodsInput,
        response: {
          201: OutgoingGoodsSaved,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      rejectInvalidInput(request, 'quantity');
      requireCalendarDates(request.body.date);
      const data = unwrap(
        await createOutgoing(app.db, outgoingValues(request.body), requireUser(request)),
      );
      return reply.code(201).send({ message: MESSAGES.outgoingCreated, data });
    },
  );

  app.put(
    '/outgoing-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyEdit),
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Ubah barang keluar (manager); stok digeser sebesar selisihnya',
        params: IdParam,
        body: OutgoingGoodsInput,
        response: {
          200: OutgoingGoodsSaved,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      rejectInvalidInput(request, 'quantity');
      requireCalendarDates(request.body.date);
      const id = storedId(request.params.id);
      if (id === null) throw new HttpError(404, MSG_RECORD_NOT_FOUND);
      const data = unwrap(
        await updateOutgoing(app.db, id, outgoingValues(request.body), requireUser(request)),
      );
      return { message: MESSAGES.dataUpdated, data };
    },
  );

  app.delete(
    '/outgoing-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyDelete),
      schema: {
        tags: TAGS,
        summary: 'Hapus barang keluar (manager); stok dikembalikan',
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
      unwrap(await deleteOutgoing(app.db, id, requireUser(request)));
      return { message: MESSAGES.dataDeleted };
    },
  );
};
