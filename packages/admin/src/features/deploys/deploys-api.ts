import { baseApi } from '@gudang/api-client';
import type {
  ClientErrorSummary,
  CreateRemoteTokenInput,
  MessageBody,
  NoArg,
  RemoteBuildList,
  RemoteTokenCreated,
  RemoteTokenList,
} from '@gudang/api-client';

// The deploy panel's tags: the builds (with their history) and the tokens; failures are read
// fresh on each visit.
const deploysBase = baseApi.enhanceEndpoints({ addTagTypes: ['RemoteBuild', 'RemoteToken'] });

export const deploysApi = deploysBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getRemoteBuilds: build.query<RemoteBuildList, NoArg>({
      query: () => '/api/remote-builds',
      providesTags: ['RemoteBuild'],
    }),
    getClientErrorSummary: build.query<ClientErrorSummary, NoArg>({
      query: () => '/api/client-errors/summary',
      providesTags: ['RemoteBuild'],
    }),
    markBadVersion: build.mutation<MessageBody, { name: string; version: string }>({
      query: ({ name, version }) => ({
        url: `/api/remote-builds/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}/mark-bad`,
        method: 'POST',
      }),
      invalidatesTags: ['RemoteBuild', 'ActivityLog'],
    }),
    unmarkBadVersion: build.mutation<MessageBody, { name: string; version: string }>({
      query: ({ name, version }) => ({
        url: `/api/remote-builds/${encodeURIComponent(name)}/versions/${encodeURIComponent(version)}/unmark-bad`,
        method: 'POST',
      }),
      invalidatesTags: ['RemoteBuild', 'ActivityLog'],
    }),
    getRemoteTokens: build.query<RemoteTokenList, NoArg>({
      query: () => '/api/remote-tokens',
      providesTags: ['RemoteToken'],
    }),
    createRemoteToken: build.mutation<RemoteTokenCreated, CreateRemoteTokenInput>({
      query: (body) => ({ url: '/api/remote-tokens', method: 'POST', body }),
      invalidatesTags: ['RemoteToken', 'ActivityLog'],
    }),
    deleteRemoteToken: build.mutation<MessageBody, number>({
      query: (id) => ({ url: `/api/remote-tokens/${id}`, method: 'DELETE' }),
      invalidatesTags: ['RemoteToken', 'ActivityLog'],
    }),
  }),
});

export const {
  useGetRemoteBuildsQuery,
  useGetClientErrorSummaryQuery,
  useMarkBadVersionMutation,
  useUnmarkBadVersionMutation,
  useGetRemoteTokensQuery,
  useCreateRemoteTokenMutation,
  useDeleteRemoteTokenMutation,
} = deploysApi;
