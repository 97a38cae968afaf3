// Retur's endpoints, injected by the remote that owns the page (ARCHITECTURE: endpoints of one
// area are injected by that remote).
import { baseApi, queryParams } from '@gudang/api-client';
import type {
  MessageBody,
  ReturnInput,
  ReturnList,
  ReturnListQuery,
  ReturnLookup,
  ReturnSaved,
} from '@gudang/api-client';

// Retur's own tags; a return (or its delete) also changes Barang Keluar's 'returned' counts, the
// products' stock, Barang Rusak (a damaged line), the marketplace order's status, the board 'Dari
// Marketplace' (a request moves to 'Sudah diterima'), Pembukuan, the dashboard, the reports and
// the activity log.
const returnsBase = baseApi.enhanceEndpoints({
  addTagTypes: ['Return', 'MarketplaceOrder', 'MarketplaceReturn'],
});

export const RETURN_LIST = { type: 'Return', id: 'LIST' } as const;
const RETURNED_TAGS = [
  RETURN_LIST,
  { type: 'MarketplaceOrder', id: 'LIST' },
  { type: 'MarketplaceReturn', id: 'LIST' },
  { type: 'Damaged', id: 'LIST' },
  'Outgoing',
  'Product',
  'Dashboard',
  'Report',
  'Pembukuan',
  'ActivityLog',
] as const;

/** Retur: a returned package looked up by its resi, recorded, listed and deleted. */
export const returnsApi = returnsBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    // Asked again on every scan: what was returned before changes.
    lookUpReturn: build.query<ReturnLookup, string>({
      query: (resi) => `/api/returns/lookup/${encodeURIComponent(resi)}`,
      keepUnusedDataFor: 0,
    }),
    getReturns: build.query<ReturnList, ReturnListQuery>({
      query: (query) => ({ url: '/api/returns', params: queryParams(query) }),
      providesTags: [RETURN_LIST],
    }),
    createReturn: build.mutation<ReturnSaved, ReturnInput>({
      query: (body) => ({ url: '/api/returns', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...RETURNED_TAGS] : []),
    }),
    deleteReturn: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/returns/${id}`, method: 'DELETE' }),
      invalidatesTags: (result) => (result ? [...RETURNED_TAGS] : []),
    }),
  }),
});

export const {
  useLazyLookUpReturnQuery,
  useGetReturnsQuery,
  useCreateReturnMutation,
  useDeleteReturnMutation,
} = returnsApi;
