import { baseApi } from '@gudang/api-client';
import type { NoArg, SettingsInput, SettingsResponse } from '@gudang/api-client';

// The shell's own endpoints of /api/settings (the kill switch), named apart from the remotes'
// endpoints of the same route: one base API holds them all.
const killSwitchBase = baseApi.enhanceEndpoints({ addTagTypes: ['KillSwitch'] });

export const killSwitchApi = killSwitchBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getKillSwitchSettings: build.query<SettingsResponse, NoArg>({
      query: () => '/api/settings',
      providesTags: ['KillSwitch'],
    }),
    updateKillSwitch: build.mutation<SettingsResponse, Pick<SettingsInput, 'disabled_remotes'>>({
      query: (body) => ({ url: '/api/settings', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['KillSwitch', 'ActivityLog'] : []),
    }),
  }),
});

export const { useGetKillSwitchSettingsQuery, useUpdateKillSwitchMutation } = killSwitchApi;
