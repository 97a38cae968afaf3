// Label dengan isi paket (issue 47): POST /shipping-labels (a label PDF in, the PDF with each
// order's contents out) and GET /shipping-labels/:id/report under the /api prefix; admin and
// manager (API_RULES). The PDF is read and written in a worker thread (labels.ts).
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  IdParam,
  SHIPPING_LABEL_MAX_BYTES,
  SHIPPING_LABEL_MESSAGES,
  SHIPPING_LABEL_MODES,
  SHIPPING_LABEL_REPORT_HEADER,
  SHIPPING_LABEL_SUFFIX,
  SHIPPING_LABEL_UNMATCHED_HEADER,
  ShippingLabelReport,
  VALIDATION_MESSAGES,
  type ShippingLabelMode,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { errorResponses } from '../../lib/error-responses';
import { attachment } from '../../lib/attachment';
import { requireUser } from '../../lib/request-user';
import { readUpload, uploadBodyLimit } from '../../lib/uploads';
import { oneFileUpload, optionalIdField } from '../../lib/two-step-import';
import { batchPositions, planLabels, type LabelPlan } from './contents';
import type { LabelFailure } from './label-types';
import { processLabels } from './labels';
import { getReport, saveReport } from './reports';

const TAGS = ['shipping-labels'];

/** One PDF of at most 20 MB, the mode and the optional batch. */
const UPLOAD_RULES = oneFileUpload(SHIPPING_LABEL_MAX_BYTES, {
  fileRequired: SHIPPING_LABEL_MESSAGES.fileRequired,
  badUpload: SHIPPING_LABEL_MESSAGES.badUpload,
  tooLarge: SHIPPING_LABEL_MESSAGES.tooLarge,
});

const FAILURE_MESSAGES: Record<LabelFailure, string> = {
  not_pdf: SHIPPING_LABEL_MESSAGES.notPdf,
  encrypted: SHIPPING_LABEL_MESSAGES.encrypted,
  broken: SHIPPING_LABEL_MESSAGES.broken,
  too_many_pages: SHIPPING_LABEL_MESSAGES.tooManyPages,
  image_only: SHIPPING_LABEL_MESSAGES.imageOnly,
  too_heavy: SHIPPING_LABEL_MESSAGES.tooHeavy,
};

const isMode = (value: string): value is ShippingLabelMode =>
  (SHIPPING_LABEL_MODES as readonly string[]).includes(value);

/** The `mode` field: required, one of the two. */
function modeField(value: string | undefined): ShippingLabelMode {
  const text = value?.trim() ?? '';
  if (text === '') throw new HttpError(400, SHIPPING_LABEL_MESSAGES.modeRequired);
  if (!isMode(text))
    throw new HttpError(400, VALIDATION_MESSAGES.oneOf('Mode', SHIPPING_LABEL_MODES));
  return text;
}

/** 'label shopee.pdf' -> 'label shopee-isi.pdf'. */
function outputName(original: string): string {
  const base = original.toLowerCase().endsWith('.pdf') ? original.slice(0, -4) : original;
  return `${base}${SHIPPING_LABEL_SUFFIX}.pdf`;
}

export const shippingLabelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Only these routes take uploads; the limits apply to every part.
  await app.register(multipart, { limits: UPLOAD_RULES.limits, throwFileSizeLimit: true });

  app.post(
    '/shipping-labels',
    {
      bodyLimit: uploadBodyLimit(UPLOAD_RULES),
      schema: {
        tags: TAGS,
        summary: 'Label pengiriman marketplace dengan isi paket tiap pesanan (PDF)',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `file` (PDF, at most 20 MB and 1,000 pages), `mode` (`on_label` or ' +
          '`slip`) and the optional `batch_id`. Answers the PDF; `X-Gudang-Unmatched` counts the ' +
          'pages left unchanged, `X-Gudang-Report-Id` names their report.',
        response: {
          // The PDF itself (sent as bytes, never serialized).
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const upload = await readUpload(request, 'label.pdf', UPLOAD_RULES);
      const mode = modeField(upload.fields.mode);
      const batchId = optionalIdField(
        upload.fields.batch_id,
        VALIDATION_MESSAGES.invalid('Daftar Ambil'),
      );
      const positions = batchId === null ? null : await batchPositions(app.db, batchId);
      if (batchId !== null && positions === null)
        throw new HttpError(404, SHIPPING_LABEL_MESSAGES.batchNotFound);
      // What the orders made of the pages, kept for the report.
      const kept: { planned?: LabelPlan } = {};
      const result = await processLabels(upload.file, mode, async (pages) => {
        kept.planned = await planLabels(app.db, pages, mode, positions);
        return kept.planned.plan;
      });
      if (!result.ok) {
        if (result.detail !== undefined)
          request.log.warn({ detail: result.detail }, 'label file failed in pdf.js or pdf-lib');
        throw new HttpError(400, FAILURE_MESSAGES[result.reason]);
      }
      if (kept.planned === undefined) throw new Error('the labels were written without a plan');
      const { matched, unmatched, missing, plan } = kept.planned;
      const id = await saveReport(
        app.db,
        {
          fileName: upload.fileName,
          mode,
          batchId,
          pages: plan.contents.length,
          outputPages: result.pages,
          matched,
          unmatched,
          slipped: result.slipped,
          shortened: result.shortened,
          missing,
        },
        user.id,
      );
      const file = result.file;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachment(outputName(upload.fileName)))
        .header(SHIPPING_LABEL_UNMATCHED_HEADER, String(unmatched.length))
        .header(SHIPPING_LABEL_REPORT_HEADER, String(id))
        .header(
          'access-control-expose-headers',
          [
            SHIPPING_LABEL_UNMATCHED_HEADER,
            SHIPPING_LABEL_REPORT_HEADER,
            'Content-Disposition',
          ].join(', '),
        )
        .send(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
    },
  );

  app.get(
    '/shipping-labels/:id/report',
    {
      schema: {
        tags: TAGS,
        summary: 'Halaman label yang tidak cocok dengan pesanan, dan alasannya',
        params: IdParam,
        response: { 200: ShippingLabelReport, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const report = await getReport(app.db, request.params.id);
      if (report === null) throw new HttpError(404, SHIPPING_LABEL_MESSAGES.reportNotFound);
      return report;
    },
  );
};
