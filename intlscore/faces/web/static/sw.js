/* The service worker (issue 18): where the page is a secure context (localhost, or serve
   with a certificate), it keeps the page's shell, and each page a player opened, so the
   app opens with no connection. Pages and files come from the network first and from the
   cache only when the network fails; the JSON API and the live stream never touch the
   cache. Deals saved offline wait in the page's outbox (outbox.js), not here. */
"use strict";

const CACHE = "intlscore-v10";
const SHELL = [
  "/", "/reach", "/sessions", "/club",
  "/static/app.css", "/static/keyboard.css", "/static/names.js", "/static/forms.js", "/static/outbox.js", "/static/install.js",
  "/static/tiles.js", "/static/keyboard.js", "/static/live.js", "/static/score.js", "/static/reach.js",
  "/static/sessions.js", "/static/session.js", "/static/news.js", "/static/draft.js", "/static/session_tools.js",
  "/static/club.js",
  "/static/manifest.webmanifest", "/static/icon-192.png", "/static/icon-512.png",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")) {
    return; // writes, other sites, the API and the live stream: the network only
  }
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((cache) => cache.put(request, copy));
        }
        return response;
      })
      .catch(() => caches.match(request, { ignoreSearch: true })
        .then((cached) => cached || Response.error())),
  );
});
