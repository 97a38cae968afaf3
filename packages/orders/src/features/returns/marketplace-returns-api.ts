// 'Dari Marketplace' of Retur (issue 46): the marketplaces' return files uploaded in two steps and
// the board of their requests, injected by the remote that owns the page.
import { baseApi, queryParams } from '@gudang/api-client';
import type { SettingsInput, SettingsResponse } from '@gudang/api-client';
import type {
  MarketplaceReturnList,
  MarketplaceReturnQuery,
  MarketplaceReturnSummary,
  MarketplaceReturnSummaryQuery,
  ReturnCommitResult,
  ReturnImport,
} from '@gudang/api-client/contract';
import { UPLOAD_TIMEOUT_MS, uploadRequest } from '@gudang/shared-ui';

export interface ReturnFileUpload {
  file: File;
  /** The store of the file's marketplace; left out: that marketplace's default store. */
  store_id?: number;
}

// The board's tag: a commit adds requests, a Retur saved or deleted moves one between the lists
// (returns-api.ts invalidates it too), a new N days moves them by age. The shop's settings are
// read with marketplace-api's getReservationSettings (tagged 'MarketplaceSettings').
const boardBase = baseApi.enhanceEndpoints({
  addTagTypes: ['MarketplaceReturn', 'MarketplaceSettings'],
});

export const MARKETPLACE_RETURN_TAG = { type: 'MarketplaceReturn', id: 'LIST' } as const;

export const marketplaceReturnsApi = boardBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createReturnImport: build.mutation<ReturnImport, ReturnFileUpload>({
      query: ({ file, store_id }) => uploadRequest('/api/return-imports', { store_id }, file),
    }),
    getReturnImport: build.query<ReturnImport, number>({
      query: (id) => ({ url: `/api/return-imports/${id}`, timeout: UPLOAD_TIMEOUT_MS }),
    }),
    commitReturnImport: build.mutation<ReturnCommitResult, number>({
      query: (id) => ({
        url: `/api/return-imports/${id}/commit`,
        method: 'POST',
        timeout: UPLOAD_TIMEOUT_MS,
      }),
      // A refund without a Retur record shows in Pembukuan too.
      invalidatesTags: (result) =>
        result ? [MARKETPLACE_RETURN_TAG, 'Pembukuan', 'ActivityLog'] : [],
    }),
    getMarketplaceReturns: build.query<MarketplaceReturnList, MarketplaceReturnQuery>({
      query: (query) => ({ url: '/api/marketplace-returns', params: queryParams(query) }),
      providesTags: [MARKETPLACE_RETURN_TAG],
    }),
    getMarketplaceReturnSummary: build.query<
      MarketplaceReturnSummary,
      MarketplaceReturnSummaryQuery
    >({
      query: (query) => ({ url: '/api/marketplace-returns/summary', params: queryParams(query) }),
      providesTags: [MARKETPLACE_RETURN_TAG],
    }),
    // 'Batas hari barang retur kembali' (return_check_days): requests move between the lists.
    updateReturnSettings: build.mutation<SettingsResponse, SettingsInput>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      invalidatesTags: (result) =>
        result ? ['MarketplaceSettings', MARKETPLACE_RETURN_TAG, 'ActivityLog'] : [],
    }),
  }),
});

export const {
  useCreateReturnImportMutation,
  useGetReturnImportQuery,
  useCommitReturnImportMutation,
  useGetMarketplaceReturnsQuery,
  useGetMarketplaceReturnSummaryQuery,
  useUpdateReturnSettingsMutation,
} = marketplaceReturnsApi;
