// Registers the service worker (/sw.js: pwa/sw.js, docs/adr/0024) once the page has loaded, so that
// it never competes with the start. The first start was not yet controlled by it: its files of
// versioned builds (the shell's, the remotes') are handed to the worker to keep, so that the
// second start needs only /remotes.json and the API.

const sameOrigin = (url: string) => url.startsWith(`${window.location.origin}/`);

/** The same-origin files this page has loaded (the worker keeps those of versioned builds). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter(sameOrigin);
}

type HandOver = (worker: ServiceWorker, sent: ReadonlySet<string>) => void;

/**
 * How long after the worker took control the watch goes on: a file asked for before then has
 * long finished (or failed), and every later one passes through the worker.
 */
const LATE_FILE_WATCH_MS = 60_000;

/**
 * Watches, from before the registration, the files whose download began before the worker
 * controlled this page: a remote's file asked for while the worker was starting finishes after the
 * first list was sent, and went around the worker, so neither would keep it (seen in CI on a busy
 * machine: the dashboard's remoteEntry.js missing from the cache). Files asked for later pass
 * through the worker, which keeps them itself. The watch starts before the registration because
 * the worker's taking control and its being ready reach the page by different ways, in either
 * order: watching only once it was ready missed the files still downloading when control came
 * first (CI, stop 72). Returns the hand-over: what finished before it and was not in `sent` (the
 * first list) goes to the worker then, what finishes later as it finishes, until a minute after
 * the worker took control.
 */
function watchLateFiles(): HandOver {
  let controlledAt = Number.POSITIVE_INFINITY;
  let worker: ServiceWorker | null = null;
  let finishedBefore: string[] = [];
  const observer = new PerformanceObserver((entries) => {
    const urls = entries
      .getEntries()
      .filter((entry) => entry.startTime < controlledAt)
      .map((entry) => entry.name)
      .filter(sameOrigin);
    if (worker === null) finishedBefore.push(...urls);
    else if (urls.length > 0) worker.postMessage({ type: 'gudang:keep', urls, prune: false });
  });
  observer.observe({ type: 'resource' });
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      controlledAt = performance.now();
      setTimeout(() => observer.disconnect(), LATE_FILE_WATCH_MS);
    },
    { once: true },
  );
  return (active, sent) => {
    worker = active;
    const urls = finishedBefore.filter((url) => !sent.has(url));
    finishedBefore = [];
    if (urls.length > 0) active.postMessage({ type: 'gudang:keep', urls, prune: false });
  };
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    const handOver = navigator.serviceWorker.controller === null ? watchLateFiles() : null;
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const worker = registration.active;
        if (worker === null) return;
        const urls = loadedFiles();
        worker.postMessage({ type: 'gudang:keep', urls });
        handOver?.(worker, new Set(urls));
      })
      .catch((error: unknown) => {
        console.warn('[shell] service worker not registered', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
