// The server render of the shop's pages (docs/decisions/0015-server-rendering.md): built by `vite build --ssr` into
// dist-ssr/ and called by the API server (apps/server/src/modules/seo) with the catalogue's own answers, so a client
// without JavaScript gets the page and React hydrates the same markup (main.tsx).
import '@ventanilla/domain/icu';
import { needsIcuEngine } from '@ventanilla/domain';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { AppTree } from './app/app';
import { isFrameQuery } from './app/layout/shop-frame';
import { createQueryClient } from './app/query-client';
import { preloadShopScreens, routeObjects } from './app/router';
import { seedQueries, type SsrData } from './app/ssr-seed';
import { dehydrateState, SSR_STATE_ID, type PageTexts, type SsrState } from './app/ssr-state';
import type { Language } from './shared/lib/api-contract';
import type { PageMeta } from './shared/lib/server-render';
import { provideCatalogue, type MessageKey } from './shared/i18n';
import { en } from './shared/i18n/en';
import { es } from './shared/i18n/es';
import { pt } from './shared/i18n/pt';

// In the browser the screens and each language's texts are chunks loaded on demand; a render to a string cannot
// wait for them, so here they are all loaded before the first render.
const catalogues = { es, en, pt };
provideCatalogue('es', es);
provideCatalogue('en', en);
provideCatalogue('pt', pt);
await preloadShopScreens();

export type { SsrData, SsrState };
export { SSR_STATE_ID };

export interface RenderResult {
  /** The markup inside #root. */
  html: string;
  /** The title ("<page> - <store>") and meta description the page set while rendering. */
  meta: PageMeta;
  /** What the browser hydrates from (JSON, to be escaped for a <script type="application/json"> element). */
  state: SsrState;
}

/**
 * The whole markup once everything is ready: React's static prerender waits for every lazy chunk and writes the
 * finished page, without the inline scripts a streamed render adds to reveal late parts (the CSP allows no inline
 * script), so a page is complete for a client without JavaScript whichever chunk it lives in.
 */
async function renderComplete(element: ReactNode): Promise<string> {
  let failure: unknown = null;
  const { prelude } = await prerender(element, {
    // Never outline a large finished part to be revealed by a script (the home's catalogue is one): all in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure = error;
    },
  });
  const html = await new Response(prelude).text();
  // A part that failed on the server would be left for the browser to render: never cache such a page.
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}

/** Renders one address (path only, no query) of a store with the data the server read for it. */
export async function render(pathname: string, data: SsrData): Promise<RenderResult> {
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const meta: PageMeta = {};
  const notFoundPath = data.notFound ? pathname : null;
  const textKeys = new Set<string>();
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={pathname}>{children}</StaticRouter>;
  const html = await renderComplete(
    <StrictMode>
      <AppTree
        queryClient={queryClient}
        router={Router}
        meta={meta}
        notFoundPath={notFoundPath}
        consentAsked={data.consentAsked ?? false}
        textKeys={textKeys}
      />
    </StrictMode>,
  );
  const texts = pageTexts(data.language, textKeys);
  const state = dehydrateState(queryClient, data.notFound, texts, data.islands ? isFrameQuery : undefined);
  queryClient.clear();
  return { html, meta, state };
}

/** The texts of `language` the page translated (keys without a text are left out: they translate as themselves). */
function pageTexts(language: Language, keys: ReadonlySet<string>): PageTexts {
  const catalogue = catalogues[language] ?? es;
  const messages: Record<string, string> = {};
  for (const key of [...keys].sort()) {
    const text = catalogue[key as MessageKey] as string | undefined;
    if (text !== undefined) messages[key] = text;
  }
  return { language, messages, icu: Object.values(messages).some(needsIcuEngine) };
}

/**
 * The state of a page the browser renders itself (a wizard step): the query cache seeded with the data the server
 * already has, so the first render needs no request. No markup: the browser starts afresh from it (main.tsx).
 */
export function pageState(data: SsrData): SsrState {
  const queryClient = createQueryClient();
  seedQueries(queryClient, data);
  const state = dehydrateState(queryClient, false);
  queryClient.clear();
  return state;
}

/** Whether the app has a page at this address (anything but its catch-all not-found route). */
export function isKnownAddress(pathname: string): boolean {
  const matches = matchRoutes(routeObjects, pathname);
  const last = matches?.at(-1);
  return !!last && last.route.path !== '*';
}
