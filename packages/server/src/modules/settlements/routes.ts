// Penghasilan Marketplace (issue 45): /settlement-imports (upload, preview, commit) and
// /settlements (list, summary, 'Perlu dicek') under the /api prefix; the manager only (API_RULES).
import multipart from '@fastify/multipart';
import {
  MARKETPLACE_MAX_INFLATED_BYTES,
  MARKETPLACE_MAX_PREVIEW_CHARS,
  MARKETPLACE_MESSAGES,
  SETTLEMENT_MAX_ROWS,
  SETTLEMENT_MAX_TEXT_CHARS,
  SETTLEMENT_MESSAGES,
  SETTLEMENT_UPLOAD_MAX_BYTES,
  SettlementCheckList,
  SettlementCheckQuery,
  SettlementCommitResult,
  SettlementImport,
  SettlementList,
  SettlementQuery,
  SettlementSummary,
  SettlementSummaryQuery,
  type MarketplaceChannel,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { HttpError } from '../../http-error';
import { storeForUpload, storeIdField } from '../reservations/service';
import { unwrap } from '../../lib/result';
import { oneFileUpload, importRoutes } from '../../lib/two-step-import';
import { requireUser } from '../../lib/request-user';
import { periodRoute } from '../../lib/record-routes';
import { commitSettlementPreview, createSettlementPreview, getSettlementPreview } from './imports';
import { readSettlementFile, settlementReadMessage } from './settlement-job';
import { keptDifferences } from './settlement-kept';
import { listSettlements, settlementSummary } from './settlements';
import { listSettlementChecks } from './checks';
import { settlementSettings } from './settings';
import { todayIn } from '../../lib/dates';

const TAGS = ['settlements'];

/** One income file of at most 30 MB and the optional store. */
const UPLOAD_RULES = oneFileUpload(SETTLEMENT_UPLOAD_MAX_BYTES, {
  ...MARKETPLACE_MESSAGES,
  tooLarge: SETTLEMENT_MESSAGES.tooLarge,
});

/** A month of a busy store: more rows and text than an order file, the same inflation guard. */
const SHEET_LIMITS = {
  maxRows: SETTLEMENT_MAX_ROWS,
  maxInflatedBytes: MARKETPLACE_MAX_INFLATED_BYTES * 3,
  maxTextChars: SETTLEMENT_MAX_TEXT_CHARS,
  maxPreviewChars: MARKETPLACE_MAX_PREVIEW_CHARS,
};

/** The store of the channel the file names (Shopee's username), if the shop has one by that name. */
async function namedStore(
  db: DbOrTx,
  channel: MarketplaceChannel,
  name: string | null,
): Promise<number | null> {
  const text = name?.trim() ?? '';
  if (text === '') return null;
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from marketplace_stores where channel = ${channel} and lower(name) = lower(${text})`);
  return rows[0] === undefined ? null : Number(rows[0].id);
}

export const settlementRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  importRoutes(
    app,
    {
      url: '/settlement-imports',
      tags: TAGS,
      rules: UPLOAD_RULES,
      fallbackName: 'penghasilan',
      description:
        'multipart/form-data: `file` (xlsx, xls or csv, at most 30 MB) and the optional `store_id`.',
      preview: SettlementImport,
      committed: SettlementCommitResult,
      summaries: {
        upload: 'Unggah file penghasilan marketplace (manager): pratinjau, belum ada yang disimpan',
        preview: 'Pratinjau impor penghasilan (manager), dihitung ulang terhadap data terkini',
        commit:
          'Impor pratinjau penghasilan (manager): satu transaksi, semua atau tidak sama sekali, sekali saja',
      },
      notFound: SETTLEMENT_MESSAGES.importNotFound,
    },
    {
      upload: async (upload, request) => {
        const chosen = storeIdField(upload.fields.store_id);
        // Read and parsed in the spreadsheet worker: only the orders cross to this thread.
        const read = await readSettlementFile(upload.file, SHEET_LIMITS, {
          timeZone: options.timeZone,
        });
        if (!read.ok) throw new HttpError(400, settlementReadMessage(read));
        const { file } = read;
        if (file.orderCount === 0 && file.problems.length === 0)
          throw new HttpError(400, SETTLEMENT_MESSAGES.noOrders);
        // A store chosen must exist and be of the file's channel, whatever the file names.
        const store = unwrap(await storeForUpload(app.db, file.channel, chosen));
        const named = await namedStore(app.db, file.channel, file.storeName);
        // An order imported before whose amount this file changes is shown, not dropped unseen.
        const kept = await keptDifferences(app.db, file);
        if (kept.length > 0)
          file.problems = [...file.problems, ...kept].sort((a, b) => a.row - b.row);
        return createSettlementPreview(
          app.db,
          { file, fileName: upload.fileName, storeId: named ?? store.id },
          requireUser(request),
        );
      },
      get: (id) => getSettlementPreview(app.db, id),
      commit: (id, request) => commitSettlementPreview(app.db, id, requireUser(request)),
    },
  );

  periodRoute(
    app,
    {
      url: '/settlements',
      tags: TAGS,
      summary:
        'Pesanan yang sudah cair (manager): terbaru dulu, channel, toko, tanggal cair, cari, halaman',
      querystring: SettlementQuery,
      answer: SettlementList,
      dateRange: SETTLEMENT_MESSAGES.dateRange,
    },
    (request) => listSettlements(app.db, request.query),
  );

  periodRoute(
    app,
    {
      url: '/settlements/summary',
      tags: TAGS,
      summary: 'Ringkasan penghasilan per channel dan toko (manager): penjualan, biaya, cair, %',
      querystring: SettlementSummaryQuery,
      answer: SettlementSummary,
      dateRange: SETTLEMENT_MESSAGES.dateRange,
    },
    (request) => settlementSummary(app.db, request.query),
  );

  periodRoute(
    app,
    {
      url: '/settlements/checks',
      tags: TAGS,
      summary:
        "'Perlu dicek' (manager): belum cair, tanpa pesanan, tanpa Barang Keluar, dana kurang dari perkiraan; dengan alasannya",
      querystring: SettlementCheckQuery,
      answer: SettlementCheckList,
      dateRange: SETTLEMENT_MESSAGES.dateRange,
    },
    async (request) =>
      listSettlementChecks(app.db, request.query, {
        today: todayIn(options.timeZone, new Date()),
        timeZone: options.timeZone,
        settings: await settlementSettings(app.db),
      }),
  );
};
