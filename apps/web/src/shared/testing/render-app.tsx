import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry, type Location } from 'react-router';
import { I18nProvider, loadedCatalogue } from '../i18n';
import type { Session, User } from '../lib/api-contract';
import { LinkNavigationContext } from '../ui';
import { routerNavigation } from '../ui/router-navigation';
import { queryKeys } from '../lib/query-keys';

/** A signed-in staff member or customer for `session`. */
export function testUser(role: User['role'], overrides: Partial<User> = {}): User {
  return { id: 7, email: `${role}@example.com`, firstname: 'Ana', lastname: 'López', role, ...overrides };
}

export function testSession(overrides: Partial<Session> = {}): Session {
  return { store_id: 1, language: 'es', csrf_token: '', user: null, remembered: false, ...overrides };
}

interface RenderAppOptions {
  /** The address the memory router starts at (with history state if needed). */
  at?: InitialEntry;
  /** The route pattern `ui` is mounted under (its params come from `at`); other addresses render nothing. */
  route?: string;
  /** Extra routes beside `ui`'s (e.g. stand-ins for pages it navigates to). */
  routes?: ReactNode;
  session?: Session;
  queryClient?: QueryClient;
}

interface RenderAppResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's current location (after navigations the component made). */
  location: () => Location;
}

/** A query client as the app's, without retries or refetches a test would wait on. */
function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Renders `ui` inside the app's providers: a query client seeded with the session (as the SessionGate would have
 * fetched it), the Spanish catalogue, and a memory router at `at`.
 */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}): RenderAppResult {
  const { at = '/', route = '*', routes = null, session = testSession() } = options;
  const queryClient = options.queryClient ?? testQueryClient();
  queryClient.setQueryData(queryKeys.session, session);
  const current: { location: Location | null } = { location: null };
  function LocationProbe() {
    current.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider language="es" catalogue={loadedCatalogue('es')}>
        <MemoryRouter initialEntries={[at]}>
          <LinkNavigationContext.Provider value={routerNavigation}>
            <LocationProbe />
            <Routes>
              <Route path={route} element={ui} />
              {routes}
            </Routes>
          </LinkNavigationContext.Provider>
        </MemoryRouter>
      </I18nProvider>
    </QueryClientProvider>,
  );
  return {
    ...result,
    user,
    queryClient,
    location: () => {
      if (!current.location) throw new Error('The router has not rendered yet');
      return current.location;
    },
  };
}
