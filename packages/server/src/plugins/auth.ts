import { apiRule, type Access, type Role, type User } from '@gudang/api-client/contract';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { publicUser } from '../modules/auth/service';
import {
  HttpError,
  MSG_FORBIDDEN,
  MSG_TOKEN_EXPIRED,
  MSG_TOKEN_INVALID,
  MSG_UNAUTHENTICATED,
} from '../http-error';

/** The signed-in user as the token carries it. */
export type AuthUser = User;

/** Tokens live 12 hours (issue 2). */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
const TOKEN_ALGORITHM = 'HS256';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Answers 401 {message} unless the request carries a valid bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** A hook answering 403 {message} unless the signed-in user has one of the roles. */
    requireRole: (roles: Role | readonly Role[], message?: string) => onRequestAsyncHookHandler;
    /** Signs a token for the user (login). */
    signToken: (user: AuthUser) => string;
  }
  interface FastifyContextConfig {
    /** A route under /api that needs no token (login, health). */
    public?: boolean;
  }
}

export interface AuthPluginOptions {
  jwtSecret: string;
}

interface TokenPayload {
  sub: string;
  email: string;
  name: string;
  role: Role;
}

function isRole(value: unknown): value is Role {
  return value === 'admin' || value === 'manager';
}

function toUser(payload: unknown): AuthUser | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, email, name, role } = payload as Record<string, unknown>;
  const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  if (
    !Number.isSafeInteger(id) ||
    typeof email !== 'string' ||
    typeof name !== 'string' ||
    !isRole(role)
  ) {
    return null;
  }
  return { id, email, name, role };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user of a route that `authenticate` guards; 401 if there is none. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user === null) throw new HttpError(401, MSG_UNAUTHENTICATED);
  return request.user;
}

/**
 * Hook for one route: `onRequest: requireRole('manager', 'Hanya manager yang dapat mengedit data')`.
 * Runs after authentication (which every /api route gets first), before body validation.
 */
export function requireRole(
  roles: Role | readonly Role[],
  message: string = MSG_FORBIDDEN,
): onRequestAsyncHookHandler {
  const allowed: readonly Role[] = typeof roles === 'string' ? [roles] : roles;
  return async (request) => {
    const user = requireUser(request);
    if (!allowed.includes(user.role)) throw new HttpError(403, message);
  };
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The OpenAPI page and its assets are public documentation. */
export const DOCS_PREFIX = '/api/docs';

function isPublicPath(url: string): boolean {
  return !isApiPath(url) || url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);
}

/** The signed-in account's public columns by id. */
function prepareAccountById(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('auth_account_by_id');
}

const managerOnly = requireRole('manager');

/** The strictest rule among a route's methods (HEAD follows GET); undefined when there is none. */
function ruleOf(method: string | string[], url: string): Access | undefined {
  const methods = (Array.isArray(method) ? method : [method]).map((m) =>
    m === 'HEAD' ? 'GET' : m,
  );
  const rules = methods.map((m) => apiRule(m, url));
  if (rules.includes('manager')) return 'manager';
  return rules.find((rule) => rule !== undefined);
}

function authPlugin(app: FastifyInstance, options: AuthPluginOptions): void {
  const sign = createSigner({
    key: options.jwtSecret,
    algorithm: TOKEN_ALGORITHM,
    expiresIn: TOKEN_TTL_MS,
  });
  const verify = createVerifier({ key: options.jwtSecret, algorithms: [TOKEN_ALGORITHM] });

  async function authenticate(request: FastifyRequest): Promise<void> {
    const token = bearerToken(request);
    if (token === null) throw new HttpError(401, MSG_UNAUTHENTICATED);
    let payload: unknown;
    try {
      payload = verify(token);
    } catch (error) {
      const expired = error instanceof TokenError && error.code === TokenError.codes.expired;
      throw new HttpError(401, expired ? MSG_TOKEN_EXPIRED : MSG_TOKEN_INVALID);
    }
    const claimed = toUser(payload);
    if (claimed === null) throw new HttpError(401, MSG_TOKEN_INVALID);
    // The account as it is now, not as the token remembers it: a removed account loses access and
    // a changed role applies at once, not after the token's 12 hours.
    const [row] = await accountById().execute({ id: claimed.id });
    if (row === undefined) throw new HttpError(401, MSG_TOKEN_INVALID);
    request.user = publicUser(row);
  }

  // Every request reads its account: a query built once and, on PostgreSQL, a named prepared
  // statement (parsed and planned once per connection), not built and planned per request
  // (docs/adr/0007-scale.md). Made on first use, once the database plugin has decorated `db`.
  let prepared: ReturnType<typeof prepareAccountById> | undefined;
  const accountById = () => (prepared ??= prepareAccountById(app.db));

  app.decorateRequest('user', null);
  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', requireRole);
  app.decorate('signToken', (user: AuthUser) => {
    const payload: TokenPayload = {
      sub: String(user.id),
      email: user.email,
      name: user.name,
      role: user.role,
    };
    return sign(payload);
  });

  // Secure by default: every /api route needs a token unless it says `config: { public: true }`.
  // Authentication runs first, before body parsing and validation, so a stranger learns nothing.
  app.addHook('onRoute', (route) => {
    if (route.config?.public === true && route.schema !== undefined) {
      // Tells the OpenAPI document that this route needs no token.
      route.schema = { ...route.schema, security: [] };
    }
    if (isPublicPath(route.url) || route.config?.public === true) return;
    const existing =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    // The rules table (contract/permissions.ts) backs up the route's own role check, which runs
    // first with its own message; the role walk test finds a route without a rule.
    const backstop = ruleOf(route.method, route.url) === 'manager' ? [managerOnly] : [];
    route.onRequest = [authenticate, ...existing, ...backstop];
  });
}

export const auth = fp(authPlugin, { name: 'auth', fastify: '5.x' });
