import {
  CreateUserInput,
  ResetPasswordInput,
  SetupInput,
  UpdateUserInput,
  USER_MESSAGES,
  UserAccountList,
  UserIdParam,
  UserSaved,
  MessageBody,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../../lib/request-user';
import { forgetEverywhere } from '../auth/service';
import { addUser, listUsers, resetUserPassword, updateUser, type Outcome } from './service';
import { setupFirstManager } from './setup';

/** The value of an outcome, or its refusal as the HTTP error. */
function valueOf<T>(outcome: Outcome<T>): T {
  if ('refused' in outcome) throw new HttpError(outcome.refused.status, outcome.refused.message);
  return outcome.ok;
}

// Who may call each route is API_RULES' (contract/permissions.ts): manager, and the setup public.
export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Daftar pengguna (tanpa password)',
        security: [{ bearerAuth: [] }],
        response: { 200: UserAccountList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listUsers(app.db) }),
  );

  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Tambah pengguna (nama, email, role, password pertama)',
        security: [{ bearerAuth: [] }],
        body: CreateUserInput,
        response: { 201: UserSaved, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const account = valueOf(await addUser(app.db, requireUser(request), request.body));
      return reply.code(201).send({ message: USER_MESSAGES.created, data: account });
    },
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Ubah nama, role atau status aktif pengguna',
        security: [{ bearerAuth: [] }],
        params: UserIdParam,
        body: UpdateUserInput,
        response: { 200: UserSaved, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { account, ended, message } = valueOf(
        await updateUser(app.db, requireUser(request), request.params.id, request.body),
      );
      // A new role or a deactivation ended the account's tokens: no process accepts them now.
      if (ended) await forgetEverywhere(app, account.id);
      return { message, data: account };
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      schema: {
        tags: ['users'],
        summary: 'Reset password pengguna: semua sesinya berakhir',
        security: [{ bearerAuth: [] }],
        params: UserIdParam,
        body: ResetPasswordInput,
        response: { 200: UserSaved, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const account = valueOf(
        await resetUserPassword(
          app.db,
          requireUser(request),
          request.params.id,
          request.body.password,
        ),
      );
      await forgetEverywhere(app, account.id);
      return { message: USER_MESSAGES.passwordReset, data: account };
    },
  );

  app.post(
    '/setup',
    {
      schema: {
        tags: ['users'],
        summary: 'Buat manager pertama dari tautan penyiapan (hanya selama belum ada pengguna)',
        body: SetupInput,
        response: {
          201: MessageBody,
          ...errorResponses(400, 403, 409),
        },
      },
    },
    async (request, reply) => {
      valueOf(await setupFirstManager(app.db, request.body));
      return reply.code(201).send({ message: USER_MESSAGES.setupCreated });
    },
  );
};
