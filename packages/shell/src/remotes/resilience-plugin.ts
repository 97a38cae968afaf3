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
/**
 * A slow link (issue 49: 64 kbit/s): a load still on its way at REMOTE_TIMEOUT_MS waits up to
 * this in all, and the page says 'Koneksi lambat' meanwhile, instead of failing at 10 s. A load
 * that is not arriving at all (no bytes, a fast link) still fails at 10 s.
 */
export const SLOW_LINK_TIMEOUT_MS = 60_000;
/** Below this throughput the link counts as slow (kbit/s). */
export const SLOW_LINK_KBPS = 384;

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

/** A load on a slow link that did not finish within SLOW_LINK_TIMEOUT_MS either. */
export class SlowLinkTimeoutError extends RemoteTimeoutError {
  override name = 'SlowLinkTimeoutError';
}

/** What the browser tells of its link: the Network Information API and finished downloads. */
export interface LinkProbe {
  connection?: { effectiveType?: string; downlink?: number };
  resources: () => readonly { transferSize: number; responseStart: number; responseEnd: number }[];
}

function browserLink(): LinkProbe {
  return {
    connection: (globalThis.navigator as { connection?: LinkProbe['connection'] } | undefined)
      ?.connection,
    resources: () =>
      typeof performance === 'undefined' || typeof performance.getEntriesByType !== 'function'
        ? []
        : (performance.getEntriesByType('resource') as PerformanceResourceTiming[]),
  };
}

/**
 * Whether the link looks slow: what the browser estimates (effectiveType, downlink; DevTools'
 * throttling sets them too), or the throughput of the last downloads this page finished.
 */
export function linkLooksSlow(probe: LinkProbe = browserLink()): boolean {
  const { connection } = probe;
  if (connection?.effectiveType === 'slow-2g' || connection?.effectiveType === '2g') return true;
  const downlink = connection?.downlink;
  if (typeof downlink === 'number' && downlink > 0 && downlink * 1000 < SLOW_LINK_KBPS) return true;
  // Bits per millisecond are kbit/s; only downloads large enough to measure (4 kB and more).
  const rates = probe
    .resources()
    .filter((entry) => entry.transferSize >= 4096 && entry.responseEnd > entry.responseStart)
    .slice(-8)
    .map((entry) => (entry.transferSize * 8) / (entry.responseEnd - entry.responseStart))
    .sort((a, b) => a - b);
  const median = rates[Math.floor(rates.length / 2)];
  return median !== undefined && median < SLOW_LINK_KBPS;
}

/** The longer wait of a load on a slow link. */
export interface SlowLinkWait {
  slowTimeoutMs?: number;
  isSlow?: () => boolean;
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

/**
 * fetch() that fails with RemoteTimeoutError when no answer (headers and body) came in time; a
 * body still arriving then, or a slow link, gets up to `slowTimeoutMs` in all (issue 49).
 */
export async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  // Six times the wait by default: 60 s for the usual 10 s.
  {
    slowTimeoutMs = (timeoutMs * SLOW_LINK_TIMEOUT_MS) / REMOTE_TIMEOUT_MS,
    isSlow = linkLooksSlow,
  }: Pick<SlowLinkWait, 'slowTimeoutMs' | 'isSlow'> = {},
): Promise<Response> {
  const controller = new AbortController();
  const started = Date.now();
  let lastBytes = 0;
  let slowed = false;
  const check = () => {
    const elapsed = Date.now() - started;
    const arriving = lastBytes > 0 && Date.now() - lastBytes < timeoutMs;
    // Judged before the clock: a timer that fired late (a busy machine) past the longer limit
    // still ends as a slow link when the link is slow.
    const waitOn = arriving || isSlow();
    if (waitOn) slowed = true;
    if (waitOn && elapsed < slowTimeoutMs)
      timer = setTimeout(check, Math.min(timeoutMs, slowTimeoutMs - elapsed));
    else controller.abort();
  };
  let timer = setTimeout(check, timeoutMs);
  // The caller's own signal (a retry aborting a read that hangs) aborts it too.
  const outer = init.signal;
  const abortFromOuter = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', abortFromOuter, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    // Read the body under the same deadline: a server may send headers and then stall. Bytes
    // still arriving at the deadline are a slow link, not a stall.
    const body = await readBody(response, controller.signal, () => {
      lastBytes = Date.now();
    });
    return new Response(body, { status: response.status, headers: response.headers });
  } catch (error) {
    if (outer?.aborted) throw new Error(`${url}: dibatalkan`);
    if (controller.signal.aborted && slowed)
      throw new SlowLinkTimeoutError(`${url} tidak menjawab dalam ${slowTimeoutMs / 1000} detik`);
    if (controller.signal.aborted)
      throw new RemoteTimeoutError(`${url} tidak menjawab dalam ${timeoutMs / 1000} detik`);
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortFromOuter);
  }
}

async function readBody(
  response: Response,
  signal: AbortSignal,
  onBytes: () => void,
): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return response.text();
  // An abort (the deadline) ends the read even where the body's stream does not hear of it.
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = () => {
      void reader.cancel().catch(() => undefined);
      reject(new Error('dibatalkan'));
    };
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
  aborted.catch(() => undefined);
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await Promise.race([reader.read(), aborted]);
    if (done) return text + decoder.decode();
    onBytes();
    text += decoder.decode(value, { stream: true });
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
  // Every build's chunk loader asks this at a chunk's usual deadline: a chunk on a slow link
  // waits on, up to SLOW_LINK_TIMEOUT_MS (@gudang/mf-build, SlowLinkChunkWait).
  (globalThis as { __gudangLinkLooksSlow?: () => boolean }).__gudangLinkLooksSlow = () =>
    linkLooksSlow();
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
      // The remote's entry over a slow link gets the longer wait (SLOW_LINK_TIMEOUT_MS).
      const slow = linkLooksSlow();
      return {
        script,
        timeout: slow ? (timeoutMs * SLOW_LINK_TIMEOUT_MS) / REMOTE_TIMEOUT_MS : timeoutMs,
      };
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
