import { baseApi } from './base-api';
import type { NoArg } from './no-arg';
import { queryParams } from './query-params';
import type {
  AllProductsResponse,
  List,
  Product,
  ProductListQuery,
  ProductResponse,
} from './contract';

/** Each product of a list, and the list itself. */
const productListTags = (result: { data: Product[] } | undefined) => [
  ...(result?.data ?? []).map(({ id }) => ({ type: 'Product' as const, id })),
  { type: 'Product' as const, id: 'LIST' },
];

/** Product look-ups shared by several areas (lists, the picker, barcode scans). */
export const productsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getProducts: build.query<List<Product>, ProductListQuery | NoArg>({
      query: (query) => ({ url: '/api/products', params: queryParams(query ?? {}) }),
      providesTags: productListTags,
    }),
    getAllProducts: build.query<AllProductsResponse, NoArg>({
      query: () => '/api/products/all',
      providesTags: productListTags,
    }),
    getProductByBarcode: build.query<ProductResponse, string>({
      query: (barcode) => `/api/products/barcode/${encodeURIComponent(barcode)}`,
      providesTags: (result) =>
        result ? [{ type: 'Product', id: result.data.id }] : [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetProductsQuery,
  useGetAllProductsQuery,
  useGetProductByBarcodeQuery,
  useLazyGetProductByBarcodeQuery,
} = productsApi;
