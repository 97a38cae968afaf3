import {
  MESSAGES,
  PEMBUKUAN_MESSAGES,
  PembukuanList,
  PembukuanQuery,
  PembukuanSaved,
  PembukuanStats,
  PembukuanStatsQuery,
  PembukuanUpdate,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SnapshotCache } from '../../lib/snapshot-cache';
import {
  findPembukuanRowWithFees,
  listPembukuanWithFees,
  pembukuanStatsWithFees,
  updatePembukuan,
} from './service';
import { todayIn } from '../../lib/dates';
import { periodRoute } from '../../lib/record-routes';
import { unwrap } from '../../lib/result';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['pembukuan'];

/**
 * The most stats answers kept at once, one per date range. A year's stats sum about 200,000
 * transactions of a busy shop (some 250 ms of numeric arithmetic), so an answer is kept until the
 * next write (lib/snapshot-cache.ts).
 */
const KEPT_STATS = 50;

export interface PembukuanRoutesOptions {
  /** The shop's time zone: its today ends the 30 days of the 'Belum cair' fee estimate. */
  timeZone: string;
}

/**
 * Pembukuan: /pembukuan* under the /api prefix. Every row and the stats carry the marketplace
 * fees (issue 45, fees.ts); an estimate depends on the shop's today, so kept answers are keyed
 * by it too.
 */
export const pembukuanRoutes: FastifyPluginAsyncTypebox<PembukuanRoutesOptions> = async (
  app,
  options,
) => {
  const today = () => todayIn(options.timeZone, new Date());
  const stats = new SnapshotCache(app.db, KEPT_STATS);
  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  periodRoute(
    app,
    {
      url: '/pembukuan',
      forbidden: PEMBUKUAN_MESSAGES.managerOnly,
      tags: TAGS,
      summary: 'Pembukuan: satu baris per transaksi barang keluar dalam rentang tanggal',
      querystring: PembukuanQuery,
      answer: PembukuanList,
      dateRange: PEMBUKUAN_MESSAGES.dateRange,
    },
    (request, reply) => {
      const day = today();
      return answers.send(
        request,
        reply,
        () => listPembukuanWithFees(app.db, request.query, day),
        day,
      );
    },
  );

  periodRoute(
    app,
    {
      url: '/pembukuan/stats',
      forbidden: PEMBUKUAN_MESSAGES.managerOnly,
      tags: TAGS,
      summary: 'Ringkasan keuntungan dalam rentang tanggal, dengan keuntungan per produk',
      querystring: PembukuanStatsQuery,
      answer: PembukuanStats,
      dateRange: PEMBUKUAN_MESSAGES.dateRange,
    },
    (request) => {
      const { startDate, endDate } = request.query;
      const day = today();
      return stats.get(JSON.stringify([startDate, endDate, day]), (tx) =>
        pembukuanStatsWithFees(tx, request.query, day),
      );
    },
  );

  app.post(
    '/pembukuan',
    {
      config: { forbidden: MESSAGES.managerOnlyEdit },
      schema: {
        tags: TAGS,
        summary: 'Ubah harga beli, harga jual dan diskon satu transaksi barang keluar',
        body: PembukuanUpdate,
        response: {
          200: PembukuanSaved,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const row = unwrap(await updatePembukuan(app.db, request.body, requireUser(request)));
      // The row again with its fee: the new price changes its share of its order's fees.
      const data = (await findPembukuanRowWithFees(app.db, row.id, today())) ?? row;
      return { message: MESSAGES.pembukuanUpdated, data };
    },
  );
};
