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

/**
 * Hands the worker, as they finish, the files whose download began before it controlled this
 * page: a remote's file asked for while the worker was starting finishes after the first list
 * was sent, and went around the worker, so neither would keep it (seen in CI on a busy machine:
 * the dashboard's remoteEntry.js missing from the cache). Files asked for later pass through the
 * worker, which keeps them itself.
 */
function keepLateFiles(worker: ServiceWorker): void {
  let controlledAt = Number.POSITIVE_INFINITY;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      controlledAt = performance.now();
    },
    { once: true },
  );
  const observer = new PerformanceObserver((entries) => {
    const urls = entries
      .getEntries()
      .filter((entry) => entry.startTime < controlledAt)
      .map((entry) => entry.name)
      .filter(sameOrigin);
    if (urls.length > 0) worker.postMessage({ type: 'gudang:keep', urls, prune: false });
  });
  observer.observe({ type: 'resource' });
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const worker = registration.active;
        if (worker === null) return;
        worker.postMessage({ type: 'gudang:keep', urls: loadedFiles() });
        if (navigator.serviceWorker.controller === null) keepLateFiles(worker);
      })
      .catch((error: unknown) => {
        console.warn('[shell] service worker not registered', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
