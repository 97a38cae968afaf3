import { baseApi } from '@gudang/api-client';
import { listTag, listTags, recordTags } from '@gudang/shared-ui';
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
      providesTags: listTags('Damaged'),
    }),
    createDamagedGoods: build.mutation<DamagedGoodsSaved, DamagedGoodsInput>({
      query: (body) => ({ url: '/api/damaged-goods', method: 'POST', body }),
      invalidatesTags: [listTag('Damaged')],
    }),
    updateDamagedGoods: build.mutation<DamagedGoodsSaved, { id: number; body: DamagedGoodsInput }>({
      query: ({ id, body }) => ({ url: `/api/damaged-goods/${id}`, method: 'PUT', body }),
      invalidatesTags: recordTags('Damaged'),
    }),
    deleteDamagedGoods: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/damaged-goods/${id}`, method: 'DELETE' }),
      invalidatesTags: recordTags('Damaged'),
    }),
  }),
});

export const {
  useGetDamagedGoodsQuery,
  useCreateDamagedGoodsMutation,
  useUpdateDamagedGoodsMutation,
  useDeleteDamagedGoodsMutation,
} = damagedGoodsApi;
