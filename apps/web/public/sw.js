/* global self, caches */
// The installable app's service worker (docs/pwa.md), served at /sw.js so its scope is the whole site. A plain file,
// no build step, no imports. What it keeps, and why nothing else:
// - page addresses: network first, never stored (a page may carry a user's data); offline, the static offline page;
// - /assets/*: hashed names whose content never changes: cache first, the newest 150 kept;
// - /api/* and everything else (version.json, the manifest, icons): not handled, straight to the network.
// A chunk-load error in the app empties every cache (app/lazy-route.tsx); the next page load puts the offline page
// back.

const OFFLINE_CACHE = 'ventanilla-offline-v1';
const ASSETS_CACHE = 'ventanilla-assets-v1';
const KEEP = [OFFLINE_CACHE, ASSETS_CACHE];
const OFFLINE_PAGE = '/offline.html';
const OFFLINE_FILES = [OFFLINE_PAGE, '/offline.css', '/favicon.svg'];
const MAX_ASSETS = 150;

function precacheOffline() {
  return caches.open(OFFLINE_CACHE).then((cache) => cache.addAll(OFFLINE_FILES));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precacheOffline().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('ventanilla-') && !KEEP.includes(k)).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

async function trimAssets() {
  const cache = await caches.open(ASSETS_CACHE);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((k) => cache.delete(k)));
}

async function fromCacheFirst(request) {
  const cached = await caches.match(request, { cacheName: ASSETS_CACHE });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    await caches
      .open(ASSETS_CACHE)
      .then((cache) => cache.put(request, copy))
      .then(trimAssets)
      .catch(() => undefined);
  }
  return response;
}

async function page(event) {
  try {
    const response = await fetch(event.request);
    // The caches were emptied (a chunk-load error): put the offline page back while online.
    event.waitUntil(
      caches
        .has(OFFLINE_CACHE)
        .then((has) => (has ? undefined : precacheOffline()))
        .catch(() => undefined),
    );
    return response;
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: OFFLINE_CACHE });
    if (offline) return offline;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || request.headers.has('range')) return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(fromCacheFirst(request));
  }
});

// Web push (docs/pwa.md, "Web push"): the server sends { title, body, url, tag, notification_id }, encrypted for this
// browser; the notification opens the order (a same-origin path only: a push can never send the app elsewhere).
// The path is resolved as the browser will (a backslash or a tab after the first slash still makes "//evil.test"), and
// kept only when it stays on this origin.
function safePath(url) {
  if (typeof url !== 'string' || !url.startsWith('/')) return '/orders';
  try {
    const resolved = new URL(url, self.location.origin);
    return resolved.origin === self.location.origin ? resolved.pathname + resolved.search + resolved.hash : '/orders';
  } catch {
    return '/orders';
  }
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  if (!data || typeof data !== 'object') data = {};
  const title = typeof data.title === 'string' && data.title ? data.title : 'Ventanilla';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/app-192.png',
      badge: '/icons/app-192.png',
      data: { url: safePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = safePath(event.notification.data && event.notification.data.url);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target) : undefined));
      return self.clients.openWindow(target);
    }),
  );
});
