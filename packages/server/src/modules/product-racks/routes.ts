// Rak from a file (issue 47): /product-racks/imports under the /api prefix; the manager only
// (API_RULES). The upload is read by the spreadsheet worker the order import uses.
import multipart from '@fastify/multipart';
import {
  CommitRackImportInput,
  IdParam,
  MARKETPLACE_MAX_INFLATED_BYTES,
  MARKETPLACE_MAX_PREVIEW_CHARS,
  MARKETPLACE_MAX_TEXT_CHARS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  RACK_IMPORT_MAX_ROWS,
  RACK_MESSAGES,
  RackImport,
  RackImportResult,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { readFailureMessage, readSheets } from '../marketplace/service';
import { readUpload, uploadBodyLimit, type UploadRules } from '../../lib/uploads';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';
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
  messages: {
    fileRequired: MARKETPLACE_MESSAGES.fileRequired,
    badUpload: MARKETPLACE_MESSAGES.badUpload,
    tooLarge: MARKETPLACE_MESSAGES.tooLarge,
  },
};

const SHEET_LIMITS = {
  maxRows: RACK_IMPORT_MAX_ROWS,
  maxInflatedBytes: MARKETPLACE_MAX_INFLATED_BYTES,
  maxTextChars: MARKETPLACE_MAX_TEXT_CHARS,
  maxPreviewChars: MARKETPLACE_MAX_PREVIEW_CHARS,
};

export const productRackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  app.post(
    '/product-racks/imports',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary: 'Unggah file rak (Kode Barang, Rak) (manager): pratinjau, belum ada yang disimpan',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `file` (xlsx, xls or csv, at most 10 MB) with the columns Kode Barang and Rak.',
        response: { 201: RackImport, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'rak', UPLOAD_RULES);
      const read = await readSheets(upload.file, SHEET_LIMITS);
      if (!read.ok)
        throw new HttpError(400, readFailureMessage(read.reason, RACK_MESSAGES.tooManyRows));
      const file = parseRackFile(read.sheets);
      if (!file.ok) throw new HttpError(400, file.message);
      const preview = await createRackPreview(
        app.db,
        { fileName: upload.fileName, rows: file.rows },
        requireUser(request),
      );
      return reply.code(201).send(preview);
    },
  );

  app.get(
    '/product-racks/imports/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Pratinjau impor rak (manager), dihitung ulang terhadap produk saat ini',
        params: IdParam,
        response: { 200: RackImport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const preview = await getRackPreview(app.db, request.params.id);
      if (preview === null) throw new HttpError(404, RACK_MESSAGES.importNotFound);
      return preview;
    },
  );

  app.post(
    '/product-racks/imports/:id/commit',
    {
      // The body's one field is optional: a commit may come without a body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: TAGS,
        summary:
          'Impor pratinjau rak (manager): satu transaksi, semua atau tidak sama sekali, sekali saja',
        params: IdParam,
        body: CommitRackImportInput,
        response: { 200: RackImportResult, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const outcome = await commitRackPreview(
        app.db,
        request.params.id,
        request.body.skip_problems === true,
        requireUser(request),
      );
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      return outcome.value;
    },
  );
};
