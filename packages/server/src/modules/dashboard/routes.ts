import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

export const dashboardRoutes: FastifyPluginAsyncTypebox = async (_app) => {
  // Routes are added by their issue.
};
