// The live remotes list file (REMOTES_JSON, else REMOTES_DIR/remotes.json): its shape and its
// checked reader. Kept here, below both the deploy commands and the HTTP plugin that serves it.
import { readFileSync } from 'node:fs';
import { ConfigError } from '../config';

export const REMOTE_NAMES = ['inventory', 'orders', 'finance', 'admin'] as const;

export interface RemoteEntry {
  name: string;
  /** URL of the remote's mf-manifest.json: a path on this server or an absolute http(s) URL. */
  entry: string;
}

export interface RemotesFile {
  remotes: RemoteEntry[];
}

export function defaultRemotes(): RemotesFile {
  return {
    remotes: REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` })),
  };
}

function checkEntry(value: unknown, index: number, file: string): RemoteEntry {
  const where = `REMOTES_JSON (${file}): remotes[${index}]`;
  if (typeof value !== 'object' || value === null)
    throw new ConfigError(`${where} must be an object {name, entry}`);
  const { name, entry } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !/^[a-z][a-z0-9_-]*$/i.test(name)) {
    throw new ConfigError(`${where}.name must be a remote name such as "inventory"`);
  }
  if (typeof entry !== 'string' || entry === '')
    throw new ConfigError(`${where}.entry must be a URL`);
  if (!entry.startsWith('/')) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new ConfigError(
        `${where}.entry must be a path starting with / or an absolute http(s) URL`,
      );
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigError(`${where}.entry must use http or https`);
    }
  }
  return { name, entry };
}

/** The remotes list: REMOTES_JSON's content when set (checked), else the built-in one. */
export function loadRemotes(file: string | null): RemotesFile {
  if (file === null) return defaultRemotes();
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`REMOTES_JSON (${file}) cannot be read as JSON: ${reason}`);
  }
  const remotes = (parsed as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(remotes))
    throw new ConfigError(
      `REMOTES_JSON (${file}) must look like {"remotes": [{"name": "...", "entry": "..."}]}`,
    );
  const checked = remotes.map((entry, index) => checkEntry(entry, index, file));
  const names = new Set(checked.map((remote) => remote.name));
  if (names.size !== checked.length)
    throw new ConfigError(`REMOTES_JSON (${file}) names a remote twice`);
  return { remotes: checked };
}
