import { baseApi } from '@gudang/api-client';
import type { ActivityLogList, ActivityLogQuery } from '@gudang/api-client';

export const activityLogsApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getActivityLogs: build.query<ActivityLogList, ActivityLogQuery>({
      query: (params) => ({ url: '/api/activity-logs', params }),
      providesTags: [{ type: 'ActivityLog', id: 'LIST' }, 'ActivityLog'],
    }),
  }),
});

export const { useGetActivityLogsQuery } = activityLogsApi;
