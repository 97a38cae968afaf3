// Route declarations that the record lists (Barang Masuk, Keluar, Rusak, List Order) share.
import {
  CheckResiQuery,
  CheckResiResponse,
  ErrorBody,
  IdParam,
  MESSAGES,
  MessageBody,
  ResiParam,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type { Db, DbOrTx } from '../db/client';
import type { ActivityActor } from './activity-log';
import { requireUser } from './request-user';
import { unwrap, type Result } from './result';

type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];

interface RouteDocs {
  /** e.g. '/incoming-goods/:id' (under the /api prefix) */
  url: string;
  tags: string[];
  summary: string;
}

/** What a create or edit route takes (`body`) and answers (`saved`: `{ message, data }`). */
interface SaveDocs<Body extends TSchema, Saved extends TSchema> {
  tags: string[];
  summary: string;
  body: Body;
  saved: Saved;
}

/** The declaration of a record list's POST, for any signed-in user: 201 or a refusal. */
export function createRouteOptions<Body extends TSchema, Saved extends TSchema>(
  docs: SaveDocs<Body, Saved>,
) {
  return {
    schema: {
      tags: docs.tags,
      summary: docs.summary,
      body: docs.body,
      response: { 201: docs.saved, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    },
  };
}

/** The declaration of a record list's PUT …/:id, for the manager: 200 or a refusal. */
export function updateRouteOptions<Body extends TSchema, Saved extends TSchema>(
  docs: SaveDocs<Body, Saved>,
) {
  return {
    config: { forbidden: MESSAGES.managerOnlyEdit },
    schema: {
      tags: docs.tags,
      summary: docs.summary,
      params: IdParam,
      body: docs.body,
      response: {
        200: docs.saved,
        400: ErrorBody,
        401: ErrorBody,
        403: ErrorBody,
        404: ErrorBody,
        409: ErrorBody,
      },
    },
  };
}

/** GET …/check-resi/:resi: the records already using the resi, except `?excludeId`. */
export function checkResiRoute(
  app: TypeBoxApp,
  docs: RouteDocs,
  check: (db: DbOrTx, resi: string, excludeId: number | null) => Promise<CheckResiResponse>,
): void {
  app.get(
    docs.url,
    {
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        params: ResiParam,
        querystring: CheckResiQuery,
        response: { 200: CheckResiResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      return check(app.db, request.params.resi, request.query.excludeId ?? null);
    },
  );
}

/** DELETE …/:id for the manager, answering `message`. */
export function deleteRoute(
  app: TypeBoxApp,
  docs: RouteDocs & { message: string },
  remove: (db: Db, id: number, actor: ActivityActor) => Promise<Result<null>>,
): void {
  app.delete(
    docs.url,
    {
      config: { forbidden: MESSAGES.managerOnlyDelete },
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        params: IdParam,
        response: {
          200: MessageBody,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request) => {
      unwrap(await remove(app.db, request.params.id, requireUser(request)));
      return { message: docs.message };
    },
  );
}
