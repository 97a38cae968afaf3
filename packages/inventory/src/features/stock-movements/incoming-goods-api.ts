import { baseApi } from '@gudang/api-client';
import { listTag, listTags, recordTags } from '@gudang/shared-ui';
import type {
  CheckResiResponse,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  MessageBody,
} from '@gudang/api-client';
import { resiCheckParams, type CheckResiArgs } from './use-resi-check';

// Stock changes: products, the dashboard, reports and the outgoing list's stock column.
const STOCK_TAGS = [listTag('Outgoing'), 'Product', 'Dashboard', 'Report'] as const;

export const incomingGoodsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getIncomingGoods: build.query<IncomingGoodsList, IncomingGoodsListQuery>({
      query: (params) => ({ url: '/api/incoming-goods', params }),
      providesTags: listTags('Incoming'),
    }),
    // Tagged with the list so that a check is never answered from a cache older than a save.
    checkIncomingResi: build.query<CheckResiResponse, CheckResiArgs>({
      query: ({ resi, excludeId, productCode }) => ({
        url: `/api/incoming-goods/check-resi/${encodeURIComponent(resi)}`,
        params: resiCheckParams(excludeId, productCode),
      }),
      keepUnusedDataFor: 0,
      providesTags: [listTag('Incoming')],
    }),
    createIncomingGoods: build.mutation<IncomingGoodsSaved, IncomingGoodsInput>({
      query: (body) => ({ url: '/api/incoming-goods', method: 'POST', body }),
      invalidatesTags: [listTag('Incoming'), ...STOCK_TAGS],
    }),
    updateIncomingGoods: build.mutation<
      IncomingGoodsSaved,
      { id: number; body: IncomingGoodsInput }
    >({
      query: ({ id, body }) => ({ url: `/api/incoming-goods/${id}`, method: 'PUT', body }),
      invalidatesTags: recordTags('Incoming', STOCK_TAGS),
    }),
    deleteIncomingGoods: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/incoming-goods/${id}`, method: 'DELETE' }),
      invalidatesTags: recordTags('Incoming', STOCK_TAGS),
    }),
  }),
});

export const {
  useGetIncomingGoodsQuery,
  useCheckIncomingResiQuery,
  useCreateIncomingGoodsMutation,
  useUpdateIncomingGoodsMutation,
  useDeleteIncomingGoodsMutation,
} = incomingGoodsApi;
