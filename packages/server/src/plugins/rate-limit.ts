import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

export const MSG_TOO_MANY_REQUESTS =
  'Terlalu banyak permintaan dari alamat IP ini. Silakan coba lagi nanti.';

/** Registers @fastify/rate-limit without a global limit; routes opt in with `config.rateLimit`. */
async function rateLimitPlugin(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, MSG_TOO_MANY_REQUESTS),
  });
}

export const rateLimits = fp(rateLimitPlugin, { name: 'rate-limit', fastify: '5.x' });
