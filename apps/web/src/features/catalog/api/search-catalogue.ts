import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The cache key of one catalogue search (also seeded by the server render, ssr-seed.ts). */
export const searchQueryKey = (storeId: number, query: string) => ['catalog', storeId, 'search', query] as const;

/** GET /api/stores/{store}/search?q=: the products whose name or descriptions have the query's words. */
export function useCatalogueSearch(storeId: number, query: string) {
  return useQuery({
    queryKey: searchQueryKey(storeId, query),
    queryFn: ({ signal }) =>
      api.GET('/api/stores/{storeId}/search', { params: { path: { storeId }, query: { q: query } }, signal }),
    enabled: query !== '',
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
