import { baseApi } from '@gudang/api-client';
import { createRecord, deleteRecord, listQuery, updateRecord } from '@gudang/shared-ui';
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
    getDamagedGoods: build.query<DamagedGoodsList, DamagedGoodsListQuery>(
      listQuery('/api/damaged-goods', 'Damaged'),
    ),
    createDamagedGoods: build.mutation<DamagedGoodsSaved, DamagedGoodsInput>(
      createRecord('/api/damaged-goods', 'Damaged'),
    ),
    updateDamagedGoods: build.mutation<DamagedGoodsSaved, { id: number; body: DamagedGoodsInput }>(
      updateRecord('/api/damaged-goods', 'Damaged'),
    ),
    deleteDamagedGoods: build.mutation<MessageBody, number>(
      deleteRecord('/api/damaged-goods', 'Damaged'),
    ),
  }),
});

export const {
  useGetDamagedGoodsQuery,
  useCreateDamagedGoodsMutation,
  useUpdateDamagedGoodsMutation,
  useDeleteDamagedGoodsMutation,
} = damagedGoodsApi;
