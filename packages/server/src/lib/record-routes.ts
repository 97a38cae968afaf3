// Route declarations that the record lists (Barang Masuk, Keluar, Rusak, List Order) and the
// products share, and the GET of every list or summary read over a date range.
import {
  CheckResiQuery,
  CheckResiResponse,
  IdParam,
  MESSAGES,
  MessageBody,
  ResiParam,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TObject, TSchema, TString } from '@sinclair/typebox';
import type { Db, DbOrTx } from '../db/client';
import type { ActivityActor } from './activity-log';
import { checkDateRange } from './dates';
import { requireUser } from './request-user';
import { unwrap, type Result } from './result';
import { errorResponses, type ErrorStatus } from './error-responses';
import type { SnapshotCache } from './snapshot-cache';

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
  /** Whether a save may be refused with 409 (a taken code, stock that would go below zero). */
  conflicts?: boolean;
  /** The 403 answer to a user without the route's role, when not the default one. */
  forbidden?: string;
}

/** 400, 401 and 403, 404 for a route on one record, and 409 when a save may conflict. */
function refusals(conflicts: boolean | undefined, oneRecord: boolean) {
  const statuses: ErrorStatus[] = [400, 401, 403];
  if (oneRecord) statuses.push(404);
  if (conflicts === true) statuses.push(409);
  return errorResponses(...statuses);
}

/** The declaration of a record's POST: 201 or a refusal. */
export function createRouteOptions<Body extends TSchema, Saved extends TSchema>(
  docs: SaveDocs<Body, Saved>,
) {
  return {
    ...(docs.forbidden === undefined ? {} : { config: { forbidden: docs.forbidden } }),
    schema: {
      tags: docs.tags,
      summary: docs.summary,
      body: docs.body,
      response: { 201: docs.saved, ...refusals(docs.conflicts, false) },
    },
  };
}

/** The declaration of a record's PUT …/:id, for the manager: 200 or a refusal. */
export function updateRouteOptions<Body extends TSchema, Saved extends TSchema>(
  docs: SaveDocs<Body, Saved>,
) {
  return {
    config: { forbidden: docs.forbidden ?? MESSAGES.managerOnlyEdit },
    schema: {
      tags: docs.tags,
      summary: docs.summary,
      params: IdParam,
      body: docs.body,
      response: { 200: docs.saved, ...refusals(docs.conflicts, true) },
    },
  };
}

/** A create or edit route: its declaration, the URL and the message of its answer. */
type SaveRouteDocs<Body extends TSchema, Data extends TSchema> = SaveDocs<
  Body,
  TObject<{ message: TString; data: Data }>
> & { url: string; message: string };

type SaveRequest<Body extends TSchema> = FastifyRequest<{
  Params: { id: number };
  Body: Static<Body>;
}>;

/**
 * POST (createRouteOptions): the body saved by `create` (the record's service), answered 201
 * with `message` and the saved record.
 */
export function createRoute<Body extends TSchema, Data extends TSchema>(
  app: TypeBoxApp,
  docs: SaveRouteDocs<Body, Data>,
  create: (db: Db, body: Static<Body>, actor: ActivityActor) => Promise<Result<Static<Data>>>,
): void {
  const handler = async (request: SaveRequest<Body>, reply: FastifyReply) => {
    const data = unwrap(await create(app.db, request.body, requireUser(request)));
    return reply.code(201).send({ message: docs.message, data });
  };
  // Typed by this signature: fastify cannot resolve the reply type of a generic schema.
  app.post(docs.url, createRouteOptions(docs), handler as never);
}

/**
 * PUT …/:id for the manager (updateRouteOptions): the body saved by `update` (the record's
 * service), answered with `message` and the saved record.
 */
export function updateRoute<Body extends TSchema, Data extends TSchema>(
  app: TypeBoxApp,
  docs: SaveRouteDocs<Body, Data>,
  update: (
    db: Db,
    id: number,
    body: Static<Body>,
    actor: ActivityActor,
  ) => Promise<Result<Static<Data>>>,
): void {
  const handler = async (request: SaveRequest<Body>) => {
    const data = unwrap(
      await update(app.db, request.params.id, request.body, requireUser(request)),
    );
    return { message: docs.message, data };
  };
  // Typed by this signature: fastify cannot resolve the reply type of a generic schema.
  app.put(docs.url, updateRouteOptions(docs), handler as never);
}

/**
 * GET `url`: a list page, `list` of the query (`querystring`) answered as `answer`, kept per
 * database snapshot by `answers` (lib/snapshot-cache.ts).
 */
export function listRoute<Query extends TSchema, Answer extends TSchema>(
  app: TypeBoxApp,
  answers: SnapshotCache,
  docs: RouteDocs & { querystring: Query; answer: Answer },
  list: (db: Db, query: Static<Query>) => Promise<Static<Answer>>,
): void {
  const handler = (request: FastifyRequest<{ Querystring: Static<Query> }>, reply: FastifyReply) =>
    answers.send(request, reply, () => list(app.db, request.query));
  app.get(
    docs.url,
    {
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        querystring: docs.querystring,
        response: { 200: docs.answer, ...errorResponses(400, 401, 403) },
      },
    },
    // Typed by this signature: fastify cannot resolve the reply type of a generic schema.
    handler as never,
  );
}

/** A query that may name a period (`startDate` to `endDate`, calendar dates). */
type PeriodQuery = TSchema & { static: { startDate?: string; endDate?: string } };

/**
 * GET `url` of a period: a query whose start comes after its end is refused with `dateRange`
 * (400) before `handler` reads anything; otherwise `handler` answers as `answer` (or sends it
 * itself, as a snapshot cache does).
 */
export function periodRoute<Query extends PeriodQuery, Answer extends TSchema>(
  app: TypeBoxApp,
  docs: RouteDocs & {
    querystring: Query;
    answer: Answer;
    dateRange: string;
    /** The 403 answer to a user without the route's role, when not the default one. */
    forbidden?: string;
  },
  handler: (
    request: FastifyRequest<{ Querystring: Static<Query> }>,
    reply: FastifyReply,
  ) => Promise<Static<Answer> | FastifyReply>,
): void {
  const checked = async (
    request: FastifyRequest<{ Querystring: Static<Query> }>,
    reply: FastifyReply,
  ) => {
    // Static of a generic schema does not resolve: Query's constraint is what holds the dates.
    checkDateRange(request.query as PeriodQuery['static'], docs.dateRange);
    return handler(request, reply);
  };
  app.get(
    docs.url,
    {
      ...(docs.forbidden === undefined ? {} : { config: { forbidden: docs.forbidden } }),
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        querystring: docs.querystring,
        response: { 200: docs.answer, ...errorResponses(400, 401, 403) },
      },
    },
    // Typed by this signature: fastify cannot resolve the reply type of a generic schema.
    checked as never,
  );
}

/** What check-resi asks beside the resi: the record being edited and the product chosen. */
export interface ResiCheck {
  excludeId: number | null;
  /** null: not given (or blank), every other record using the resi counts. */
  productCode: string | null;
}

/**
 * GET …/check-resi/:resi: the records already using the resi, except `?excludeId`; with
 * `?product_code`, only those the product may not share the resi with.
 */
export function checkResiRoute(
  app: TypeBoxApp,
  docs: RouteDocs,
  check: (db: DbOrTx, resi: string, options: ResiCheck) => Promise<CheckResiResponse>,
): void {
  app.get(
    docs.url,
    {
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        params: ResiParam,
        querystring: CheckResiQuery,
        response: { 200: CheckResiResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { excludeId, product_code: productCode } = request.query;
      return check(app.db, request.params.resi, {
        excludeId: excludeId ?? null,
        productCode:
          productCode === undefined || productCode.trim() === '' ? null : productCode.trim(),
      });
    },
  );
}

/** DELETE …/:id for the manager, answering `message`; `conflicts`: it may be refused with 409. */
export function deleteRoute(
  app: TypeBoxApp,
  docs: RouteDocs & { message: string; conflicts?: boolean },
  remove: (db: Db, id: number, actor: ActivityActor) => Promise<Result<unknown>>,
): void {
  app.delete(
    docs.url,
    {
      config: { forbidden: MESSAGES.managerOnlyDelete },
      schema: {
        tags: docs.tags,
        summary: docs.summary,
        params: IdParam,
        response: { 200: MessageBody, ...refusals(docs.conflicts, true) },
      },
    },
    async (request) => {
      unwrap(await remove(app.db, request.params.id, requireUser(request)));
      return { message: docs.message };
    },
  );
}
