// API answers over COMPRESS_MIN_BYTES are compressed when the client accepts it: a
// month's stock report for print or CSV is 830 KB of JSON, which a shop on a slow connection
// waited for. Static files are compressed at build time (ADR 0010) and leave here untouched, as
// do streams and answers that already carry an encoding. @fastify/compress compresses (zlib
// streams, in libuv's thread pool, off the thread that serves HTTP); the hook here decides which
// answers it may take: JSON bodies in memory, 2xx, to a client that accepts br or gzip.
import fastifyCompress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { acceptedEncoding } from './static-files';

/** Smaller answers go as they are: a page of a list is 1-4 KB, and a packet is ~1.4 KB. */
export const COMPRESS_MIN_BYTES = 1024;

// Quality 4 and level 5: most of the size gain for a fraction of the CPU of the maxima (for the
// 924 KB stock report: brotli 11 2.2 s; brotli 4 14 ms, gzip 5 11 ms).
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 5 };

/** @fastify/compress leaves an answer alone when the request carries this header. */
const NO_COMPRESSION = 'x-no-compression';

// One reading of Accept-Encoding for the API's answers and the pre-compressed static files.
export { acceptedEncoding };

async function compressPlugin(app: FastifyInstance): Promise<void> {
  // Runs before @fastify/compress's own onSend (route hooks come after the instance's).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!compressible(reply.statusCode, reply.hasHeader('content-encoding'), payload, reply)) {
      request.headers[NO_COMPRESSION] = '1';
      return payload;
    }
    // The answer varies with the header even when this one goes uncompressed.
    reply.header('vary', varyWith(reply.getHeader('vary')));
    if (acceptedEncoding(request.headers['accept-encoding']) === null)
      request.headers[NO_COMPRESSION] = '1';
    return payload;
  });
  await app.register(fastifyCompress, {
    globalCompression: true,
    // Request bodies are read as sent: no inflating of uploads.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

/** A JSON answer in memory, 2xx with a body, not encoded yet. */
function compressible(
  status: number,
  encoded: boolean,
  payload: unknown,
  reply: { getHeader: (name: string) => unknown },
): boolean {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  if (encoded || status < 200 || status === 204 || status === 304) return false;
  return String(reply.getHeader('content-type') ?? '').startsWith('application/json');
}

function varyWith(current: unknown): string {
  const text = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return text;
  return text === '' ? 'Accept-Encoding' : `${text}, Accept-Encoding`;
}

export const compress = fp(compressPlugin, { name: 'compress' });
