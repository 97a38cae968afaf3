import { Type, type Static } from '@sinclair/typebox';

/** entry: URL of the remote's mf-manifest.json, same origin or absolute. */
export const RemoteEntry = Type.Object({
  name: Type.String({ minLength: 1 }),
  entry: Type.String({ minLength: 1 }),
});
export type RemoteEntry = Static<typeof RemoteEntry>;

/** GET /remotes.json: the remotes the shell registers at start. */
export const RemotesManifest = Type.Object({ remotes: Type.Array(RemoteEntry) });
export type RemotesManifest = Static<typeof RemotesManifest>;
