// The one check of a remotes list (GET /remotes.json, and the REMOTES_JSON file it is served
// from): the server applies it to the file it reads, the shell to what it fetches. Plain code, no
// TypeBox: the browser imports it, and TypeBox's value checker would weigh on the shell's first
// load (docs/architecture.md). It accepts only what the `RemotesManifest` schema of remotes.ts
// describes (remotes-check.test.ts proves it), and adds what a schema cannot say: an entry must be
// a URL the browser can load, and no remote is named twice.
import type { RemoteEntry, RemotesManifest } from './remotes';

/** What `RemoteEntry.name` allows (remotes.ts): a remote's name such as "inventory". */
export const REMOTE_NAME_PATTERN = '^[A-Za-z][A-Za-z0-9_-]*$';
const REMOTE_NAME = new RegExp(REMOTE_NAME_PATTERN);

// The WHATWG URL class, a global in browsers and in Node.js alike; the contract is compiled with
// neither's types (docs/architecture.md, type-checking), so it names the little it uses.
declare const URL: new (url: string) => { readonly protocol: string };

export type RemotesManifestCheck =
  { ok: true; manifest: RemotesManifest } | { ok: false; problem: string };

function checkEntry(value: unknown, where: string): string | RemoteEntry {
  if (typeof value !== 'object' || value === null)
    return `${where} must be an object {name, entry}`;
  const { name, entry } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !REMOTE_NAME.test(name))
    return `${where}.name must be a remote name such as "inventory"`;
  if (typeof entry !== 'string' || entry === '') return `${where}.entry must be a URL`;
  // A path on this server, or an absolute http(s) URL (a remote served from elsewhere).
  if (!entry.startsWith('/')) {
    let protocol: string;
    try {
      protocol = new URL(entry).protocol;
    } catch {
      return `${where}.entry must be a path starting with / or an absolute http(s) URL`;
    }
    if (protocol !== 'http:' && protocol !== 'https:')
      return `${where}.entry must use http or https`;
  }
  return { name, entry };
}

/**
 * Whether `value` is a remotes list: `{ remotes: [{ name, entry }], shell? }`. On success the
 * list holds only those fields; on failure `problem` names the first fault (in English, for the
 * operator: the server's start refuses the file with it).
 */
export function checkRemotesManifest(value: unknown): RemotesManifestCheck {
  const remotes: unknown =
    typeof value === 'object' && value !== null ? (value as { remotes?: unknown }).remotes : null;
  if (!Array.isArray(remotes))
    return {
      ok: false,
      problem: 'the list must look like {"remotes": [{"name": "...", "entry": "..."}]}',
    };
  const checked: RemoteEntry[] = [];
  for (const [index, item] of remotes.entries()) {
    const entry = checkEntry(item, `remotes[${index}]`);
    if (typeof entry === 'string') return { ok: false, problem: entry };
    checked.push(entry);
  }
  if (new Set(checked.map((remote) => remote.name)).size !== checked.length)
    return { ok: false, problem: 'the list names a remote twice' };
  const shell: unknown = (value as { shell?: unknown }).shell;
  if (shell === undefined) return { ok: true, manifest: { remotes: checked } };
  if (typeof shell !== 'string' || shell === '')
    return { ok: false, problem: 'shell must be the live shell version, such as "1.2.0-abc1234"' };
  return { ok: true, manifest: { remotes: checked, shell } };
}
