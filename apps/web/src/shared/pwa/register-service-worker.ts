// Registers the installable app's service worker (public/sw.js) in a built app: 10 s after the page loaded (the
// spec's timing, so it never competes with the first page's requests), then asks for a newer sw.js every hour while
// the page stays open. A chunk of its own, imported by the boot (main.tsx): nothing of it is needed to show a page.

export const REGISTER_AFTER_MS = 10_000;
export const UPDATE_EVERY_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    window.setTimeout(() => {
      navigator.serviceWorker
        .register('/sw.js', { scope: '/' })
        .then((registration) => {
          window.setInterval(() => void registration.update().catch(() => undefined), UPDATE_EVERY_MS);
        })
        .catch(() => undefined); // no worker: the app works as before, only without the offline page
    }, REGISTER_AFTER_MS);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
