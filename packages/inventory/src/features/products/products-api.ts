import { baseApi } from '@gudang/api-client';
import type {
  MessageBody,
  ProductInput,
  ProductLedger,
  ProductLedgerResponse,
  ProductSaved,
} from '@gudang/api-client';

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

export const productWritesApi = baseApi.injectEndpoints({
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
  }),
});

export const {
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useGetProductLedgerQuery,
} = productWritesApi;
