import { ActivityLogList, ActivityLogQuery, ErrorBody } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActivityLogs } from './service';

const TAGS = ['log-aktivitas'];

export const activityLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/activity-logs',
    {
      schema: {
        tags: TAGS,
        summary: 'Log aktivitas (manager), terbaru dulu; cari di detail, nama dan email pengguna',
        querystring: ActivityLogQuery,
        response: { 200: ActivityLogList, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => listActivityLogs(app.db, request.query),
  );
};
