import {
  BARCODE_MESSAGES,
  GenerateBarcodeRequest,
  GenerateBarcodeResponse,
  MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { recordBarcodeGenerated } from './service';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

const TAGS = ['barcode'];

export const barcodeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/barcode/generate',
    {
      schema: {
        tags: TAGS,
        summary: 'Catat pembuatan barcode produk (manager), setelah unduh atau cetak',
        body: GenerateBarcodeRequest,
        response: {
          200: GenerateBarcodeResponse,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      const product = await recordBarcodeGenerated(
        app.db,
        request.body.product_code,
        requireUser(request),
      );
      if (product === null) throw new HttpError(404, MESSAGES.productNotFound);
      return { message: BARCODE_MESSAGES.generated(product.code), data: product };
    },
  );
};
