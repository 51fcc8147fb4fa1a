// The state a server-rendered page hands to the browser: the query cache the page was rendered from (so React
// hydrates the same markup without fetching again) and whether the server answered the address with a 404. What
// fills it (ssr-seed.ts) runs only on the server: the browser's entry reads it and nothing more.
import { defaultShouldDehydrateQuery, dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { Language } from '../shared/lib/api-contract';
import { queryKeys } from '../shared/lib/query-keys';

/** The id of the `<script type="application/json">` element that carries the state (never executed: CSP-safe). */
export const SSR_STATE_ID = 'vt-ssr-state';

/** The texts a server-rendered page shows, in its language: what its hydration needs of the language's catalogue. */
export interface PageTexts {
  language: Language;
  messages: Record<string, string>;
  /** Some of them need the ICU engine (plurals, selects): the browser loads it before hydrating. */
  icu: boolean;
}

export interface SsrState {
  queries: DehydratedState;
  /** The server answered 404: the page at the browser's first address shows its not-found screen at once. */
  notFound: boolean;
  /** The texts the page's markup shows (a page with markup): the browser hydrates without the whole catalogue. */
  texts?: PageTexts;
}

/**
 * The query cache of a rendered page, but for the language's texts: the whole catalogue in every page (about 75 KB)
 * would only delay it, so a page with markup carries the texts it shows (`texts`) and the browser loads the
 * language's chunk after hydrating; a page without markup names the chunk in its head. `keep`: only the queries it
 * accepts (a page hydrated as islands carries what its frame reads, not the answers its content was rendered from).
 */
export function dehydrateState(
  queryClient: QueryClient,
  notFound: boolean,
  texts?: PageTexts,
  keep: (queryKey: readonly unknown[]) => boolean = () => true,
): SsrState {
  const textsKey = queryKeys.texts('')[0];
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) =>
      defaultShouldDehydrateQuery(query) && query.queryKey[0] !== textsKey && keep(query.queryKey),
  });
  return texts ? { queries, notFound, texts } : { queries, notFound };
}

/** The state the server wrote into the page, or null (a page the server did not render: the SPA starts afresh). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as SsrState;
    return state && typeof state === 'object' && state.queries ? state : null;
  } catch {
    return null;
  }
}
