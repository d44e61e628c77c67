// The page's offline copy (a service worker): every file the page needs is cached on the first visit, and the
// page then loads from the cache, with or without a network (a lecture hall's Wi-Fi). Each build stamps its
// own version below (scripts/stamp-service-worker.cmake, from the files' hashes): a visit that finds a new
// version caches it in the background and takes it over at once, so the next visit opens the new page.
// Nothing else is fetched: the page downloads nothing when it runs.
const VERSION = "moe-lab-@MOE_SITE_VERSION@";
const FILES = [@MOE_SITE_FILES@];   // web/site-files.txt

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

// From the cache first (the query of a shared link does not matter: ?lab=... is the same page), else the network.
self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith(caches.open(VERSION)
    .then((cache) => cache.match(event.request, { ignoreSearch: true }))
    .then((hit) => hit || fetch(event.request)));
});
