import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { pageAsksConsent } from '../shared/consent/consent-settings';
import { ServerRenderContext, type PageMeta } from '../shared/lib/server-render';
import { UpdatePrompt } from '../shared/pwa/update-prompt';
import { LinkNavigationContext } from '../shared/ui';
import { routerNavigation } from '../shared/ui/router-navigation';
import { createBrowserQueryClient } from './browser-query-client';
import { AppRoutes } from './router';
import { SessionGate } from './session-gate';
import type { SsrState } from './ssr-state';

/** Providers (query cache, server-render facts, router and its links, session + language) around the routes. */
export function AppTree({
  queryClient,
  router: Router,
  meta = null,
  notFoundPath = null,
  consentAsked,
  textKeys = null,
}: {
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  meta?: PageMeta | null;
  notFoundPath?: string | null;
  /** The page asks for a cookie choice: the server renders the dialog into it (and the browser hydrates it). */
  consentAsked: boolean;
  /** A server render: collects the keys of the texts the page shows (entry-server.tsx). */
  textKeys?: Set<string> | null;
}) {
  const [server] = useState(() => ({ meta, notFoundPath, consentAsked, textKeys }));
  return (
    <QueryClientProvider client={queryClient}>
      <ServerRenderContext.Provider value={server}>
        <Router>
          <LinkNavigationContext.Provider value={routerNavigation}>
            <SessionGate>
              <AppRoutes />
              <UpdatePrompt />
            </SessionGate>
          </LinkNavigationContext.Provider>
        </Router>
      </ServerRenderContext.Provider>
    </QueryClientProvider>
  );
}

function Browser({ children }: { children: ReactNode }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}

/** The app in the browser; `initial` is the state of a page the server rendered (entry-server.tsx) to hydrate. */
export function App({ initial = null }: { initial?: SsrState | null }) {
  const [queryClient] = useState(() => createBrowserQueryClient(initial));
  // The server may render its 404 pages at one stand-in address per kind (so they can be cached): the not-found
  // answer belongs to the address the browser loaded.
  const [notFoundPath] = useState(() => (initial?.notFound ? window.location.pathname : null));
  const [consentAsked] = useState(pageAsksConsent);
  return <AppTree queryClient={queryClient} router={Browser} notFoundPath={notFoundPath} consentAsked={consentAsked} />;
}
