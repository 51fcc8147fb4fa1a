// The browser's entry of a page hydrated as islands (docs/decisions/0028-home-page-islands.md): the start page, whose
// content is the server's markup and stays so (its links and its search form are plain HTML: a full page load, which
// the server renders). Only the frame around it is hydrated, the parts that change in the browser (the cookie banner,
// the header's session, cart and notices, the impersonation banner, the footer's cookie settings, the update
// prompt), without the router's route table, the screens or their chunks (npm run bench:bundle). The server names
// this entry instead of main.tsx only on a page it rendered with its markup (apps/server: seo-pages.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createPath, Router, type Navigator, type To } from 'react-router';
import './shared/ui/styles/base.css';
import { createBrowserQueryClient } from './app/browser-query-client';
import { preloadCookieConsent } from './app/layout/cookie-consent-slot';
import { RouteBoundary } from './app/lazy-route';
import { ShopFrame } from './app/layout/shop-frame';
import { SessionGate } from './app/session-gate';
import { readSsrState } from './app/ssr-state';
import { pageAsksConsent } from './shared/consent/consent-settings';
import { loadCatalogue, providePageTexts } from './shared/i18n';
import { ServerRenderContext } from './shared/lib/server-render';
import { UpdatePrompt } from './shared/pwa/update-prompt';

const root = document.getElementById('root');
const main = document.getElementById('main');
const initial = readSsrState();
const pageTexts = initial?.texts;

/** Every navigation of the frame's links is a full page load: the server renders the page asked for. */
const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
const fullPageLoads: Navigator = {
  createHref: href,
  push: (to) => window.location.assign(href(to)),
  replace: (to) => window.location.replace(href(to)),
  go: (delta) => window.history.go(delta),
};

// The server names this entry only with the page's markup and state; without them nothing is hydrated and the page
// stays the server's HTML, which works as it is (links, the search form).
if (root && main && initial && pageTexts) {
  providePageTexts(pageTexts.language, pageTexts.messages);
  // Plurals and selects among the page's texts: the ICU engine formats them as the server did.
  const texts = pageTexts.icu ? import('@ventanilla/domain/icu') : null;
  // The page's content, kept as the server sent it (never hydrated: React leaves an element's inner HTML alone).
  const staticMain = main.innerHTML;
  const { pathname, search, hash } = window.location;
  const queryClient = createBrowserQueryClient(initial);
  const server = { meta: null, notFoundPath: null, consentAsked: pageAsksConsent(), textKeys: null };
  void Promise.allSettled([texts, preloadCookieConsent()]).then(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ServerRenderContext.Provider value={server}>
            <Router location={{ pathname, search, hash }} navigator={fullPageLoads}>
              <SessionGate>
                {/* The app's routes sit in this boundary (router.tsx): its markers are in the server's markup. */}
                <RouteBoundary>
                  <ShopFrame staticMain={staticMain} />
                </RouteBoundary>
                <UpdatePrompt />
              </SessionGate>
            </Router>
          </ServerRenderContext.Provider>
        </QueryClientProvider>
      </StrictMode>,
    );
    // The rest of the language's texts (those a signed-in header shows), fetched while the page hydrates.
    loadCatalogue(pageTexts.language).catch(() => undefined);
  });
}

// The installable app's worker (offline page, cached assets), as main.tsx does.
void import('./shared/pwa/register-service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
