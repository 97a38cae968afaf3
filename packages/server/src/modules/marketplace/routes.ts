// Pesanan Marketplace: /marketplace-imports, /marketplace-orders, /sku-mappings and
// /marketplace-stock-file under the /api prefix. Both roles read; only the manager imports, maps,
// deletes and fills stock files (API_RULES).
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  CommitImportConflict,
  CommitImportInput,
  CommitImportResult,
  FIELDS,
  IdParam,
  MARKETPLACE_CHANNELS,
  MARKETPLACE_MESSAGES,
  MARKETPLACE_UPLOAD_MAX_BYTES,
  MarketplaceImport,
  MarketplaceOrderList,
  MarketplaceOrderQuery,
  MarketplaceOrderResponse,
  ORDER_MESSAGES,
  SkuMappingInput,
  SkuMappingList,
  SkuMappingQuery,
  SkuMappingSaved,
  STOCK_FILE_SUFFIX,
  StockFilePreview,
  UnknownFormatBody,
  VALIDATION_MESSAGES,
  fieldLabel,
  numberFromInput,
  type MarketplaceChannel,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { commitPreview, createPreview, getPreview } from './imports';
import { deleteMapping, listMappings, saveMapping } from './mappings';
import { deleteMarketplaceOrder, getMarketplaceOrder, listMarketplaceOrders } from './orders';
import { readFailureMessage } from './read-failure';
import type { SheetKind } from './sheet-types';
import { readOrderFile } from './sheets';
import { fillStockFile, previewStockFile, stockFileHeaders } from './stock-file';
import { storeForUpload, storeIdField } from '../reservations/service';
import { deleteRoute, listRoute, periodRoute } from '../../lib/record-routes';
import { unwrap } from '../../lib/result';
import { readUpload, uploadBodyLimit } from '../../lib/uploads';
import { oneFileUpload } from '../../lib/two-step-import';
import { requireUser } from '../../lib/request-user';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { errorResponses } from '../../lib/error-responses';
import { attachment } from '../../lib/attachment';
import { latestDate } from '../../plugins/validation';

const TAGS = ['marketplace'];
const isChannel = (value: string): value is MarketplaceChannel =>
  (MARKETPLACE_CHANNELS as readonly string[]).includes(value);

/** The optional `channel` field of an upload: one of the five, or left out (or empty). */
function channelField(value: string | undefined): MarketplaceChannel | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  if (!isChannel(text))
    throw new HttpError(
      400,
      VALIDATION_MESSAGES.oneOf(fieldLabel('channel'), MARKETPLACE_CHANNELS),
    );
  return text;
}

/** The optional `buffer` field of the stock file: a whole number from 0 (undefined: not given). */
function bufferField(value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  const number = numberFromInput(text, 'integer');
  const label = fieldLabel('buffer');
  if (number === undefined || !Number.isInteger(number))
    throw new HttpError(400, VALIDATION_MESSAGES.integer(label, 0));
  if (number > FIELDS.buffer.max)
    throw new HttpError(400, VALIDATION_MESSAGES.atMost(label, FIELDS.buffer.max));
  return number;
}

const CONTENT_TYPES: Record<SheetKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  csv: 'text/csv; charset=utf-8',
};

/** 'stok.xlsx' -> 'stok-gudang.xlsx' (the uploaded format's extension). */
export function filledFileName(original: string, kind: SheetKind): string {
  const extension = `.${kind}`;
  const base = original.toLowerCase().endsWith(extension)
    ? original.slice(0, -extension.length)
    : original.replace(/\.[^.]*$/, '');
  return `${base}${STOCK_FILE_SUFFIX}${extension}`;
}

/** The order and stock files: one file of at most 10 MB and a few short text fields. */
const UPLOAD_RULES = oneFileUpload(MARKETPLACE_UPLOAD_MAX_BYTES, MARKETPLACE_MESSAGES);

const UPLOAD_DOCS = {
  consumes: ['multipart/form-data'],
  description:
    'multipart/form-data: `file` (xlsx, xls or csv, at most 10 MB) and the optional text fields.',
};

export interface MarketplaceRouteOptions {
  timeZone: string;
  /**
   * For a file the order import refused: the message naming the other import it belongs to (an
   * income or return file), or null. Given by app.ts (src/other-imports.ts), which knows those
   * imports' formats; this module cannot import them (they build on it).
   */
  otherImportMessage?: (file: Uint8Array) => Promise<string | null>;
}

export const marketplaceRoutes: FastifyPluginAsyncTypebox<MarketplaceRouteOptions> = async (
  app,
  options,
) => {
  // Only these routes take uploads; the limits apply to every part.
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  // List pages kept per database snapshot (lib/snapshot-cache.ts).
  const answers = new SnapshotCache(app.db);

  app.post(
    '/marketplace-imports',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary: 'Unggah file pesanan marketplace (manager): pratinjau, belum ada yang disimpan',
        ...UPLOAD_DOCS,
        response: {
          201: MarketplaceImport,
          400: UnknownFormatBody,
          ...errorResponses(401, 403, 413),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'pesanan', UPLOAD_RULES);
      const channel = channelField(upload.fields.channel);
      const storeId = storeIdField(upload.fields.store_id);
      // Read and parsed in the worker: only the lines cross to this thread.
      const parsed = await readOrderFile(upload.file, {
        channel,
        timeZone: options.timeZone,
        latestDate: latestDate(options.timeZone),
      });
      if ('reason' in parsed) throw new HttpError(400, readFailureMessage(parsed.reason));
      if (!parsed.ok) {
        const other = (await options.otherImportMessage?.(upload.file)) ?? null;
        if (other !== null) return reply.code(400).send({ message: other, expected: [] });
        return reply.code(400).send({ message: parsed.message, expected: parsed.expected ?? [] });
      }
      const store = unwrap(await storeForUpload(app.db, parsed.channel, storeId));
      const preview = await createPreview(
        app.db,
        {
          channel: parsed.channel,
          fileName: upload.fileName,
          lines: parsed.lines,
          storeId: store.id,
        },
        requireUser(request),
      );
      return reply.code(201).send(preview);
    },
  );

  app.get(
    '/marketplace-imports/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Pratinjau impor (manager), dihitung ulang dengan pemetaan SKU terkini',
        params: IdParam,
        response: {
          200: MarketplaceImport,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const preview = await getPreview(app.db, request.params.id);
      if (preview === null) throw new HttpError(404, MARKETPLACE_MESSAGES.importNotFound);
      return preview;
    },
  );

  app.post(
    '/marketplace-imports/:id/commit',
    {
      // The body's one field is optional: a commit may come without a body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        tags: TAGS,
        summary:
          'Impor pratinjau (manager): semua atau tidak sama sekali, sekali saja (file besar di PGlite ditulis bertahap, tampil sekaligus di akhir)',
        params: IdParam,
        body: CommitImportInput,
        response: {
          200: CommitImportResult,
          ...errorResponses(400, 401, 403, 404),
          409: CommitImportConflict,
        },
      },
    },
    async (request, reply) => {
      const outcome = await commitPreview(
        app.db,
        request.params.id,
        request.body.skip_problems === true,
        requireUser(request),
        // PGlite's one connection: a big import's batches let other requests in (ADR 0026).
        { separateBatches: app.dbKind === 'pglite' },
      );
      if (outcome.ok) return outcome.value;
      if (outcome.status !== 409) throw new HttpError(outcome.status, outcome.message);
      return reply.code(409).send(outcome.conflict);
    },
  );

  periodRoute(
    app,
    {
      url: '/marketplace-orders',
      tags: TAGS,
      summary: 'Daftar pesanan marketplace: terbaru dulu, channel, status, tanggal, cari, halaman',
      querystring: MarketplaceOrderQuery,
      answer: MarketplaceOrderList,
      dateRange: ORDER_MESSAGES.dateRange,
    },
    (request, reply) =>
      answers.send(request, reply, () => listMarketplaceOrders(app.db, request.query)),
  );

  app.get(
    '/marketplace-orders/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Satu pesanan marketplace dengan barisnya dan produk hasil pemetaan',
        params: IdParam,
        response: {
          200: MarketplaceOrderResponse,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const order = await getMarketplaceOrder(app.db, request.params.id);
      if (order === null) throw new HttpError(404, MARKETPLACE_MESSAGES.orderNotFound);
      return { data: order };
    },
  );

  deleteRoute(
    app,
    {
      url: '/marketplace-orders/:id',
      tags: TAGS,
      summary: 'Hapus pesanan marketplace (manager); yang sudah dikirim dari Gudang tidak bisa',
      message: MARKETPLACE_MESSAGES.orderDeleted,
      conflicts: true,
    },
    deleteMarketplaceOrder,
  );

  listRoute(
    app,
    answers,
    {
      url: '/sku-mappings',
      tags: TAGS,
      summary: 'Daftar pemetaan SKU: cari SKU, variasi, kode atau nama produk',
      querystring: SkuMappingQuery,
      answer: SkuMappingList,
    },
    listMappings,
  );

  app.put(
    '/sku-mappings',
    {
      schema: {
        tags: TAGS,
        summary: 'Simpan pemetaan SKU (manager): buat baru atau ganti produknya',
        body: SkuMappingInput,
        response: { 200: SkuMappingSaved, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const data = unwrap(await saveMapping(app.db, request.body, requireUser(request)));
      return { message: MARKETPLACE_MESSAGES.mappingSaved, data };
    },
  );

  deleteRoute(
    app,
    {
      url: '/sku-mappings/:id',
      tags: TAGS,
      summary: 'Hapus pemetaan SKU (manager)',
      message: MARKETPLACE_MESSAGES.mappingDeleted,
    },
    deleteMapping,
  );

  app.post(
    '/marketplace-stock-file',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary:
          'Isi file stok marketplace (manager) dari stok Gudang lewat pemetaan SKU, dikurangi stok cadangan',
        ...UPLOAD_DOCS,
        response: {
          // The filled file itself (sent as bytes, never serialized).
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, 'stok', UPLOAD_RULES);
      const buffer = bufferField(upload.fields.buffer);
      const storeId = storeIdField(upload.fields.store_id);
      const result = await fillStockFile(
        app.db,
        { file: upload.file, fileName: upload.fileName, buffer, storeId },
        requireUser(request),
      );
      if (!result.ok) throw new HttpError(400, result.message);
      const { file, kind, unchanged } = result.value;
      return reply
        .header('content-type', CONTENT_TYPES[kind])
        .header('content-disposition', attachment(filledFileName(upload.fileName, kind)))
        .headers(stockFileHeaders(unchanged))
        .send(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    },
  );

  app.post(
    '/marketplace-stock-file/preview',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary:
          'Pratinjau file stok (manager): angka tiap baris dan asalnya (stok - dipesan - cadangan)',
        ...UPLOAD_DOCS,
        response: { 200: StockFilePreview, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const upload = await readUpload(request, 'stok', UPLOAD_RULES);
      const buffer = bufferField(upload.fields.buffer);
      const storeId = storeIdField(upload.fields.store_id);
      const result = await previewStockFile(app.db, { file: upload.file, buffer, storeId });
      if (!result.ok) throw new HttpError(400, result.message);
      return result.value;
    },
  );
};
