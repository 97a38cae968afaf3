import { baseApi } from '@gudang/api-client';
import type { DashboardStats, NoArg, Period, RecalculateResponse } from '@gudang/api-client';

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
  }),
});

export const { useGetDashboardStatsQuery, useRecalculateStockMutation } = dashboardApi;
