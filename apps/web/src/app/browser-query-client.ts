import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../shared/lib/query-keys';
import { createQueryClient } from './query-client';
import type { SsrState } from './ssr-state';

/**
 * The server's answers as fetched now: a page may come from the server's page cache, rendered minutes ago, but the
 * server drops that cache whenever the catalogue changes, so its data is current when served. Without this, every
 * query of a cached page would be stale on arrival and fetched again right after hydration, rendering the page
 * again for nothing.
 */
function freshNow(queries: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...queries,
    queries: queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
  };
}

/** The browser's query client, holding the answers a server-rendered page came with (`initial`). */
export function createBrowserQueryClient(initial: SsrState | null): QueryClient {
  const client = createQueryClient();
  if (initial) {
    hydrate(client, freshNow(initial.queries));
    // The server's session is a public stand-in: the browser fetches its own (user, CSRF token) once mounted.
    void client.invalidateQueries({ queryKey: queryKeys.session, refetchType: 'none' });
  }
  return client;
}
