import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Origins of remotes served from elsewhere (absolute entries in remotes.json), per request. */
  remoteOrigins: () => string[];
}

/** The content security policy: scripts only from us and from the configured remotes. */
export function contentSecurityDirectives(
  origins: () => string[],
): Record<string, Array<string | (() => string)> | null> {
  // Evaluated for each response, so that an edited remotes.json is allowed without a restart.
  const withRemotes =
    (...sources: string[]) =>
    () =>
      [...sources, ...origins()].join(' ');
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    // 'wasm-unsafe-eval' compiles WebAssembly only (the camera's barcode reader, served by us),
    // never eval() of text.
    scriptSrc: [withRemotes("'self'", "'wasm-unsafe-eval'")],
    scriptSrcAttr: ["'none'"],
    // Module Federation fetches each remote's mf-manifest.json.
    connectSrc: [withRemotes("'self'")],
    // styled-components injects <style> elements at run time.
    styleSrc: [withRemotes("'self'", "'unsafe-inline'")],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: [withRemotes("'self'", 'data:')],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    // The app is often reached over plain http on a shop's LAN; upgrading would break it.
    upgradeInsecureRequests: null,
  };
}

async function securityPlugin(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  // helmet's middleware is made once. @fastify/helmet made it again for every request (options
  // parsed, a function per header): a kept list's request cost 222-251 us of the server's CPU
  // with it, 185-191 us without (docs/benchmarks.md). The remote origins of the policy are still
  // read for each response (the directives' functions).
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityDirectives(options.remoteOrigins),
    },
    // Remote chunks from another origin are loaded with <script>, which needs no CORP opt-in.
    crossOriginEmbedderPolicy: false,
    // Sent below only over HTTPS: browsers ignore it over http, where a shop's LAN often is.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => {
      if (error instanceof Error) done(error);
      else done();
    });
  });
  app.addHook('onRequest', async (request, reply) => {
    // request.protocol is the socket's, or X-Forwarded-Proto from a proxy TRUST_PROXY names.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}

/** HSTS as helmet sends it by default: a year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const security = fp(securityPlugin, { name: 'security', fastify: '5.x' });
