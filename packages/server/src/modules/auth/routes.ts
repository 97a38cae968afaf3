import {
  LoginRequest,
  LoginResponse,
  MESSAGES,
  USER_MESSAGES,
  VerifyResponse,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { HttpError } from '../../http-error';
import type { AccountGuard } from './account-guard';
import type { LoginAttempts } from './login-attempts';
import { checkCredentials, endAllSessions, revokeToken } from './service';
import { forgetEverywhere } from './workers';
import { MSG_TOO_MANY_REQUESTS } from '../../plugins/rate-limit';
import { PasswordQueueFullError } from '../../lib/password';
import { logActivity } from '../../lib/activity-log';
import { requireUser } from '../../lib/request-user';
import { errorResponses } from '../../lib/error-responses';

/** The answer while an account is locked at this address; `minutes` until it may try again. */
export const accountLockedMessage = (minutes: number) =>
  `Terlalu banyak percobaan login. Silakan coba lagi dalam ${minutes} menit.`;

/** The answer while an account's checks are spaced out and this attempt would wait too long. */
export const accountBusyMessage = (seconds: number) =>
  `Terlalu banyak percobaan login untuk akun ini. Silakan coba lagi dalam ${seconds} detik.`;

export interface AuthRoutesOptions {
  attempts: LoginAttempts;
  /** Failures of an account from every address (account-guard.ts). */
  guard: AccountGuard;
  /** Waits (tests pass one that moves their clock). */
  sleep: (ms: number) => Promise<void>;
  /** Per-IP limit of the login route (@fastify/rate-limit). */
  ipLimit: { max: number; timeWindow: number };
}

export const authRoutes: FastifyPluginAsyncTypebox<AuthRoutesOptions> = async (app, options) => {
  app.post(
    '/login',
    {
      config: { rateLimit: { ...options.ipLimit, groupId: 'login' } },
      schema: {
        tags: ['auth'],
        summary: 'Masuk dengan email dan password',
        body: LoginRequest,
        response: { 200: LoginResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      // request.ip is the client's own address behind the proxies TRUST_PROXY names.
      const lockedMs = await options.attempts.lockedFor(email, request.ip);
      if (lockedMs > 0) {
        const seconds = Math.ceil(lockedMs / 1000);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, accountLockedMessage(Math.ceil(seconds / 60)));
      }
      const admission = await options.guard.admit(email, request.ip);
      if ('refusedForMs' in admission) {
        const seconds = Math.ceil(admission.refusedForMs / 1000);
        reply.header('retry-after', String(seconds));
        throw new HttpError(429, accountBusyMessage(seconds));
      }
      if (admission.waitMs > 0) await options.sleep(admission.waitMs);
      const found = await checkCredentials(
        app.db,
        email,
        password,
        request.ip,
        admission.trusted,
      ).catch((error: unknown) => {
        // This address has a hundred checks waiting already.
        if (error instanceof PasswordQueueFullError)
          throw new HttpError(429, MSG_TOO_MANY_REQUESTS);
        throw error;
      });
      if (found === null) {
        await options.attempts.recordFailure(email, request.ip);
        await options.guard.recordFailure(email);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
      const { user, tokenVersion, active } = found;
      // Said only to whoever knows the password: a leaver learns why, a guesser learns nothing.
      if (!active) throw new HttpError(401, USER_MESSAGES.accountDeactivated);
      await options.attempts.reset(email, request.ip);
      await options.guard.recordSuccess(email, request.ip);
      await logActivity(app.db, { action: 'LOGIN', user, details: 'Login berhasil' });
      return { token: app.signToken(user, tokenVersion), user };
    },
  );

  app.get(
    '/verify',
    {
      schema: {
        tags: ['auth'],
        summary: 'Periksa token dan kembalikan pengguna',
        security: [{ bearerAuth: [] }],
        response: { 200: VerifyResponse, ...errorResponses(401) },
      },
    },
    // authenticate has read the account from the database (a removed one gets 401 there).
    async (request) => ({ user: requireUser(request) }),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Keluar: token ini tidak berlaku lagi',
        security: [{ bearerAuth: [] }],
        response: { 204: Type.Null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const session = request.session;
      await app.db.transaction(async (tx) => {
        if (session?.jti != null)
          await revokeToken(tx, user, session.jti, new Date(session.exp * 1000));
        await logActivity(tx, { action: 'LOGOUT', user, details: 'Logout' });
      });
      // Every worker stops accepting it before the answer (NOTIFY alone could come after it).
      await forgetEverywhere(app, user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: 'Keluar dari semua perangkat: setiap token pengguna ini tidak berlaku lagi',
        security: [{ bearerAuth: [] }],
        response: { 204: Type.Null(), ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await app.db.transaction(async (tx) => {
        await endAllSessions(tx, user);
        await logActivity(tx, {
          action: 'LOGOUT_ALL',
          user,
          details: 'Keluar dari semua perangkat',
        });
      });
      await forgetEverywhere(app, user.id);
      return reply.code(204).send(null);
    },
  );
};
