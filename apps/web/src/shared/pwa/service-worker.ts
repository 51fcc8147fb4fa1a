// The installable app's service worker (public/sw.js; registered by register-service-worker.ts). The worker never
// stores pages or API answers (sw.js says what it keeps).

/** After a chunk-load error emptied the caches: let the worker fetch a newer sw.js too (no-op without one). */
export function updateServiceWorker(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve();
  return navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.update())
    .then(() => undefined)
    .catch(() => undefined);
}
