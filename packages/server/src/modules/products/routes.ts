import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const productsRoutes: FastifyPluginAsyncTypebox = async (_app) => {
  // Routes are added by their issue.
};
