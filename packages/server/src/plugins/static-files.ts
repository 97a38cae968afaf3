import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiPath } from './auth';
import { MSG_ENDPOINT_NOT_FOUND } from '../http-error';
import { REMOTE_NAMES, type RemotesSource } from './remotes';
import { SHELL, liveShellVersionIn } from '../remote-builds/remote-builds';

export interface StaticFilesOptions {
  /** The packages/ folder holding shell/dist and <remote>/dist. */
  webDir: string;
  /** REMOTES_DIR: versioned remote builds, served as /remotes/<name>/<version>/ (ADR 0010). */
  remotesDir?: string;
  remotes: RemotesSource;
}

const NO_CACHE = 'no-cache';
/** ZXING_WASM_PATH of shared-ui's camera scanner. */
export const ZXING_WASM_ROUTE = '/vendor/zxing_reader.wasm';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files that name other files: they must be revalidated so that a new deploy is picked up. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** A content hash right before the extension: main.3f2a9c1b.js, 812.0a1b2c3d4e5f.css. */
const HASHED_NAME = /[.-][0-9a-f]{8,}\.[a-z0-9]+(?:\.map)?$/i;

/** The build writes a gzip and a brotli copy beside these; the copy is sent when accepted. */
const COMPRESSED_SUFFIX = /\.(br|gz)$/;
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;

/**
 * `versioned`: the file lies in a versioned remote build, which never changes: every file of it,
 * entry files included, is cached for a year.
 */
export function cacheControlFor(filePath: string, versioned = false): string {
  if (versioned) return IMMUTABLE;
  const name = path.basename(filePath).replace(COMPRESSED_SUFFIX, '');
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_NAME.test(name) ? IMMUTABLE : NO_CACHE;
}

/** The encoding of a pre-compressed copy the client accepts ('br' before 'gzip'), if any. */
export function acceptedEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  if ((accepted.get('br') ?? 0) > 0) return 'br';
  if ((accepted.get('gzip') ?? accepted.get('*') ?? 0) > 0) return 'gzip';
  return null;
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="id"><head><meta charset="utf-8"><title>Gudang: belum dibangun</title></head>
<body><h1>Tampilan web Gudang belum dibangun</h1>
<p>Jalankan <code>npm run build</code> (atau <code>npm start</code>) lalu muat ulang halaman ini.</p>
<p>The web app is not built yet: run <code>npm run build</code>, then reload.</p></body></html>
`;

function staticFilesPlugin(app: FastifyInstance, options: StaticFilesOptions): void {
  const shellDir = path.join(options.webDir, 'shell', 'dist');
  const remotesDir = options.remotesDir ? path.resolve(options.remotesDir) + path.sep : null;
  // The shell is deployed like a remote (ADR 0010, addendum): the page comes from the live
  // version in REMOTES_DIR/shell/<version>/ (REMOTES_DIR/shell.json, read on every page so that a
  // deploy or a rollback needs no restart); packages/shell/dist only when no shell is stored.
  const liveShell = () => (remotesDir === null ? null : liveShellVersionIn(remotesDir));
  const liveShellDir = () => {
    const version = liveShell();
    return version === null || remotesDir === null
      ? shellDir
      : path.join(remotesDir, SHELL, version);
  };
  const shellIndex = () => path.join(liveShellDir(), 'index.html');
  const setHeaders = (
    res: { setHeader(name: string, value: string): unknown },
    filePath: string,
  ) => {
    const versioned = remotesDir !== null && path.resolve(filePath).startsWith(remotesDir);
    res.setHeader('cache-control', cacheControlFor(filePath, versioned));
    // Whether or not this answer is compressed, another Accept-Encoding may get another body.
    if (COMPRESSIBLE.test(filePath.replace(COMPRESSED_SUFFIX, '')))
      res.setHeader('vary', 'Accept-Encoding');
  };
  // The page (index.html) for every client route, in the encoding the client accepts.
  const shellPage = async (acceptEncoding: string | undefined) => {
    const encoding = acceptedEncoding(acceptEncoding);
    const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
    const index = shellIndex();
    if (suffix !== '' && existsSync(index + suffix))
      return { body: await readFile(index + suffix), encoding };
    return { body: await readFile(index), encoding: null };
  };

  // The camera's barcode reader (ZXing in WebAssembly, zxing-wasm's build): served by Gudang
  // itself, never a CDN, and loaded only when a camera opens without a native BarcodeDetector.
  const zxingWasm = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
  app.get(ZXING_WASM_ROUTE, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/wasm')
      .header('cache-control', 'public, max-age=86400')
      .send(await readFile(zxingWasm)),
  );

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    const shell = liveShell();
    const list = options.remotes.current();
    return reply.header('cache-control', NO_CACHE).send(shell === null ? list : { ...list, shell });
  });

  // The installable app's files at the site's root, from the live shell's build (issue 48,
  // docs/adr/0024): the service worker must lie at / to control every page, and neither it nor
  // the manifest may be cached for long (a new shell brings new ones).
  const ROOT_FILES = new Map([
    ['/sw.js', 'application/javascript; charset=utf-8'],
    ['/manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
  ]);
  const ICON = /^[a-z0-9-]+\.png$/;
  const rootFile =
    (file: string, type: string) => async (_: FastifyRequest, reply: FastifyReply) => {
      const full = path.join(liveShellDir(), file);
      if (!existsSync(full)) return reply.callNotFound();
      return reply
        .type(type)
        .header('cache-control', NO_CACHE)
        .header('service-worker-allowed', '/')
        .send(await readFile(full));
    };
  for (const [url, type] of ROOT_FILES)
    app.get(url, { schema: { hide: true } }, rootFile(url.slice(1), type));
  app.get('/icons/:file', { schema: { hide: true } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    if (!ICON.test(file)) return reply.callNotFound();
    return rootFile(`icons/${file}`, 'image/png')(request, reply);
  });

  // Checked at start: a build made later needs a restart (npm start builds before starting). The
  // built shell is served at / only when no shell version is stored (a hand-made REMOTES_JSON).
  const shellBuilt = () => existsSync(shellIndex());
  const distAtRoot = liveShell() === null && existsSync(path.join(shellDir, 'index.html'));
  if (distAtRoot) {
    app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      wildcard: true,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }
  if (!distAtRoot) {
    // reply.sendFile for the routes below (the shell's registration provides it otherwise).
    app.register(fastifyStatic, {
      root: options.webDir,
      serve: false,
      cacheControl: false,
      preCompressed: true,
      setHeaders,
    });
  }
  // /shell/<version>/… (the shell's files: its build's public path) from REMOTES_DIR/shell/<version>/
  // (immutable), or from packages/shell/dist when that is the version built there.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/shell/:version/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const params = request.params as { version: string; '*': string };
      const { version } = params;
      if (remotesDir !== null && !version.startsWith('.') && version !== '') {
        const stored = path.join(remotesDir, SHELL, version);
        if (existsSync(stored)) return reply.sendFile(params['*'], stored);
      }
      if (builtShellVersion() === version) return reply.sendFile(params['*'], shellDir);
      return reply.callNotFound();
    },
  });
  const builtShellVersion = () => {
    try {
      const manifest = JSON.parse(
        readFileSync(path.join(shellDir, 'mf-manifest.json'), 'utf8'),
      ) as { metaData?: { gudang?: { version?: string } } };
      return manifest.metaData?.gudang?.version ?? null;
    } catch {
      return null;
    }
  };

  // /remotes/<name>/<version>/… from REMOTES_DIR/<name>/<version>/ (immutable); other paths
  // (/remotes/<name>/mf-manifest.json) from the package's own build, as before. One root per
  // answer: @fastify/static's pre-compressed lookup misses files across several roots.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/remotes/:name/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const params = request.params as { name: string; '*': string };
      const { name } = params;
      if (!(REMOTE_NAMES as readonly string[]).includes(name)) return reply.callNotFound();
      // /remotes/<name>/<version>/_r<n>/<file> is <version>/<file> under a new URL: the shell's
      // retry after a timeout, whose requests must not wait behind the hung ones (ADR 0010).
      const rest = params['*'].replace(/^([^/]+)\/_r\d{1,9}\//, '$1/');
      const version = rest.split('/')[0] ?? '';
      if (
        remotesDir !== null &&
        rest.includes('/') &&
        version !== '' &&
        !version.startsWith('.') &&
        existsSync(path.join(remotesDir, name, version))
      )
        return reply.sendFile(rest, path.join(remotesDir, name));
      const dist = path.join(options.webDir, name, 'dist');
      if (!existsSync(dist)) return reply.callNotFound();
      return reply.sendFile(rest, dist);
    },
  });

  // Unknown /api paths are JSON 404s; other GETs fall back to the shell so that /products reloads.
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.code(404).send({ message: MSG_ENDPOINT_NOT_FOUND });
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/remotes/') &&
      !path.posix.basename(pathname).includes('.');
    if (!isPage) return reply.code(404).send({ message: 'Berkas tidak ditemukan' });
    if (!shellBuilt())
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(NOT_BUILT_PAGE);
    const page = await shellPage(request.headers['accept-encoding']);
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', NO_CACHE)
      .header('vary', 'Accept-Encoding')
      .send(page.body);
  });
}

export const staticFiles = fp(staticFilesPlugin, { name: 'static-files', fastify: '5.x' });
