// Stronghold's service worker: after one visit the game opens and plays
// offline, and it can be installed as an app (manifest.webmanifest).
//
// scripts/web writes the build id and the list of the build's files below.
// Each build keeps its files in a cache of its own, `stronghold-<build>`,
// filled whole when this worker installs; once it takes over, the caches of
// other builds are deleted. Requests:
// - a file with a build id in its URL (`?v=<build>`: the loader, the
//   modules, the AI worker) is the same file for ever: cache first;
// - anything else (the page, the assets) goes to the network first, so an
//   online visit always gets the newest build, and falls back to the cache
//   when offline. The page of one build only asks for its own build's
//   versioned files, so an old loader never meets a new module.
// Files fetched later (Bagh-Chal's table) are added to the cache as they come.

const BUILD = 'dev';
const FILES = [];
const CACHE = `stronghold-${BUILD}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((k) => k.startsWith('stronghold-') && k !== CACHE).map((k) => caches.delete(k)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.searchParams.has('v')) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, request.mode === 'navigate'));
  }
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirst(request, page) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && !page) cache.put(request, response.clone());
    return response;
  } catch (offline) {
    // The page is kept as ./ and answers any query (?game=..., ?join=...).
    const hit = page
      ? await cache.match('./', { ignoreSearch: true })
      : await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    throw offline;
  }
}
