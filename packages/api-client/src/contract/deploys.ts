// The deploy panel (issue 49): deploy tokens per remote, the builds' history with mark-bad
// undone, and the failures the shell reports per remote version. The panel is a page of the
// admin remote; the server keeps tokens hashed and failures as counts, never a row per report.
import { Type, type Static } from '@sinclair/typebox';
import { ChoiceField, DataOf, IdParam, Nullable, TextField, Timestamp } from './common';
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, DEPLOY_TARGETS } from './constants';

const TargetField = () => ChoiceField(DEPLOY_TARGETS);
const VersionField = () => TextField({ maxLength: 100, label: 'Versi' });

export const CreateRemoteTokenInput = Type.Object({
  name: TextField({ maxLength: 100, label: 'Nama Token' }),
  /** The remote (or 'shell') the token may deploy and roll back. */
  remote: TargetField(),
});
export type CreateRemoteTokenInput = Static<typeof CreateRemoteTokenInput>;

/** A token as listed: never its value. */
export const RemoteToken = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remote: Type.String(),
  created_by: Type.String(),
  created_at: Timestamp,
  last_used_at: Nullable(Timestamp),
});
export type RemoteToken = Static<typeof RemoteToken>;

export const RemoteTokenList = DataOf(Type.Array(RemoteToken));
export type RemoteTokenList = Static<typeof RemoteTokenList>;

/** POST /api/remote-tokens: the token itself, shown this once. */
export const RemoteTokenCreated = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  remote: Type.String(),
  token: Type.String(),
  message: Type.String(),
});
export type RemoteTokenCreated = Static<typeof RemoteTokenCreated>;

export const RemoteTokenIdParam = IdParam;

export const ClientErrorInput = Type.Object({
  remote: TargetField(),
  version: TextField({ maxLength: CLIENT_ERROR_LIMITS.versionLength, label: 'Versi' }),
  page: TextField({ maxLength: CLIENT_ERROR_LIMITS.pageLength, label: 'Halaman' }),
  kind: ChoiceField(CLIENT_ERROR_KINDS),
  /** Longer messages are accepted and cut (a stack can be long); only the start is kept. */
  message: TextField({ maxLength: 4000, multiline: true, required: false, label: 'Pesan' }),
});
export type ClientErrorInput = Static<typeof ClientErrorInput>;

/** The failures of one remote version, per kind, since it was first reported. */
export const ClientErrorCount = Type.Object({
  remote: Type.String(),
  version: Type.String(),
  kind: Type.String(),
  count: Type.Integer(),
  page: Type.String(),
  last_message: Type.String(),
  first_at: Timestamp,
  last_at: Timestamp,
});
export type ClientErrorCount = Static<typeof ClientErrorCount>;

export const ClientErrorSummary = DataOf(Type.Array(ClientErrorCount));
export type ClientErrorSummary = Static<typeof ClientErrorSummary>;

export const RemoteNameParam = Type.Object({ name: TargetField() });
export const RemoteVersionParams = Type.Object({
  name: TargetField(),
  version: VersionField(),
});

export const RollbackInput = Type.Object({
  /** The version to go back to; default: the one live before (skipping bad ones). */
  to: Type.Optional(VersionField()),
});
export type RollbackInput = Static<typeof RollbackInput>;

export const RemoteBuildVersion = Type.Object({
  version: Type.String(),
  builtAt: Nullable(Type.String()),
  commit: Nullable(Type.String()),
  deployedAt: Nullable(Type.String()),
  by: Nullable(Type.String()),
  bad: Type.Boolean(),
});

export const RemoteBuildHistoryEntry = Type.Object({
  at: Type.String(),
  action: Type.String(),
  version: Type.String(),
  by: Nullable(Type.String()),
  forced: Type.Boolean(),
});

/** GET /api/remote-builds: per remote (and the shell), the live version, its versions, its history. */
export const RemoteBuildListing = Type.Object({
  name: Type.String(),
  live: Nullable(Type.String()),
  versions: Type.Array(RemoteBuildVersion),
  /** Newest first, at most 20. */
  history: Type.Array(RemoteBuildHistoryEntry),
});
export type RemoteBuildListing = Static<typeof RemoteBuildListing>;

export const RemoteBuildList = DataOf(Type.Array(RemoteBuildListing));
export type RemoteBuildList = Static<typeof RemoteBuildList>;
