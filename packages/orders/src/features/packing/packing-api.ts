import { baseApi } from '@gudang/api-client';
import type {
  NoArg,
  PackedToday,
  PackingShipInput,
  PackingShipResult,
  PackingView,
  ShipOrdersInput,
  ShipOrdersResult,
} from '@gudang/api-client';

// Scan Kirim's own tag: today's packages; a shipped package also changes the marketplace orders,
// Barang Keluar, the products' stock and Pembukuan.
const packingBase = baseApi.enhanceEndpoints({
  addTagTypes: ['Packing', 'MarketplaceOrder'],
});

const SHIPPED_TAGS = [
  'Packing',
  { type: 'MarketplaceOrder', id: 'LIST' },
  'Outgoing',
  'Product',
  'Dashboard',
  'Pembukuan',
  'ActivityLog',
] as const;

export const packingApi = packingBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPackedToday: build.query<PackedToday, NoArg>({
      query: () => '/api/packing',
      providesTags: ['Packing'],
    }),
    // A resi is looked up when scanned (the lazy hook, asked again on every scan: stock changes).
    getPacking: build.query<PackingView, string>({
      query: (resi) => `/api/packing/${encodeURIComponent(resi)}`,
      keepUnusedDataFor: 0,
    }),
    shipPackage: build.mutation<PackingShipResult, { resi: string; body: PackingShipInput }>({
      query: ({ resi, body }) => ({
        url: `/api/packing/${encodeURIComponent(resi)}/ship`,
        method: 'POST',
        body,
      }),
      invalidatesTags: [...SHIPPED_TAGS],
    }),
    shipMarketplaceOrders: build.mutation<ShipOrdersResult, ShipOrdersInput>({
      query: (body) => ({ url: '/api/marketplace-orders/ship', method: 'POST', body }),
      invalidatesTags: [...SHIPPED_TAGS],
    }),
  }),
});

export const {
  useGetPackedTodayQuery,
  useLazyGetPackingQuery,
  useShipPackageMutation,
  useShipMarketplaceOrdersMutation,
} = packingApi;
