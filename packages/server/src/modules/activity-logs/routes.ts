import { ActivityLogList, ActivityLogQuery } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listActivityLogs } from './service';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { listRoute } from '../../lib/record-routes';

const TAGS = ['log-aktivitas'];

export const activityLogsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  listRoute(
    app,
    answers,
    {
      url: '/activity-logs',
      tags: TAGS,
      summary: 'Log aktivitas (manager), terbaru dulu; cari di detail, nama dan email pengguna',
      querystring: ActivityLogQuery,
      answer: ActivityLogList,
    },
    listActivityLogs,
  );
};
