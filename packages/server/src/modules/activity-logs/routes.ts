import { ActivityLogList, ActivityLogQuery } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActivityLogs } from './service';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['log-aktivitas'];

export const activityLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/activity-logs',
    {
      schema: {
        tags: TAGS,
        summary: 'Log aktivitas (manager), terbaru dulu; cari di detail, nama dan email pengguna',
        querystring: ActivityLogQuery,
        response: { 200: ActivityLogList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listActivityLogs(app.db, request.query),
  );
};
