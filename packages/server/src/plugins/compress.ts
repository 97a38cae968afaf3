// API answers over COMPRESS_MIN_BYTES are compressed when the client accepts it: a
// month's stock report for print or CSV is 830 KB of JSON, which a shop on a slow connection
// waited for. Static files are compressed at build time (ADR 0010) and leave here untouched, as
// do streams and answers that already carry an encoding. The compression runs in libuv's thread
// pool (async zlib), off the thread that serves HTTP. @fastify/compress would do the same; it is
// not among the dependencies, and this is the one case needed.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers go as they are: a page of a list is 1-4 KB, and a packet is ~1.4 KB. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Quality 4 and level 5: most of the size gain for a fraction of the CPU of the maxima (for the
// 924 KB stock report: brotli 11 2.2 s; brotli 4 14 ms, gzip 5 11 ms).
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP_OPTIONS = { level: 5 };

/** The encoding to use: br, else gzip, when the Accept-Encoding header allows it (q > 0). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const allowed = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    allowed.add(name.trim());
  }
  if (allowed.has('br')) return 'br';
  if (allowed.has('gzip') || allowed.has('*')) return 'gzip';
  return null;
}

async function compressPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || reply.statusCode < 200) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return payload;
    // The answer varies with the header even when this one goes uncompressed.
    reply.header('vary', varyWith(reply.getHeader('vary')));
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES) return payload;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding === null) return payload;
    const body =
      encoding === 'br'
        ? await brotli(payload, BROTLI_OPTIONS)
        : await gzipAsync(payload, GZIP_OPTIONS);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}

function varyWith(current: unknown): string {
  const text = Array.isArray(current) ? current.join(', ') : String(current ?? '');
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return text;
  return text === '' ? 'Accept-Encoding' : `${text}, Accept-Encoding`;
}

export const compress = fp(compressPlugin, { name: 'compress' });
