// Pengembalian dari Marketplace (issue 46): /return-imports (upload, preview, commit) and
// /marketplace-returns (the board's lists and its totals) under the /api prefix; the manager
// only (API_RULES: the board shows costs and losses in rupiah).
import multipart from '@fastify/multipart';
import {
  MARKETPLACE_MAX_INFLATED_BYTES,
  MARKETPLACE_MAX_PREVIEW_CHARS,
  MARKETPLACE_MAX_TEXT_CHARS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_RETURN_MESSAGES,
  MarketplaceReturnList,
  MarketplaceReturnQuery,
  MarketplaceReturnSummary,
  MarketplaceReturnSummaryQuery,
  RESERVATION_MESSAGES,
  RETURN_FILE_MAX_BYTES,
  RETURN_FILE_MAX_ROWS,
  ReturnCommitResult,
  ReturnImport,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { todayIn } from '../../lib/dates';
import { unwrap } from '../../lib/result';
import { readUpload, uploadBodyLimit } from '../../lib/uploads';
import { oneFileUpload, optionalIdField, previewRoutes } from '../../lib/two-step-import';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';
import { storeForUpload } from '../reservations/service';
import { listMarketplaceReturns, marketplaceReturnSummary } from './board';
import { commitReturnPreview, createReturnPreview, getReturnPreview } from './imports';
import { readReturnFile, returnReadMessage } from './return-job';
import { returnSettings } from './settings';

const TAGS = ['marketplace-returns'];

/** One return file of at most 10 MB and the optional store. */
const UPLOAD_RULES = oneFileUpload(RETURN_FILE_MAX_BYTES, {
  fileRequired: MARKETPLACE_MESSAGES.fileRequired,
  badUpload: MARKETPLACE_MESSAGES.badUpload,
  tooLarge: MARKETPLACE_RETURN_MESSAGES.tooLarge,
});

/** The order import's guards against hostile files, with the return file's row limit. */
const SHEET_LIMITS = {
  maxRows: RETURN_FILE_MAX_ROWS,
  maxInflatedBytes: MARKETPLACE_MAX_INFLATED_BYTES,
  maxTextChars: MARKETPLACE_MAX_TEXT_CHARS,
  maxPreviewChars: MARKETPLACE_MAX_PREVIEW_CHARS,
};

function checkRange(query: { startDate?: string; endDate?: string }): void {
  const { startDate, endDate } = query;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate)
    throw new HttpError(400, MARKETPLACE_RETURN_MESSAGES.dateRange);
}

export const marketplaceReturnRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (
  app,
  options,
) => {
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  app.post(
    '/return-imports',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary:
          'Unggah file pengembalian, pengiriman gagal, atau pembatalan marketplace (manager): pratinjau, belum ada yang disimpan',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `file` (xlsx, xls or csv, at most 10 MB) and the optional `store_id`.',
        response: { 201: ReturnImport, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'pengembalian', UPLOAD_RULES);
      const chosen = optionalIdField(upload.fields.store_id, RESERVATION_MESSAGES.storeNotFound);
      // Read and parsed in the spreadsheet worker: only the requests cross to the server.
      const read = await readReturnFile(upload.file, SHEET_LIMITS, { timeZone: options.timeZone });
      if (!read.ok) throw new HttpError(400, returnReadMessage(read));
      const { file } = read;
      if (file.requests.length === 0 && file.problems.length === 0)
        throw new HttpError(400, MARKETPLACE_RETURN_MESSAGES.noRows);
      // A store chosen must exist and be of the file's channel.
      const store = unwrap(await storeForUpload(app.db, file.channel, chosen ?? undefined));
      const preview = await createReturnPreview(
        app.db,
        { file, fileName: upload.fileName, storeId: store.id },
        requireUser(request),
      );
      return reply.code(201).send(preview);
    },
  );

  previewRoutes(
    app,
    {
      url: '/return-imports',
      tags: TAGS,
      preview: ReturnImport,
      committed: ReturnCommitResult,
      summaries: {
        preview: 'Pratinjau impor pengembalian (manager), dihitung ulang terhadap data terkini',
        commit:
          'Impor pratinjau pengembalian (manager): satu transaksi, semua atau tidak sama sekali, sekali saja',
      },
      notFound: MARKETPLACE_RETURN_MESSAGES.importNotFound,
    },
    (id) => getReturnPreview(app.db, id),
    (id, request) =>
      commitReturnPreview(app.db, id, todayIn(options.timeZone), requireUser(request)),
  );

  app.get(
    '/marketplace-returns',
    {
      schema: {
        tags: TAGS,
        summary:
          'Dari Marketplace (manager): satu daftar (dana kembali barang tidak kembali, menunggu, sudah diterima), channel, toko, tanggal, cari, halaman',
        querystring: MarketplaceReturnQuery,
        response: { 200: MarketplaceReturnList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      checkRange(request.query);
      const { return_check_days: days } = await returnSettings(app.db);
      return listMarketplaceReturns(app.db, request.query, todayIn(options.timeZone), days);
    },
  );

  app.get(
    '/marketplace-returns/summary',
    {
      schema: {
        tags: TAGS,
        summary:
          'Ringkasan pengembalian per channel dan toko (manager): unit, dana dikembalikan, kerugian',
        querystring: MarketplaceReturnSummaryQuery,
        response: { 200: MarketplaceReturnSummary, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      checkRange(request.query);
      const { return_check_days: days } = await returnSettings(app.db);
      return marketplaceReturnSummary(app.db, request.query, todayIn(options.timeZone), days);
    },
  );
};
