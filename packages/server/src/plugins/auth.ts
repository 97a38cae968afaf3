import { apiRule, type Access, type Role, type User } from '@gudang/api-client/contract';
import { randomUUID } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { publicUser, type AuthUser, type Session } from '../lib/request-user';
import {
  HttpError,
  MSG_FORBIDDEN,
  MSG_TOKEN_EXPIRED,
  MSG_TOKEN_INVALID,
  MSG_UNAUTHENTICATED,
} from '../http-error';
import { requireUser } from '../lib/request-user';
import { isDeployToken, type DeployTokenIdentity } from '../lib/deploy-token';

/** Tokens live 12 hours. */
export const TOKEN_TTL_MS = 12 * 60 * 60 * 1000;
const TOKEN_ALGORITHM = 'HS256';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers 401 {message} unless the request carries a valid bearer token. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Signs a token for the user at their current token version (login). */
    signToken: (user: AuthUser, tokenVersion: number) => string;
    /** The accounts the requests' tokens name, kept in memory (modules/auth/sessions.ts). */
    sessions: SessionStore;
  }
  interface FastifyContextConfig {
    /**
     * A route under /api outside the rules table that needs no token (a test's own route); the
     * API's public routes are 'public' in API_RULES.
     */
    public?: boolean;
    /** The 403 message of a manager-only route (default MSG_FORBIDDEN). */
    forbidden?: string;
    /**
     * A manager route that also takes a deploy token (a team's credential for its own remote:
     * deploy and rollback); the route checks the token's remote (modules/deploys/tokens.ts).
     */
    deployToken?: boolean;
  }
}

/** An account as a request's token is checked against it. */
export interface SessionAccount extends Pick<User, 'id' | 'email' | 'name' | 'role'> {
  tokenVersion: number;
  /** Ids of this user's signed-out tokens that have not expired yet. */
  revoked: readonly string[];
}

/** Where the plugin reads the accounts from (the auth module's SessionCache, given by app.ts). */
export interface SessionStore {
  account(id: number): Promise<SessionAccount | null>;
  /** Starts listening for changes; the function it gives stops. */
  listen(database: Pick<Database, 'listen'>): Promise<() => Promise<void>>;
  forget(id: number): void;
}

export interface AuthPluginOptions {
  jwtSecret: string;
  /** Where changes to sessions are heard (NOTIFY). */
  database: Pick<Database, 'listen'>;
  sessions: SessionStore;
  /**
   * Prefixes a test mounts a module under a second time (with a fixed clock): their routes take
   * the rule of the same route under /api.
   */
  testMounts?: readonly string[];
  /** Checks a deploy token (modules/deploys/tokens.ts): who it is, or a 401. */
  deployTokens?: (bearer: string) => Promise<DeployTokenIdentity>;
}

interface TokenPayload {
  sub: string;
  email: string;
  name: string;
  role: Role;
  /** The user's token version when it was signed. */
  ver: number;
  jti: string;
}

interface Claims {
  id: number;
  ver: number;
  session: Session;
}

function isRole(value: unknown): value is Role {
  return value === 'admin' || value === 'manager';
}

function toClaims(payload: unknown): Claims | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { sub, role, ver, jti, exp } = payload as Record<string, unknown>;
  const id = typeof sub === 'string' && /^\d+$/.test(sub) ? Number(sub) : NaN;
  if (!Number.isSafeInteger(id) || !isRole(role) || typeof exp !== 'number') return null;
  // Tokens signed before versions existed carry none: version 0, which a change ends.
  const version = ver === undefined ? 0 : ver;
  if (typeof version !== 'number' || !Number.isSafeInteger(version)) return null;
  if (jti !== undefined && typeof jti !== 'string') return null;
  return { id, ver: version, session: { jti: jti ?? null, exp } };
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** A hook answering 403 `message` unless the signed-in user has one of the roles. */
function requireRole(
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

/** The strictest rule among a route's methods (HEAD follows GET); undefined when there is none. */
function ruleOf(method: string | string[], url: string): Access | undefined {
  const methods = (Array.isArray(method) ? method : [method]).map((m) =>
    m === 'HEAD' ? 'GET' : m,
  );
  const rules = methods.map((m) => apiRule(m, url));
  if (rules.includes('manager')) return 'manager';
  return rules.find((rule) => rule !== undefined);
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  const sign = createSigner({
    key: options.jwtSecret,
    algorithm: TOKEN_ALGORITHM,
    expiresIn: TOKEN_TTL_MS,
  });
  // A token without an expiry is refused, though this server never signs one.
  const verify = createVerifier({
    key: options.jwtSecret,
    algorithms: [TOKEN_ALGORITHM],
    requiredClaims: ['exp', 'sub'],
  });
  // Every request reads its account from here, not from the database (ADR 0007).
  const sessions = options.sessions;
  const stopListening = await sessions.listen(options.database);
  app.addHook('onClose', () => stopListening());

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
    const claimed = toClaims(payload);
    if (claimed === null) throw new HttpError(401, MSG_TOKEN_INVALID);
    // The account as it is now, not as the token remembers it: a removed account loses access,
    // a changed role applies at once, and a new password, a new role, 'Keluar dari semua
    // perangkat' or a logout end the tokens signed before them.
    const account = await sessions.account(claimed.id);
    // Deactivated or removed since the token was signed: the session has ended, as after a role
    // change (the reason is told at the next sign-in), not a 'token tidak valid'.
    if (account === null) throw new HttpError(401, MSG_TOKEN_EXPIRED);
    if (
      account.tokenVersion !== claimed.ver ||
      (claimed.session.jti !== null && account.revoked.includes(claimed.session.jti))
    )
      throw new HttpError(401, MSG_TOKEN_EXPIRED);
    request.user = publicUser(account);
    request.session = claimed.session;
  }

  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorate('sessions', sessions);
  app.decorate('authenticate', authenticate);
  app.decorate('signToken', (user: AuthUser, tokenVersion: number) => {
    const payload: TokenPayload = {
      sub: String(user.id),
      email: user.email,
      name: user.name,
      role: user.role,
      ver: tokenVersion,
      jti: randomUUID(),
    };
    return sign(payload);
  });

  // Access is declared once, in the rules table (contract/permissions.ts): each /api route gets
  // its guard from there, and a route without a rule stops the start. Authentication and the
  // role check run first, before body parsing and validation, so a stranger learns nothing.
  app.addHook('onRoute', (route) => {
    if (isPublicPath(route.url)) return;
    const mount = options.testMounts?.find((prefix) => route.url.startsWith(`${prefix}/`));
    const rule = ruleOf(
      route.method,
      mount === undefined ? route.url : `/api${route.url.slice(mount.length)}`,
    );
    const name = `${String(route.method)} ${route.url}`;
    if (rule === undefined && route.config?.public !== true)
      throw new Error(`${name} has no rule in API_RULES (contract/permissions.ts)`);
    if (rule !== undefined && route.config?.public !== undefined)
      throw new Error(`${name} declares config.public; its access is API_RULES' '${rule}'`);
    if (rule === undefined || rule === 'public') {
      // Tells the OpenAPI document that this route needs no token.
      if (route.schema !== undefined) route.schema = { ...route.schema, security: [] };
      return;
    }
    const existing =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    const guard =
      rule === 'manager' ? [requireRole('manager', route.config?.forbidden ?? MSG_FORBIDDEN)] : [];
    const verifyDeployToken = options.deployTokens;
    if (route.config?.deployToken === true && rule === 'manager' && verifyDeployToken) {
      // A deploy token instead of a session: no user, no role; the route checks its remote.
      const tokenOrManager = async (request: FastifyRequest, reply: FastifyReply) => {
        const token = bearerToken(request);
        if (token !== null && isDeployToken(token)) {
          request.deployToken = await verifyDeployToken(token);
          return;
        }
        await authenticate(request);
        for (const hook of guard) await hook.call(app, request, reply);
      };
      route.onRequest = [tokenOrManager, ...existing];
      return;
    }
    route.onRequest = [authenticate, ...guard, ...existing];
  });
}

export const auth = fp(authPlugin, { name: 'auth', fastify: '5.x' });
