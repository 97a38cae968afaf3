import { Type, type Static } from '@sinclair/typebox';

/** entry: URL of the remote's mf-manifest.json, same origin or absolute. */
export const RemoteEntry = Type.Object({
  name: Type.String({ minLength: 1 }),
  entry: Type.String({ minLength: 1 }),
});
export type RemoteEntry = Static<typeof RemoteEntry>;

/**
 * GET /remotes.json: the remotes the shell registers at start, and the live shell version (the
 * shell is deployed like a remote; a page of another shell version offers a reload).
 */
export const RemotesManifest = Type.Object({
  remotes: Type.Array(RemoteEntry),
  shell: Type.Optional(Type.String({ minLength: 1 })),
});
export type RemotesManifest = Static<typeof RemotesManifest>;
