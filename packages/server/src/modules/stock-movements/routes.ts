import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { incomingGoodsRoutes } from './incoming-routes';
import { outgoingGoodsRoutes } from './outgoing-routes';

/** Barang Masuk and Barang Keluar: /incoming-goods* and /outgoing-goods* under the /api prefix. */
export const stockMovementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(incomingGoodsRoutes);
  await app.register(outgoingGoodsRoutes);
};
