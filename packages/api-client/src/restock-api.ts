import { baseApi } from './base-api';
import type {
  DailyQuery,
  DailyResponse,
  RestockList,
  RestockOrderInput,
  RestockOrderSaved,
  RestockQuery,
  ShortOrderList,
  ShortOrderQuery,
} from './contract';

/**
 * Restock: 'Perlu Restock' and 'Pesanan Kurang Stok' (the dashboard's sections and the menu's
 * badges), the daily chart, and 'Buat Order'. Any movement or product change may change them:
 * they follow the 'Dashboard' tag, which those mutations invalidate, and 'Product'; the short
 * orders also Pesanan Marketplace's tag (the orders remote invalidates it on an import, a mapping
 * change, a delete or a shipment).
 */
export const restockApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['MarketplaceOrder'] })
  .injectEndpoints({
    overrideExisting: 'throw',
    endpoints: (build) => ({
      getRestock: build.query<RestockList, RestockQuery>({
        query: (params) => ({ url: '/api/restock', params }),
        providesTags: ['Dashboard', { type: 'Dashboard', id: 'LIST' }, 'Product'],
      }),
      getShortOrders: build.query<ShortOrderList, ShortOrderQuery>({
        query: (params) => ({ url: '/api/dashboard/short-orders', params }),
        providesTags: [
          'Dashboard',
          { type: 'Product', id: 'LIST' },
          { type: 'MarketplaceOrder', id: 'LIST' },
        ],
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

export const {
  useGetRestockQuery,
  useGetShortOrdersQuery,
  useGetDailyMovementsQuery,
  useCreateOrdersFromRestockMutation,
} = restockApi;
