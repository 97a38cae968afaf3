import { baseApi, queryParams } from '@gudang/api-client';
import type {
  PembukuanList,
  PembukuanQuery,
  PembukuanSaved,
  PembukuanStats,
  PembukuanStatsQuery,
  PembukuanUpdate,
} from '@gudang/api-client';

// Two tags, so that a price edit refreshes the rows and the stats, and an outgoing-goods write
// (which invalidates the whole 'Pembukuan' type) refreshes both as well.
const ROWS = { type: 'Pembukuan', id: 'LIST' } as const;
const STATS = { type: 'Pembukuan', id: 'STATS' } as const;

/**
 * Bookkeeping (Pembukuan): one row per outgoing transaction, its stats and its price edit. Injected
 * by this remote, the only area that uses them (docs/architecture.md).
 */
export const pembukuanApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getPembukuan: build.query<PembukuanList, PembukuanQuery>({
      query: (query) => ({ url: '/api/pembukuan', params: queryParams(query) }),
      providesTags: [ROWS],
    }),
    getPembukuanStats: build.query<PembukuanStats, PembukuanStatsQuery>({
      query: (query) => ({ url: '/api/pembukuan/stats', params: queryParams(query) }),
      providesTags: [STATS],
    }),
    updatePembukuan: build.mutation<PembukuanSaved, PembukuanUpdate>({
      query: (body) => ({ url: '/api/pembukuan', method: 'POST', body }),
      // Only after a save: a failed one leaves the cached rows and stats as they are.
      invalidatesTags: (result) => (result ? [ROWS, STATS] : []),
    }),
  }),
});

export const { useGetPembukuanQuery, useGetPembukuanStatsQuery, useUpdatePembukuanMutation } =
  pembukuanApi;
