import { Type, type Static } from '@sinclair/typebox';
import { REMOTE_NAME_PATTERN } from './remotes-check';

/**
 * entry: URL of the remote's mf-manifest.json, same origin or absolute. Both sides check a list
 * with checkRemotesManifest (remotes-check.ts), which also refuses what a schema cannot say.
 */
export const RemoteEntry = Type.Object({
  name: Type.String({ minLength: 1, pattern: REMOTE_NAME_PATTERN }),
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

// The only names the kill switch (`?disable-remotes=`, the setting `disabled_remotes`) accepts.
export { REMOTE_MODULES, type RemoteModule } from './constants';

/** The setting `disabled_remotes`: at most this many names, each at most this long (schema). */
export const KILL_SWITCH_LIMITS = { maxNames: 10, maxNameLength: 40 } as const;

// The kill switch's texts, beside the names: the browser reads them without this file's schemas.
export { KILL_SWITCH_MESSAGES } from './remote-names';

/** POST /api/remote-builds: the limits of an uploaded build (a .tar.gz of its dist folder). */
export const REMOTE_BUILD_LIMITS = {
  /** The archive as uploaded. */
  maxBytes: 20 * 1024 * 1024,
  /** Files and folders in it. */
  maxEntries: 2000,
  /** The files' bytes once unpacked. */
  maxUnpackedBytes: 100 * 1024 * 1024,
} as const;

export const REMOTE_BUILD_MESSAGES = {
  fileRequired: 'Arsip build wajib diunggah pada kolom file (.tar.gz)',
  badUpload: 'Unggahan tidak valid: kirim kolom name dan satu arsip .tar.gz pada kolom file',
  tooLarge: 'Ukuran arsip build maksimal 20 MB',
  unknownName: (names: readonly string[]) =>
    `Nama remote harus salah satu dari: ${names.join(', ')}`,
  notTarGz: 'Arsip bukan .tar.gz yang valid',
  tooManyEntries: 'Arsip berisi lebih dari 2000 berkas',
  unpackedTooLarge: 'Isi arsip lebih dari 100 MB setelah dibuka',
  unsafePath: (entry: string) =>
    `Berkas '${entry}' di arsip keluar dari folder build (path absolut atau '..' tidak boleh)`,
  link: (entry: string) => `'${entry}' di arsip adalah tautan; tautan tidak boleh ada di build`,
  oddEntry: (entry: string) => `'${entry}' di arsip bukan berkas atau folder biasa`,
  duplicate: (entry: string) => `Berkas '${entry}' ada dua kali di arsip`,
  busy: 'Deploy lain sedang berjalan; tidak ada yang diubah, coba lagi sebentar lagi',
} as const;

/** The answer of a deploy over HTTP. */
export const RemoteBuildDeployed = Type.Object({
  name: Type.String(),
  version: Type.String(),
  entry: Type.String(),
  /** False when that version was already live (nothing changed, nothing logged). */
  switched: Type.Boolean(),
  message: Type.String(),
});
export type RemoteBuildDeployed = Static<typeof RemoteBuildDeployed>;
