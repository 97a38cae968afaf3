import {
  CheckResiQuery,
  CheckResiResponse,
  ComparisonQuery,
  ComparisonResponse,
  ErrorBody,
  IdParam,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  MESSAGES,
  MessageBody,
  ResiParam,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { requireRole, requireUser } from '../../plugins/auth';
import { MSG_RECORD_NOT_FOUND, rejectInvalidInput, requireCalendarDates, storedId } from './input';
import {
  checkIncomingResi,
  createIncoming,
  deleteIncoming,
  incomingForComparison,
  incomingValues,
  listIncoming,
  updateIncoming,
} from './incoming-service';
import { unwrap } from './stock';

const TAGS = ['barang-masuk'];
const anyRole = requireRole(['admin', 'manager']);

export const incomingGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/incoming-goods',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Daftar barang masuk (cari, urutkan, halaman)',
        querystring: IncomingGoodsListQuery,
        response: { 200: IncomingGoodsList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => listIncoming(app.db, request.query),
  );

  app.get(
    '/incoming-goods/check-resi/:resi',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Periksa apakah nomor resi sudah dipakai barang masuk lain',
        params: ResiParam,
        querystring: CheckResiQuery,
        response: { 200: CheckResiResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { excludeId } = request.query;
      return checkIncomingResi(
        app.db,
        request.params.resi,
        excludeId === undefined ? null : storedId(excludeId),
      );
    },
  );

  // Read by the order list's comparison mode; any signed-in user may already read incoming goods.
  app.get(
    '/incoming-goods/for-comparison',
    {
      onRequest: anyRole,
      schema: {
        tags: TAGS,
        summary: 'Barang masuk per kode produk dan rentang tanggal, untuk perbandingan order',
        querystring: ComparisonQuery,
        response: { 200: ComparisonResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { productCodes, startDate, endDate } = request.query;
      requireCalendarDates(startDate, endDate);
      const codes = [
        ...new Set(
          productCodes
            .split(',')
            .map((code) => code.trim())
            .filter((code) => code !== ''),
        ),
      ];
      return { data: await incomingForComparison(app.db, codes, startDate, endDate) };
    },
  );

  app.post(
    '/incoming-goods',
    {
      onRequest: anyRole,
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Catat barang masuk dan tambah stok produk',
        body: IncomingGoodsInput,
        response: {
          201: IncomingGoodsSaved,
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
        await createIncoming(app.db, incomingValues(request.body), requireUser(request)),
      );
      return reply.code(201).send({ message: MESSAGES.incomingCreated, data });
    },
  );

  app.put(
    '/incoming-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyEdit),
      attachValidation: true,
      schema: {
        tags: TAGS,
        summary: 'Ubah barang masuk (manager); stok digeser sebesar selisihnya',
        params: IdParam,
        body: IncomingGoodsInput,
        response: {
          200: IncomingGoodsSaved,
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
        await updateIncoming(app.db, id, incomingValues(request.body), requireUser(request)),
      );
      return { message: MESSAGES.dataUpdated, data };
    },
  );

  app.delete(
    '/incoming-goods/:id',
    {
      onRequest: requireRole('manager', MESSAGES.managerOnlyDelete),
      schema: {
        tags: TAGS,
        summary: 'Hapus barang masuk (manager); stok dikurangi kembali',
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
      unwrap(await deleteIncoming(app.db, id, requireUser(request)));
      return { message: MESSAGES.dataDeleted };
    },
  );
};
