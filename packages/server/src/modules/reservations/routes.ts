// Stok Tersedia (issue 44): /marketplace-stores, /reservations and /dashboard/short-orders under
// the /api prefix. Both roles read; only the manager keeps the stores (API_RULES).
import {
  MarketplaceStoreInput,
  MarketplaceStoreList,
  MarketplaceStoreQuery,
  MarketplaceStoreSaved,
  MarketplaceStoreUpdate,
  RESERVATION_MESSAGES,
  ReservationList,
  ReservationQuery,
  ShortOrderList,
  ShortOrderQuery,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createRoute, deleteRoute, updateRoute } from '../../lib/record-routes';
import { inTransaction } from '../../lib/transaction';
import { unwrap } from '../../lib/result';
import { errorResponses } from '../../lib/error-responses';
import { listReservations, listShortOrders } from './reserved';
import { createStore, deleteStore, listStores, updateStore } from './stores';

const TAGS = ['marketplace'];

export const reservationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/marketplace-stores',
    {
      schema: {
        tags: TAGS,
        summary: 'Daftar toko marketplace (toko utama channel dibuat saat pertama dipakai)',
        querystring: MarketplaceStoreQuery,
        response: { 200: MarketplaceStoreList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listStores(app.db, request.query.channel) }),
  );

  createRoute(
    app,
    {
      url: '/marketplace-stores',
      tags: TAGS,
      summary: 'Tambah toko marketplace (manager): channel, nama, stok cadangan',
      body: MarketplaceStoreInput,
      saved: MarketplaceStoreSaved,
      conflicts: true,
      message: RESERVATION_MESSAGES.storeSaved,
    },
    createStore,
  );

  updateRoute(
    app,
    {
      url: '/marketplace-stores/:id',
      tags: TAGS,
      summary: 'Ubah nama atau stok cadangan toko marketplace (manager)',
      body: MarketplaceStoreUpdate,
      saved: MarketplaceStoreSaved,
      conflicts: true,
      message: RESERVATION_MESSAGES.storeSaved,
    },
    updateStore,
  );

  deleteRoute(
    app,
    {
      url: '/marketplace-stores/:id',
      tags: TAGS,
      summary: 'Hapus toko marketplace (manager); toko yang punya pesanan tidak bisa',
      message: RESERVATION_MESSAGES.storeDeleted,
      conflicts: true,
    },
    deleteStore,
  );

  app.get(
    '/reservations',
    {
      schema: {
        tags: TAGS,
        summary: 'Baris pesanan marketplace terbuka yang memesan stok (Dipesan), terlama dulu',
        querystring: ReservationQuery,
        response: { 200: ReservationList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      unwrap(await inTransaction(app.db, (tx) => listReservations(tx, request.query))),
  );

  app.get(
    '/dashboard/short-orders',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Pesanan Kurang Stok: pesanan terbuka yang tidak terpenuhi stok, terlama dulu',
        querystring: ShortOrderQuery,
        response: { 200: ShortOrderList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listShortOrders(app.db, request.query),
  );
};
