import { baseApi } from '@gudang/api-client';
import type {
  CheckResiResponse,
  IncomingGoodsInput,
  IncomingGoodsList,
  IncomingGoodsListQuery,
  IncomingGoodsSaved,
  MessageBody,
} from '@gudang/api-client';
import { resiCheckParams, type CheckResiArgs } from './use-resi-check';

export const incomingGoodsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getIncomingGoods: build.query<IncomingGoodsList, IncomingGoodsListQuery>({
      query: (params) => ({ url: '/api/incoming-goods', params }),
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'Incoming' as const, id })),
        { type: 'Incoming', id: 'LIST' },
      ],
    }),
    // Tagged with the list so that a check is never answered from a cache older than a save.
    checkIncomingResi: build.query<CheckResiResponse, CheckResiArgs>({
      query: ({ resi, excludeId, productCode }) => ({
        url: `/api/incoming-goods/check-resi/${encodeURIComponent(resi)}`,
        params: resiCheckParams(excludeId, productCode),
      }),
      keepUnusedDataFor: 0,
      providesTags: [{ type: 'Incoming', id: 'LIST' }],
    }),
    createIncomingGoods: build.mutation<IncomingGoodsSaved, IncomingGoodsInput>({
      query: (body) => ({ url: '/api/incoming-goods', method: 'POST', body }),
      // Stock changes: products, the dashboard, reports and the outgoing list's stock column.
      invalidatesTags: [
        { type: 'Incoming', id: 'LIST' },
        { type: 'Outgoing', id: 'LIST' },
        'Product',
        'Dashboard',
        'Report',
      ],
    }),
    updateIncomingGoods: build.mutation<
      IncomingGoodsSaved,
      { id: number; body: IncomingGoodsInput }
    >({
      query: ({ id, body }) => ({ url: `/api/incoming-goods/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Incoming', id },
        { type: 'Incoming', id: 'LIST' },
        { type: 'Outgoing', id: 'LIST' },
        'Product',
        'Dashboard',
        'Report',
      ],
    }),
    deleteIncomingGoods: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/incoming-goods/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Incoming', id },
        { type: 'Incoming', id: 'LIST' },
        { type: 'Outgoing', id: 'LIST' },
        'Product',
        'Dashboard',
        'Report',
      ],
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
