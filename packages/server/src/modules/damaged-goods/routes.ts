import {
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
  MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createDamaged, damagedValues, deleteDamaged, listDamaged, updateDamaged } from './service';
import { createRouteOptions, deleteRoute, updateRouteOptions } from '../../lib/record-routes';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['barang-rusak'];

/** Barang Rusak: /damaged-goods* under the /api prefix. Records do not change stock. */
export const damagedGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  app.get(
    '/damaged-goods',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar barang rusak (cari, halaman)',
        querystring: DamagedGoodsListQuery,
        response: { 200: DamagedGoodsList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, () => listDamaged(app.db, request.query)),
  );

  app.post(
    '/damaged-goods',
    createRouteOptions({
      tags: TAGS,
      summary: 'Catat barang rusak (stok produk tidak berubah)',
      body: DamagedGoodsInput,
      saved: DamagedGoodsSaved,
    }),
    async (request, reply) => {
      const values = damagedValues(request.body);
      const data = unwrap(await createDamaged(app.db, values, requireUser(request)));
      return reply.code(201).send({ message: MESSAGES.damagedCreated, data });
    },
  );

  app.put(
    '/damaged-goods/:id',
    updateRouteOptions({
      tags: TAGS,
      summary: 'Ubah barang rusak (manager)',
      body: DamagedGoodsInput,
      saved: DamagedGoodsSaved,
    }),
    async (request) => {
      const values = damagedValues(request.body);
      const data = unwrap(
        await updateDamaged(app.db, request.params.id, values, requireUser(request)),
      );
      return { message: MESSAGES.damagedUpdated, data };
    },
  );

  deleteRoute(
    app,
    {
      url: '/damaged-goods/:id',
      tags: TAGS,
      summary: 'Hapus barang rusak (manager)',
      message: MESSAGES.damagedDeleted,
    },
    deleteDamaged,
  );
};
