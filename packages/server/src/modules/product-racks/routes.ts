// Rak from a file (issue 47): /product-racks/imports under the /api prefix; the manager only
// (API_RULES). The upload is read by the spreadsheet worker the order import uses.
import multipart from '@fastify/multipart';
import {
  CommitRackImportInput,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  RACK_IMPORT_MAX_ROWS,
  RACK_MESSAGES,
  RackImport,
  RackImportResult,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { DEFAULT_LIMITS, readFailureMessage, readSheets } from '../marketplace/service';
import type { UploadRules } from '../../lib/uploads';
import { requireUser } from '../../lib/request-user';
import { importRoutes } from '../../lib/two-step-import';
import { commitRackPreview, createRackPreview, getRackPreview, parseRackFile } from './service';

const TAGS = ['produk'];

/** One file of at most 10 MB, as an order file. */
const UPLOAD_RULES: UploadRules = {
  limits: {
    fileSize: MARKETPLACE_UPLOAD_MAX_BYTES,
    files: 1,
    fields: 2,
    parts: 3,
    fieldSize: 100,
    fieldNameSize: 100,
    headerPairs: 100,
  },
  messages: MARKETPLACE_MESSAGES,
};

/** The order import's guards against hostile files, with the rack file's row limit. */
const SHEET_LIMITS = { ...DEFAULT_LIMITS, maxRows: RACK_IMPORT_MAX_ROWS };

export const productRackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  importRoutes(
    app,
    {
      url: '/product-racks/imports',
      tags: TAGS,
      rules: UPLOAD_RULES,
      fallbackName: 'rak',
      description:
        'multipart/form-data: `file` (xlsx, xls or csv, at most 10 MB) with the columns Kode Barang and Rak.',
      preview: RackImport,
      committed: RackImportResult,
      commitBody: CommitRackImportInput,
      summaries: {
        upload: 'Unggah file rak (Kode Barang, Rak) (manager): pratinjau, belum ada yang disimpan',
        preview: 'Pratinjau impor rak (manager), dihitung ulang terhadap produk saat ini',
        commit:
          'Impor pratinjau rak (manager): satu transaksi, semua atau tidak sama sekali, sekali saja',
      },
      notFound: RACK_MESSAGES.importNotFound,
    },
    {
      upload: async (upload, request) => {
        const read = await readSheets(upload.file, SHEET_LIMITS);
        if (!read.ok)
          throw new HttpError(400, readFailureMessage(read.reason, RACK_MESSAGES.tooManyRows));
        const file = parseRackFile(read.sheets);
        if (!file.ok) throw new HttpError(400, file.message);
        return createRackPreview(
          app.db,
          { fileName: upload.fileName, rows: file.rows },
          requireUser(request),
        );
      },
      get: (id) => getRackPreview(app.db, id),
      commit: (id, request, body) =>
        commitRackPreview(app.db, id, body.skip_problems === true, requireUser(request)),
    },
  );
};
