// Registers the service worker (/sw.js: pwa/sw.js, docs/adr/0024) once the page has loaded, so that
// it never competes with the start. The first start was not yet controlled by it: its files of
// versioned builds (the shell's, the remotes') are handed to the worker to keep, so that the
// second start needs only /remotes.json and the API.

/** The same-origin files this page has loaded (the worker keeps those of versioned builds). */
function loadedFiles(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${window.location.origin}/`));
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        registration.active?.postMessage({ type: 'gudang:keep', urls: loadedFiles() });
      })
      .catch((error: unknown) => {
        console.warn('[shell] service worker not registered', error);
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
