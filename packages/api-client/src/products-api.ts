import { baseApi } from './base-api';
import type { NoArg } from './no-arg';
import type {
  AllProductsResponse,
  List,
  Product,
  ProductListQuery,
  ProductResponse,
} from './contract';

/** Drops absent and empty values so that the URL carries only what was chosen. */
function listParams(query: ProductListQuery): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params[key] = value;
  }
  return params;
}

/** Product look-ups shared by several areas (lists, the picker, barcode scans). */
export const productsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getProducts: build.query<List<Product>, ProductListQuery | NoArg>({
      query: (query) => ({ url: '/api/products', params: listParams(query ?? {}) }),
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'Product' as const, id })),
        { type: 'Product', id: 'LIST' },
      ],
    }),
    getAllProducts: build.query<AllProductsResponse, NoArg>({
      query: () => '/api/products/all',
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'Product' as const, id })),
        { type: 'Product', id: 'LIST' },
      ],
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
