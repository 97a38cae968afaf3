import { baseApi, queryParams } from '@gudang/api-client';
import type { NoArg, SettingsInput, SettingsResponse } from '@gudang/api-client';
import type {
  MarketplaceStoreList,
  SettlementCheckList,
  SettlementCheckQuery,
  SettlementCommitResult,
  SettlementImport,
  SettlementList,
  SettlementQuery,
  SettlementSummary,
  SettlementSummaryQuery,
} from '@gudang/api-client/contract';
import { UPLOAD_TIMEOUT_MS, uploadRequest } from '@gudang/shared-ui';

export interface SettlementUpload {
  file: File;
  /** The store the file is of; left out: the store the file names, else the channel's default. */
  store_id?: number;
}

// The area's own tags: a commit refreshes the list, the summary and 'Perlu dicek'; the two
// settings refresh 'Perlu dicek'. 'MarketplaceStore' is the orders remote's tag of the stores, so
// that a store renamed there is renamed here too.
const settlementBase = baseApi.enhanceEndpoints({
  addTagTypes: ['Settlement', 'SettlementImport', 'SettlementSettings', 'MarketplaceStore'],
});

/**
 * Penghasilan Marketplace: the income file's upload, preview and commit, the settled orders,
 * their summary and 'Perlu dicek', and the two settings of 'Perlu dicek'. Injected by this
 * remote, the only area that uses them (docs/architecture.md). Named apart from the orders
 * remote's endpoints of the same routes (stores, settings): one base API holds both.
 */
export const settlementsApi = settlementBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createSettlementImport: build.mutation<SettlementImport, SettlementUpload>({
      query: ({ file, store_id }) => uploadRequest('/api/settlement-imports', { store_id }, file),
    }),
    getSettlementImport: build.query<SettlementImport, number>({
      query: (id) => ({ url: `/api/settlement-imports/${id}`, timeout: UPLOAD_TIMEOUT_MS }),
      providesTags: (_result, _error, id) => [{ type: 'SettlementImport', id }],
    }),
    // Fees change Pembukuan's profit after fees and its 'Belum cair' estimates.
    commitSettlementImport: build.mutation<SettlementCommitResult, number>({
      query: (id) => ({
        url: `/api/settlement-imports/${id}/commit`,
        method: 'POST',
        timeout: UPLOAD_TIMEOUT_MS,
      }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'SettlementImport', id },
        'Settlement',
        'Pembukuan',
        'ActivityLog',
      ],
    }),

    getSettlements: build.query<SettlementList, SettlementQuery>({
      query: (query) => ({ url: '/api/settlements', params: queryParams(query) }),
      providesTags: [{ type: 'Settlement', id: 'LIST' }],
    }),
    getSettlementSummary: build.query<SettlementSummary, SettlementSummaryQuery>({
      query: (query) => ({ url: '/api/settlements/summary', params: queryParams(query) }),
      providesTags: [{ type: 'Settlement', id: 'SUMMARY' }],
    }),
    getSettlementChecks: build.query<SettlementCheckList, SettlementCheckQuery>({
      query: (query) => ({ url: '/api/settlements/checks', params: queryParams(query) }),
      providesTags: [{ type: 'Settlement', id: 'CHECKS' }, 'SettlementSettings'],
    }),

    getSettlementStores: build.query<MarketplaceStoreList, NoArg>({
      query: () => '/api/marketplace-stores',
      providesTags: [{ type: 'MarketplaceStore', id: 'LIST' }],
    }),
    getSettlementSettings: build.query<SettingsResponse, NoArg>({
      query: () => '/api/settings',
      providesTags: ['SettlementSettings'],
    }),
    updateSettlementSettings: build.mutation<SettingsResponse, SettingsInput>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['SettlementSettings', 'ActivityLog'] : []),
    }),
  }),
});

export const {
  useCreateSettlementImportMutation,
  useGetSettlementImportQuery,
  useCommitSettlementImportMutation,
  useGetSettlementsQuery,
  useGetSettlementSummaryQuery,
  useGetSettlementChecksQuery,
  useGetSettlementStoresQuery,
  useGetSettlementSettingsQuery,
  useUpdateSettlementSettingsMutation,
} = settlementsApi;
