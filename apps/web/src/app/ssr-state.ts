// The state a server-rendered page hands to the browser: the query cache the page was rendered from (so React
// hydrates the same markup without fetching again) and whether the server answered the address with a 404.
import { dehydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { categoriesQueryKey } from '../features/catalog/api/get-categories';
import { categoryQueryKey } from '../features/catalog/api/get-category';
import type { Category, Language, Product, Session, StoreInfo } from '../shared/lib/api-contract';
import { productQuery } from '../shared/lib/product-query';
import { queryKeys } from '../shared/lib/query-keys';

/** The id of the `<script type="application/json">` element that carries the state (never executed: CSP-safe). */
export const SSR_STATE_ID = 'vt-ssr-state';

/** What the server gives the render: the API's own answers for the page, read from the catalogue in memory. */
export interface SsrData {
  storeId: number;
  language: Language;
  store: StoreInfo;
  categories?: { items: Category[] };
  category?: { urlKey: string; data: Category };
  product?: { urlKey: string; data: Product };
  /** The server answers this address with a 404 (unknown product or category, or no such page). */
  notFound: boolean;
}

export interface SsrState {
  queries: DehydratedState;
  /** The server answered 404: the page at the browser's first address shows its not-found screen at once. */
  notFound: boolean;
}

/**
 * Fills a fresh query cache with the page's data under the keys the pages read. The session is a public stand-in
 * (no user, no CSRF token): the same for every visitor, so the page can be cached; the browser fetches the real one.
 */
export function seedQueries(queryClient: QueryClient, data: SsrData): void {
  const session: Session = {
    store_id: data.storeId,
    language: data.language,
    csrf_token: '',
    user: null,
    remembered: false,
  };
  queryClient.setQueryData(queryKeys.session, session);
  queryClient.setQueryData(queryKeys.store(data.storeId), data.store);
  if (data.categories) queryClient.setQueryData(categoriesQueryKey(data.storeId), data.categories);
  if (data.category) {
    queryClient.setQueryData(categoryQueryKey(data.storeId, data.category.urlKey), data.category.data);
  }
  if (data.product) {
    queryClient.setQueryData(productQuery(data.storeId, data.product.urlKey).queryKey, data.product.data);
  }
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
