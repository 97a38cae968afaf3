// The live remotes list file (REMOTES_JSON, else REMOTES_DIR/remotes.json): its checked reader
// (its shape and check are the contract's: contract/remotes.ts, remotes-check.ts). Kept here,
// below both the deploy commands and the HTTP plugin that serves it.
import { readFileSync } from 'node:fs';
import {
  checkRemotesManifest,
  REMOTE_MODULES,
  type RemotesManifest,
} from '@gudang/api-client/contract';
import { ConfigError } from '../config';

/** The contract's remote names (one list: the kill switch and the deploy targets read it too). */
export const REMOTE_NAMES = REMOTE_MODULES;

export function defaultRemotes(): RemotesManifest {
  return {
    remotes: REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })),
  };
}

/** The remotes list: REMOTES_JSON's content when set (checked), else the built-in one. */
export function loadRemotes(file: string | null): RemotesManifest {
  if (file === null) return defaultRemotes();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`REMOTES_JSON (${file}) cannot be read as JSON: ${reason}`);
  }
  // The contract's check, the one the shell applies to /remotes.json.
  const checked = checkRemotesManifest(parsed);
  if (!checked.ok) throw new ConfigError(`REMOTES_JSON (${file}): ${checked.problem}`);
  // The file is the remotes alone: the live shell comes from REMOTES_DIR/shell.json.
  return { remotes: checked.manifest.remotes };
}
