import { baseApi } from '@gudang/api-client';
import type { ReportQuery, ReportResponse } from '@gudang/api-client';

export const reportsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReport: build.query<ReportResponse, ReportQuery>({
      query: (params) => ({ url: '/api/reports', params }),
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetReportQuery } = reportsApi;
