// The browser's entry of a page hydrated as islands (docs/decisions/0028-home-page-islands.md): the start page, the
// catalogue's lists, a category, a product, the search's results and the legal pages, whose content is the server's
// markup and stays so (their links and search form are plain HTML: a full page load, which the server renders; a
// product's price is text, its order link leads to the wizard, which runs the app). Only the frame around it is
// hydrated, the parts that change in the browser (the cookie banner, the header's session, cart and notices, the
// impersonation banner, the footer's cookie settings, the update prompt), without the router (its links are plain
// anchors: shared/ui/link.tsx), the screens or their chunks (npm run bench:bundle; build/islands-imports.test.ts
// keeps the router out). A visitor's cart has an island of its own for its content (its quantity, remove and
// checkout controls: `CONTENT_ISLANDS`), hydrated with the frame. The server names this entry instead of main.tsx
// only on a page it rendered with its markup (apps/server: seo-pages.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import './shared/ui/styles/base.css';
import { createBrowserQueryClient } from './app/browser-query-client';
import { completeTextsWithFrame } from './app/islands-texts';
import { preloadCookieConsent } from './app/layout/cookie-consent-slot';
import { lazyModule, type LazyScreen } from './app/lazy-route';
import { IslandsFrame } from './app/layout/shop-frame';
import { SessionGate } from './app/session-gate';
import { readSsrState } from './app/ssr-state';
import { pageAsksConsent } from './shared/consent/consent-settings';
import { loadMoreTexts, providePageTexts } from './shared/i18n';
import { ServerRenderContext } from './shared/lib/server-render';
import { UpdatePrompt } from './shared/pwa/update-prompt';
import { LinkNavigationContext, pageLoadNavigation } from './shared/ui';

/**
 * The pages whose content is interactive, by path, with the island that hydrates it (a chunk the server names in the
 * page's head: page-preloads.ts): the visitor's cart, which the server renders only at `/tienda/cart` exactly.
 */
const CONTENT_ISLANDS: Readonly<Record<string, LazyScreen<object>>> = {
  '/tienda/cart': lazyModule(() => import('./app/screens/cart-island')).screen('CartIsland'),
};

const root = document.getElementById('root');
const main = document.getElementById('main');
const initial = readSsrState();
const pageTexts = initial?.texts;

// The server names this entry only with the page's markup and state; without them nothing is hydrated and the page
// stays the server's HTML, which works as it is (links, the search form).
if (root && main && initial && pageTexts) {
  providePageTexts(pageTexts.language, pageTexts.messages);
  // Plurals and selects among the page's texts: the ICU engine formats them as the server did.
  const texts = pageTexts.icu ? import('@ventanilla/domain/icu') : null;
  // The page's content: its island, or the server's markup kept as it came (never hydrated: React leaves an element's
  // inner HTML alone).
  const Content = CONTENT_ISLANDS[window.location.pathname];
  const staticMain = Content ? undefined : main.innerHTML;
  // The island's chunk (modulepreloaded), loaded before hydrating: its markup hydrates at once, never a loading state.
  const content = Content?.preload();
  const queryClient = createBrowserQueryClient(initial);
  completeTextsWithFrame(queryClient);
  const server = { meta: null, notFoundPath: null, consentAsked: pageAsksConsent(), textKeys: null };
  // Hydrated as a transition, in slices the browser's input can come between (main.tsx).
  void Promise.allSettled([texts, preloadCookieConsent(), content]).then(() => {
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <ServerRenderContext.Provider value={server}>
              {/* Every navigation of the frame's links is a full page load: the server renders the page asked for. */}
              <LinkNavigationContext.Provider value={pageLoadNavigation}>
                <SessionGate>
                  <IslandsFrame content={Content} staticMain={staticMain} />
                  <UpdatePrompt />
                </SessionGate>
              </LinkNavigationContext.Provider>
            </ServerRenderContext.Provider>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
    // The rest of the frame's texts (those a signed-in header shows, the banners'), fetched while the page hydrates:
    // only those, not the language's whole catalogue (app/islands-texts.ts).
    loadMoreTexts(pageTexts.language).catch(() => undefined);
  });
}

// The installable app's worker (offline page, cached assets), as main.tsx does.
void import('./shared/pwa/register-service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
