// Who deploys (issue 49): a manager's session, or a team's deploy token, which may deploy and roll
// back its own remote only. The auth plugin checks the token (plugins/auth.ts, a route's
// config.deployToken); the deploy routes check its remote here.
import { createHash } from 'node:crypto';
import { DEPLOY_MESSAGES, DEPLOY_TOKEN_PREFIX } from '@gudang/api-client/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http-error';
import { requireUser, type AuthUser } from './request-user';

/** The token a request was authorised with. */
export interface DeployTokenIdentity {
  id: number;
  name: string;
  remote: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set instead of `user` when a deploy route was called with a deploy token. */
    deployToken?: DeployTokenIdentity | null;
  }
}

/** A bearer value that is a deploy token, not a session (JWT). */
export const isDeployToken = (bearer: string): boolean => bearer.startsWith(DEPLOY_TOKEN_PREFIX);

/** What is kept of a token: its sha256, in hex. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** Who deploys `name`: the manager signed in, or the token (its own remote only: 403 otherwise). */
export function deployActor(
  request: FastifyRequest,
  name: string,
): { user: AuthUser | null; by: string; via: string } {
  const token = request.deployToken ?? null;
  if (token === null) {
    const user = requireUser(request);
    return { user, by: `${user.name} <${user.email}>`, via: '' };
  }
  if (token.remote !== name)
    throw new HttpError(403, DEPLOY_MESSAGES.tokenOtherRemote(token.remote, name));
  return {
    user: null,
    by: `token deploy '${token.name}' (#${token.id})`,
    via: ` (token deploy '${token.name}')`,
  };
}
