import { baseApi } from '@gudang/api-client';
import type {
  CommitRackImportInput,
  MessageBody,
  ProductInput,
  ProductLedger,
  ProductLedgerResponse,
  ProductSaved,
  RackImport,
  RackImportResult,
} from '@gudang/api-client';
import type { ReservationList, ReservationQuery } from '@gudang/api-client/contract';
import { uploadRequest } from '@gudang/shared-ui';

export interface UpdateProductArgs {
  id: number;
  body: ProductInput;
}

export interface ProductLedgerArgs {
  id: number;
  startDate: string;
  endDate: string;
}

// Product writes move stock: lists, badges, the stock card and the dashboard all refresh.
const STOCK_TAGS = ['Product', 'Dashboard'] as const;

// Pesanan Marketplace's tag (the orders remote invalidates it on an import, a mapping change, a
// delete or a shipment): the orders holding units change with it.
const productsBase = baseApi.enhanceEndpoints({ addTagTypes: ['MarketplaceOrder'] });

export const productWritesApi = productsBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    createProduct: build.mutation<ProductSaved, ProductInput>({
      query: (body) => ({ url: '/api/products', method: 'POST', body }),
      invalidatesTags: [...STOCK_TAGS],
    }),
    updateProduct: build.mutation<ProductSaved, UpdateProductArgs>({
      query: ({ id, body }) => ({ url: `/api/products/${id}`, method: 'PUT', body }),
      invalidatesTags: [...STOCK_TAGS],
    }),
    deleteProduct: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/products/${id}`, method: 'DELETE' }),
      invalidatesTags: [...STOCK_TAGS],
    }),
    getProductLedger: build.query<ProductLedger, ProductLedgerArgs>({
      query: ({ id, startDate, endDate }) => ({
        url: `/api/products/${id}/ledger`,
        params: { startDate, endDate },
      }),
      transformResponse: (response: ProductLedgerResponse) => response.data,
      // Movements recorded on the other screens change the card as well.
      providesTags: (_result, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
        { type: 'Incoming', id: 'LIST' },
        { type: 'Outgoing', id: 'LIST' },
      ],
    }),
    // The open orders that hold units of a product (Dipesan): they change with the stock's
    // writes (the Product tags) and with the marketplace orders.
    getReservations: build.query<ReservationList, ReservationQuery>({
      query: (params) => ({ url: '/api/reservations', params }),
      providesTags: [
        { type: 'Product', id: 'LIST' },
        { type: 'MarketplaceOrder', id: 'LIST' },
      ],
    }),
    // Rak from a file (issue 47): the upload answers a preview; the commit writes it.
    createRackImport: build.mutation<RackImport, File>({
      query: (file) => uploadRequest('/api/product-racks/imports', {}, file),
    }),
    commitRackImport: build.mutation<RackImportResult, { id: number; body: CommitRackImportInput }>(
      {
        query: ({ id, body }) => ({
          url: `/api/product-racks/imports/${id}/commit`,
          method: 'POST',
          body,
        }),
        invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Product', 'ActivityLog'],
      },
    ),
  }),
});

export const {
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useGetProductLedgerQuery,
  useGetReservationsQuery,
  useCreateRackImportMutation,
  useCommitRackImportMutation,
} = productWritesApi;
