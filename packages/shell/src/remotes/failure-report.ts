// Failures seen centrally (issue 49): a remote that did not load, a lazy chunk that did not
// arrive, a page that crashed while rendering is told to the server (POST /api/client-errors), so
// that the deploy panel shows how often each version fails. Fire and forget, once per remote,
// version and kind in a tab, and nothing about the user: the server counts, it does not log.
import { CLIENT_ERROR_LIMITS, DEPLOY_TARGETS, getApiBaseUrl, getToken } from '@gudang/api-client';
import type { ClientErrorInput, ClientErrorKind, DeployTarget } from '@gudang/api-client';
import {
  RemoteLoadError,
  RemoteVersionChangedError,
  RemotesListError,
  registeredEntry,
} from './remote-registry';
import { RemoteIncompatibleError } from './resilience-plugin';
import { RemoteDisabledError } from './kill-switch';

const reported = new Set<string>();

/** The version in the registered entry (/remotes/<name>/<version>/…), or null. */
function registeredVersion(remote: string): string | null {
  const entry = registeredEntry(remote);
  if (entry === null) return null;
  return /^\/remotes\/[^/]+\/([^/]+)\//.exec(new URL(entry, 'http://x').pathname)?.[1] ?? null;
}

const isTarget = (name: string): name is DeployTarget =>
  (DEPLOY_TARGETS as readonly string[]).includes(name);

const isChunkFailure = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' || /Loading (css )?chunk/i.test(error.message));

/** What to report of a page's failure, or null for what is no remote's fault. */
export function failureReport(
  error: Error,
  { remote, path, version }: { remote: string; path: string; version: string | null },
): ClientErrorInput | null {
  // The list itself, a new version asking for a reload, a switched-off remote: not failures.
  if (
    error instanceof RemotesListError ||
    error instanceof RemoteVersionChangedError ||
    error instanceof RemoteDisabledError
  )
    return null;
  if (!isTarget(remote)) return null;
  let kind: ClientErrorKind = 'render';
  let failed = version;
  if (error instanceof RemoteLoadError || error instanceof RemoteIncompatibleError) {
    kind = error instanceof RemoteLoadError && isChunkFailure(error.cause) ? 'chunk' : 'load';
    // A manifest that never arrived told no version: the one its entry names.
    failed = error.version ?? registeredVersion(remote) ?? version;
  } else if (isChunkFailure(error)) kind = 'chunk';
  return {
    remote,
    version: failed ?? 'tidak diketahui',
    page: path,
    kind,
    message: error.message.slice(0, CLIENT_ERROR_LIMITS.messageLength),
  };
}

/** Sends the report once per remote, version and kind in this tab; never throws. */
export function reportRemoteFailure(
  error: Error,
  where: { remote: string; path: string; version: string | null },
): void {
  const report = failureReport(error, where);
  const token = getToken();
  if (report === null || token === null || typeof fetch !== 'function') return;
  const key = `${report.remote} ${report.version} ${report.kind}`;
  if (reported.has(key)) return;
  reported.add(key);
  // keepalive: the report still goes when the user reloads at once (the panel offers it).
  fetch(`${getApiBaseUrl()}/api/client-errors`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(report),
  }).catch(() => undefined);
}

/** Tests: forget what this tab has reported. */
export function forgetReportedFailures(): void {
  reported.clear();
}
