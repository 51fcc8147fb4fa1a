// The state a server-rendered page hands to the browser: the query cache the page was rendered from (so React
// hydrates the same markup without fetching again) and whether the server answered the address with a 404. What
// fills it (ssr-seed.ts) runs only on the server: the browser's entry reads it and nothing more.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The id of the `<script type="application/json">` element that carries the state (never executed: CSP-safe). */
export const SSR_STATE_ID = 'vt-ssr-state';

export interface SsrState {
  queries: DehydratedState;
  /** The server answered 404: the page at the browser's first address shows its not-found screen at once. */
  notFound: boolean;
}

export function dehydrateState(queryClient: QueryClient, notFound: boolean): SsrState {
  return { queries: dehydrate(queryClient), notFound };
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
