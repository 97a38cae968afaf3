// Writes sent again (offline capture, issue 48; docs/adr/0025-writes-sent-again.md): a write sent
// with a client_id is done once per user and id. Its answer is stored in client_requests in the
// write's own transaction; the same id again answers it and writes nothing.
import { createHash } from 'node:crypto';
import {
  CLIENT_ID_KEEP_DAYS,
  CLIENT_ID_MESSAGES,
  CLIENT_ID_ROUTES,
  type ClientIdRoute,
} from '@gudang/api-client/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { Refusal, unwrap, type Result } from './result';
import { inTransaction } from './transaction';

/** A write's answer: its status and the body sent. */
export interface Answer<B, S extends 200 | 201 = 200 | 201> {
  status: S;
  body: B;
}

/** A write sent with a client_id: whose, which id, which route, and a digest of what it asks. */
export interface ClientRequest {
  userId: number;
  clientId: string;
  route: ClientIdRoute;
  fingerprint: string;
}

/** Rows past their days removed by one stored answer, at most. */
const PRUNED_PER_WRITE = 1000;

/** JSON with the keys of every object sorted: equal requests give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The client request of a route's call, or null when its body has no client_id (the write then
 * goes as it always did). The fingerprint covers the path values and the body (as validated)
 * without the id.
 */
export function clientRequestOf(request: FastifyRequest, userId: number): ClientRequest | null {
  const { client_id: clientId, ...body } = (request.body ?? {}) as { client_id?: string };
  if (clientId === undefined) return null;
  const route = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (!(route in CLIENT_ID_ROUTES)) throw new Error(`${route} takes no client_id`);
  const fingerprint = createHash('sha256')
    .update(canonical({ params: request.params, body }))
    .digest('hex');
  return { userId, clientId: clientId.toLowerCase(), route: route as ClientIdRoute, fingerprint };
}

type StoredRow = { route: string; fingerprint: string; status: number | null; body: string | null };

/** The answer stored for the request's id (committed by the first send), or the 409 of a misuse. */
async function storedAnswer<B, S extends 200 | 201>(
  tx: Tx,
  claim: ClientRequest,
): Promise<Answer<B, S>> {
  const { rows } = await tx.execute<StoredRow>(sql`
    select route, fingerprint, status, body::text as body from client_requests
     where user_id = ${claim.userId} and client_id = ${claim.clientId}::uuid`);
  const row = rows[0];
  if (row === undefined || row.status === null || row.body === null)
    throw new Error('client_requests: a claimed id without its answer');
  if (row.route !== claim.route || row.fingerprint !== claim.fingerprint) {
    const route = row.route in CLIENT_ID_ROUTES ? (row.route as ClientIdRoute) : claim.route;
    throw new Refusal(409, CLIENT_ID_MESSAGES.usedFor(route, row.route === claim.route));
  }
  return { status: row.status as S, body: JSON.parse(row.body) as B };
}

/**
 * Runs `work` once per user and client_id, in one transaction with the record of its answer.
 * The id is claimed first (`on conflict do nothing`): a second send of it waits there until the
 * first commits (PostgreSQL's unique key; PGlite runs one transaction at a time), then answers
 * the stored status and body, writing nothing. A refusal of the work (a thrown Refusal, or a
 * database error `mapError` maps) rolls the claim back with the write: refusals are not stored,
 * and a later send is checked again. Thrown as the HttpError of its refusal (unwrap).
 */
export async function answerOnce<B, S extends 200 | 201>(
  db: Db,
  claim: ClientRequest,
  work: (tx: Tx) => Promise<Answer<B, S>>,
  mapError?: (error: unknown) => Refusal | null,
): Promise<Answer<B, S>> {
  const result: Result<Answer<B, S>> = await inTransaction(
    db,
    async (tx) => {
      const { rows: claimed } = await tx.execute(sql`
        insert into client_requests (user_id, client_id, route, fingerprint)
        values (${claim.userId}, ${claim.clientId}::uuid, ${claim.route}, ${claim.fingerprint})
        on conflict (user_id, client_id) do nothing
        returning user_id`);
      if (claimed.length === 0) return storedAnswer<B, S>(tx, claim);
      const answer = await work(tx);
      // The answer stored with the write; the rows past their days go (skip locked: two writers
      // never wait on each other for them).
      await tx.execute(sql`
        with pruned as (
          delete from client_requests
           where (user_id, client_id) in (
             select user_id, client_id from client_requests
              where created_at < now() - make_interval(days => ${CLIENT_ID_KEEP_DAYS})
              order by created_at
              limit ${PRUNED_PER_WRITE}
                for update skip locked))
        update client_requests
           set status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb
         where user_id = ${claim.userId} and client_id = ${claim.clientId}::uuid`);
      return answer;
    },
    mapError,
  );
  return unwrap(result);
}

/** The value of a service's result inside `answerOnce`'s work, or its refusal thrown. */
export function valueOrRefusal<T>(result: Result<T>): T {
  if (!result.ok) throw new Refusal(result.status, result.message);
  return result.value;
}
