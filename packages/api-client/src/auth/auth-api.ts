import { baseApi } from '../base-api';
import type { LoginRequest, LoginResponse, VerifyResponse } from '../contract';
import type { NoArg } from '../no-arg';
import { signedIn } from './auth-slice';

export const authApi = baseApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** A successful login signs in (stores the token and the user). */
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(signedIn({ token: data.token, user: data.user }));
        } catch {
          // The caller shows the error (errorMessage(error, MESSAGES.loginFailed)).
        }
      },
    }),
    verify: build.query<VerifyResponse, NoArg>({
      query: () => '/api/auth/verify',
      providesTags: ['Auth'],
    }),
    /** Ends this token on the server (the `logout` thunk then signs out here). */
    logout: build.mutation<null, NoArg>({
      query: () => ({ url: '/api/auth/logout', method: 'POST' }),
    }),
    /** Manager: ends every token of the signed-in user, on every device. */
    logoutAll: build.mutation<null, NoArg>({
      query: () => ({ url: '/api/auth/logout-all', method: 'POST' }),
    }),
  }),
});

export const { useLoginMutation, useVerifyQuery } = authApi;
