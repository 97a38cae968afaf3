import { DEFAULT_SHOP_TIMEZONE } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { incomingGoodsRoutes } from './incoming-routes';
import { outgoingGoodsRoutes } from './outgoing-routes';

/** Barang Masuk and Barang Keluar: /incoming-goods* and /outgoing-goods* under the /api prefix. */
export const stockMovementRoutes: FastifyPluginAsyncTypebox<{ timeZone?: string }> = async (
  app,
  options,
) => {
  await app.register(incomingGoodsRoutes);
  await app.register(outgoingGoodsRoutes, { timeZone: options.timeZone ?? DEFAULT_SHOP_TIMEZONE });
};
