// A request's body must arrive within a time limit. Node closes a connection whose
// headers take longer than 60 s, but once the headers are in, a client sending its body a byte at
// a time held the connection for ever (1,000 of them: 1,000 sockets held). The body is now read
// through a stream that fails with 408 when it is not complete in time; the answer closes the
// connection. Requests whose body came with the headers (nearly all) are not touched.
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-error';

/** How long a request's body may take to arrive, from the end of its headers. */
export const BODY_TIMEOUT_MS = 30_000;

export const MSG_BODY_TIMEOUT =
  'Waktu pengiriman data habis: data tidak diterima lengkap. Silakan coba lagi.';

export interface BodyTimeoutOptions {
  timeoutMs: number;
}

async function bodyTimeoutPlugin(app: FastifyInstance, options: BodyTimeoutOptions): Promise<void> {
  app.addHook('preParsing', async (request, reply, payload) => {
    const raw = request.raw;
    if (raw.complete) return payload;
    if (/^multipart\//i.test(request.headers['content-type'] ?? '')) {
      // @fastify/multipart reads request.raw itself, not the payload returned here: a second
      // reader on raw would stall it once its buffer filled. A late upload is answered and cut.
      const timer = setTimeout(() => {
        if (raw.complete || reply.sent) return;
        request.log.warn(
          { method: request.method, url: request.url },
          `upload not complete after ${options.timeoutMs} ms: answered 408, connection closed`,
        );
        void reply.code(408).header('connection', 'close').send({ message: MSG_BODY_TIMEOUT });
        reply.raw.once('finish', () => raw.destroy());
      }, options.timeoutMs);
      const stop = () => clearTimeout(timer);
      raw.once('end', stop);
      raw.once('close', stop);
      reply.raw.once('finish', stop);
      return payload;
    }
    const guarded = new PassThrough();
    payload.pipe(guarded);
    payload.on('error', (error) => guarded.destroy(error));
    // The body parser listens for errors while it reads; once it stopped (the request was
    // answered another way), a late one must not go unhandled.
    guarded.on('error', () => undefined);
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent) return;
      request.log.warn(
        { method: request.method, url: request.url },
        `request body not complete after ${options.timeoutMs} ms: answered 408, connection closed`,
      );
      payload.unpipe(guarded);
      // The rest of the body is not read: the connection cannot carry another request.
      reply.header('connection', 'close');
      guarded.destroy(new HttpError(408, MSG_BODY_TIMEOUT));
    }, options.timeoutMs);
    const stop = () => clearTimeout(timer);
    guarded.once('end', stop);
    guarded.once('close', stop);
    raw.once('close', stop);
    reply.raw.once('finish', stop);
    return guarded;
  });
}

export const bodyTimeout = fp(bodyTimeoutPlugin, { name: 'body-timeout', fastify: '5.x' });
