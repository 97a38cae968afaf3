import { baseApi } from '@gudang/api-client';
import type { GenerateBarcodeRequest, GenerateBarcodeResponse } from '@gudang/api-client';

export const barcodeApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    generateBarcode: build.mutation<GenerateBarcodeResponse, GenerateBarcodeRequest>({
      query: (body) => ({ url: '/api/barcode/generate', method: 'POST', body }),
      // The server logs GENERATE_BARCODE.
      invalidatesTags: ['ActivityLog'],
    }),
  }),
});

export const { useGenerateBarcodeMutation } = barcodeApi;
