// The page's offline copy (a service worker): every file the page needs is cached on the first visit, and the
// page then loads from the cache, with or without a network (a lecture hall's Wi-Fi). Each build stamps its
// own version below (scripts/stamp-service-worker.cmake, from the files' hashes): a visit that finds a new
// version caches it in the background and takes it over at once, so the next visit opens the new page.
// Nothing else is fetched: the page downloads nothing when it runs. The Web Workers' files are the exception to
// "every file on the first visit": the page loads them only for a run whose sweeps they pay for (src/app/frame/workers.hpp),
// and they are cached when it first does; offline before that, such a run plays on the main thread. So are the
// languages' tables and fonts (words/, fonts/): fetched when a language is chosen, cached then.
const VERSION = "moe-lab-@MOE_SITE_VERSION@";
const FILES = [@MOE_SITE_FILES@];   // web/site-files.txt
const ON_DEMAND = ["sweep-worker.js", "moe-lab-worker.js", "moe-lab-worker.wasm", "words/es.json", "words/pt-BR.json",
                   "words/de.json", "words/zh-Hans.json", "fonts/zh-Hans.ttf"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES.filter((f) => !ON_DEMAND.includes(f))))
    .then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// From the cache first (the query of a shared link does not matter: ?lab=... is the same page), else the network
// (a file loaded on demand is kept for the next time).
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = new URL(event.request.url).pathname;
  event.respondWith(caches.open(VERSION).then((cache) => cache.match(event.request, { ignoreSearch: true })
    .then((hit) => hit || fetch(event.request).then((r) => {
      if (r.ok && ON_DEMAND.some((f) => path.endsWith("/" + f))) cache.put(event.request, r.clone());
      return r;
    }))));
});
