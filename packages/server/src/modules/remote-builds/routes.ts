// Deploy over HTTP: POST /api/remote-builds, manager only. A team without shell access
// uploads its built remote (or shell) as a .tar.gz of the dist folder; the server unpacks it
// into a temporary folder inside REMOTES_DIR and runs the very deploy of
// `npm run remote -- deploy` (deployRemote: the same checks, the same lock, the same atomic
// switch), recorded in the activity log with who deployed.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  REMOTE_BUILD_LIMITS,
  REMOTE_BUILD_MESSAGES,
  RemoteBuildDeployed,
} from '@gudang/api-client/contract';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../http-error';
import { ArchiveError, unpackTarGz } from '../../remote-builds/archive';
import {
  BUILD_NAMES,
  DeployError,
  deployWithLockHeld,
  withDeployLockAsync,
  manifestVersion,
  readManifest,
  versionEntry,
  type RemoteStore,
} from '../../remote-builds/remote-builds';
import { readUpload, uploadBodyLimit, type UploadRules } from '../../lib/uploads';
import { logActivity } from '../../lib/activity-log';
import { deployActor } from '../../lib/deploy-token';
import { errorResponses } from '../../lib/error-responses';

/** A deploy over HTTP waits this long for another deploy's lock, then answers 409. */
export const HTTP_LOCK_WAIT_MS = 5000;

const RULES: UploadRules = {
  limits: {
    fileSize: REMOTE_BUILD_LIMITS.maxBytes,
    files: 1,
    fields: 3,
    parts: 4,
    fieldSize: 100,
    fieldNameSize: 100,
    headerPairs: 100,
  },
  messages: REMOTE_BUILD_MESSAGES,
};

/** The HTTP answer to a refused deploy: 409 while another deploy holds the lock, else 400. */
function deployRefusal(error: DeployError, work: string): HttpError {
  switch (error.kind) {
    case 'busy':
      return new HttpError(409, REMOTE_BUILD_MESSAGES.busy);
    case 'refused':
      return new HttpError(400, error.message.replaceAll(work, 'arsip'));
  }
}

/** Thrown inside the transaction when nothing switched: its log entry is rolled back. */
class NothingSwitched extends Error {}

export const remoteBuildRoutes: FastifyPluginAsyncTypebox<{ store: RemoteStore }> = async (
  app,
  { store },
) => {
  await app.register(multipart, { limits: RULES.limits, throwFileSizeLimit: true });

  app.post(
    '/remote-builds',
    {
      bodyLimit: uploadBodyLimit(RULES),
      // A team's deploy token deploys its own remote (issue 49; 403 for another).
      config: { deployToken: true },
      schema: {
        tags: ['deploy'],
        summary:
          'Deploy build remote atau shell (manager): arsip .tar.gz folder dist, dicek dan diaktifkan seperti npm run remote -- deploy',
        consumes: ['multipart/form-data'],
        description:
          'multipart/form-data: `name` (inventory, orders, finance, admin or shell) and `file`, a .tar.gz of the build folder (at most 20 MB, 2000 entries, 100 MB unpacked; plain files and folders only); `force=1` deploys a version marked bad (mark-bad), nothing else.',
        response: {
          200: RemoteBuildDeployed,
          ...errorResponses(400, 401, 403, 409, 413),
        },
      },
    },
    async (request) => {
      const upload = await readUpload(request, 'build.tar.gz', RULES);
      const name = upload.fields.name?.trim() ?? '';
      if (!(BUILD_NAMES as readonly string[]).includes(name))
        throw new HttpError(400, REMOTE_BUILD_MESSAGES.unknownName(BUILD_NAMES));
      const { user, by, via } = deployActor(request, name);

      // Unpacked beside the versions (same file system: the deploy's copy and rename stay cheap);
      // a dot folder, never listed as a version, removed whatever happens.
      const folder = path.join(store.dir, name);
      mkdirSync(folder, { recursive: true });
      const work = mkdtempSync(path.join(folder, '.upload-'));
      try {
        try {
          unpackTarGz(upload.file, work);
        } catch (error) {
          if (error instanceof ArchiveError)
            throw new HttpError(error.tooLarge ? 413 : 400, error.message);
          throw error;
        }
        let version: string | null;
        try {
          version = manifestVersion(readManifest(work));
        } catch (error) {
          throw new HttpError(400, (error as Error).message.replace(work, 'arsip'));
        }
        // The entry first, the switch second, in one transaction: a log that refuses the entry
        // switches nothing; a refused deploy (or one that finds the version already live) rolls
        // the entry back. Only a failed commit after a switch leaves it without an entry (the
        // deploy history in REMOTES_DIR still names who did it).
        try {
          // The lock first, waited for with a timer: other requests are answered meanwhile
          // (audit N6), and no database connection is held while waiting.
          const result = await withDeployLockAsync(
            store,
            () =>
              app.db.transaction(async (tx) => {
                await logActivity(tx, {
                  action: 'DEPLOY_REMOTE',
                  user,
                  details: `Deploy ${name} versi ${version ?? '?'} lewat unggahan arsip${via}`,
                });
                const deployed = deployWithLockHeld(store, {
                  name,
                  from: work,
                  by,
                  allowBad: upload.fields.force?.trim() === '1',
                });
                if (!deployed.switched) throw new NothingSwitched();
                return deployed;
              }),
            HTTP_LOCK_WAIT_MS,
          );
          return {
            name,
            version: result.version,
            entry: result.entry,
            switched: true,
            message: `${name} ${result.version} aktif`,
          };
        } catch (error) {
          if (error instanceof NothingSwitched)
            return {
              name,
              version: version ?? '',
              entry: versionEntry(name, version ?? ''),
              switched: false,
              message: `${name} ${version ?? ''} sudah aktif; tidak ada yang diubah`,
            };
          if (error instanceof DeployError) throw deployRefusal(error, work);
          throw error;
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  );
};
