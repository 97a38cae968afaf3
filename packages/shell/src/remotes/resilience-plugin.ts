// The shell's Module Federation runtime plugin (docs/adr/0010-versioned-remotes.md):
// - a manifest or remote entry that does not answer within the timeout fails (into the page's
//   error panel) instead of leaving 'Memuat halaman...' for ever;
// - a remote built for shared versions this shell does not provide is refused with a named
//   error before any of its code runs (RemoteIncompatibleError);
// - a load that fails (a chunk gone after a deploy) re-reads /remotes.json, re-registers the
//   remotes whose entry changed (force) and loads once more.
// The official retry plugin retries the same URL, which cannot help when a deploy moved the remote
// to a new version's URL, and multiplies the wait for a remote that hangs; so it is not used.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { satisfy } from '@module-federation/enhanced/runtime';
import { unmetRequirements } from '@gudang/api-client';
import type { Requirement } from '@gudang/api-client';

export const REMOTE_TIMEOUT_MS = 10_000;

/** What a remote's mf-manifest.json says about itself (stamped at build, @gudang/mf-build). */
export interface RemoteBuildInfo {
  version: string | null;
  requires: Record<string, Requirement>;
}

/** A remote needs shared versions this shell does not provide. */
export class RemoteIncompatibleError extends Error {
  override name = 'RemoteIncompatibleError';
  constructor(
    readonly remote: string,
    readonly version: string | null,
    readonly unmet: string[],
  ) {
    super(`${remote} ${version ?? ''} butuh ${unmet.join(', ')}`);
  }
}

/** A manifest or script that did not answer in time. */
export class RemoteTimeoutError extends Error {
  override name = 'RemoteTimeoutError';
}

export function buildInfoOf(manifest: unknown): RemoteBuildInfo {
  const meta = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData ?? {};
  const gudang = (meta.gudang ?? {}) as {
    version?: string;
    requires?: Record<string, Requirement>;
  };
  const buildInfo = (meta.buildInfo ?? {}) as { buildVersion?: string };
  return {
    version: gudang.version ?? buildInfo.buildVersion ?? null,
    requires: gudang.requires ?? {},
  };
}

/** fetch() that fails with RemoteTimeoutError when no answer (headers and body) came in time. */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  // The caller's own signal (a retry aborting a read that hangs) aborts it too.
  const outer = init.signal;
  const abortFromOuter = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', abortFromOuter, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    // Read the body under the same deadline: a server may send headers and then stall.
    const body = await response.text();
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    if (outer?.aborted) throw new Error(`${url}: dibatalkan`);
    if (controller.signal.aborted)
      throw new RemoteTimeoutError(`${url} tidak menjawab dalam ${timeoutMs / 1000} detik`);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortFromOuter);
  }
}

/**
 * A timeout, also when the runtime re-wrapped it (manifest: RUNTIME-003; script: 'timed out') and
 * webpack's chunk timeout ('Loading chunk 12 failed. (timeout: …)'), which is not retried with an
 * unchanged list: that only doubled the wait to 20 s.
 */
export function isTimeout(error: unknown): boolean {
  if (error instanceof RemoteTimeoutError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /tidak menjawab dalam|timed out|\(timeout: /i.test(message);
}

export interface ResilienceOptions {
  timeoutMs?: number;
  /** The versions this shell provides (from its build). */
  provides: Record<string, string>;
  /**
   * Re-reads the remotes list and re-registers (force) the remotes whose entry changed; resolves
   * to whether `remote`'s entry changed.
   */
  refresh: (remote: string) => Promise<boolean>;
  /** Told of each remote's build as its manifest is read (the error panel names the version). */
  onBuildInfo?: (remote: string, info: RemoteBuildInfo) => void;
}

interface LoadRemoteOrigin {
  loadRemote: (id: string) => Promise<unknown>;
}

export function resiliencePlugin(options: ResilienceOptions): ModuleFederationRuntimePlugin {
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const retrying = new Set<string>();
  return {
    name: 'gudang-resilience',

    fetch(url: string, init: RequestInit) {
      return fetchWithTimeout(url, init, timeoutMs);
    },

    createScript({ url, attrs }: { url: string; attrs?: Record<string, unknown> }) {
      const script = document.createElement('script');
      script.src = url;
      for (const [name, value] of Object.entries(attrs ?? {}))
        if (typeof value === 'string') script.setAttribute(name, value);
      return { script, timeout: timeoutMs };
    },

    loadRemoteSnapshot(args) {
      const { moduleInfo, manifestJson } = args as {
        moduleInfo: { name: string };
        manifestJson?: unknown;
      };
      if (manifestJson) {
        const info = buildInfoOf(manifestJson);
        options.onBuildInfo?.(moduleInfo.name, info);
        const unmet = unmetRequirements(info.requires, options.provides, satisfy);
        if (unmet.length > 0)
          throw new RemoteIncompatibleError(moduleInfo.name, info.version, unmet);
      }
      return args;
    },

    async errorLoadRemote(args) {
      const { id, error, lifecycle, origin } = args as {
        id: string;
        error: unknown;
        lifecycle: string;
        origin: LoadRemoteOrigin;
      };
      // Only the whole load ('onLoad'), once per id at a time; never for a refused build.
      if (lifecycle !== 'onLoad' || retrying.has(id) || error instanceof RemoteIncompatibleError)
        return undefined;
      const remote = id.split('/')[0] ?? id;
      retrying.add(id);
      try {
        const changed = await options.refresh(remote);
        // A timeout with an unchanged list would only wait as long again.
        if (!changed && isTimeout(error)) return undefined;
        return await origin.loadRemote(id);
      } catch {
        return undefined; // the original error is shown
      } finally {
        retrying.delete(id);
      }
    },
  } as ModuleFederationRuntimePlugin;
}
