import { baseApi } from '@gudang/api-client';
import type { MessageBody, SetupInput } from '@gudang/api-client';

/** The first-manager setup: the shell's own endpoint (its login area hosts the page). */
export const setupApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    setupFirstManager: build.mutation<MessageBody, SetupInput>({
      query: (body) => ({ url: '/api/setup', method: 'POST', body }),
    }),
  }),
});

export const { useSetupFirstManagerMutation } = setupApi;
