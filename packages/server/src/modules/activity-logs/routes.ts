import { ActivityLogList, ActivityLogQuery } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActivityLogs } from './service';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['log-aktivitas'];

export const activityLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

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
    async (request, reply) =>
      answers.send(request, reply, () => listActivityLogs(app.db, request.query)),
  );
};
