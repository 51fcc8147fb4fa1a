import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The cache key of a store's most ordered products (also seeded by the server render, ssr-seed.ts). */
export const popularQueryKey = (storeId: number) => ['catalog', storeId, 'popular'] as const;

/** GET /api/stores/{store}/popular: the start page's most ordered products (catalogue order without orders). */
export function usePopular(storeId: number) {
  return useQuery({
    queryKey: popularQueryKey(storeId),
    queryFn: ({ signal }) => api.GET('/api/stores/{storeId}/popular', { params: { path: { storeId } }, signal }),
    staleTime: 10 * 60_000,
  });
}
