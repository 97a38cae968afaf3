import { baseApi } from '@gudang/api-client';
import { createRecord, deleteRecord, listQuery, listTag, updateRecord } from '@gudang/shared-ui';
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
    getIncomingGoods: build.query<IncomingGoodsList, IncomingGoodsListQuery>(
      listQuery('/api/incoming-goods', 'Incoming'),
    ),
    // Tagged with the list so that a check is never answered from a cache older than a save.
    checkIncomingResi: build.query<CheckResiResponse, CheckResiArgs>({
      query: ({ resi, excludeId, productCode }) => ({
        url: `/api/incoming-goods/check-resi/${encodeURIComponent(resi)}`,
        params: resiCheckParams(excludeId, productCode),
      }),
      keepUnusedDataFor: 0,
      providesTags: [listTag('Incoming')],
    }),
    createIncomingGoods: build.mutation<IncomingGoodsSaved, IncomingGoodsInput>(
      createRecord('/api/incoming-goods', 'Incoming', STOCK_TAGS),
    ),
    updateIncomingGoods: build.mutation<
      IncomingGoodsSaved,
      { id: number; body: IncomingGoodsInput }
    >(updateRecord('/api/incoming-goods', 'Incoming', STOCK_TAGS)),
    deleteIncomingGoods: build.mutation<MessageBody, number>(
      deleteRecord('/api/incoming-goods', 'Incoming', STOCK_TAGS),
    ),
  }),
});

export const {
  useGetIncomingGoodsQuery,
  useCheckIncomingResiQuery,
  useCreateIncomingGoodsMutation,
  useUpdateIncomingGoodsMutation,
  useDeleteIncomingGoodsMutation,
} = incomingGoodsApi;
