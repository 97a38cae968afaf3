import {
  ErrorBody,
  LoginRequest,
  LoginResponse,
  MESSAGES,
  VerifyResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { requireUser } from '../../plugins/auth';
import { logActivity } from '../activity-logs/service';
import type { LoginAttempts } from './login-attempts';
import { checkCredentials } from './service';

export const MSG_ACCOUNT_LOCKED =
  'Terlalu banyak percobaan login. Silakan coba lagi dalam 15 menit.';

export interface AuthRoutesOptions {
  attempts: LoginAttempts;
  /** Per-IP limit of the login route (@fastify/rate-limit). */
  ipLimit: { max: number; timeWindow: number };
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/login',
    {
      config: { public: true, rateLimit: options.ipLimit },
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan email dan password',
        body: LoginRequest,
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      if (options.attempts.isLocked(email)) throw new HttpError(429, MSG_ACCOUNT_LOCKED);
      const user = await checkCredentials(app.db, email, password);
      if (user === null) {
        options.attempts.recordFailure(email);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      options.attempts.reset(email);
      await logActivity(app.db, { action: 'LOGIN', user, details: 'Login berhasil' });
      return { token: app.signToken(user), user };
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Periksa token dan kembalikan pengguna',
        security: [{ bearerAuth: [] }],
        response: { 200: VerifyResponse, 401: ErrorBody },
      },
    },
    // authenticate has read the account from the database (a removed one gets 401 there).
    async (request) => ({ user: requireUser(request) }),
  );
};
