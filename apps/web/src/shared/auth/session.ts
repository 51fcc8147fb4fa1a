import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, setCsrfToken } from '../lib/api-client';
import type { Session, User } from '../lib/api-contract';
import { queryKeys } from '../lib/query-keys';

// `?store=ID` on the first page load selects the store for this session (development and host map). None when the
// page is rendered on the server (entry-server.tsx): the server resolved the store itself.
const initialStore = (() => {
  if (typeof window === 'undefined') return null;
  const store = new URLSearchParams(window.location.search).get('store');
  return store && /^\d+$/.test(store) ? store : null;
})();

/**
 * The session as the app keeps it: the CSRF token goes to the API client (the only reader) and stays out of the cache,
 * so a page the server rendered with the public stand-in session (no user, no token) finds its own session equal
 * when it arrives, and nothing on screen renders again for it.
 */
function withoutToken(session: Session): Session {
  setCsrfToken(session.csrf_token);
  return { ...session, csrf_token: '' };
}

/** GET /api/session: the store, its language, the logged-in user (or null); the CSRF token to the API client. */
export const sessionQueryOptions = queryOptions({
  queryKey: queryKeys.session,
  queryFn: async ({ signal }) => {
    const read = () =>
      api.GET('/api/session', {
        params: { query: { store: initialStore ? Number(initialStore) : undefined } },
        signal,
      });
    const session = await read();
    if (session.user || !session.remembered) return withoutToken(session);
    // A remembered browser (the spec's cookieLogin): sign in with the remember-me cookie, which the server rotates.
    // Refused (expired, signed out elsewhere) or raced by another tab: the session as it now is.
    setCsrfToken(session.csrf_token);
    await api.POST('/api/auth/cookie-login').catch(() => undefined);
    return withoutToken(await read());
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: 2,
});

/** The current session. Only valid below the app's SessionGate, which waits for the first answer. */
export function useSession(): Session {
  const { data } = useQuery(sessionQueryOptions);
  if (!data) throw new Error('useSession() used before the session was loaded');
  return data;
}

export function useUser(): User | null {
  return useSession().user;
}

/** GET /api/stores/{id}: the store's brand name for the header and the document title. */
export function useStoreInfo() {
  const { store_id } = useSession();
  return useQuery({
    queryKey: queryKeys.store(store_id),
    queryFn: ({ signal }) => api.GET('/api/stores/{storeId}', { params: { path: { storeId: store_id } }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/**
 * After login, registration or logout: fetch the new session (new user, rotated CSRF token) first, then drop every
 * cached answer that belonged to the previous user and refetch what is on screen.
 */
export async function refreshAfterAuthChange(queryClient: QueryClient): Promise<void> {
  await queryClient.refetchQueries({ queryKey: queryKeys.session, exact: true });
  await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.session[0] });
}
