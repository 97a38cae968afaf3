import { baseApi } from '@gudang/api-client';
import type {
  ReportQuery,
  ReportResponse,
  StockReportPage,
  StockReportQuery,
} from '@gudang/api-client';

export const reportsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getReport: build.query<ReportResponse, ReportQuery>({
      query: (params) => ({ url: '/api/reports', params }),
      providesTags: ['Report'],
    }),
    // The stock report on screen, a page at a time; the CSV and the print take getReport.
    getStockReport: build.query<StockReportPage, StockReportQuery>({
      query: (params) => ({ url: '/api/reports/stock', params }),
      providesTags: ['Report'],
    }),
  }),
});

export const { useGetReportQuery, useGetStockReportQuery, useLazyGetReportQuery } = reportsApi;
