import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** The cache key of a store's categories (also seeded by the server render, entry-server.tsx). */
export const categoriesQueryKey = (storeId: number) => ['catalog', storeId, 'categories'] as const;

/** GET /api/stores/{store}/categories: categories with their products, in catalogue order. */
export function useCategories(storeId: number) {
  return useQuery({
    queryKey: categoriesQueryKey(storeId),
    queryFn: ({ signal }) => api.GET('/api/stores/{storeId}/categories', { params: { path: { storeId } }, signal }),
    select: (data) => [...data.items].sort((a, b) => a.position - b.position),
    staleTime: 5 * 60_000,
  });
}
