// Stok Opname's endpoints, injected by the remote that owns the page (ARCHITECTURE: endpoints of
// one area are injected by that remote).
import { baseApi, errorStatus, queryParams } from '@gudang/api-client';
import type {
  OpnameCountInput,
  OpnameCountSaved,
  OpnameLine,
  OpnamePostInput,
  StockAdjustmentList,
  StockAdjustmentListQuery,
  StockOpnameInput,
  StockOpnameList,
  StockOpnameListQuery,
  StockOpnameResponse,
  StockOpnameSaved,
  StockOpnameSession,
} from '@gudang/api-client';

const opnameBase = baseApi.enhanceEndpoints({ addTagTypes: ['StockOpname', 'Adjustment'] });

const SESSION_LIST = { type: 'StockOpname', id: 'LIST' } as const;
// A posted session writes adjustments: stock, the dashboard, the reports and the log change.
const POSTED_TAGS = [
  SESSION_LIST,
  { type: 'Adjustment', id: 'LIST' },
  'Product',
  'Dashboard',
  'Report',
  'ActivityLog',
] as const;

/**
 * Posting or Batalkan refused with 409: the session changed on another device (posted or
 * cancelled there, or its stock moved), so the screen reads it again instead of offering buttons
 * the server will keep refusing.
 */
const changedMeanwhile = (error: unknown) => errorStatus(error) === 409;

/**
 * The session with one line replaced by the server's answer to a count, totals kept true (the
 * value only where the server sent one: the manager's).
 */
export function withCountedLine(session: StockOpnameSession, line: OpnameLine): StockOpnameSession {
  const lines = session.lines.map((old) => (old.product_id === line.product_id ? line : old));
  const counted = lines.filter((item) => item.difference !== null);
  return {
    ...session,
    lines,
    counted_products: counted.length,
    total_difference: counted.reduce((sum, item) => sum + (item.difference ?? 0), 0),
    ...(session.difference_value === undefined
      ? {}
      : {
          difference_value: counted.reduce(
            (sum, item) => sum + (item.difference ?? 0) * (item.purchase_price ?? 0),
            0,
          ),
        }),
  };
}

/** Stok Opname: count sessions, their counts, posting, and Penyesuaian Stok. */
export const stockOpnameApi = opnameBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getStockOpnames: build.query<StockOpnameList, StockOpnameListQuery>({
      query: (query) => ({ url: '/api/stock-opname', params: queryParams(query) }),
      providesTags: [SESSION_LIST],
    }),
    getStockOpname: build.query<StockOpnameResponse, number>({
      query: (id) => `/api/stock-opname/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'StockOpname', id }],
    }),
    createStockOpname: build.mutation<StockOpnameSaved, StockOpnameInput>({
      query: (body) => ({ url: '/api/stock-opname', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [SESSION_LIST, 'ActivityLog'] : []),
    }),
    // A scan answers with its line: the cached session takes it at once, with no refetch of
    // every line of the scope per scan.
    countStockOpname: build.mutation<OpnameCountSaved, { id: number; body: OpnameCountInput }>({
      query: ({ id, body }) => ({ url: `/api/stock-opname/${id}/counts`, method: 'POST', body }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            stockOpnameApi.util.updateQueryData('getStockOpname', id, (draft) => {
              draft.data = withCountedLine(draft.data, data.data);
            }),
          );
        } catch {
          // The page shows the refusal; the cache keeps what it had.
        }
      },
      invalidatesTags: (result) => (result ? [SESSION_LIST] : []),
    }),
    postStockOpname: build.mutation<StockOpnameSaved, { id: number; body: OpnamePostInput }>({
      query: ({ id, body }) => ({ url: `/api/stock-opname/${id}/post`, method: 'POST', body }),
      invalidatesTags: (result, error, { id }) =>
        result || changedMeanwhile(error) ? [{ type: 'StockOpname', id }, ...POSTED_TAGS] : [],
    }),
    cancelStockOpname: build.mutation<StockOpnameSaved, number>({
      query: (id) => ({ url: `/api/stock-opname/${id}/cancel`, method: 'POST', body: {} }),
      // Refused: it may have been posted meanwhile, which moved stock.
      invalidatesTags: (result, error, id) =>
        result
          ? [{ type: 'StockOpname', id }, SESSION_LIST, 'ActivityLog']
          : changedMeanwhile(error)
            ? [{ type: 'StockOpname', id }, ...POSTED_TAGS]
            : [],
    }),
    getStockAdjustments: build.query<StockAdjustmentList, StockAdjustmentListQuery>({
      query: (query) => ({ url: '/api/stock-adjustments', params: queryParams(query) }),
      providesTags: [{ type: 'Adjustment', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetStockOpnamesQuery,
  useGetStockOpnameQuery,
  useCreateStockOpnameMutation,
  useCountStockOpnameMutation,
  usePostStockOpnameMutation,
  useCancelStockOpnameMutation,
  useGetStockAdjustmentsQuery,
} = stockOpnameApi;
