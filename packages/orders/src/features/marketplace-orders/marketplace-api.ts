import {
  STOCK_FILE_UNCHANGED_HEADER,
  STOCK_FILE_UNCHANGED_REASONS,
  STOCK_FILE_UNMAPPED_HEADER,
  baseApi,
} from '@gudang/api-client';
import type {
  CommitImportInput,
  CommitImportResult,
  MarketplaceChannel,
  MarketplaceImport,
  MarketplaceOrderList,
  MarketplaceOrderQuery,
  MarketplaceOrderResponse,
  MessageBody,
  SkuMappingInput,
  SkuMappingList,
  SkuMappingQuery,
  SkuMappingSaved,
  StockFileUnchangedRow,
} from '@gudang/api-client';
import { downloadBlob } from '@gudang/shared-ui';
import { UPLOAD_TIMEOUT_MS } from './marketplace-texts';

export interface ImportUpload {
  file: File;
  /** Left out: the server detects the channel from the headers. */
  channel?: MarketplaceChannel;
}

export interface StockFileUpload {
  file: File;
  /** Safety buffer taken off every stock written; left out for none. */
  buffer?: number;
}

/** What the stock file call gives back; the file itself goes straight to the browser's download. */
export interface StockFileResult {
  file_name: string;
  /** How many rows the file left as they were. */
  unmapped: number;
  /** The first of them, with their reasons (the header holds as many as fit). */
  unchanged: StockFileUnchangedRow[];
}

const isUnchangedRow = (value: unknown): value is StockFileUnchangedRow => {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.row === 'number' &&
    typeof row.sku === 'string' &&
    (row.variation === null || typeof row.variation === 'string') &&
    STOCK_FILE_UNCHANGED_REASONS.some((reason) => reason === row.reason)
  );
};

/** The rows of the X-Gudang-Unchanged header; none when it is missing or cannot be read. */
export function unchangedRowsOf(header: string | null): StockFileUnchangedRow[] {
  if (!header) return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? parsed.filter(isUnchangedRow) : [];
  } catch {
    return [];
  }
}

/** The file name of a Content-Disposition header (RFC 6266: filename* first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A broken escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : fallback;
}

/** The text fields first: the server reads them before it streams the file part. */
function formOf(fields: Record<string, string | undefined>, file: File): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.set(key, value);
  form.set('file', file, file.name);
  return form;
}

// The area's own cache tags: a preview is recomputed when a mapping changes.
const marketplaceBase = baseApi.enhanceEndpoints({
  addTagTypes: ['MarketplaceOrder', 'MarketplaceImport', 'SkuMapping'],
});

export const marketplaceApi = marketplaceBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMarketplaceOrders: build.query<MarketplaceOrderList, MarketplaceOrderQuery>({
      query: (params) => ({ url: '/api/marketplace-orders', params }),
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'MarketplaceOrder' as const, id })),
        { type: 'MarketplaceOrder', id: 'LIST' },
      ],
    }),
    getMarketplaceOrder: build.query<MarketplaceOrderResponse, number>({
      query: (id) => `/api/marketplace-orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'MarketplaceOrder', id }],
    }),
    deleteMarketplaceOrder: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/marketplace-orders/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [
        { type: 'MarketplaceOrder', id },
        { type: 'MarketplaceOrder', id: 'LIST' },
        'ActivityLog',
      ],
    }),

    createMarketplaceImport: build.mutation<MarketplaceImport, ImportUpload>({
      query: ({ file, channel }) => ({
        url: '/api/marketplace-imports',
        method: 'POST',
        body: formOf({ channel }, file),
        timeout: UPLOAD_TIMEOUT_MS,
      }),
    }),
    getMarketplaceImport: build.query<MarketplaceImport, number>({
      query: (id) => ({ url: `/api/marketplace-imports/${id}`, timeout: UPLOAD_TIMEOUT_MS }),
      providesTags: (_result, _error, id) => [{ type: 'MarketplaceImport', id }],
    }),
    commitMarketplaceImport: build.mutation<
      CommitImportResult,
      { id: number; body: CommitImportInput }
    >({
      query: ({ id, body }) => ({
        url: `/api/marketplace-imports/${id}/commit`,
        method: 'POST',
        body,
        timeout: UPLOAD_TIMEOUT_MS,
      }),
      invalidatesTags: [{ type: 'MarketplaceOrder', id: 'LIST' }, 'ActivityLog'],
    }),

    getSkuMappings: build.query<SkuMappingList, SkuMappingQuery>({
      query: (params) => ({ url: '/api/sku-mappings', params }),
      providesTags: (result) => [
        ...(result?.data ?? []).map(({ id }) => ({ type: 'SkuMapping' as const, id })),
        { type: 'SkuMapping', id: 'LIST' },
      ],
    }),
    // A mapping changes what every preview and order line maps to.
    saveSkuMapping: build.mutation<SkuMappingSaved, SkuMappingInput>({
      query: (body) => ({ url: '/api/sku-mappings', method: 'PUT', body }),
      invalidatesTags: ['SkuMapping', 'MarketplaceImport', 'MarketplaceOrder', 'ActivityLog'],
    }),
    deleteSkuMapping: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/sku-mappings/${id}`, method: 'DELETE' }),
      invalidatesTags: ['SkuMapping', 'MarketplaceImport', 'MarketplaceOrder', 'ActivityLog'],
    }),

    // The filled file is a download, not state: it is handed to the browser here and only its
    // name and the rows it left as they were are kept.
    fillMarketplaceStockFile: build.mutation<StockFileResult, StockFileUpload>({
      async queryFn({ file, buffer }, _api, _extra, baseQuery) {
        const result = await baseQuery({
          url: '/api/marketplace-stock-file',
          method: 'POST',
          body: formOf({ buffer: buffer === undefined ? undefined : String(buffer) }, file),
          timeout: UPLOAD_TIMEOUT_MS,
          responseHandler: (response) => (response.ok ? response.blob() : response.json()),
        });
        if (result.error) return { error: result.error };
        const headers = result.meta?.response?.headers;
        const fileName = fileNameOf(headers?.get('content-disposition') ?? null, file.name);
        downloadBlob(result.data as Blob, fileName);
        return {
          data: {
            file_name: fileName,
            unmapped: Number(headers?.get(STOCK_FILE_UNMAPPED_HEADER) ?? 0) || 0,
            unchanged: unchangedRowsOf(headers?.get(STOCK_FILE_UNCHANGED_HEADER) ?? null),
          },
        };
      },
      invalidatesTags: ['ActivityLog'],
    }),
  }),
});

export const {
  useGetMarketplaceOrdersQuery,
  useGetMarketplaceOrderQuery,
  useDeleteMarketplaceOrderMutation,
  useCreateMarketplaceImportMutation,
  useGetMarketplaceImportQuery,
  useCommitMarketplaceImportMutation,
  useGetSkuMappingsQuery,
  useSaveSkuMappingMutation,
  useDeleteSkuMappingMutation,
  useFillMarketplaceStockFileMutation,
} = marketplaceApi;
