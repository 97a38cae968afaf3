import {
  ComparisonQuery,
  ComparisonResponse,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkIncomingResi,
  createIncoming,
  deleteIncoming,
  incomingForComparison,
  incomingValues,
  listIncoming,
  updateIncoming,
} from './incoming-service';
import {
  checkResiRoute,
  createRouteOptions,
  deleteRoute,
  updateRoute,
} from '../../lib/record-routes';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { seesCost, sendCostView, withoutCost } from '../../lib/purchase-cost';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['barang-masuk'];

export const incomingGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  app.get(
    '/incoming-goods',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar barang masuk (cari, urutkan, halaman)',
        querystring: IncomingGoodsListQuery,
        response: { 200: IncomingGoodsList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // A receipt's Harga Beli is the manager's to read (lib/purchase-cost.ts).
      return sendCostView(answers, request, reply, async (cost) => {
        const list = await listIncoming(app.db, request.query);
        return cost ? list : { ...list, data: list.data.map(withoutCost) };
      });
    },
  );

  checkResiRoute(
    app,
    {
      url: '/incoming-goods/check-resi/:resi',
      tags: TAGS,
      summary: 'Periksa apakah nomor resi sudah dipakai barang masuk lain',
    },
    checkIncomingResi,
  );

  // Read by the order list's comparison mode; any signed-in user may already read incoming goods.
  app.get(
    '/incoming-goods/for-comparison',
    {
      schema: {
        tags: TAGS,
        summary: 'Barang masuk per kode produk dan rentang tanggal, untuk perbandingan order',
        querystring: ComparisonQuery,
        response: { 200: ComparisonResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { productCodes, startDate, endDate } = request.query;
      // No productCodes (or only commas and spaces): no product filter.
      const listed = [
        ...new Set(
          (productCodes ?? '')
            .split(',')
            .map((code) => code.trim())
            .filter((code) => code !== ''),
        ),
      ];
      const codes = listed.length === 0 ? null : listed;
      return { data: await incomingForComparison(app.db, codes, startDate, endDate) };
    },
  );

  app.post(
    '/incoming-goods',
    createRouteOptions({
      tags: TAGS,
      summary: 'Catat barang masuk dan tambah stok produk',
      body: IncomingGoodsInput,
      saved: IncomingGoodsSaved,
      conflicts: true,
    }),
    async (request, reply) => {
      const values = incomingValues(request.body);
      const user = requireUser(request);
      const saved = unwrap(await createIncoming(app.db, values, user));
      // An admin may type the Harga Beli but does not read back the one the server chose.
      const data = seesCost(user) ? saved : withoutCost(saved);
      return reply.code(201).send({ message: MESSAGES.incomingCreated, data });
    },
  );

  updateRoute(
    app,
    {
      url: '/incoming-goods/:id',
      tags: TAGS,
      summary: 'Ubah barang masuk (manager); stok digeser sebesar selisihnya',
      body: IncomingGoodsInput,
      saved: IncomingGoodsSaved,
      conflicts: true,
      message: MESSAGES.dataUpdated,
    },
    (db, id, body, actor) => updateIncoming(db, id, incomingValues(body), actor),
  );

  deleteRoute(
    app,
    {
      url: '/incoming-goods/:id',
      tags: TAGS,
      summary: 'Hapus barang masuk (manager); stok dikurangi kembali',
      message: MESSAGES.dataDeleted,
    },
    deleteIncoming,
  );
};
