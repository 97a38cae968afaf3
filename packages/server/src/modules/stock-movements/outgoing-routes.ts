import {
  MESSAGES,
  OutgoingGoodsInput,
  OutgoingGoodsList,
  OutgoingGoodsListQuery,
  OutgoingGoodsSaved,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  checkOutgoingResi,
  createOutgoing,
  deleteOutgoing,
  listOutgoing,
  outgoingValues,
  updateOutgoing,
} from './outgoing-service';
import {
  checkResiRoute,
  createRoute,
  deleteRoute,
  listRoute,
  updateRoute,
} from '../../lib/record-routes';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { todayIn } from '../../lib/dates';

const TAGS = ['barang-keluar'];

export const outgoingGoodsRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  listRoute(
    app,
    answers,
    {
      url: '/outgoing-goods',
      tags: TAGS,
      summary: 'Daftar barang keluar dengan stok produk saat ini (cari, urutkan, halaman)',
      querystring: OutgoingGoodsListQuery,
      answer: OutgoingGoodsList,
    },
    listOutgoing,
  );

  checkResiRoute(
    app,
    {
      url: '/outgoing-goods/check-resi/:resi',
      tags: TAGS,
      summary: 'Periksa apakah nomor resi sudah dipakai barang keluar lain',
    },
    checkOutgoingResi,
  );

  createRoute(
    app,
    {
      url: '/outgoing-goods',
      tags: TAGS,
      summary: 'Catat barang keluar; stok dikurangi hanya jika mencukupi',
      body: OutgoingGoodsInput,
      saved: OutgoingGoodsSaved,
      conflicts: true,
      message: MESSAGES.outgoingCreated,
    },
    (db, body, actor) => createOutgoing(db, outgoingValues(body), actor, todayIn(options.timeZone)),
  );

  updateRoute(
    app,
    {
      url: '/outgoing-goods/:id',
      tags: TAGS,
      summary: 'Ubah barang keluar (manager); stok digeser sebesar selisihnya',
      body: OutgoingGoodsInput,
      saved: OutgoingGoodsSaved,
      conflicts: true,
      message: MESSAGES.dataUpdated,
    },
    (db, id, body, actor) => updateOutgoing(db, id, outgoingValues(body), actor),
  );

  deleteRoute(
    app,
    {
      url: '/outgoing-goods/:id',
      tags: TAGS,
      summary: 'Hapus barang keluar (manager); stok dikembalikan',
      message: MESSAGES.dataDeleted,
    },
    deleteOutgoing,
  );
};
