// Pengembalian dari Marketplace (issue 46): /return-imports (upload, preview, commit) and
// /marketplace-returns (the board's lists and its totals) under the /api prefix; the manager
// only (API_RULES: the board shows costs and losses in rupiah).
import multipart from '@fastify/multipart';
import {
  MARKETPLACE_MESSAGES,
  MARKETPLACE_RETURN_MESSAGES,
  MarketplaceReturnList,
  MarketplaceReturnQuery,
  MarketplaceReturnSummary,
  MarketplaceReturnSummaryQuery,
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_MAX_ROWS,
  ReturnCommitResult,
  ReturnImport,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { todayIn } from '../../lib/dates';
import { unwrap } from '../../lib/result';
import { oneFileUpload, importRoutes } from '../../lib/two-step-import';
import { requireUser } from '../../lib/request-user';
import { periodRoute } from '../../lib/record-routes';
import { storeForUpload, storeIdField } from '../reservations/service';
import { DEFAULT_LIMITS } from '../marketplace/service';
import { listMarketplaceReturns, marketplaceReturnSummary } from './board';
import { commitReturnPreview, createReturnPreview, getReturnPreview } from './imports';
import { readReturnFile, returnReadMessage } from './return-job';
import { returnSettings } from './settings';

const TAGS = ['marketplace-returns'];

/** One return file of at most 10 MB and the optional store. */
const UPLOAD_RULES = oneFileUpload(RETURN_FILE_MAX_BYTES, {
  ...MARKETPLACE_MESSAGES,
  tooLarge: MARKETPLACE_RETURN_MESSAGES.tooLarge,
});

/** The order import's guards against hostile files, with the return file's row limit. */
const SHEET_LIMITS = { ...DEFAULT_LIMITS, maxRows: RETURN_FILE_MAX_ROWS };

export const marketplaceReturnRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  importRoutes(
    app,
    {
      url: '/return-imports',
      tags: TAGS,
      rules: UPLOAD_RULES,
      fallbackName: 'pengembalian',
      description:
        'multipart/form-data: `file` (xlsx, xls or csv, at most 10 MB) and the optional `store_id`.',
      preview: ReturnImport,
      committed: ReturnCommitResult,
      summaries: {
        upload:
          'Unggah file pengembalian, pengiriman gagal, atau pembatalan marketplace (manager): pratinjau, belum ada yang disimpan',
        preview: 'Pratinjau impor pengembalian (manager), dihitung ulang terhadap data terkini',
        commit:
          'Impor pratinjau pengembalian (manager): satu transaksi, semua atau tidak sama sekali, sekali saja',
      },
      notFound: MARKETPLACE_RETURN_MESSAGES.importNotFound,
    },
    {
      upload: async (upload, request) => {
        const chosen = storeIdField(upload.fields.store_id);
        // Read and parsed in the spreadsheet worker: only the requests cross to the server.
        const read = await readReturnFile(upload.file, SHEET_LIMITS, {
          timeZone: options.timeZone,
        });
        if (!read.ok) throw new HttpError(400, returnReadMessage(read));
        const { file } = read;
        if (file.requests.length === 0 && file.problems.length === 0)
          throw new HttpError(400, MARKETPLACE_RETURN_MESSAGES.noRows);
        // A store chosen must exist and be of the file's channel.
        const store = unwrap(await storeForUpload(app.db, file.channel, chosen));
        return createReturnPreview(
          app.db,
          { file, fileName: upload.fileName, storeId: store.id },
          requireUser(request),
        );
      },
      get: (id) => getReturnPreview(app.db, id),
      commit: (id, request) =>
        commitReturnPreview(app.db, id, todayIn(options.timeZone), requireUser(request)),
    },
  );

  periodRoute(
    app,
    {
      url: '/marketplace-returns',
      tags: TAGS,
      summary:
        'Dari Marketplace (manager): satu daftar (dana kembali barang tidak kembali, menunggu, sudah diterima), channel, toko, tanggal, cari, halaman',
      querystring: MarketplaceReturnQuery,
      answer: MarketplaceReturnList,
      dateRange: MARKETPLACE_RETURN_MESSAGES.dateRange,
    },
    async (request) => {
      const { return_check_days: days } = await returnSettings(app.db);
      return listMarketplaceReturns(app.db, request.query, todayIn(options.timeZone), days);
    },
  );

  periodRoute(
    app,
    {
      url: '/marketplace-returns/summary',
      tags: TAGS,
      summary:
        'Ringkasan pengembalian per channel dan toko (manager): unit, dana dikembalikan, kerugian',
      querystring: MarketplaceReturnSummaryQuery,
      answer: MarketplaceReturnSummary,
      dateRange: MARKETPLACE_RETURN_MESSAGES.dateRange,
    },
    async (request) => {
      const { return_check_days: days } = await returnSettings(app.db);
      return marketplaceReturnSummary(app.db, request.query, todayIn(options.timeZone), days);
    },
  );
};
