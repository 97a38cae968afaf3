// A clean stop under load (SIGTERM, SIGINT): no new connections, every request the server was
// sent gets its answer, then the database is closed (PGlite writes its shutdown checkpoint, so the
// next start needs no recovery). docs/adr/0011-durability-and-backup.md.
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import type { App } from './app';

/** Quiet time with no request open before the connections are closed. */
export const DRAIN_QUIET_MS = 250;
/** The longest the drain waits for open requests before closing anyway. */
export const DRAIN_MAX_MS = 20_000;

export interface Drainer {
  /** Stops accepting connections; resolves once no request has been open for DRAIN_QUIET_MS. */
  drain(): Promise<void>;
}

/**
 * Counts the requests being served. Call before listen. On drain() the listening socket closes at
 * once, but the open connections are left alone until they are quiet: Node's http close() would
 * drop a connection whose request it has not read yet (the client sees a reset, not an answer),
 * and Fastify answers 503 to a request it reads after close() started.
 */
export function trackRequests(app: App): Drainer {
  let open = 0;
  let lastActivity = Date.now();
  let draining = false;
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    open += 1;
    lastActivity = Date.now();
    // While draining, answers tell the client not to reuse the connection.
    if (draining) response.shouldKeepAlive = false;
    response.once('close', () => {
      open -= 1;
      lastActivity = Date.now();
    });
  });

  return {
    async drain() {
      draining = true;
      const server = app.server;
      // 'close' follows once listening stopped and every connection ended.
      const ended = new Promise<void>((resolve) => server.once('close', () => resolve()));
      // net.Server's close, not http.Server's: stop listening now, keep the connections.
      net.Server.prototype.close.call(server);
      const started = Date.now();
      while (open > 0 || Date.now() - lastActivity < DRAIN_QUIET_MS) {
        if (Date.now() - started >= DRAIN_MAX_MS) {
          app.log.warn(`requests still open after ${DRAIN_MAX_MS} ms: closing anyway`);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // Fastify's close() then calls server.close(done). Listening has stopped already, where Node
      // would wait for a second 'close' that never comes: close the idle connections instead and
      // report when the last one ended.
      server.close = ((done?: (error?: Error) => void) => {
        server.closeIdleConnections();
        void ended.then(() => done?.());
        return server;
      }) as typeof server.close;
    },
  };
}
