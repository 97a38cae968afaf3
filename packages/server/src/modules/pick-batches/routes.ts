// Daftar Ambil (issue 47): /pick-batches under the /api prefix. Admin and manager build, read,
// pick and cancel batches (API_RULES).
import {
  IdParam,
  PICK_BATCH_MESSAGES,
  PickBatchAvailableQuery,
  PickBatchAvailableResponse,
  PickBatchEmpty,
  PickBatchInput,
  PickBatchList,
  PickBatchListQuery,
  PickBatchResponse,
  PickBatchSaved,
  PickInput,
  PickResult,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  availableOrders,
  cancelBatch,
  createBatch,
  getBatch,
  listBatches,
  NoOrdersToTake,
  recordPick,
} from './service';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['daftar-ambil'];

export const pickBatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Read fresh every time (not through lib/snapshot-cache.ts): a batch is read by the few people
  // picking it, each pick changes it, and the cache would save a shop nothing it can notice.
  app.get(
    '/pick-batches',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar ambil (status, halaman), terbaru dulu',
        querystring: PickBatchListQuery,
        response: { 200: PickBatchList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listBatches(app.db, request.query),
  );

  app.get(
    '/pick-batches/available',
    {
      schema: {
        tags: TAGS,
        summary:
          'Pesanan yang dapat diambil dengan filter ini, yang dilewati, dan kurir pesanan yang perlu dikemas',
        querystring: PickBatchAvailableQuery,
        response: { 200: PickBatchAvailableResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: unwrap(await availableOrders(app.db, request.query)) }),
  );

  app.post(
    '/pick-batches',
    {
      // Every field is optional: a batch of all orders to pack may come without a body.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: TAGS,
        summary:
          'Buat daftar ambil dari pesanan Perlu Dikirim (filter channel, toko, kurir, tanggal; paling banyak limit pesanan)',
        body: PickBatchInput,
        response: {
          201: PickBatchSaved,
          ...errorResponses(400, 401, 403),
          409: PickBatchEmpty,
        },
      },
    },
    async (request, reply) => {
      try {
        const data = unwrap(await createBatch(app.db, request.body, requireUser(request)));
        return await reply.code(201).send({ message: PICK_BATCH_MESSAGES.created, data });
      } catch (error) {
        if (!(error instanceof NoOrdersToTake)) throw error;
        return reply.code(409).send({ message: error.message, skipped: error.skipped });
      }
    },
  );

  app.get(
    '/pick-batches/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar ambil: pesanannya (urutan label) dan barangnya (urutan rak)',
        params: IdParam,
        response: { 200: PickBatchResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: unwrap(await getBatch(app.db, request.params.id)) }),
  );

  app.post(
    '/pick-batches/:id/picks',
    {
      schema: {
        tags: TAGS,
        summary: 'Scan ambil: satu unit (atau quantity) barang dicentang pada barisnya',
        params: IdParam,
        body: PickInput,
        response: { 200: PickResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: PICK_BATCH_MESSAGES.picked,
      data: unwrap(await recordPick(app.db, request.params.id, request.body)),
    }),
  );

  app.post(
    '/pick-batches/:id/cancel',
    {
      schema: {
        tags: TAGS,
        summary: 'Batalkan daftar ambil: pesanannya dilepas',
        params: IdParam,
        response: { 200: PickBatchSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      message: PICK_BATCH_MESSAGES.cancelled,
      data: unwrap(await cancelBatch(app.db, request.params.id, requireUser(request))),
    }),
  );
};
