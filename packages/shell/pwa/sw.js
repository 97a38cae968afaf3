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

// The page's files loaded before this worker controlled it (the first start): the shell sends
// their URLs once the worker is ready; those of versioned builds are kept as above.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'gudang:keep' || !Array.isArray(data.urls)) return;
  event.waitUntil(
    Promise.all(
      data.urls.map(async (href) => {
        const url = new URL(href, self.location.origin);
        if (url.origin !== self.location.origin || neverCached(url)) return;
        if (await caches.match(fileKey(url.href), { cacheName: FILES })) return;
        try {
          await keep(new Request(url.href), await fetch(url.href));
        } catch {
          // not kept: fetched again on the next start
        }
      }),
    ),
  );
});

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
