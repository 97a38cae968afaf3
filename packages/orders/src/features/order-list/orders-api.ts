import { baseApi } from '@gudang/api-client';
import { createRecord, deleteRecord, listQuery, listTag, updateRecord } from '@gudang/shared-ui';
import type {
  ComparisonQuery,
  ComparisonResponse,
  MessageBody,
  OrderInput,
  OrderList,
  OrderQuery,
  OrderSaved,
  OrderSummaryList,
} from '@gudang/api-client';

// The summary aggregates every order of the range: any save or delete changes it.
const ORDER_SUMMARY = { type: 'Order', id: 'SUMMARY' } as const;

/**
 * List Order Barang: orders, their summary per product, and incoming goods to compare with. Injected
 * by this remote, the only area that uses them (docs/architecture.md).
 */
export const ordersApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getOrders: build.query<OrderList, OrderQuery>(listQuery('/api/orders', 'Order')),
    getOrderSummary: build.query<OrderSummaryList, OrderQuery>({
      query: (params) => ({ url: '/api/orders/summary', params }),
      providesTags: [ORDER_SUMMARY],
    }),
    // Tagged with the incoming list, so that a record added or changed in Barang Masuk (same
    // store in the shell) is compared at once.
    getIncomingForComparison: build.query<ComparisonResponse, ComparisonQuery>({
      query: (params) => ({ url: '/api/incoming-goods/for-comparison', params }),
      providesTags: [listTag('Incoming')],
    }),
    createOrder: build.mutation<OrderSaved, OrderInput>(
      createRecord('/api/orders', 'Order', [ORDER_SUMMARY]),
    ),
    updateOrder: build.mutation<OrderSaved, { id: number; body: OrderInput }>(
      updateRecord('/api/orders', 'Order', [ORDER_SUMMARY]),
    ),
    deleteOrder: build.mutation<MessageBody, number>(
      deleteRecord('/api/orders', 'Order', [ORDER_SUMMARY]),
    ),
  }),
});

export const {
  useGetOrdersQuery,
  useGetOrderSummaryQuery,
  useGetIncomingForComparisonQuery,
  useCreateOrderMutation,
  useUpdateOrderMutation,
  useDeleteOrderMutation,
} = ordersApi;
