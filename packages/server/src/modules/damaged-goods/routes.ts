import {
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
  MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createDamaged, damagedValues, deleteDamaged, listDamaged, updateDamaged } from './service';
import { createRoute, deleteRoute, listRoute, updateRoute } from '../../lib/record-routes';
import { SnapshotCache } from '../../lib/snapshot-cache';

const TAGS = ['barang-rusak'];

/** Barang Rusak: /damaged-goods* under the /api prefix. Records do not change stock. */
export const damagedGoodsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  listRoute(
    app,
    answers,
    {
      url: '/damaged-goods',
      tags: TAGS,
      summary: 'Daftar barang rusak (cari, halaman)',
      querystring: DamagedGoodsListQuery,
      answer: DamagedGoodsList,
    },
    listDamaged,
  );

  createRoute(
    app,
    {
      url: '/damaged-goods',
      tags: TAGS,
      summary: 'Catat barang rusak (stok produk tidak berubah)',
      body: DamagedGoodsInput,
      saved: DamagedGoodsSaved,
      message: MESSAGES.damagedCreated,
    },
    (db, body, actor) => createDamaged(db, damagedValues(body), actor),
  );

  updateRoute(
    app,
    {
      url: '/damaged-goods/:id',
      tags: TAGS,
      summary: 'Ubah barang rusak (manager)',
      body: DamagedGoodsInput,
      saved: DamagedGoodsSaved,
      message: MESSAGES.damagedUpdated,
    },
    (db, id, body, actor) => updateDamaged(db, id, damagedValues(body), actor),
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
