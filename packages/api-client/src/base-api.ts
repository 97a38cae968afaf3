import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

export const TAG_TYPES = [
  'Auth',
  'Product',
  'Dashboard',
  'Incoming',
  'Outgoing',
  'Damaged',
  'Report',
  'Order',
  'Pembukuan',
  'ActivityLog',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/**
 * The one RTK Query api of the app. Shared endpoints are injected in this package; each remote
 * injects its own with `baseApi.injectEndpoints({ overrideExisting: 'throw', endpoints })`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
