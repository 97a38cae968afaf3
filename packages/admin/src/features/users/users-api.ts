import { baseApi } from '@gudang/api-client';
import type {
  CreateUserInput,
  NoArg,
  ResetPasswordInput,
  UpdateUserInput,
  UserAccountList,
  UserSaved,
} from '@gudang/api-client';

// Pengguna's own tag: the list; every change also writes the activity log.
const usersBase = baseApi.enhanceEndpoints({ addTagTypes: ['User'] });

const CHANGED = ['User', 'ActivityLog'] as const;

export const usersApi = usersBase.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    getUsers: build.query<UserAccountList, NoArg>({
      query: () => '/api/users',
      providesTags: ['User'],
    }),
    createUser: build.mutation<UserSaved, CreateUserInput>({
      query: (body) => ({ url: '/api/users', method: 'POST', body }),
      invalidatesTags: [...CHANGED],
    }),
    updateUser: build.mutation<UserSaved, { id: number; body: UpdateUserInput }>({
      query: ({ id, body }) => ({ url: `/api/users/${id}`, method: 'PUT', body }),
      invalidatesTags: [...CHANGED],
    }),
    resetUserPassword: build.mutation<UserSaved, { id: number; body: ResetPasswordInput }>({
      query: ({ id, body }) => ({ url: `/api/users/${id}/reset-password`, method: 'POST', body }),
      invalidatesTags: [...CHANGED],
    }),
  }),
});

export const {
  useGetUsersQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useResetUserPasswordMutation,
} = usersApi;
