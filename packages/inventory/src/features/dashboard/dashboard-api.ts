import { baseApi } from '@gudang/api-client';
import type {
  DashboardStats,
  NoArg,
  Period,
  RecalculateResponse,
  SettingsResponse,
} from '@gudang/api-client';

export const dashboardApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getDashboardStats: build.query<DashboardStats, Period>({
      query: (period) => ({ url: '/api/dashboard/stats', params: { period } }),
      // Both forms, so that a mutation elsewhere invalidating 'Dashboard' or its LIST reaches it.
      providesTags: ['Dashboard', { type: 'Dashboard', id: 'LIST' }],
    }),
    recalculateStock: build.mutation<RecalculateResponse, NoArg>({
      query: () => ({ url: '/api/utils/recalculate-stock', method: 'POST' }),
      // Every product's current_stock may change: stock badges and lists refresh too.
      invalidatesTags: ['Dashboard', 'Product'],
    }),
    // The shop's settings (GET is public); 'Target Persediaan' is edited in Perlu Restock.
    getShopSettings: build.query<SettingsResponse, NoArg>({
      query: () => '/api/settings',
      providesTags: [{ type: 'Dashboard', id: 'SETTINGS' }],
    }),
    // A new target changes every suggestion: the restock list is read again.
    updateTargetStockDays: build.mutation<SettingsResponse, number>({
      query: (days) => ({ url: '/api/settings', method: 'PUT', body: { targetStockDays: days } }),
      invalidatesTags: (result) => (result ? ['Dashboard', 'ActivityLog'] : []),
    }),
  }),
});

export const {
  useGetDashboardStatsQuery,
  useRecalculateStockMutation,
  useGetShopSettingsQuery,
  useUpdateTargetStockDaysMutation,
} = dashboardApi;
