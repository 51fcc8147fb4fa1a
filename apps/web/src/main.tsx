import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './shared/ui/styles/base.css';
import { App } from './app/app';
import { preloadCookieConsent } from './app/layout/cookie-consent-slot';
import { preloadScreens } from './app/router';
import { pageLanguage } from './app/session-gate';
import { readSsrState } from './app/ssr-state';
import { loadCatalogue, providePageTexts } from './shared/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A page the server rendered carries the texts its markup shows: it hydrates with those, and the language's whole
// catalogue (a chunk of its own, with the ICU engine) loads once the hydration has started, not before it.
const initial = readSsrState();
const markup = initial !== null && root.firstElementChild !== null;
const pageTexts = markup ? initial?.texts : undefined;
if (pageTexts) providePageTexts(pageTexts.language, pageTexts.messages);

// The first page's screens and texts (chunks of their own) load beside the session request, not after it.
const screens = preloadScreens(window.location.pathname);
const texts = pageTexts
  ? // Plurals and selects among the page's texts: the ICU engine formats them as the server did.
    pageTexts.icu
    ? import('@ventanilla/domain/icu')
    : null
  : loadCatalogue(pageLanguage());
texts?.catch(() => undefined); // the session gate retries and reports it
const consentDialog = preloadCookieConsent();

// A page the server rendered (catalogue, product, wizard step, a signed-in customer's checkout, not found) is
// hydrated once its screens, texts and (when the page asks for a cookie choice) the dialog are here, so the first
// render is the server's markup, dialog included. A page that came with data but no markup (a wizard's check-answers
// page) renders once the same are here: one render, no spinner, nothing shifting after it; any other page starts
// afresh.
const app = (
  <StrictMode>
    <App initial={initial} />
  </StrictMode>
);
// The first render and the hydration run as a transition: React does them in slices of a few milliseconds and lets
// the browser take the user's input between them, instead of one long task (a slow phone's blocking time, npm run
// bench:web). Events on markup not yet hydrated are replayed once it is.
if (initial && markup) {
  void Promise.allSettled([screens, texts, consentDialog]).then(() => {
    startTransition(() => {
      hydrateRoot(root, app);
    });
    // The rest of the language's texts (any other screen's, and those a signed-in header shows), fetched while the
    // page hydrates; translations answer from them once they are here (session-gate.tsx).
    if (pageTexts) loadCatalogue(pageTexts.language).catch(() => undefined);
  });
} else if (initial) {
  void Promise.allSettled([screens, texts, consentDialog]).then(() => renderAsTransition(root));
} else {
  renderAsTransition(root);
}

function renderAsTransition(element: HTMLElement) {
  const reactRoot = createRoot(element);
  startTransition(() => reactRoot.render(app));
}

// The installable app's worker (offline page, cached assets), 10 s after the load; its code is a chunk of its own.
void import('./shared/pwa/register-service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
