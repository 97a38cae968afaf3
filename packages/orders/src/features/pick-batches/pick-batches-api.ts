import {
  SHIPPING_LABEL_REPORT_HEADER,
  SHIPPING_LABEL_UNMATCHED_HEADER,
  baseApi,
} from '@gudang/api-client';
import type {
  PickBatchAvailable,
  PickBatchAvailableQuery,
  PickBatchInput,
  PickBatchList,
  PickBatchListQuery,
  PickBatchSaved,
  PickInput,
  PickResult,
} from '@gudang/api-client';
import type { PickBatch } from '@gudang/api-client';
import type { ShippingLabelMode, ShippingLabelReport } from '@gudang/api-client/contract';
import { listTag, recordTags, uploadRequest } from '@gudang/shared-ui';
import { downloadAnswer } from '../marketplace-orders/marketplace-api';

export type LabelMode = ShippingLabelMode;

export interface LabelUpload {
  file: File;
  mode: LabelMode;
  /** The pick list the labels are for (the page's; the API also takes labels without one). */
  batch_id: number;
}

/** What a label upload leaves on the page: the downloaded file's name and the unmatched pages. */
export interface LabelResult {
  file_name: string;
  unmatched: number;
  report: ShippingLabelReport | null;
}

// Daftar Ambil's own tag; a batch takes orders (Pesanan Marketplace shows nothing of it) and
// writes the activity log.
const pickBase = baseApi.enhanceEndpoints({ addTagTypes: ['PickBatch'] });

export const pickBatchesApi = pickBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPickBatches: build.query<PickBatchList, PickBatchListQuery>({
      query: (params) => ({ url: '/api/pick-batches', params }),
      providesTags: [listTag('PickBatch')],
    }),
    getAvailableOrders: build.query<PickBatchAvailable, PickBatchAvailableQuery>({
      query: (params) => ({ url: '/api/pick-batches/available', params }),
      transformResponse: (body: { data: PickBatchAvailable }) => body.data,
      providesTags: [{ type: 'PickBatch', id: 'AVAILABLE' }],
    }),
    getPickBatch: build.query<PickBatch, number>({
      query: (id) => `/api/pick-batches/${id}`,
      transformResponse: (body: { data: PickBatch }) => body.data,
      providesTags: (_result, _error, id) => [{ type: 'PickBatch', id }],
    }),
    createPickBatch: build.mutation<PickBatchSaved, PickBatchInput>({
      query: (body) => ({ url: '/api/pick-batches', method: 'POST', body }),
      invalidatesTags: ['PickBatch', 'ActivityLog'],
    }),
    pick: build.mutation<PickResult, { id: number; body: PickInput }>({
      query: ({ id, body }) => ({ url: `/api/pick-batches/${id}/picks`, method: 'POST', body }),
      invalidatesTags: recordTags('PickBatch'),
    }),
    cancelPickBatch: build.mutation<PickBatchSaved, number>({
      query: (id) => ({ url: `/api/pick-batches/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['PickBatch', 'ActivityLog'],
    }),
    // The PDF is a download, not state: handed to the browser here; the unmatched pages are read
    // from the report the answer names.
    uploadShippingLabels: build.mutation<LabelResult, LabelUpload>({
      queryFn: ({ file, mode, batch_id }, _api, _extra, baseQuery) =>
        downloadAnswer(
          baseQuery,
          uploadRequest('/api/shipping-labels', { mode, batch_id }, file),
          file.name,
          async (fileName, headers) => {
            const unmatched = Number(headers?.get(SHIPPING_LABEL_UNMATCHED_HEADER) ?? 0) || 0;
            const reportId = headers?.get(SHIPPING_LABEL_REPORT_HEADER) ?? null;
            let report: ShippingLabelReport | null = null;
            // The report names the pages that matched no order and the pick list's orders
            // without a label: read it whenever there is one.
            if (reportId !== null) {
              const answer = await baseQuery(
                `/api/shipping-labels/${encodeURIComponent(reportId)}/report`,
              );
              if (!answer.error) report = answer.data as ShippingLabelReport;
            }
            return { file_name: fileName, unmatched, report };
          },
        ),
    }),
  }),
});

export const {
  useGetPickBatchesQuery,
  useGetAvailableOrdersQuery,
  useGetPickBatchQuery,
  useCreatePickBatchMutation,
  usePickMutation,
  useCancelPickBatchMutation,
  useUploadShippingLabelsMutation,
} = pickBatchesApi;
