// Statements kept per connection on PostgreSQL (docs/adr/0018-statements-kept-per-connection.md).
//
// node-postgres parses and plans every query anew unless it is given a name; a named query is
// parsed once per connection, and after five runs PostgreSQL may keep one generic plan for it.
// Measured on the full benchmark dataset, planning a list's page took longer than running it
// (0.1-0.23 ms against 0.07 ms). So every query drizzle sends gets a name derived from its text:
// the same text on the same connection is then prepared once.
//
// Bounds: a connection keeps at most MAX_PER_CONNECTION statements (beyond that, new texts run
// unnamed as before), and names are remembered for at most MAX_TEXTS texts in all. Texts with
// several statements (a `;`) and texts without parameters that are not reads are left unnamed.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Statements one connection prepares at most. */
export const MAX_PER_CONNECTION = 400;
/** Texts whose names are remembered (a text past this is hashed each time it runs). */
const MAX_TEXTS = 4000;

const names = new Map<string, string>();

/** The name of a query text: stable across processes, so logs of two workers agree. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `g_${createHash('sha1').update(text).digest('base64url')}`;
    if (names.size < MAX_TEXTS) names.set(text, name);
  }
  return name;
}

/** Whether a query text may be prepared under a name. */
export function nameable(text: string): boolean {
  // One statement only (a prepared statement cannot hold two).
  if (text.includes(';')) return false;
  const head = text.trimStart().slice(0, 6).toLowerCase();
  // Transaction control and the like run as they are; reads and writes are kept.
  return (
    head.startsWith('select') ||
    head.startsWith('with') ||
    head.startsWith('insert') ||
    head.startsWith('update') ||
    head.startsWith('delete')
  );
}

interface QueryConfigLike {
  text: string;
  name?: string;
  [key: string]: unknown;
}

interface ConnectionInternals {
  parsedStatements?: Record<string, string>;
}

function isQueryConfig(value: unknown): value is QueryConfigLike {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'text') === 'string'
  );
}

/**
 * Makes `client` name the queries it is given as a config object (how drizzle sends them), so
 * that each text is parsed once on this connection. Called once per new pool connection.
 */
export function keepStatements(client: pg.PoolClient): void {
  const kept = new Set<string>();
  // Statements whose kept copy went stale here: they run unnamed on this connection from now on.
  const stale = new Set<string>();
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  const connection = Reflect.get(client, 'connection') as ConnectionInternals | undefined;
  // 26000, prepared statement does not exist (the session was reset): prepare it again. (Through
  // pool.query, which calls back, pg-pool drops a connection whose query failed anyway.)
  const forget = (name: string) => {
    kept.delete(name);
    if (connection?.parsedStatements) Reflect.deleteProperty(connection.parsedStatements, name);
  };
  const replacement = (...args: unknown[]): unknown => {
    const [config, ...rest] = args;
    if (!isQueryConfig(config) || config.name !== undefined || !nameable(config.text))
      return original(...args);
    const name = statementName(config.text);
    if (stale.has(name)) return original(...args);
    if (!kept.has(name)) {
      if (kept.size >= MAX_PER_CONNECTION) return original(...args);
      kept.add(name);
    }
    const result = original({ ...config, name }, ...rest);
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        const code =
          typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : null;
        if (code === '26000') forget(name);
        // 0A000, cached plan must not change result type (a table changed under it).
        else if (code === '0A000') stale.add(name);
        throw error;
      });
    }
    return result;
  };
  Object.defineProperty(client, 'query', {
    value: replacement,
    configurable: true,
    writable: true,
  });
}
