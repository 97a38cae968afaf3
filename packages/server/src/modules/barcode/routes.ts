import {
  BARCODE_MESSAGES,
  ErrorBody,
  GenerateBarcodeRequest,
  GenerateBarcodeResponse,
  MESSAGES,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { recordBarcodeGenerated } from './service';
import { requireUser } from '../../lib/request-user';

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
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
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
