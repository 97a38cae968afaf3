/* global self, caches */
// Gudang's service worker (docs/adr/0024-service-worker-caches-versioned-files.md), served as
// /sw.js (no-cache) and registered by the shell's entry. It keeps what never changes and nothing
// else:
//  - files of a versioned build, /shell/<version>/… and /remotes/<name>/<version>/… (ADR 0010:
//    a version's files are immutable), and any answer the server marks `immutable`: cache first,
//    kept after the first download. A new version has new URLs, so the cache never serves a mix:
//    a new remote version is fetched when /remotes.json names it.
//  - the shell's page (every client route answers with the same index.html): network first, the
//    last page kept for a start without a network.
// Never: /api/… and /remotes.json (always the network, untouched by the worker), other requests
// (left to the browser), anything not a GET or of another origin.
const FILES = 'gudang-files-v1';
const PAGE = 'gudang-page-v1';
const PAGE_KEY = '/';

const isVersioned = (pathname) =>
  /^\/shell\/[^/]+\/./.test(pathname) || /^\/remotes\/[^/]+\/[^/]+\/./.test(pathname);

/** The key of a file: the URL without its query (the version in the path names the content) and
 * without a retry's /_r<n>/ segment (the shell's retry asks for the same file under a new URL). */
function fileKey(url) {
  const key = new URL(url);
  key.search = '';
  key.pathname = key.pathname.replace(/^(\/remotes\/[^/]+\/[^/]+)\/_r\d+\//, '$1/');
  return key.href;
}

/** The folder of a versioned build a path lies in (/shell/<v>/ or /remotes/<name>/<v>/), else null. */
function versionFolder(pathname) {
  const match = /^\/shell\/[^/]+\/|^\/remotes\/[^/]+\/[^/]+\//.exec(pathname);
  return match ? match[0] : null;
}

const isImmutable = (response) => /\bimmutable\b/.test(response.headers.get('cache-control') ?? '');

function neverCached(url) {
  return (
    url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname === '/remotes.json'
  );
}

async function keep(request, response) {
  const url = new URL(request.url);
  if (!response.ok || response.type !== 'basic') return;
  if (!isVersioned(url.pathname) && !isImmutable(response)) return;
  const cache = await caches.open(FILES);
  await cache.put(fileKey(request.url), response);
}

async function cacheFirst(request) {
  const cached = await caches.match(fileKey(request.url), { cacheName: FILES });
  if (cached) return cached;
  const response = await fetch(request);
  // Kept while the page goes on with its own copy of the answer.
  keep(request, response.clone()).catch(() => undefined);
  return response;
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get('content-type') ?? '').startsWith('text/html')) {
      const cache = await caches.open(PAGE);
      await cache.put(PAGE_KEY, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(PAGE_KEY, { cacheName: PAGE });
    if (cached) return cached;
    throw error;
  }
}

self.addEventListener('install', (event) => {
  // The page now, so that the first start without a network finds it.
  event.waitUntil(
    (async () => {
      try {
        const response = await fetch(PAGE_KEY, { cache: 'no-cache' });
        if (response.ok) await (await caches.open(PAGE)).put(PAGE_KEY, response);
      } catch {
        // offline while installing: the next page load keeps it
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('gudang-') && name !== FILES && name !== PAGE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

/**
 * Drops the kept files of versions that are neither live (/remotes.json names them now) nor used
 * by the page that asks (`inUse`: the URLs it loaded). Without a network nothing is dropped. A
 * file dropped while another tab still runs its version is only a cache miss: that tab fetches it
 * again from the server (which keeps old versions, ADR 0010) and the worker keeps it again.
 */
async function pruneOldVersions(inUse) {
  let list;
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store' });
    if (!response.ok) return;
    list = await response.json();
  } catch {
    return;
  }
  const keepFolders = new Set();
  if (typeof list?.shell === 'string') keepFolders.add(`/shell/${list.shell}/`);
  for (const remote of Array.isArray(list?.remotes) ? list.remotes : []) {
    if (typeof remote?.entry !== 'string') continue;
    const folder = versionFolder(new URL(remote.entry, self.location.origin).pathname);
    if (folder) keepFolders.add(folder);
  }
  if (keepFolders.size === 0) return; // an empty or odd list: keep everything
  for (const href of inUse) {
    const folder = versionFolder(new URL(href, self.location.origin).pathname);
    if (folder) keepFolders.add(folder);
  }
  const cache = await caches.open(FILES);
  for (const request of await cache.keys()) {
    const folder = versionFolder(new URL(request.url).pathname);
    if (folder && !keepFolders.has(folder)) await cache.delete(request);
  }
}

// The page's files loaded before this worker controlled it (the first start): the shell sends
// their URLs once the worker is ready; those of versioned builds are kept as above. Then the
// files of versions no longer live nor used by that page are dropped (every start prunes). The
// files that were still downloading then come later, as they finish, with `prune: false`.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'gudang:keep' || !Array.isArray(data.urls)) return;
  const kept = keepLoaded(data.urls);
  event.waitUntil(data.prune === false ? kept : kept.then(() => pruneOldVersions(data.urls)));
});

function keepLoaded(urls) {
  return Promise.all(
    urls.map(async (href) => {
      const url = new URL(href, self.location.origin);
      if (url.origin !== self.location.origin || neverCached(url)) return;
      if (await caches.match(fileKey(url.href), { cacheName: FILES })) return;
      try {
        await keep(new Request(url.href), await fetch(url.href));
      } catch {
        // not kept: fetched again on the next start
      }
    }),
  );
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || neverCached(url)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  if (isVersioned(url.pathname) || /\.[0-9a-f]{8,}\.[a-z0-9]+$/i.test(url.pathname))
    event.respondWith(cacheFirst(request));
});
