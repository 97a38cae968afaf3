import { baseApi } from './base-api';
import type {
  DailyQuery,
  DailyResponse,
  RestockList,
  RestockOrderInput,
  RestockOrderSaved,
  RestockQuery,
} from './contract';

/**
 * Restock: 'Perlu Restock' (the dashboard's section and the menu's badge), the daily
 * chart, and 'Buat Order'. Any movement or product change may change them: they follow the
 * 'Dashboard' tag, which those mutations invalidate, and 'Product'.
 */
export const restockApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getRestock: build.query<RestockList, RestockQuery>({
      query: (params) => ({ url: '/api/restock', params }),
      providesTags: ['Dashboard', { type: 'Dashboard', id: 'LIST' }, 'Product'],
    }),
    getDailyMovements: build.query<DailyResponse, DailyQuery>({
      query: (params) => ({ url: '/api/dashboard/daily', params }),
      providesTags: ['Dashboard', { type: 'Dashboard', id: 'LIST' }],
    }),
    createOrdersFromRestock: build.mutation<RestockOrderSaved, RestockOrderInput>({
      query: (body) => ({ url: '/api/orders/from-restock', method: 'POST', body }),
      // The ordered products are now 'Sudah Dipesan': Perlu Restock is read again.
      invalidatesTags: [
        { type: 'Order', id: 'LIST' },
        { type: 'Order', id: 'SUMMARY' },
        { type: 'Dashboard', id: 'LIST' },
      ],
    }),
  }),
});

export const { useGetRestockQuery, useGetDailyMovementsQuery, useCreateOrdersFromRestockMutation } =
  restockApi;
