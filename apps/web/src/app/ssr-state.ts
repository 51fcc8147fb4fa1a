// The state a server-rendered page hands to the browser: the query cache the page was rendered from (so React
// hydrates the same markup without fetching again) and whether the server answered the address with a 404. What
// fills it (ssr-seed.ts) runs only on the server: the browser's entry reads it and nothing more.
import { defaultShouldDehydrateQuery, dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../shared/lib/query-keys';

/** The id of the `<script type="application/json">` element that carries the state (never executed: CSP-safe). */
export const SSR_STATE_ID = 'vt-ssr-state';

export interface SsrState {
  queries: DehydratedState;
  /** The server answered 404: the page at the browser's first address shows its not-found screen at once. */
  notFound: boolean;
}

/**
 * The query cache of a rendered page, but for the language's texts: the browser loads their chunk (named in the
 * page's head) and hydrates once it is there, so repeating them in every page (about 75 KB) only delays the page.
 */
export function dehydrateState(queryClient: QueryClient, notFound: boolean): SsrState {
  const texts = queryKeys.texts('')[0];
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) && query.queryKey[0] !== texts,
  });
  return { queries, notFound };
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
