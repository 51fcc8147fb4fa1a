import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';
import type { Category } from '../../../shared/lib/api-contract';

/** GET /api/stores/{store}/categories: categories with their products, in catalogue order. */
export function useCategories(storeId: number) {
  return useQuery({
    queryKey: ['catalog', storeId, 'categories'],
    queryFn: ({ signal }) => api.get<{ items: Category[] }>(`/api/stores/${storeId}/categories`, signal),
    select: (data) => [...data.items].sort((a, b) => a.position - b.position),
    staleTime: 5 * 60_000,
  });
}
