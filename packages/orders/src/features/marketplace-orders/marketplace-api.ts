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
  NoArg,
  SettingsInput,
  SettingsResponse,
  SkuMappingInput,
  SkuMappingList,
  SkuMappingQuery,
  SkuMappingSaved,
  StockFileUnchangedRow,
  baseQuery as apiBaseQuery,
} from '@gudang/api-client';
import type {
  MarketplaceStoreInput,
  MarketplaceStoreList,
  MarketplaceStoreQuery,
  MarketplaceStoreSaved,
  MarketplaceStoreUpdate,
  StockFilePreview,
} from '@gudang/api-client/contract';
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import {
  UPLOAD_TIMEOUT_MS,
  downloadBlob,
  listQuery,
  listTag,
  recordTags,
  uploadRequest,
} from '@gudang/shared-ui';

export interface ImportUpload {
  file: File;
  /** Left out: the server detects the channel from the headers. */
  channel?: MarketplaceChannel;
  /** The shop's store of that channel the orders came through; left out: its default store. */
  store_id?: number;
}

export interface StockFileUpload {
  file: File;
  /** Safety buffer taken off every stock written; left out: the store's own (or its channel's). */
  buffer?: number;
  /** The store whose file this is; left out: the default store of the file's channel. */
  store_id?: number;
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

/**
 * Sends an upload whose answer is a file and hands that file to the browser's download, under
 * the name the server gives (else `fallbackName`); the endpoint's result is made of that name
 * and the answer's headers.
 */
export async function downloadAnswer<T>(
  baseQuery: (args: FetchArgs) => ReturnType<typeof apiBaseQuery>,
  request: FetchArgs,
  fallbackName: string,
  resultOf: (fileName: string, headers: Headers | undefined) => T | Promise<T>,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  const result = await baseQuery({
    ...request,
    responseHandler: (response) => (response.ok ? response.blob() : response.json()),
  });
  if (result.error) return { error: result.error };
  const headers = result.meta?.response?.headers;
  const fileName = fileNameOf(headers?.get('content-disposition') ?? null, fallbackName);
  downloadBlob(result.data as Blob, fileName);
  return { data: await resultOf(fileName, headers) };
}

// The area's own cache tags: a preview is recomputed when a mapping changes; the stores'
// effective buffers when a channel's default buffer changes.
const marketplaceBase = baseApi.enhanceEndpoints({
  addTagTypes: [
    'MarketplaceOrder',
    'MarketplaceImport',
    'SkuMapping',
    'MarketplaceStore',
    'MarketplaceSettings',
  ],
});

// What changes Dipesan (imported orders, their mappings, the unpaid setting) changes Tersedia
// on Data Produk and the dashboard's short orders too (issue 44).
const RESERVED_READERS = ['Product', 'Dashboard'] as const;

// A mapping changes what every preview and order line maps to.
const MAPPING_READERS = [
  'SkuMapping',
  'MarketplaceImport',
  'MarketplaceOrder',
  ...RESERVED_READERS,
  'ActivityLog',
] as const;

export const marketplaceApi = marketplaceBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getMarketplaceOrders: build.query<MarketplaceOrderList, MarketplaceOrderQuery>(
      listQuery('/api/marketplace-orders', 'MarketplaceOrder'),
    ),
    getMarketplaceOrder: build.query<MarketplaceOrderResponse, number>({
      query: (id) => `/api/marketplace-orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'MarketplaceOrder', id }],
    }),
    deleteMarketplaceOrder: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/marketplace-orders/${id}`, method: 'DELETE' }),
      invalidatesTags: recordTags('MarketplaceOrder', [
        'MarketplaceStore',
        ...RESERVED_READERS,
        'ActivityLog',
      ]),
    }),

    createMarketplaceImport: build.mutation<MarketplaceImport, ImportUpload>({
      query: ({ file, channel, store_id }) =>
        uploadRequest('/api/marketplace-imports', { channel, store_id }, file),
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
      // A store's order count, and what the new orders hold of the stock.
      invalidatesTags: [
        listTag('MarketplaceOrder'),
        'MarketplaceStore',
        ...RESERVED_READERS,
        'ActivityLog',
      ],
    }),

    getSkuMappings: build.query<SkuMappingList, SkuMappingQuery>(
      listQuery('/api/sku-mappings', 'SkuMapping'),
    ),
    saveSkuMapping: build.mutation<SkuMappingSaved, SkuMappingInput>({
      query: (body) => ({ url: '/api/sku-mappings', method: 'PUT', body }),
      invalidatesTags: MAPPING_READERS,
    }),
    deleteSkuMapping: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/sku-mappings/${id}`, method: 'DELETE' }),
      invalidatesTags: MAPPING_READERS,
    }),

    // The filled file is a download, not state: it is handed to the browser here and only its
    // name and the rows it left as they were are kept.
    fillMarketplaceStockFile: build.mutation<StockFileResult, StockFileUpload>({
      queryFn: ({ file, buffer, store_id }, _api, _extra, baseQuery) =>
        downloadAnswer(
          baseQuery,
          uploadRequest('/api/marketplace-stock-file', { store_id, buffer }, file),
          file.name,
          (fileName, headers) => ({
            file_name: fileName,
            unmapped: Number(headers?.get(STOCK_FILE_UNMAPPED_HEADER) ?? 0) || 0,
            unchanged: unchangedRowsOf(headers?.get(STOCK_FILE_UNCHANGED_HEADER) ?? null),
          }),
        ),
      invalidatesTags: ['ActivityLog'],
    }),
    // The same upload, answered with each row's number and how it was made; nothing is kept.
    previewMarketplaceStockFile: build.mutation<StockFilePreview, StockFileUpload>({
      query: ({ file, buffer, store_id }) =>
        uploadRequest('/api/marketplace-stock-file/preview', { store_id, buffer }, file),
    }),

    getMarketplaceStores: build.query<MarketplaceStoreList, MarketplaceStoreQuery>(
      listQuery('/api/marketplace-stores', 'MarketplaceStore'),
    ),
    createMarketplaceStore: build.mutation<MarketplaceStoreSaved, MarketplaceStoreInput>({
      query: (body) => ({ url: '/api/marketplace-stores', method: 'POST', body }),
      invalidatesTags: ['MarketplaceStore', 'ActivityLog'],
    }),
    // A new name is the name every order of the store shows.
    updateMarketplaceStore: build.mutation<
      MarketplaceStoreSaved,
      { id: number; body: MarketplaceStoreUpdate }
    >({
      query: ({ id, body }) => ({ url: `/api/marketplace-stores/${id}`, method: 'PUT', body }),
      invalidatesTags: ['MarketplaceStore', 'MarketplaceOrder', 'ActivityLog'],
    }),
    deleteMarketplaceStore: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/marketplace-stores/${id}`, method: 'DELETE' }),
      invalidatesTags: ['MarketplaceStore', 'ActivityLog'],
    }),

    // The shop's settings (GET is public); this area edits Stok Tersedia's: whether unpaid
    // orders hold stock, and each channel's default buffer. Named apart from the dashboard's
    // getShopSettings, which reads the same route in another remote.
    getReservationSettings: build.query<SettingsResponse, NoArg>({
      query: () => '/api/settings',
      providesTags: ['MarketplaceSettings'],
    }),
    // A default buffer changes the stores' effective buffers; the unpaid switch changes
    // Dipesan everywhere (and the dashboard's copy of the settings, tagged 'Dashboard').
    updateReservationSettings: build.mutation<SettingsResponse, SettingsInput>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      invalidatesTags: (result) =>
        result
          ? ['MarketplaceSettings', 'MarketplaceStore', ...RESERVED_READERS, 'ActivityLog']
          : [],
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
  usePreviewMarketplaceStockFileMutation,
  useGetMarketplaceStoresQuery,
  useCreateMarketplaceStoreMutation,
  useUpdateMarketplaceStoreMutation,
  useDeleteMarketplaceStoreMutation,
  useGetReservationSettingsQuery,
  useUpdateReservationSettingsMutation,
} = marketplaceApi;
