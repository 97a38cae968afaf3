// Who made a request: set by the auth plugin (plugins/auth.ts), read by the routes.
import type { User } from '@gudang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError, MSG_UNAUTHENTICATED } from '../http-error';

/** The signed-in user as the token carries it. */
export type AuthUser = User;

/** The token a request was signed in with (logout ends it). */
export interface Session {
  /** Its id; null for a token signed before tokens had one. */
  jti: string | null;
  /** When it expires (seconds since 1970, as in the token). */
  exp: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; null on public routes. */
    user: AuthUser | null;
    /** Set by `authenticate` with the user. */
    session: Session | null;
  }
}

/** The signed-in user of a route that `authenticate` guards; 401 if there is none. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (request.user === null) throw new HttpError(401, MSG_UNAUTHENTICATED);
  return request.user;
}

/** The user as the API shows it (no password hash, no token version). */
export function publicUser(row: Pick<User, 'id' | 'email' | 'name' | 'role'>): User {
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}
