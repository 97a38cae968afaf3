import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './auth';
import { MSG_ENDPOINT_NOT_FOUND } from '../http-error';
import { REMOTE_NAMES, type RemotesSource } from './remotes';

export interface StaticFilesOptions {
  /** The packages/ folder holding shell/dist and <remote>/dist. */
  webDir: string;
  remotes: RemotesSource;
}

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name other files: they must be revalidated so that a new deploy is picked up. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** A content hash right before the extension: main.3f2a9c1b.js, 812.0a1b2c3d4e5f.css. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;

export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_NAME.test(name) ? IMMUTABLE : NO_CACHE;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Gudang: belum dibangun</title></head>
<body><h1>Tampilan web Gudang belum dibangun</h1>
<p>Jalankan <code>npm run build</code> (atau <code>npm start</code>) lalu muat ulang halaman ini.</p>
<p>The web app is not built yet: run <code>npm run build</code>, then reload.</p></body></html>
`;

function staticFilesPlugin(app: FastifyInstance, options: StaticFilesOptions): void {
  const shellDir = path.join(options.webDir, 'shell', 'dist');
  const shellIndex = path.join(shellDir, 'index.html');
  const setHeaders = (
    res: { setHeader(name: string, value: string): unknown },
    filePath: string,
  ) => {
    res.setHeader('cache-control', cacheControlFor(filePath));
  };

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', NO_CACHE).send(options.remotes.current()),
  );

  // Checked at start: a build made later needs a restart (npm start builds before starting).
  const shellBuilt = existsSync(shellIndex);
  if (shellBuilt) {
    app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      setHeaders,
    });
  }
  for (const name of REMOTE_NAMES) {
    const root = path.join(options.webDir, name, 'dist');
    if (!existsSync(root)) continue;
    app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${name}/`,
      wildcard: true,
      cacheControl: false,
      setHeaders,
      decorateReply: false,
    });
  }

  // Unknown /api paths are JSON 404s; other GETs fall back to the shell so that /products reloads.
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.code(404).send({ message: MSG_ENDPOINT_NOT_FOUND });
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/remotes/') &&
      !path.posix.basename(pathname).includes('.');
    if (!isPage) return reply.code(404).send({ message: 'Berkas tidak ditemukan' });
    if (!shellBuilt)
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .send(await readFile(shellIndex));
  });
}

export const staticFiles = fp(staticFilesPlugin, { name: 'static-files', fastify: '5.x' });
