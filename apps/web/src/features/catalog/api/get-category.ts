import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The cache key of one category of a store (also seeded by the server render, entry-server.tsx). */
export const categoryQueryKey = (storeId: number, urlKey: string | undefined) =>
  ['catalog', storeId, 'category', urlKey] as const;

/** GET /api/stores/{store}/categories/{urlKey}: one category with its products (404 when the store lists none). */
export function useCategory(storeId: number, urlKey: string | undefined) {
  return useQuery({
    queryKey: categoryQueryKey(storeId, urlKey),
    queryFn: ({ signal }) =>
      api.GET('/api/stores/{storeId}/categories/{urlKey}', {
        params: { path: { storeId, urlKey: urlKey ?? '' } },
        signal,
      }),
    enabled: !!urlKey,
    staleTime: 5 * 60_000,
  });
}
