import { baseApi } from '@gudang/api-client';
import type {
  DamagedGoodsInput,
  DamagedGoodsList,
  DamagedGoodsListQuery,
  DamagedGoodsSaved,
  MessageBody,
} from '@gudang/api-client';

// Damaged records do not change stock, so only their own list is refreshed.
export const damagedGoodsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDamagedGoods: build.query<DamagedGoodsList, DamagedGoodsListQuery>({
      query: (params) => ({ url: '/api/damaged-goods', params }),
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'Damaged' as const, id })),
        { type: 'Damaged', id: 'LIST' },
      ],
    }),
    createDamagedGoods: build.mutation<DamagedGoodsSaved, DamagedGoodsInput>({
      query: (body) => ({ url: '/api/damaged-goods', method: 'POST', body }),
      invalidatesTags: [{ type: 'Damaged', id: 'LIST' }],
    }),
    updateDamagedGoods: build.mutation<DamagedGoodsSaved, { id: number; body: DamagedGoodsInput }>({
      query: ({ id, body }) => ({ url: `/api/damaged-goods/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Damaged', id },
        { type: 'Damaged', id: 'LIST' },
      ],
    }),
    deleteDamagedGoods: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/damaged-goods/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'Damaged', id },
        { type: 'Damaged', id: 'LIST' },
      ],
    }),
  }),
});

export const {
  useGetDamagedGoodsQuery,
  useCreateDamagedGoodsMutation,
  useUpdateDamagedGoodsMutation,
  useDeleteDamagedGoodsMutation,
} = damagedGoodsApi;
