import { baseApi } from '@gudang/api-client';
import { createRecord, deleteRecord, listQuery, listTag, updateRecord } from '@gudang/shared-ui';
import type {
  CheckResiResponse,
  MessageBody,
  OutgoingGoodsInput,
  OutgoingGoodsList,
  OutgoingGoodsListQuery,
  OutgoingGoodsSaved,
} from '@gudang/api-client';
import { resiCheckParams, type CheckResiArgs } from './use-resi-check';

// Stock changes: products, the dashboard, reports and the bookkeeping rows (one per outgoing).
const STOCK_TAGS = ['Product', 'Dashboard', 'Report', 'Pembukuan'] as const;

export const outgoingGoodsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOutgoingGoods: build.query<OutgoingGoodsList, OutgoingGoodsListQuery>(
      listQuery('/api/outgoing-goods', 'Outgoing'),
    ),
    // Tagged with the list so that a check is never answered from a cache older than a save.
    checkOutgoingResi: build.query<CheckResiResponse, CheckResiArgs>({
      query: ({ resi, excludeId, productCode }) => ({
        url: `/api/outgoing-goods/check-resi/${encodeURIComponent(resi)}`,
        params: resiCheckParams(excludeId, productCode),
      }),
      keepUnusedDataFor: 0,
      providesTags: [listTag('Outgoing')],
    }),
    createOutgoingGoods: build.mutation<OutgoingGoodsSaved, OutgoingGoodsInput>(
      createRecord('/api/outgoing-goods', 'Outgoing', STOCK_TAGS),
    ),
    updateOutgoingGoods: build.mutation<
      OutgoingGoodsSaved,
      { id: number; body: OutgoingGoodsInput }
    >(updateRecord('/api/outgoing-goods', 'Outgoing', STOCK_TAGS)),
    deleteOutgoingGoods: build.mutation<MessageBody, number>(
      deleteRecord('/api/outgoing-goods', 'Outgoing', STOCK_TAGS),
    ),
  }),
});

export const {
  useGetOutgoingGoodsQuery,
  useCheckOutgoingResiQuery,
  useCreateOutgoingGoodsMutation,
  useUpdateOutgoingGoodsMutation,
  useDeleteOutgoingGoodsMutation,
} = outgoingGoodsApi;
