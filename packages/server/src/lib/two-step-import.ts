// A file imported in two steps (the return and income imports, the label upload's fields): the
// upload is read and kept as a preview (nothing written yet), the preview is read again against
// the database as often as asked, and its commit writes it once, by the uploader only, in one
// transaction. What differs by import (the table, its rows, the writing statement, the texts) is
// given by the module; the keeping, the locking and the refusals are here, once.
import { IdParam, MARKETPLACE_MAX_PREVIEWS_PER_USER } from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client';
import { HttpError } from '../http-error';
import { errorResponses } from './error-responses';
import { countsOf } from './numbers';
import { Refusal, type Result } from './result';
import { inTransaction } from './transaction';
import { readUpload, uploadBodyLimit, type Upload, type UploadRules } from './uploads';

/** Previews not committed within this long are removed (with the next upload), every import's. */
export const PREVIEW_KEEP_HOURS = 48;

/** The limits of an upload of one file of at most `fileSize` bytes and a few short fields. */
export const oneFileUpload = (
  fileSize: number,
  messages: UploadRules['messages'],
): UploadRules => ({
  limits: {
    fileSize,
    files: 1,
    fields: 5,
    parts: 6,
    fieldSize: 1000,
    fieldNameSize: 100,
    headerPairs: 100,
  },
  messages,
});

/** An optional id field of an upload (`store_id`, `batch_id`): a positive id, or null when empty. */
export function optionalIdField(value: string | undefined, message: string): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw new HttpError(400, message);
  return Number(text);
}

/**
 * A preview table: `<table>` (channel, format, store_id, file_name, problems, created_by,
 * created_at, committed_at and a count column) whose store is a marketplace_stores row.
 */
export interface PreviewTable<Channel extends string = string, Format extends string = string> {
  /** The table's name (a constant of the module, never input). */
  table: string;
  /** The column that counts the preview's rows (`row_count`, `order_count`). */
  countColumn: string;
  /** The refusals of a commit. */
  messages: { importNotFound: string; notUploader: string; alreadyCommitted: string };
  /** Never set: the types of its channel and format columns, for the readers' answers. */
  columns?: { channel: Channel; format: Format };
}

/** The preview's head as every preview answer starts it. */
export interface PreviewHead<Channel extends string, Format extends string> {
  id: number;
  channel: Channel;
  format: Format;
  file_name: string;
  store_id: number;
  store: string;
  committed: boolean;
}

/**
 * The head of a kept preview, the rows (the count column) and the problems its file had; null
 * when there is none of that id.
 */
export async function previewHead<Channel extends string, Format extends string>(
  db: DbOrTx,
  { table, countColumn }: PreviewTable<Channel, Format>,
  id: number,
): Promise<{ head: PreviewHead<Channel, Format>; count: number; problemCount: number } | null> {
  const { rows } = await db.execute<{
    id: number | string;
    channel: Channel;
    format: Format;
    file_name: string;
    store_id: number | string;
    store: string;
    committed: boolean;
    count: number | string;
    problem_count: number | string;
  }>(sql`
    select i.id, i.channel, i.format, i.file_name, i.store_id, s.name as store,
           (i.committed_at is not null) as committed, i.${sql.raw(countColumn)} as count,
           i.problem_count
      from ${sql.raw(table)} i join marketplace_stores s on s.id = i.store_id
     where i.id = ${id}`);
  const row = rows[0];
  if (row === undefined) return null;
  const head: PreviewHead<Channel, Format> = {
    id: Number(row.id),
    channel: row.channel,
    format: row.format,
    file_name: row.file_name,
    store_id: Number(row.store_id),
    store: row.store,
    committed: row.committed === true,
  };
  return { head, count: Number(row.count), problemCount: Number(row.problem_count) };
}

/** What readPreview reads of a preview's rows. */
export interface PreviewQuery<Count extends string, Row> {
  joined: SQL;
  counts: { names: readonly Count[]; select: SQL };
  rows: SQL<Row>;
  order: SQL;
  limit: number;
  problems: number;
}

/**
 * A kept preview read against the database now: its head (previewHead), the aggregates `counts`
 * (a select list) over `joined` (the FROM ... WHERE of its rows beside what they match), its
 * first `limit` rows (the select list `rows`, in `order`) and its first `problems` problems;
 * null when there is none of that id.
 */
export async function readPreview<
  Channel extends string,
  Format extends string,
  Count extends string,
  Row,
>(
  db: DbOrTx,
  previews: PreviewTable<Channel, Format>,
  id: number,
  query: PreviewQuery<Count, Row>,
) {
  const kept = await previewHead(db, previews, id);
  if (kept === null) return null;
  const counted = await countsOf(
    db,
    query.counts.names,
    sql`
    select ${query.counts.select}
    ${query.joined}`,
  );
  const { rows } = await db.execute<Row & Record<string, unknown>>(sql`
    select ${query.rows}
    ${query.joined}
     order by ${query.order}
     limit ${query.limit}`);
  const problems = await previewProblems(db, previews, id, query.problems);
  return { ...kept, counted, rows: rows as Row[], problems };
}

/** The first `limit` problems of a kept preview (its `problems` jsonb). */
export async function previewProblems(
  db: DbOrTx,
  { table }: PreviewTable,
  id: number,
  limit: number,
): Promise<{ sheet: string; row: number; message: string }[]> {
  const { rows } = await db.execute<{ sheet: string; row: number | string; message: string }>(sql`
    select p.sheet, p."row", p.message
      from ${sql.raw(table)} i
      cross join lateral jsonb_to_recordset(i.problems) as p(sheet text, "row" integer, message text)
     where i.id = ${id}
     limit ${limit}`);
  return rows.map((p) => ({ sheet: p.sheet, row: Number(p.row), message: p.message }));
}

/**
 * Keeps a preview in one transaction and answers it as `read` reads it: the previews older than
 * PREVIEW_KEEP_HOURS removed, the new one inserted by `insert` (an INSERT ... RETURNING id) and filled
 * by `fill` (its rows, where they are kept apart), and the uploader's oldest beyond
 * MARKETPLACE_MAX_PREVIEWS_PER_USER removed (each preview holds up to a file's worth of rows: one
 * user's uploads cannot pile up).
 */
export async function keepPreview<T>(
  db: Db,
  { table }: Pick<PreviewTable, 'table'>,
  actorId: number,
  steps: {
    insert: (tx: Tx) => Promise<{ rows: { id: number | string }[] }>;
    fill?: (tx: Tx, id: number) => Promise<void>;
    read: (db: DbOrTx, id: number) => Promise<T | null>;
  },
): Promise<T> {
  const name = sql.raw(table);
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${name}
      where created_at < now() - make_interval(hours => ${PREVIEW_KEEP_HOURS})`);
    const inserted = (await steps.insert(tx)).rows[0];
    if (inserted === undefined) throw new Error('the preview insert returned no row');
    const kept = Number(inserted.id);
    await steps.fill?.(tx, kept);
    await tx.execute(sql`
      delete from ${name}
       where created_by = ${actorId}
         and id not in (select id from ${name} where created_by = ${actorId}
                         order by id desc limit ${MARKETPLACE_MAX_PREVIEWS_PER_USER})`);
    return kept;
  });
  const answer = await steps.read(db, id);
  if (answer === null) throw new Error('the preview just kept is gone');
  return answer;
}

/** An upload to keep as a preview: its parsed file, its name and the store it is for. */
export interface NewPreview<File extends { channel: string; format: string; problems: unknown[] }> {
  file: File;
  fileName: string;
  storeId: number;
}

/** How keepNewPreview keeps an upload's rows and reads it back. */
export interface NewPreviewSteps<T> {
  count: number;
  rows?: unknown[];
  fill?: (tx: Tx, id: number) => Promise<void>;
  read: (db: DbOrTx, id: number) => Promise<T | null>;
}

/**
 * keepPreview of an upload (`preview`, by the uploader): its row inserted with `count` rows (and
 * `rows`, where the table keeps them as one jsonb), filled by `fill` where they are kept apart.
 */
export function keepNewPreview<T>(
  db: Db,
  previews: PreviewTable,
  actorId: number,
  { file, fileName, storeId }: NewPreview<{ channel: string; format: string; problems: unknown[] }>,
  steps: NewPreviewSteps<T>,
): Promise<T> {
  const { rows } = steps;
  return keepPreview(db, previews, actorId, {
    insert: (tx) =>
      tx.execute<{ id: number }>(sql`
          insert into ${sql.raw(previews.table)}
                 (channel, format, store_id, file_name, ${sql.raw(rows === undefined ? '' : 'rows, ')}problems,
                  ${sql.raw(previews.countColumn)}, problem_count, created_by)
          values (${file.channel}, ${file.format}, ${storeId}, ${fileName},
                  ${rows === undefined ? sql`` : sql`${JSON.stringify(rows)}::jsonb, `}${JSON.stringify(file.problems)}::jsonb,
                  ${steps.count}, ${file.problems.length}, ${actorId})
          returning id`),
    fill: steps.fill,
    read: steps.read,
  });
}

/** The preview a commit holds locked. */
export interface LockedPreview<Channel extends string> {
  channel: Channel;
  file_name: string;
  store: string;
  /** The rows the file had (the count column). */
  count: number;
}

export type CommitOutcome<T> =
  { ok: true; value: T } | { ok: false; status: 403 | 404 | 409; message: string };

/**
 * Commits a preview in one transaction, all or nothing, once: the preview's row locked (a
 * simultaneous second commit waits and then finds it committed), refused when it is gone (404),
 * not the caller's upload (403: the uploader has seen its problems, another manager has not) or
 * committed already (409); then `write` writes it (and its activity entry) and it is marked
 * committed.
 */
export async function commitPreview<Channel extends string, T>(
  db: Db,
  { table, countColumn, messages }: PreviewTable<Channel>,
  id: number,
  actorId: number,
  write: (tx: Tx, preview: LockedPreview<Channel>) => Promise<T>,
): Promise<CommitOutcome<T>> {
  const name = sql.raw(table);
  const result: Result<CommitOutcome<T>> = await inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{
      channel: Channel;
      file_name: string;
      store: string;
      created_by: number | null;
      committed_at: unknown;
      count: number | string;
    }>(sql`
      select i.channel, i.file_name, s.name as store, i.created_by, i.committed_at,
             i.${sql.raw(countColumn)} as count
        from ${name} i join marketplace_stores s on s.id = i.store_id
       where i.id = ${id}
         for update of i`);
    const row = rows[0];
    if (row === undefined) throw new Refusal(404, messages.importNotFound);
    if (row.created_by === null || Number(row.created_by) !== actorId)
      return { ok: false, status: 403, message: messages.notUploader } as const;
    if (row.committed_at !== null)
      return { ok: false, status: 409, message: messages.alreadyCommitted } as const;
    const value = await write(tx, {
      channel: row.channel,
      file_name: row.file_name,
      store: row.store,
      count: Number(row.count),
    });
    await tx.execute(sql`update ${name} set committed_at = now() where id = ${id}`);
    return { ok: true, value } as const;
  });
  if (!result.ok) return { ok: false, status: 404, message: result.message };
  return result.value;
}

/** A preview table with keepNewPreview, readPreview and commitPreview bound to it. */
export function previewTable<Channel extends string, Format extends string>(
  previews: PreviewTable<Channel, Format>,
) {
  return {
    keep: <T>(
      db: Db,
      actorId: number,
      preview: NewPreview<{ channel: Channel; format: Format; problems: unknown[] }>,
      steps: NewPreviewSteps<T>,
    ) => keepNewPreview(db, previews, actorId, preview, steps),
    read: <Count extends string, Row>(db: DbOrTx, id: number, query: PreviewQuery<Count, Row>) =>
      readPreview(db, previews, id, query),
    commit: <T>(
      db: Db,
      id: number,
      actorId: number,
      write: (tx: Tx, preview: LockedPreview<Channel>) => Promise<T>,
    ) => commitPreview(db, previews, id, actorId, write),
  };
}

type TypeBoxApp = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * The three routes of a two-step import, with the import's schemas, summaries and texts: POST
 * `<url>` (one file within `rules`, multipart registered by the module with those limits; kept as
 * a preview by `upload`, nothing written yet: 201), GET `<url>/:id` (the preview, read again
 * against the data now) and POST `<url>/:id/commit` (its commit, with its `commitBody` where it
 * takes one).
 */
export function importRoutes<CommitBody extends TSchema>(
  app: TypeBoxApp,
  docs: {
    /** e.g. '/return-imports' (under the /api prefix) */
    url: string;
    tags: string[];
    rules: UploadRules;
    /** The file's name where the upload gives none (readUpload). */
    fallbackName: string;
    /** The upload's multipart parts, for the API's description. */
    description: string;
    preview: TSchema;
    committed: TSchema;
    /** The commit's options (`skip_problems`); its body may be left out all the same. */
    commitBody?: CommitBody;
    summaries: { upload: string; preview: string; commit: string };
    notFound: string;
  },
  steps: {
    upload: (upload: Upload, request: FastifyRequest) => Promise<unknown>;
    get: (id: number) => Promise<unknown>;
    commit: (
      id: number,
      request: FastifyRequest,
      body: Static<CommitBody>,
    ) => Promise<CommitOutcome<unknown>>;
  },
): void {
  app.post(
    docs.url,
    {
      bodyLimit: uploadBodyLimit(docs.rules),
      schema: {
        tags: docs.tags,
        summary: docs.summaries.upload,
        consumes: ['multipart/form-data'],
        description: docs.description,
        response: { 201: docs.preview, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, docs.fallbackName, docs.rules);
      return reply.code(201).send(await steps.upload(upload, request));
    },
  );

  app.get(
    `${docs.url}/:id`,
    {
      schema: {
        tags: docs.tags,
        summary: docs.summaries.preview,
        params: IdParam,
        response: { 200: docs.preview, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const preview = await steps.get(request.params.id);
      if (preview === null) throw new HttpError(404, docs.notFound);
      return preview;
    },
  );

  app.post(
    `${docs.url}/:id/commit`,
    {
      ...(docs.commitBody !== undefined && {
        // The body's fields are optional: a commit may come without a body at all.
        preValidation: async (request: FastifyRequest) => {
          request.body ??= {};
        },
      }),
      schema: {
        tags: docs.tags,
        summary: docs.summaries.commit,
        params: IdParam,
        ...(docs.commitBody !== undefined && { body: docs.commitBody }),
        response: { 200: docs.committed, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const outcome = await steps.commit(id, request, request.body as Static<CommitBody>);
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      return outcome.value;
    },
  );
}
