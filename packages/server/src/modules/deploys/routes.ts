// The deploy panel's API (issue 49): deploy tokens (the manager's), rollback and unmark-bad of a
// remote's versions, the builds' listing and history, and failures reported by browsers. Who may
// call each is API_RULES'; rollback also takes a deploy token, for its own remote only.
import {
  ClientErrorInput,
  ClientErrorSummary,
  CreateRemoteTokenInput,
  DEPLOY_MESSAGES,
  MessageBody,
  RemoteBuildList,
  RemoteNameParam,
  RemoteTokenCreated,
  RemoteTokenIdParam,
  RemoteTokenList,
  RemoteVersionParams,
  RollbackInput,
} from '@gudang/api-client/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { logActivity } from '../../lib/activity-log';
import { errorResponses } from '../../lib/error-responses';
import { requireUser } from '../../lib/request-user';
import {
  DeployError,
  listRemotes,
  readHistory,
  setBadWithLockHeld,
  rollbackWithLockHeld,
  withDeployLockAsync,
  type RemoteStore,
} from '../../remote-builds/remote-builds';
import { clientErrorSummary, recordClientError } from './client-errors';
import { deployActor } from '../../lib/deploy-token';
import { createRemoteToken, listRemoteTokens, revokeRemoteToken } from './tokens';

/** History entries per remote on the panel, newest first. */
export const PANEL_HISTORY_LENGTH = 20;

export const deployRoutes: FastifyPluginAsyncTypebox<{
  store: RemoteStore;
  /** How long a rollback or unmark waits for another deploy's lock (then 409). */
  lockWaitMs: number;
}> = async (app, { store, lockWaitMs }) => {
  /**
   * Runs a change holding the deploy lock, waited for with a timer; a refusal is a 400 (409 while
   * another deploy holds the lock) and changes nothing.
   */
  const underLock = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await withDeployLockAsync(store, work, lockWaitMs);
    } catch (error) {
      if (error instanceof DeployError)
        throw new HttpError(
          error.kind === 'busy' ? 409 : 400,
          error.message.replaceAll(store.dir, 'REMOTES_DIR'),
        );
      throw error;
    }
  };

  app.get(
    '/remote-builds',
    {
      schema: {
        tags: ['deploy'],
        summary:
          'Versi tiap remote dan shell: yang aktif, yang tersimpan, yang ditandai buruk, riwayat',
        security: [{ bearerAuth: [] }],
        response: { 200: RemoteBuildList, ...errorResponses(401, 403) },
      },
    },
    async () => {
      const history = readHistory(store);
      return {
        data: listRemotes(store).map((listing) => ({
          ...listing,
          history: history
            .filter((record) => record.name === listing.name)
            .slice(-PANEL_HISTORY_LENGTH)
            .reverse()
            .map((record) => ({
              at: record.at,
              action: record.action,
              version: record.version,
              by: record.by ?? null,
              forced: record.forced === true,
            })),
        })),
      };
    },
  );

  app.post(
    '/remote-builds/:name/rollback',
    {
      config: { deployToken: true },
      schema: {
        tags: ['deploy'],
        summary:
          'Rollback remote atau shell ke versi sebelumnya (atau ke `to`); manager, atau token deploy remote itu',
        security: [{ bearerAuth: [] }],
        params: RemoteNameParam,
        body: RollbackInput,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { name } = request.params;
      const { to } = request.body;
      const actor = deployActor(request, name);
      // The entry first, the switch second, in one transaction (as a deploy): a log that refuses
      // the entry switches nothing, and a refused rollback rolls the entry back.
      const result = await underLock(() =>
        app.db.transaction(async (tx) => {
          const live = listRemotes(store).find((listing) => listing.name === name)?.live ?? '-';
          await logActivity(tx, {
            action: 'DEPLOY_REMOTE',
            user: actor.user,
            details: `Rollback ${name} dari ${live}${to ? ` ke ${to}` : ''}${actor.via}`,
          });
          return rollbackWithLockHeld(store, name, { to, by: actor.by });
        }),
      );
      return { message: DEPLOY_MESSAGES.rolledBack(name, result.from, result.to) };
    },
  );

  /** mark-bad and unmark-bad over HTTP, the manager's, with the activity-log entry first. */
  const marking = (bad: boolean) =>
    app.post(
      `/remote-builds/:name/versions/:version/${bad ? 'mark-bad' : 'unmark-bad'}`,
      {
        schema: {
          tags: ['deploy'],
          summary: bad
            ? 'Tandai versi buruk (mark-bad): rollback tidak kembali ke sana, deploy-nya perlu force'
            : 'Batalkan tanda buruk (mark-bad) sebuah versi',
          security: [{ bearerAuth: [] }],
          params: RemoteVersionParams,
          response: { 200: MessageBody, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) => {
        const { name, version } = request.params;
        const user = requireUser(request);
        const by = `${user.name} <${user.email}>`;
        await underLock(() =>
          app.db.transaction(async (tx) => {
            await logActivity(tx, {
              action: 'DEPLOY_REMOTE',
              user,
              details: `${bad ? 'Tandai buruk' : 'Batalkan tanda buruk'} ${name} versi ${version}`,
            });
            setBadWithLockHeld(store, name, version, bad, { by });
          }),
        );
        return {
          message: bad
            ? DEPLOY_MESSAGES.marked(name, version)
            : DEPLOY_MESSAGES.unmarked(name, version),
        };
      },
    );
  marking(true);
  marking(false);

  app.get(
    '/remote-tokens',
    {
      schema: {
        tags: ['deploy'],
        summary: 'Token deploy yang berlaku (tanpa nilai token)',
        security: [{ bearerAuth: [] }],
        response: { 200: RemoteTokenList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await listRemoteTokens(app.db) }),
  );

  app.post(
    '/remote-tokens',
    {
      schema: {
        tags: ['deploy'],
        summary:
          'Buat token deploy untuk satu remote (atau shell); nilainya hanya ditampilkan sekali',
        security: [{ bearerAuth: [] }],
        body: CreateRemoteTokenInput,
        response: { 201: RemoteTokenCreated, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await app.db.transaction(async (tx) => {
        const made = await createRemoteToken(tx, user, request.body);
        await logActivity(tx, {
          action: 'CREATE_DEPLOY_TOKEN',
          user,
          details: `Token deploy '${made.row.name}' untuk ${made.row.remote}`,
        });
        return made;
      });
      return reply.code(201).send({
        id: created.row.id,
        name: created.row.name,
        remote: created.row.remote,
        token: created.token,
        message: DEPLOY_MESSAGES.tokenCreated,
      });
    },
  );

  app.delete(
    '/remote-tokens/:id',
    {
      schema: {
        tags: ['deploy'],
        summary: 'Cabut token deploy: dipakai lagi, ia dijawab 401',
        security: [{ bearerAuth: [] }],
        params: RemoteTokenIdParam,
        response: { 200: MessageBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const revoked = await app.db.transaction(async (tx) => {
        const row = await revokeRemoteToken(tx, request.params.id);
        if (row !== null)
          await logActivity(tx, {
            action: 'REVOKE_DEPLOY_TOKEN',
            user,
            details: `Token deploy '${row.name}' untuk ${row.remote}`,
          });
        return row;
      });
      if (revoked === null) throw new HttpError(404, DEPLOY_MESSAGES.tokenNotFound);
      return { message: DEPLOY_MESSAGES.tokenRevoked };
    },
  );

  app.post(
    '/client-errors',
    {
      schema: {
        tags: ['deploy'],
        summary:
          'Laporan kegagalan remote dari browser (tanpa data pribadi): dihitung per remote, versi dan jenis',
        security: [{ bearerAuth: [] }],
        body: ClientErrorInput,
        response: { 202: MessageBody, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await recordClientError(app.db, request.body);
      return reply.code(202).send({ message: DEPLOY_MESSAGES.reportAccepted });
    },
  );

  app.get(
    '/client-errors/summary',
    {
      schema: {
        tags: ['deploy'],
        summary: 'Jumlah kegagalan per remote, versi dan jenis',
        security: [{ bearerAuth: [] }],
        response: { 200: ClientErrorSummary, ...errorResponses(401, 403) },
      },
    },
    async () => ({ data: await clientErrorSummary(app.db) }),
  );
};
