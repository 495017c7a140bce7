// sw.js: the static site's service worker: after a first visit, the site
// works offline, and a new build replaces the old one whole.
//
// `cargo xtask site` writes this file with the build's VERSION (a hash of
// every other file of the site) and its FILES, so a new build is a new
// service worker, which the browser installs on the next visit: it fetches
// the new files into a cache of its own, takes over, and deletes the old
// cache (the page then reloads into the new build: workers.js). Each site
// keeps its caches under its own scope's name, so two sites on one host
// (at two paths) do not delete each other's.
//
// Every file is served from the cache first (the page, its modules, the
// module): the site then opens without the network, and without a
// request at all to a host that is slow. Nothing else is fetched.
const VERSION = "";
const FILES = [];

const SITE = "gridpuzzle " + self.registration.scope + " ";
const CACHE = SITE + VERSION;
const url = (file) => new URL(file, self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // An update fetches the new build anew. A first install takes the
    // files the page has just loaded: revalidated against the browser's
    // HTTP cache (304s), they are not downloaded twice.
    const update = (await caches.keys()).some((key) => key.startsWith(SITE) && key !== CACHE);
    const cache = await caches.open(CACHE);
    await cache.addAll(FILES.map((file) => new Request(url(file), { cache: update ? "reload" : "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(SITE) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const where = new URL(request.url);
  // The page, whatever its query (`?mode=edit`) or name (index.html).
  const bare = where.origin + where.pathname;
  const page = request.mode === "navigate" && (bare === url("./") || bare === url("index.html"));
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(page ? url("./") : request, { ignoreSearch: true });
    return kept || fetch(request);
  })());
});
